package fairtable.app.play;

import fairtable.crypto.sign.SigningKey;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Where a seat played in this process gets its keys and randomness: from SecureRandom, or, with a seed (tests and
 * demonstrations only: a seeded game is not secret), derived from the seed and the seat, so a seeded game is
 * reproducible. The same derivations for every game `fairtable play` runs.
 */
public final class SeatSeeds {
    private SeatSeeds() {}

    /** The randomness for the seat's secrets (deck keys, shuffles, proof nonces). */
    public static RandomGenerator secrets(Long seed, int seat) {
        return seed == null ? new SecureRandom() : new SplittableRandom(seed * 1_000_003L + seat);
    }

    /** The seat's Ed25519 signing key. */
    public static SigningKey signingKey(Long seed, int seat) {
        if (seed == null) {
            return SigningKey.generate(new SecureRandom());
        }
        byte[] bytes = new byte[32];
        new SplittableRandom(seed * 7_919L + 31L * seat + 1).nextBytes(bytes);
        return SigningKey.fromSeed(bytes);
    }

    /** A bot's randomness: it only varies the bot's play. */
    public static RandomGenerator bot(Long seed, int seat) {
        return seed == null ? new SecureRandom() : new SplittableRandom(seed * 104_729L + seat);
    }
}
