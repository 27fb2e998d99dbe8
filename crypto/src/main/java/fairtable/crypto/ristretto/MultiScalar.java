package fairtable.crypto.ristretto;

/**
 * Multi-scalar multiplication, sum of s_i * P_i, two ways:
 * <ul>
 *   <li>{@link #vartime}: Straus (few points) or Pippenger buckets (many points), signed-digit
 *       windows, with secret-dependent branches and memory accesses. For verification only, where
 *       every scalar and point is public.</li>
 *   <li>{@link #constantTime}: Straus with signed radix-16 digits and constant-time table lookups,
 *       for secret scalars (proof nonces, keys): the four doublings per digit are shared by all points.</li>
 * </ul>
 * Points are added as extended Edwards representatives, so the result is exact in the prime-order group.
 */
public final class MultiScalar {
    private static final int RADIX16_DIGITS = 65;
    /** [G, 2G, ..., 8G] for {@link #vartimeWithGenerator}. */
    private static final Edwards.Cached[] GENERATOR_MULTIPLES =
            Edwards.multiplesUpTo8(RistrettoPoint.GENERATOR.repr, new Edwards.Work());

    private MultiScalar() {}

    /** sum scalars[i] * points[i] in variable time: public inputs only. */
    public static RistrettoPoint vartime(Scalar[] scalars, RistrettoPoint[] points) {
        checkLengths(scalars, points);
        int n = scalars.length;
        if (n == 0) {
            return RistrettoPoint.IDENTITY;
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

    /** Constant time in the scalars (points are treated as public): Straus with constant-time lookups. */
    public static RistrettoPoint constantTime(Scalar[] scalars, RistrettoPoint[] points) {
        checkLengths(scalars, points);
        int n = scalars.length;
        Edwards.Work w = new Edwards.Work();
        Edwards.Cached[][] tables = new Edwards.Cached[n][];
        byte[][] digits = new byte[n][];
        for (int i = 0; i < n; i++) {
            tables[i] = Edwards.multiplesUpTo8(points[i].repr, w);
            digits[i] = Edwards.radix16(scalars[i].toByteArray());
        }
        Edwards.Point acc = Edwards.Point.identity();
        for (int j = 63; j >= 0; j--) {
            if (j != 63) {
                Edwards.doubleTimes(acc, 4, w);
            }
            for (int i = 0; i < n; i++) {
                Edwards.addInPlace(acc, Edwards.select(tables[i], digits[i][j], w), w);
            }
        }
        return new RistrettoPoint(acc);
    }

    /** a*A + b*G in variable time: public inputs only. */
    public static RistrettoPoint vartimeWithGenerator(Scalar a, RistrettoPoint bigA, Scalar b) {
        Edwards.Work w = new Edwards.Work();
        Edwards.Cached[] aTable = Edwards.multiplesUpTo8(bigA.repr, w);
        int[] aDigits = signedDigits(a, 4, RADIX16_DIGITS);
        int[] bDigits = signedDigits(b, 4, RADIX16_DIGITS);
        Edwards.Point acc = Edwards.Point.identity();
        boolean started = false;
        for (int j = RADIX16_DIGITS - 1; j >= 0; j--) {
            if (started) {
                Edwards.doubleTimes(acc, 4, w);
            }
            started |= aDigits[j] != 0 || bDigits[j] != 0;
            Edwards.addDigitVartime(acc, aTable, aDigits[j], w);
            Edwards.addDigitVartime(acc, GENERATOR_MULTIPLES, bDigits[j], w);
        }
        return new RistrettoPoint(acc);
    }

    /** Constant-time multiplication of one point by a secret scalar. */
    public static RistrettoPoint constantTime(Scalar scalar, RistrettoPoint point) {
        return point.multiply(scalar);
    }

    private static RistrettoPoint strausVartime(Scalar[] scalars, RistrettoPoint[] points) {
        int n = scalars.length;
        Edwards.Work w = new Edwards.Work();
        Edwards.Cached[][] tables = new Edwards.Cached[n][];
        int[][] digits = new int[n][];
        for (int i = 0; i < n; i++) {
            tables[i] = Edwards.multiplesUpTo8(points[i].repr, w);
            digits[i] = signedDigits(scalars[i], 4, RADIX16_DIGITS);
        }
        Edwards.Point acc = Edwards.Point.identity();
        boolean started = false;
        for (int j = RADIX16_DIGITS - 1; j >= 0; j--) {
            if (started) {
                Edwards.doubleTimes(acc, 4, w);
            }
            for (int i = 0; i < n; i++) {
                int d = digits[i][j];
                started |= d != 0;
                Edwards.addDigitVartime(acc, tables[i], d, w);
            }
        }
        return new RistrettoPoint(acc);
    }

    private static RistrettoPoint pippenger(Scalar[] scalars, RistrettoPoint[] points, int c) {
        int n = scalars.length;
        int windows = 256 / c + 2;
        Edwards.Work w = new Edwards.Work();
        int[][] digits = new int[n][];
        Edwards.Cached[] cached = new Edwards.Cached[n];
        for (int i = 0; i < n; i++) {
            digits[i] = signedDigits(scalars[i], c, windows);
            cached[i] = Edwards.Cached.of(points[i].repr);
        }
        int bucketCount = 1 << (c - 1);
        Edwards.Point[] buckets = new Edwards.Point[bucketCount + 1];
        boolean[] filled = new boolean[bucketCount + 1];
        for (int k = 1; k <= bucketCount; k++) {
            buckets[k] = new Edwards.Point();
        }
        Edwards.Point result = Edwards.Point.identity();
        Edwards.Point running = new Edwards.Point();
        Edwards.Point windowSum = new Edwards.Point();
        Edwards.Cached scratch = new Edwards.Cached();
        for (int win = windows - 1; win >= 0; win--) {
            Edwards.doubleTimes(result, c, w);
            java.util.Arrays.fill(filled, false);
            for (int i = 0; i < n; i++) {
                int d = digits[i][win];
                if (d > 0) {
                    if (filled[d]) {
                        Edwards.addInPlace(buckets[d], cached[i], w);
                    } else {
                        buckets[d].set(points[i].repr);
                        filled[d] = true;
                    }
                } else if (d < 0) {
                    if (filled[-d]) {
                        Edwards.sub(buckets[-d], cached[i], w.completed, w);
                        w.completed.toExtended(buckets[-d]);
                    } else {
                        buckets[-d].set(points[i].repr);
                        buckets[-d].negate();
                        filled[-d] = true;
                    }
                }
            }
            // sum_k k * bucket[k] as a running sum from the top bucket down.
            running.setIdentity();
            windowSum.setIdentity();
            for (int k = bucketCount; k >= 1; k--) {
                if (filled[k]) {
                    scratch.set(buckets[k]);
                    Edwards.addInPlace(running, scratch, w);
                }
                scratch.set(running);
                Edwards.addInPlace(windowSum, scratch, w);
            }
            scratch.set(windowSum);
            Edwards.addInPlace(result, scratch, w);
        }
        return new RistrettoPoint(result);
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

    private static void checkLengths(Scalar[] scalars, RistrettoPoint[] points) {
        if (scalars.length != points.length) {
            throw new IllegalArgumentException(scalars.length + " scalars for " + points.length + " points");
        }
    }
}
