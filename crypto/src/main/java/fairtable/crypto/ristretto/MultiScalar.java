package fairtable.crypto.ristretto;

import cafe.cryptography.curve25519.FairtableBridge;
import cafe.cryptography.curve25519.RistrettoElement;
import cafe.cryptography.curve25519.Scalar;

/**
 * Multi-scalar multiplication, sum of s_i * P_i, two ways:
 * <ul>
 *   <li>{@link #vartime}: Straus (few points) or Pippenger buckets (many points), signed-digit
 *       windows, with secret-dependent branches and memory accesses. For verification only, where
 *       every scalar and point is public.</li>
 *   <li>{@link #constantTime}: Straus with signed radix-16 digits and constant-time table lookups,
 *       for secret scalars (proof nonces, keys).</li>
 * </ul>
 * Points are added as ristretto255 elements (the library's extended Edwards representatives), so the
 * result is exact in the prime-order group.
 */
public final class MultiScalar {
    private static final int RADIX16_DIGITS = 65;

    private MultiScalar() {}

    /** sum scalars[i] * points[i] in variable time: public inputs only. */
    public static RistrettoElement vartime(Scalar[] scalars, RistrettoElement[] points) {
        checkLengths(scalars, points);
        int n = scalars.length;
        if (n == 0) {
            return RistrettoElement.IDENTITY;
        }
        int bestWindow = 0;
        long bestCost = 70L * n; // Straus, radix 16: 7 table additions + about 61 digit additions per point
        for (int c = 5; c <= 12; c++) {
            long windows = 256 / c + 2;
            long cost = windows * (n + (1L << c));
            if (cost < bestCost) {
                bestCost = cost;
                bestWindow = c;
            }
        }
        return bestWindow == 0 ? strausVartime(scalars, points) : pippenger(scalars, points, bestWindow);
    }

    /**
     * Constant time in the scalars (points are treated as public). Straus interleaving of the library's
     * own constant-time radix-16 table lookups, shared doublings (see {@code FairtableBridge}).
     */
    public static RistrettoElement constantTime(Scalar[] scalars, RistrettoElement[] points) {
        checkLengths(scalars, points);
        return FairtableBridge.constantTimeMultiscalar(scalars, points);
    }

    /** a*A + b*G in variable time (the library's precomputed generator table): public inputs only. */
    public static RistrettoElement vartimeWithGenerator(Scalar a, RistrettoElement bigA, Scalar b) {
        return FairtableBridge.vartimeDoubleScalarMultiplyGenerator(a, bigA, b);
    }

    /** Constant-time multiplication of one point by a secret scalar. */
    public static RistrettoElement constantTime(Scalar scalar, RistrettoElement point) {
        return constantTime(new Scalar[] {scalar}, new RistrettoElement[] {point});
    }

    /** table[k] = k * p for k = 0..8. */
    private static RistrettoElement[] multiplesUpTo8(RistrettoElement p) {
        RistrettoElement[] table = new RistrettoElement[9];
        table[0] = RistrettoElement.IDENTITY;
        table[1] = p;
        for (int k = 2; k <= 8; k++) {
            table[k] = table[k - 1].add(p);
        }
        return table;
    }

    private static RistrettoElement strausVartime(Scalar[] scalars, RistrettoElement[] points) {
        int n = scalars.length;
        RistrettoElement[][] positive = new RistrettoElement[n][];
        RistrettoElement[][] negative = new RistrettoElement[n][9];
        int[][] digits = new int[n][];
        for (int i = 0; i < n; i++) {
            positive[i] = multiplesUpTo8(points[i]);
            for (int k = 1; k <= 8; k++) {
                negative[i][k] = positive[i][k].negate();
            }
            digits[i] = signedDigits(scalars[i], 4, RADIX16_DIGITS);
        }
        RistrettoElement acc = RistrettoElement.IDENTITY;
        boolean started = false;
        for (int w = RADIX16_DIGITS - 1; w >= 0; w--) {
            if (started) {
                acc = acc.dbl().dbl().dbl().dbl();
            }
            for (int i = 0; i < n; i++) {
                int d = digits[i][w];
                if (d > 0) {
                    acc = acc.add(positive[i][d]);
                    started = true;
                } else if (d < 0) {
                    acc = acc.add(negative[i][-d]);
                    started = true;
                }
            }
        }
        return acc;
    }

    private static RistrettoElement pippenger(Scalar[] scalars, RistrettoElement[] points, int c) {
        int n = scalars.length;
        int windows = 256 / c + 2;
        int[][] digits = new int[n][];
        RistrettoElement[] negated = new RistrettoElement[n];
        for (int i = 0; i < n; i++) {
            digits[i] = signedDigits(scalars[i], c, windows);
            negated[i] = points[i].negate();
        }
        int bucketCount = 1 << (c - 1);
        RistrettoElement[] buckets = new RistrettoElement[bucketCount + 1];
        RistrettoElement result = null;
        for (int w = windows - 1; w >= 0; w--) {
            if (result != null) {
                for (int k = 0; k < c; k++) {
                    result = result.dbl();
                }
            }
            java.util.Arrays.fill(buckets, null);
            for (int i = 0; i < n; i++) {
                int d = digits[i][w];
                if (d > 0) {
                    buckets[d] = buckets[d] == null ? points[i] : buckets[d].add(points[i]);
                } else if (d < 0) {
                    buckets[-d] = buckets[-d] == null ? negated[i] : buckets[-d].add(negated[i]);
                }
            }
            // sum_k k * bucket[k] as a running sum from the top bucket down.
            RistrettoElement running = null;
            RistrettoElement windowSum = null;
            for (int k = bucketCount; k >= 1; k--) {
                if (buckets[k] != null) {
                    running = running == null ? buckets[k] : running.add(buckets[k]);
                }
                if (running != null) {
                    windowSum = windowSum == null ? running : windowSum.add(running);
                }
            }
            if (windowSum != null) {
                result = result == null ? windowSum : result.add(windowSum);
            }
        }
        return result == null ? RistrettoElement.IDENTITY : result;
    }

    /**
     * Signed radix-2^c digits d_j in [-2^(c-1), 2^(c-1)) with s = sum d_j 2^(cj). Branch-free: the bit
     * extraction positions are public and the carry is computed arithmetically.
     */
    static int[] signedDigits(Scalar s, int c, int count) {
        byte[] le = s.toByteArray();
        long[] limbs = new long[5];
        for (int i = 0; i < 32; i++) {
            limbs[i >>> 3] |= (le[i] & 0xffL) << ((i & 7) * 8);
        }
        int[] digits = new int[count];
        int carry = 0;
        int half = 1 << (c - 1);
        long mask = (1L << c) - 1;
        for (int j = 0; j < count; j++) {
            int pos = j * c;
            int limb = pos >>> 6;
            int offset = pos & 63;
            long bits = 0;
            if (limb < 4) {
                bits = limbs[limb] >>> offset;
                if (offset + c > 64 && limb + 1 < 5) {
                    bits |= limbs[limb + 1] << (64 - offset);
                }
            }
            int raw = (int) (bits & mask) + carry;
            carry = (raw + half) >>> c;
            digits[j] = raw - (carry << c);
        }
        return digits;
    }

    private static void checkLengths(Scalar[] scalars, RistrettoElement[] points) {
        if (scalars.length != points.length) {
            throw new IllegalArgumentException(scalars.length + " scalars for " + points.length + " points");
        }
    }
}
