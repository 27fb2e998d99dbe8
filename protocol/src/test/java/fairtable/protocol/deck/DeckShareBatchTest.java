package fairtable.protocol.deck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.Transcript;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckMessage.Codec;
import fairtable.protocol.deck.DeckMessage.Leave;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A message's decryption shares are checked as one batch: a bad share among many good ones is still refused
 * and named, and messages written in the earlier challenge form (96-byte shares) are still read, so older
 * transcripts audit.
 */
class DeckShareBatchTest {
    private static final int CARDS = 12;

    /**
     * alice leaves right after the shuffles: her honest message, with its list of shares changed by
     * {@code change}, signed by her, written in the commitment form or in the earlier challenge form.
     */
    private static Envelope aliceLeaves(DeckTable table, UnaryOperator<List<DecryptionShare>> change, boolean challengeForm)
            throws Exception {
        DeckParty bob = table.seat(1);
        ProofContext context = bob.observer().context(bob.transcript().head(), 0);
        List<Integer> stock = bob.observer().stock();
        Envelope honest = table.seat(0).leave().get(0);
        List<DecryptionShare> shares = change.apply(new ArrayList<>(Codec.shares(honest.body(), CARDS)));
        WireWriter w = new WireWriter().u32(shares.size());
        for (int i = 0; i < shares.size(); i++) {
            byte[] committed = shares.get(i).encodeCommitted();
            w.fixed(challengeForm ? challengeForm(committed, bob.observer().publicKey(0).point(),
                    bob.observer().deck().get(stock.get(i)).c1Point(), context) : committed);
        }
        return Envelope.sign(table.keys.get(0), honest.session(), honest.seq(), honest.prev(), 0, honest.step(),
                Leave.TYPE, w.toBytes());
    }

    /**
     * D || A1 || A2 || s rewritten as D || e || s, the form shares had before batch verification, with e
     * from the documented Chaum–Pedersen challenge (as the prover derived it).
     */
    private static byte[] challengeForm(byte[] committed, EncodedPoint key, EncodedPoint c1, ProofContext context) {
        byte[] d = Arrays.copyOfRange(committed, 0, 32);
        Scalar e = new Transcript("fairtable/proof/chaum-pedersen/v1", context)
                .appendPoint("generator", EncodedPoint.GENERATOR)
                .appendPoint("public-key", key)
                .appendPoint("base", c1)
                .appendBytes("image", d)
                .appendBytes("commitment-1", Arrays.copyOfRange(committed, 32, 64))
                .appendBytes("commitment-2", Arrays.copyOfRange(committed, 64, 96))
                .challenge("challenge");
        byte[] out = new byte[DecryptionShare.ENCODED_LENGTH];
        System.arraycopy(d, 0, out, 0, 32);
        System.arraycopy(e.toByteArray(), 0, out, 32, 32);
        System.arraycopy(committed, 96, out, 64, 32);
        return out;
    }

    @Test
    void aSeatsSharesAreSentInCommitmentForm() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 31).shuffle();
        Envelope leave = table.seat(0).leave().get(0);
        assertThat(leave.body()).hasSize(4 + CARDS * DecryptionShare.COMMITTED_LENGTH);
        assertThat(Codec.shares(leave.body(), CARDS)).allMatch(DecryptionShare::hasCommitments);
    }

    @Test
    void oneBadShareAmongManyIsRefusedAndNamesItsPositionAndAuthor() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 32).shuffle();
        DeckParty bob = table.seat(1);
        int position = bob.observer().stock().get(7);
        Envelope bad = aliceLeaves(table, shares -> {
            // A valid share of the right card, under a key that is not alice's.
            shares.set(7, KeyPair.generate(new SplittableRandom(5)).decryptionShare(bob.observer().deck().get(position),
                    bob.observer().context(bob.transcript().head(), 0), new SplittableRandom(6)));
            return shares;
        }, false);
        String violation = "step " + bad.step() + ", party alice: the decryption share for position " + position
                + " does not verify: it was not made with its key for this card";
        assertThatThrownBy(() -> bob.receive(bad)).isInstanceOf(ProtocolViolation.class).hasMessage(violation);
        assertThat(DeckTable.audit(bob).line()).isEqualTo("FAILED: " + violation);
    }

    @Test
    void twoBadSharesNameTheFirst() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 33).shuffle();
        DeckParty bob = table.seat(1);
        List<Integer> stock = bob.observer().stock();
        Envelope bad = aliceLeaves(table, shares -> {
            DecryptionShare fourth = shares.get(4);
            shares.set(4, shares.get(9)); // each a good share, of another card
            shares.set(9, fourth);
            return shares;
        }, false);
        assertThatThrownBy(() -> bob.receive(bad)).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party alice: the decryption share for position " + stock.get(4) + " does not verify");
    }

    @Test
    void sharesInTheEarlierChallengeFormAreStillReadAndAudit() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 34).shuffle();
        DeckParty bob = table.seat(1);
        Envelope old = aliceLeaves(table, UnaryOperator.identity(), true);
        assertThat(old.body()).hasSize(4 + CARDS * DecryptionShare.ENCODED_LENGTH);
        bob.receive(old);
        assertThat(bob.observer().hasLeft(0)).isTrue();
        assertThat(DeckTable.audit(bob).verified()).as(DeckTable.audit(bob).line()).isTrue();
    }

    @Test
    void aBadShareInTheChallengeFormIsRefusedToo() throws Exception {
        DeckTable table = new DeckTable(3, CARDS, 35).shuffle();
        DeckParty bob = table.seat(1);
        int position = bob.observer().stock().get(2);
        Envelope bad = aliceLeaves(table, shares -> {
            shares.set(2, shares.get(3));
            return shares;
        }, true);
        assertThatThrownBy(() -> bob.receive(bad)).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party alice: the decryption share for position " + position + " does not verify");
    }
}
