package fairtable.protocol.transcript;

import fairtable.crypto.sign.SigningKey;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** Two seeded seats, alice and bob, of a toy game whose messages are notes, and mallory's key for forgeries. */
final class ToyGame {
    static final String GAME = "toy/v1";
    static final byte[] PARAMETERS = {7};
    static final byte[] NO_SESSION = new byte[Envelope.HASH_LENGTH];

    private final SplittableRandom random;
    final SigningKey aliceKey;
    final SigningKey bobKey;
    final SigningKey malloryKey;

    ToyGame(long seed) {
        random = new SplittableRandom(seed);
        aliceKey = key();
        bobKey = key();
        malloryKey = key();
    }

    private SigningKey key() {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    byte[] nonce() {
        byte[] nonce = new byte[Hello.NONCE_LENGTH];
        random.nextBytes(nonce);
        return nonce;
    }

    Hello hello(int seat, String name, SigningKey key) {
        return new Hello(GAME, PARAMETERS, 2, seat, name, key.verifyingKey(), nonce());
    }

    static byte[] note(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Two hellos, then alice at step 1 and bob at step 2: four honest messages, a fresh session each call. */
    Transcript game() {
        Transcript t = new Transcript();
        t.seal(aliceKey, 0, 0, Hello.TYPE, hello(0, "alice", aliceKey).toBytes());
        t.seal(bobKey, 1, 0, Hello.TYPE, hello(1, "bob", bobKey).toBytes());
        t.seal(aliceKey, 0, 1, "note", note("one"));
        t.seal(bobKey, 1, 2, "note", note("two"));
        return t;
    }

    /** Bob's honest next message after {@link #game()}: number 4, step 3. */
    Envelope bobsNext(Transcript t) {
        return Envelope.sign(bobKey, t.sessionId(), 4, t.head(), 1, 3, "note", note("three"));
    }
}
