package fairtable.protocol.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A board's key card decodes only as it was signed, by the identity it names, for a key the board holds. */
class BoardKeyTest {
    private final SplittableRandom random = new SplittableRandom(1);
    private final SigningKey board = AllocationTable.key(random);

    @Test
    void aCardRoundTripsAndBelongsToItsBoardOnly() throws Exception {
        BoardKey card = BoardKey.of("ethics", board, random);
        BoardKey decoded = BoardKey.fromBytes(card.toBytes());
        assertThat(decoded).isEqualTo(card);
        assertThat(decoded.name()).isEqualTo("ethics");
        assertThat(decoded.identity()).isEqualTo(board.verifyingKey());
        assertThat(decoded.belongsTo(board)).isTrue();
        assertThat(decoded.belongsTo(AllocationTable.key(random))).isFalse();
        // The key is derived from the identity: the board needs to keep nothing but its profile.
        assertThat(BoardKey.of("ethics", board, random).escrowKey()).isEqualTo(card.escrowKey());
    }

    /** Rewrites one field of a card, keeping the others: name, identity, escrow key, proof, signature. */
    private static byte[] withField(BoardKey card, int field, byte[] replacement) throws MalformedMessageException {
        WireReader r = new WireReader(card.toBytes());
        Object[] fields = {r.string(64, "name"), r.fixed(32, "id"), r.fixed(32, "key"), r.fixed(64, "proof"), r.fixed(64, "sig")};
        fields[field] = field == 0 ? new String(replacement, java.nio.charset.StandardCharsets.UTF_8) : replacement;
        WireWriter w = new WireWriter().string((String) fields[0]);
        for (int i = 1; i < 5; i++) {
            w.fixed((byte[]) fields[i]);
        }
        return w.toBytes();
    }

    @Test
    void aChangedNameOrKeyBreaksTheSignature() throws Exception {
        BoardKey card = BoardKey.of("ethics", board, random);
        BoardKey other = BoardKey.of("other", AllocationTable.key(random), random);
        assertThatThrownBy(() -> BoardKey.fromBytes(withField(card, 0, "ethicz".getBytes())))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("not signed by the identity");
        assertThatThrownBy(() -> BoardKey.fromBytes(withField(card, 2, other.escrowKey().encode())))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("not signed by the identity");
        assertThatThrownBy(() -> BoardKey.fromBytes(withField(card, 1, other.identity().toBytes())))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("not signed by the identity");
    }

    /**
     * A board that signs someone else's key (here another board's, with that board's proof) has a valid
     * signature but no proof of its own: the proof is bound to the identity that signs.
     */
    @Test
    void aCardForAKeyTheBoardDoesNotHoldIsRefused() throws Exception {
        BoardKey other = BoardKey.of("other", AllocationTable.key(random), random);
        WireReader r = new WireReader(other.toBytes());
        r.string(64, "name");
        r.fixed(32, "id");
        byte[] key = r.fixed(32, "key");
        byte[] proof = r.fixed(64, "proof");
        byte[] signed = new WireWriter().string("fairtable/allocation/board-key/v1").string("ethics")
                .fixed(board.verifyingKey().toBytes()).fixed(key).fixed(proof).toBytes();
        byte[] card = new WireWriter().string("ethics").fixed(board.verifyingKey().toBytes()).fixed(key).fixed(proof)
                .fixed(board.sign(signed)).toBytes();
        assertThatThrownBy(() -> BoardKey.fromBytes(card)).isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("does not prove that the board holds its escrow key");
    }
}
