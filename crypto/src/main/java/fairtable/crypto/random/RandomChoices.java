package fairtable.crypto.random;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Unbiased random choices from an injected generator: SecureRandom in production, a seeded generator in
 * tests. Nothing here draws randomness of its own.
 */
public final class RandomChoices {
    private RandomChoices() {}

    /** A uniform integer in [low, high), by rejection sampling (no modulo bias). */
    public static BigInteger uniformInRange(RandomGenerator random, BigInteger low, BigInteger high) {
        BigInteger span = high.subtract(low);
        if (span.signum() <= 0) {
            throw new IllegalArgumentException("empty range");
        }
        int bits = span.bitLength();
        byte[] buffer = new byte[(bits + 7) / 8];
        while (true) {
            random.nextBytes(buffer);
            int excess = buffer.length * 8 - bits;
            buffer[0] &= (byte) (0xFF >>> excess);
            BigInteger candidate = new BigInteger(1, buffer);
            if (candidate.compareTo(span) < 0) {
                return candidate.add(low);
            }
        }
    }

    /** A uniformly shuffled copy of {@code items} (Fisher–Yates). */
    public static <T> List<T> shuffled(List<T> items, RandomGenerator random) {
        List<T> copy = new ArrayList<>(items);
        for (int i = copy.size() - 1; i > 0; i--) {
            Collections.swap(copy, i, random.nextInt(i + 1));
        }
        return copy;
    }

    /** {@code count} distinct indices drawn uniformly from [0, size), in the order drawn. */
    public static int[] distinctIndices(int size, int count, RandomGenerator random) {
        if (count < 0 || count > size) {
            throw new IllegalArgumentException("cannot pick " + count + " of " + size);
        }
        int[] pool = new int[size];
        for (int i = 0; i < size; i++) {
            pool[i] = i;
        }
        for (int i = 0; i < count; i++) {
            int j = i + random.nextInt(size - i);
            int t = pool[i];
            pool[i] = pool[j];
            pool[j] = t;
        }
        int[] picked = new int[count];
        System.arraycopy(pool, 0, picked, 0, count);
        return picked;
    }
}
