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
    /** Width of the NAF digits of points known only at verification time (8 odd multiples each). */
    private static final int NAF_WIDTH = 5;
    /** The generator's digits are wider: its 64 odd multiples are computed once. */
    private static final int GENERATOR_NAF_WIDTH = 8;
    private static final Edwards.Cached[] GENERATOR_ODD_MULTIPLES =
            oddMultiples(RistrettoPoint.GENERATOR.repr, 1 << (GENERATOR_NAF_WIDTH - 2), new Edwards.Work());

    private MultiScalar() {}

    /** sum scalars[i] * points[i] in variable time: public inputs only. */
    public static RistrettoPoint vartime(Scalar[] scalars, RistrettoPoint[] points) {
        checkLengths(scalars, points);
        int n = scalars.length;
        if (n == 0) {
            return RistrettoPoint.IDENTITY;
        }
        int bestWindow = 0;
        long bestCost = strausCost(n);
        for (int c = 4; c <= 12; c++) {
            long cost = pippengerCost(n, c);
            if (cost < bestCost) {
                bestCost = cost;
                bestWindow = c;
            }
        }
        return bestWindow == 0 ? strausVartime(scalars, points) : pippenger(scalars, points, bestWindow);
    }

    /*
     * Costs in field multiplications (a squaring counted as one). An addition of a projective Niels addend
     * to an extended point is 8, of an affine one 7, a doubling 7, making a Niels addend 1 more.
     */

    /** Straus, width-5 NAF: 8 table entries (~64) and ~43 additions (~344) per point, 256 shared doublings. */
    static long strausCost(int n) {
        return 410L * n + 256 * 7;
    }

    /**
     * Pippenger with c-bit signed digits: per window, one affine addition per point into its bucket, two
     * additions (9 each) per bucket to sum them, c doublings; once, making the points affine (~7 each plus
     * one inversion).
     */
    static long pippengerCost(int n, int c) {
        long buckets = 1L << (c - 1);
        return pippengerWindows(c) * (7L * n + 18 * buckets + 7L * c + 9) + 7L * n + 265;
    }

    /** Scalars are below l < 2^253, so ceil(254 / c) signed c-bit digits leave no final carry. */
    static int pippengerWindows(int c) {
        return (254 + c - 1) / c;
    }

    /** Constant time in the scalars (points are treated as public): Straus with constant-time lookups. */
    public static RistrettoPoint constantTime(Scalar[] scalars, RistrettoPoint[] points) {
        checkLengths(scalars, points);
        int n = scalars.length;
        Edwards.Work w = new Edwards.Work();
        long[][] tables = new long[n][];
        byte[][] digits = new byte[n][];
        for (int i = 0; i < n; i++) {
            tables[i] = Edwards.flatMultiplesUpTo8(points[i].repr, w);
            digits[i] = Edwards.radix16(scalars[i].toByteArray());
        }
        Edwards.Point acc = Edwards.Point.identity();
        for (int j = 63; j >= 0; j--) {
            if (j != 63) {
                Edwards.doubleTimes(acc, 4, w);
            }
            for (int i = 0; i < n; i++) {
                Edwards.addInPlace(acc, Edwards.lookup(tables[i], 0, Edwards.CACHED_LONGS, digits[i][j], w), w);
            }
        }
        return new RistrettoPoint(acc);
    }

    /** a*A + b*G in variable time: public inputs only. */
    public static RistrettoPoint vartimeWithGenerator(Scalar a, RistrettoPoint bigA, Scalar b) {
        Edwards.Work w = new Edwards.Work();
        byte[][] digits = {nafVartime(a, NAF_WIDTH), nafVartime(b, GENERATOR_NAF_WIDTH)};
        Edwards.Cached[][] tables = {oddMultiples(bigA.repr, 1 << (NAF_WIDTH - 2), w), GENERATOR_ODD_MULTIPLES};
        return new RistrettoPoint(strausNafVartime(digits, tables, w));
    }

    /** Constant-time multiplication of one point by a secret scalar. */
    public static RistrettoPoint constantTime(Scalar scalar, RistrettoPoint point) {
        return point.multiply(scalar);
    }

    private static RistrettoPoint strausVartime(Scalar[] scalars, RistrettoPoint[] points) {
        int n = scalars.length;
        Edwards.Work w = new Edwards.Work();
        Edwards.Cached[][] tables = new Edwards.Cached[n][];
        byte[][] digits = new byte[n][];
        for (int i = 0; i < n; i++) {
            tables[i] = oddMultiples(points[i].repr, 1 << (NAF_WIDTH - 2), w);
            digits[i] = nafVartime(scalars[i], NAF_WIDTH);
        }
        return new RistrettoPoint(strausNafVartime(digits, tables, w));
    }

    /** [P, 3P, 5P, ..., (2 count - 1) P]: the odd multiples that NAF digits index (digit d uses entry d / 2). */
    static Edwards.Cached[] oddMultiples(Edwards.Point p, int count, Edwards.Work w) {
        Edwards.Cached[] table = new Edwards.Cached[count];
        table[0] = Edwards.Cached.of(p);
        Edwards.Point twice = p.copy();
        Edwards.doubleTimes(twice, 1, w);
        Edwards.Cached twiceCached = Edwards.Cached.of(twice);
        Edwards.Point acc = p.copy();
        for (int i = 1; i < count; i++) {
            Edwards.addInPlace(acc, twiceCached, w);
            table[i] = Edwards.Cached.of(acc);
        }
        return table;
    }

    /** sum over i and j of digits[i][j] 2^j P_i, one shared doubling per bit (Straus), variable time. */
    private static Edwards.Point strausNafVartime(byte[][] digits, Edwards.Cached[][] tables, Edwards.Work w) {
        int top = 256;
        while (top >= 0 && allZero(digits, top)) {
            top--;
        }
        Edwards.Point acc = Edwards.Point.identity();
        Edwards.Completed c = new Edwards.Completed();
        for (int j = top; j >= 0; j--) {
            Edwards.dbl(acc, c, w);
            for (int i = 0; i < digits.length; i++) {
                int d = digits[i][j];
                if (d > 0) {
                    c.toExtended(acc);
                    Edwards.add(acc, tables[i][d >>> 1], c, w);
                } else if (d < 0) {
                    c.toExtended(acc);
                    Edwards.sub(acc, tables[i][(-d) >>> 1], c, w);
                }
            }
            if (j > 0) {
                c.toProjective(acc); // the next step starts with a doubling, which does not read T
            } else {
                c.toExtended(acc);
            }
        }
        return acc;
    }

    private static boolean allZero(byte[][] digits, int j) {
        for (byte[] d : digits) {
            if (d[j] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Width-w non-adjacent form of a public scalar: digits in (-2^(w-1), 2^(w-1)), each non-zero digit odd
     * and followed by at least w - 1 zeros, so about 256 / (w + 1) additions. Variable time.
     */
    static byte[] nafVartime(Scalar s, int w) {
        byte[] le = s.toByteArray();
        long[] x = new long[5];
        for (int i = 0; i < 32; i++) {
            x[i >>> 3] |= (le[i] & 0xffL) << ((i & 7) * 8);
        }
        byte[] naf = new byte[257];
        int width = 1 << w;
        long windowMask = width - 1;
        int pos = 0;
        int carry = 0;
        while (pos < 256) {
            int idx = pos >>> 6;
            int bit = pos & 63;
            long buf = bit < 64 - w ? x[idx] >>> bit : (x[idx] >>> bit) | (x[idx + 1] << (64 - bit));
            int window = carry + (int) (buf & windowMask);
            if ((window & 1) == 0) {
                pos += 1;
                continue;
            }
            if (window < width / 2) {
                carry = 0;
                naf[pos] = (byte) window;
            } else {
                carry = 1;
                naf[pos] = (byte) (window - width);
            }
            pos += w;
        }
        return naf;
    }

    /** Pippenger with c-bit signed digits (package-private so that tests can force every width). */
    static RistrettoPoint pippenger(Scalar[] scalars, RistrettoPoint[] points, int c) {
        int n = scalars.length;
        int windows = pippengerWindows(c);
        Edwards.Work w = new Edwards.Work();
        int[][] digits = new int[n][];
        Edwards.Point[] reprs = new Edwards.Point[n];
        for (int i = 0; i < n; i++) {
            digits[i] = signedDigits(scalars[i], c, windows);
            reprs[i] = points[i].repr;
        }
        // Each point is added once per window: affine addends save a multiplication each time.
        Edwards.Cached[] affine = Edwards.affineNiels(reprs);
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
        Edwards.Completed sum = w.completed;
        for (int win = windows - 1; win >= 0; win--) {
            if (win != windows - 1) {
                Edwards.doubleTimes(result, c, w);
            }
            java.util.Arrays.fill(filled, false);
            for (int i = 0; i < n; i++) {
                int d = digits[i][win];
                if (d > 0) {
                    if (filled[d]) {
                        Edwards.addAffine(buckets[d], affine[i], sum, w);
                        sum.toExtended(buckets[d]);
                    } else {
                        buckets[d].set(reprs[i]);
                        filled[d] = true;
                    }
                } else if (d < 0) {
                    if (filled[-d]) {
                        Edwards.subAffine(buckets[-d], affine[i], sum, w);
                        sum.toExtended(buckets[-d]);
                    } else {
                        buckets[-d].set(reprs[i]);
                        buckets[-d].negate();
                        filled[-d] = true;
                    }
                }
            }
            // sum_k k * bucket[k] as a running sum from the top bucket down; empty buckets are skipped
            // until the first filled one, since adding the identity changes nothing.
            boolean started = false;
            for (int k = bucketCount; k >= 1; k--) {
                if (filled[k]) {
                    if (started) {
                        scratch.set(buckets[k]);
                        Edwards.addInPlace(running, scratch, w);
                    } else {
                        running.set(buckets[k]);
                        windowSum.set(buckets[k]);
                        started = true;
                        continue;
                    }
                }
                if (started) {
                    scratch.set(running);
                    Edwards.addInPlace(windowSum, scratch, w);
                }
            }
            if (started) {
                scratch.set(windowSum);
                Edwards.addInPlace(result, scratch, w);
            }
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
