package fairtable.protocol.transcript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A seat's hello: its bounds, its one encoding, and what makes two hellos the same game. */
class HelloTest {
    private final SplittableRandom random = new SplittableRandom(271127);
    private final VerifyingKey key = SigningKey.fromSeed(bytes(32)).verifyingKey();
    private final byte[] nonce = bytes(Hello.NONCE_LENGTH);
    private final byte[] parameters = {1, 2, 3};

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private Hello hello(int players, int seat, String name) {
        return new Hello("toy/v1", parameters, players, seat, name, key, nonce);
    }

    /** The wire form with every field given, so the parser alone decides what is refused. */
    private byte[] wire(int players, int seat, String name, byte[] keyBytes, byte[] nonceBytes) {
        return new WireWriter().string("toy/v1").blob(parameters).u8(players).u8(seat).string(name).fixed(keyBytes)
                .fixed(nonceBytes).toBytes();
    }

    @Test
    void theWireFormIsTheFieldsInOrderAndReadsBack() throws MalformedMessageException {
        Hello hello = hello(3, 2, "carol");
        byte[] expected = wire(3, 2, "carol", key.toBytes(), nonce);
        assertThat(hello.toBytes()).isEqualTo(expected);
        Hello read = Hello.fromBytes(expected);
        assertThat(read.protocol()).isEqualTo("toy/v1");
        assertThat(read.parameters()).isEqualTo(parameters);
        assertThat(read.players()).isEqualTo(3);
        assertThat(read.seat()).isEqualTo(2);
        assertThat(read.name()).isEqualTo("carol");
        assertThat(read.key()).isEqualTo(key);
        assertThat(read.nonce()).isEqualTo(nonce);
        assertThat(read.toBytes()).isEqualTo(expected);
    }

    @Test
    void seatsAndPlayersOutOfRangeAreRefused() {
        for (int[] bad : new int[][] {{1, 0}, {256, 0}, {2, -1}, {2, 2}, {3, 3}}) {
            assertThatThrownBy(() -> hello(bad[0], bad[1], "alice")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("bad seat " + bad[1] + " of " + bad[0]);
        }
        assertThat(hello(2, 1, "bob").seat()).isEqualTo(1);
        assertThat(hello(255, 254, "last").players()).isEqualTo(255);
    }

    @Test
    void namesMustBeOneToSixtyFourPrintableCharacters() {
        for (String bad : new String[] {"", "   ", "a".repeat(65), "bob\n", "al\u0000ice", "\u007f"}) {
            assertThatThrownBy(() -> hello(2, 0, bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("a player name is 1 to 64 printable characters");
        }
        assertThat(hello(2, 0, "a".repeat(64)).name()).hasSize(64);
        assertThat(hello(2, 0, "é").name()).isEqualTo("é");
    }

    @Test
    void theNonceIsThirtyTwoBytesAndCopied() {
        assertThatThrownBy(() -> new Hello("toy/v1", parameters, 2, 0, "alice", key, new byte[31]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the nonce is 32 bytes");
        assertThatThrownBy(() -> new Hello("toy/v1", parameters, 2, 0, "alice", key, new byte[33]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the nonce is 32 bytes");
        byte[] mine = nonce.clone();
        byte[] params = parameters.clone();
        Hello hello = new Hello("toy/v1", params, 2, 0, "alice", key, mine);
        mine[0] ^= 1;
        params[0] ^= 1;
        hello.nonce()[1] ^= 1;
        hello.parameters()[1] ^= 1;
        assertThat(hello.nonce()).isEqualTo(nonce);
        assertThat(hello.parameters()).isEqualTo(parameters);
    }

    @Test
    void whatTheConstructorRefusesIsAMalformedMessageWhenRead() {
        assertThatThrownBy(() -> Hello.fromBytes(wire(1, 0, "alice", key.toBytes(), nonce)))
                .isInstanceOf(MalformedMessageException.class).hasMessage("bad seat 0 of 1");
        assertThatThrownBy(() -> Hello.fromBytes(wire(2, 0, "bob\n", key.toBytes(), nonce)))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessage("a player name is 1 to 64 printable characters");
        byte[] notAKey = new byte[32];
        Arrays.fill(notAKey, (byte) 0xFF); // y >= p: not a canonical point encoding
        assertThatThrownBy(() -> Hello.fromBytes(wire(2, 0, "alice", notAKey, nonce)))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessage("not the canonical encoding of an Ed25519 public key");
    }

    @Test
    void trailingBytesAndOversizedFieldsAreRefused() {
        byte[] wire = wire(2, 0, "alice", key.toBytes(), nonce);
        assertThatThrownBy(() -> Hello.fromBytes(Arrays.copyOf(wire, wire.length + 2)))
                .isInstanceOf(MalformedMessageException.class).hasMessage("2 unexpected trailing bytes");
        assertThatThrownBy(() -> Hello.fromBytes(Arrays.copyOf(wire, wire.length - 1)))
                .isInstanceOf(MalformedMessageException.class).hasMessage("truncated: the nonce is missing");
        byte[] longProtocol = new WireWriter().string("p".repeat(65)).toBytes();
        assertThatThrownBy(() -> Hello.fromBytes(longProtocol)).isInstanceOf(MalformedMessageException.class)
                .hasMessage("the length of the protocol name is 65, more than the limit 64");
        byte[] longParameters = new WireWriter().string("toy/v1").blob(new byte[4097]).toBytes();
        assertThatThrownBy(() -> Hello.fromBytes(longParameters)).isInstanceOf(MalformedMessageException.class)
                .hasMessage("the length of the parameters is 4097, more than the limit 4096");
        byte[] longName = new WireWriter().string("toy/v1").blob(parameters).u8(2).u8(0).string("n".repeat(257))
                .toBytes();
        assertThatThrownBy(() -> Hello.fromBytes(longName)).isInstanceOf(MalformedMessageException.class)
                .hasMessage("the length of the player name is 257, more than the limit 256");
    }

    @Test
    void theSameGameIsTheSameProtocolParametersAndNumberOfPlayers() {
        Hello alice = hello(3, 0, "alice");
        VerifyingKey other = SigningKey.fromSeed(bytes(32)).verifyingKey();
        assertThat(alice.sameGameAs(new Hello("toy/v1", parameters.clone(), 3, 2, "carol", other, bytes(32))))
                .isTrue();
        assertThat(alice.sameGameAs(new Hello("toy/v2", parameters, 3, 1, "bob", other, nonce))).isFalse();
        assertThat(alice.sameGameAs(new Hello("toy/v1", new byte[] {1, 2, 4}, 3, 1, "bob", other, nonce))).isFalse();
        assertThat(alice.sameGameAs(new Hello("toy/v1", parameters, 4, 1, "bob", other, nonce))).isFalse();
    }
}
