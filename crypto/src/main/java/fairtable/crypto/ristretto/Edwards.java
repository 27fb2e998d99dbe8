package fairtable.crypto.ristretto;

/**
 * Points of the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2 (edwards25519) in the representations
 * of Hisil–Wong–Carter–Dawson: extended (X:Y:Z:T) with x = X/Z, y = Y/Z, xy = T/Z; "completed"
 * ((X:Z), (Y:T)) as the output of an addition or doubling; and cached (Niels) forms of an addend,
 * (Y+X, Y-X, Z, 2dT), or (y+x, y-x, 2dxy) when affine. Every operation is mutable and writes into
 * caller-owned arrays, so scalar multiplication allocates nothing per step.
 *
 * <p>Every method is constant time unless its name ends in {@code Vartime}.
 */
final class Edwards {
    private Edwards() {}

    /** An extended point. */
    static final class Point {
        final int[] x = Field.create();
        final int[] y = Field.create();
        final int[] z = Field.create();
        final int[] t = Field.create();

        static Point identity() {
            Point p = new Point();
            p.setIdentity();
            return p;
        }

        void setIdentity() {
            java.util.Arrays.fill(x, 0);
            java.util.Arrays.fill(y, 0);
            java.util.Arrays.fill(z, 0);
            java.util.Arrays.fill(t, 0);
            y[0] = 1;
            z[0] = 1;
        }

        void set(Point p) {
            Field.copy(p.x, x);
            Field.copy(p.y, y);
            Field.copy(p.z, z);
            Field.copy(p.t, t);
        }

        Point copy() {
            Point p = new Point();
            p.set(this);
            return p;
        }

        void negate() {
            Field.negate(x, x);
            Field.negate(t, t);
        }
    }

    /** A completed point: x = X/Z, y = Y/T. */
    static final class Completed {
        final int[] x = Field.create();
        final int[] y = Field.create();
        final int[] z = Field.create();
        final int[] t = Field.create();

        void toExtended(Point r) {
            Field.mul(x, t, r.x);
            Field.mul(y, z, r.y);
            Field.mul(z, t, r.z);
            Field.mul(x, y, r.t);
        }

        /** Enough for a following doubling, which never reads T. */
        void toProjective(Point r) {
            Field.mul(x, t, r.x);
            Field.mul(y, z, r.y);
            Field.mul(z, t, r.z);
        }
    }

    /**
     * An addend in Niels form. With {@code affine}, z is implicitly 1 and not stored in the product
     * (fixed-base tables); otherwise (Y+X, Y-X, Z, 2dT).
     */
    static final class Cached {
        final int[] yPlusX = Field.create();
        final int[] yMinusX = Field.create();
        final int[] z = Field.create();
        final int[] t2d = Field.create();

        static Cached of(Point p) {
            Cached c = new Cached();
            c.set(p);
            return c;
        }

        void set(Point p) {
            Field.add(p.y, p.x, yPlusX);
            Field.sub(p.y, p.x, yMinusX);
            Field.carry(yPlusX);
            Field.carry(yMinusX);
            Field.copy(p.z, z);
            Field.mul(p.t, Field.D2, t2d);
        }

        void setIdentity() {
            java.util.Arrays.fill(yPlusX, 0);
            java.util.Arrays.fill(yMinusX, 0);
            java.util.Arrays.fill(z, 0);
            java.util.Arrays.fill(t2d, 0);
            yPlusX[0] = 1;
            yMinusX[0] = 1;
            z[0] = 1;
        }

        /** Replaces this with {@code other} if mask == -1; unchanged if mask == 0. */
        void cmov(int mask, Cached other) {
            Field.cmov(mask, other.yPlusX, yPlusX);
            Field.cmov(mask, other.yMinusX, yMinusX);
            Field.cmov(mask, other.z, z);
            Field.cmov(mask, other.t2d, t2d);
        }

        /** Negates this addend if bit == 1: -(x, y) = (-x, y) swaps Y+X with Y-X and negates T. */
        void cnegate(int bit, int[] scratch) {
            int mask = -bit;
            for (int i = 0; i < Field.SIZE; i++) {
                int diff = (yPlusX[i] ^ yMinusX[i]) & mask;
                yPlusX[i] ^= diff;
                yMinusX[i] ^= diff;
            }
            Field.cnegate(bit, t2d);
        }

        void set(Cached c) {
            Field.copy(c.yPlusX, yPlusX);
            Field.copy(c.yMinusX, yMinusX);
            Field.copy(c.z, z);
            Field.copy(c.t2d, t2d);
        }
    }

    /** Scratch space for one thread's additions, doublings and table lookups. */
    static final class Work {
        final Completed completed = new Completed();
        final int[] a = Field.create();
        final int[] b = Field.create();
        final int[] c = Field.create();
        final int[] d = Field.create();
        final Cached selected = new Cached();
        /** One flat table entry being gathered by {@link #lookup}. */
        final long[] gathered = new long[CACHED_LONGS];
    }

    /**
     * Longs per entry of a flat table of projective Niels points: Y+X, Y-X, Z, 2dT, two limbs per long.
     * Flat tables keep the eight candidates of a constant-time lookup in one contiguous run, which the
     * lookup reads in one pass of mask-and-or over half as many words as there are limbs (measured: a
     * fifth faster than 32 ten-limb conditional moves per lookup, and the lookup is read 64 times per
     * multiplication).
     */
    static final int CACHED_LONGS = 4 * Field.SIZE / 2;
    /** Longs per entry of a flat table of affine Niels points (Z = 1 not stored): y+x, y-x, 2dxy. */
    static final int AFFINE_LONGS = 3 * Field.SIZE / 2;
    private static final int HALF = Field.SIZE / 2;

    /** Writes c as entry k of a flat table of {@code width}-long entries (CACHED_LONGS keeps Z, AFFINE_LONGS drops it). */
    static void store(Cached c, long[] table, int k, int width) {
        int base = k * width;
        pack(c.yPlusX, table, base);
        pack(c.yMinusX, table, base + HALF);
        pack(c.t2d, table, base + width - HALF);
        if (width == CACHED_LONGS) {
            pack(c.z, table, base + 2 * HALF);
        }
    }

    private static void pack(int[] limbs, long[] table, int at) {
        for (int i = 0; i < HALF; i++) {
            table[at + i] = (limbs[2 * i] & 0xffffffffL) | ((long) limbs[2 * i + 1] << 32);
        }
    }

    /**
     * Writes into {@code w.selected} digit times P, for a signed digit in [-8, 8], from the eight entries
     * [P, 2P, ..., 8P] starting at {@code offset} of a flat table of {@code width}-long entries. Every
     * entry is read and combined under a mask, and the sign is applied with masks: nothing branches on or
     * is indexed by the digit, which may be secret. For an affine table the result's Z is left untouched
     * (the affine addition does not read it).
     */
    static Cached lookup(long[] table, int offset, int width, int digit, Work w) {
        int sign = digit >>> 31;
        int abs = (digit ^ -sign) + sign;
        long[] g = w.gathered;
        for (int j = 0; j < width; j++) {
            g[j] = 0;
        }
        for (int k = 0; k < 8; k++) {
            long mask = ((abs ^ (k + 1)) - 1) >> 31; // -1 iff abs == k + 1
            int base = offset + k * width;
            for (int j = 0; j < width; j++) {
                g[j] |= table[base + j] & mask;
            }
        }
        Cached out = w.selected;
        int negate = -sign;
        int tAt = width - HALF;
        for (int i = 0; i < HALF; i++) {
            long p = g[i];
            long m = g[HALF + i];
            long t = g[tAt + i];
            // -(x, y) = (-x, y): Y+X and Y-X trade places and 2dT changes sign.
            int p0 = (int) p;
            int p1 = (int) (p >>> 32);
            int m0 = (int) m;
            int m1 = (int) (m >>> 32);
            int swap0 = (p0 ^ m0) & negate;
            int swap1 = (p1 ^ m1) & negate;
            out.yPlusX[2 * i] = p0 ^ swap0;
            out.yPlusX[2 * i + 1] = p1 ^ swap1;
            out.yMinusX[2 * i] = m0 ^ swap0;
            out.yMinusX[2 * i + 1] = m1 ^ swap1;
            out.t2d[2 * i] = ((int) t ^ negate) - negate;
            out.t2d[2 * i + 1] = ((int) (t >>> 32) ^ negate) - negate;
        }
        int identity = (abs - 1) >>> 31; // 1 iff abs == 0: the identity (1, 1, 1, 0)
        out.yPlusX[0] |= identity;
        out.yMinusX[0] |= identity;
        if (width == CACHED_LONGS) {
            for (int i = 0; i < HALF; i++) {
                long z = g[2 * HALF + i];
                out.z[2 * i] = (int) z;
                out.z[2 * i + 1] = (int) (z >>> 32);
            }
            out.z[0] |= identity;
        }
        return out;
    }

    /** out = p + q (projective Niels addend). */
    static void add(Point p, Cached q, Completed out, Work w) {
        Field.add(p.y, p.x, w.a);
        Field.sub(p.y, p.x, w.b);
        Field.mul(w.a, q.yPlusX, w.a);      // PP
        Field.mul(w.b, q.yMinusX, w.b);     // MM
        Field.mul(p.t, q.t2d, w.c);         // TT2d
        Field.mul(p.z, q.z, w.d);
        Field.add(w.d, w.d, w.d);           // ZZ2
        finishAdd(out, w, false);
    }

    /** out = p - q (projective Niels addend). */
    static void sub(Point p, Cached q, Completed out, Work w) {
        Field.add(p.y, p.x, w.a);
        Field.sub(p.y, p.x, w.b);
        Field.mul(w.a, q.yMinusX, w.a);
        Field.mul(w.b, q.yPlusX, w.b);
        Field.mul(p.t, q.t2d, w.c);
        Field.mul(p.z, q.z, w.d);
        Field.add(w.d, w.d, w.d);
        finishAdd(out, w, true);
    }

    /** out = p + q with q affine Niels (q.z unused, implicitly 1). */
    static void addAffine(Point p, Cached q, Completed out, Work w) {
        Field.add(p.y, p.x, w.a);
        Field.sub(p.y, p.x, w.b);
        Field.mul(w.a, q.yPlusX, w.a);
        Field.mul(w.b, q.yMinusX, w.b);
        Field.mul(p.t, q.t2d, w.c);
        Field.add(p.z, p.z, w.d);
        finishAdd(out, w, false);
    }

    /** out = p - q with q affine Niels (q.z unused, implicitly 1). */
    static void subAffine(Point p, Cached q, Completed out, Work w) {
        Field.add(p.y, p.x, w.a);
        Field.sub(p.y, p.x, w.b);
        Field.mul(w.a, q.yMinusX, w.a);
        Field.mul(w.b, q.yPlusX, w.b);
        Field.mul(p.t, q.t2d, w.c);
        Field.add(p.z, p.z, w.d);
        finishAdd(out, w, true);
    }

    /**
     * The affine Niels forms (y+x, y-x, 2dxy) of many points, with one field inversion for all their Z
     * (Montgomery's trick). Every extended point has Z != 0, so the batch inversion never meets a zero.
     */
    static Cached[] affineNiels(Point[] points) {
        int n = points.length;
        Cached[] out = new Cached[n];
        if (n == 0) {
            return out;
        }
        int[][] prefix = new int[n][];
        int[] acc = Field.one();
        for (int i = 0; i < n; i++) {
            prefix[i] = acc.clone();
            Field.mul(acc, points[i].z, acc);
        }
        int[] inv = Field.create();
        Field.invert(acc, inv);
        int[] zInv = Field.create();
        int[] x = Field.create();
        int[] y = Field.create();
        for (int i = n - 1; i >= 0; i--) {
            Field.mul(inv, prefix[i], zInv);
            Field.mul(inv, points[i].z, inv);
            Field.mul(points[i].x, zInv, x);
            Field.mul(points[i].y, zInv, y);
            Cached c = new Cached();
            Field.add(y, x, c.yPlusX);
            Field.sub(y, x, c.yMinusX);
            Field.carry(c.yPlusX);
            Field.carry(c.yMinusX);
            c.z[0] = 1;
            Field.mul(x, y, c.t2d);
            Field.mul(c.t2d, Field.D2, c.t2d);
            out[i] = c;
        }
        return out;
    }

    private static void finishAdd(Completed out, Work w, boolean subtract) {
        Field.sub(w.a, w.b, out.x);
        Field.add(w.a, w.b, out.y);
        if (subtract) {
            Field.sub(w.d, w.c, out.z);
            Field.add(w.d, w.c, out.t);
        } else {
            Field.add(w.d, w.c, out.z);
            Field.sub(w.d, w.c, out.t);
        }
        // Both three-term sums are carried: X25519Field.mul is exact for any two-term sums or differences
        // of its outputs, but not at every extreme of a three-term one (see Field).
        Field.carry(out.z);
        Field.carry(out.t);
    }

    /** out = 2p, reading only X, Y, Z of p. */
    static void dbl(Point p, Completed out, Work w) {
        Field.sqr(p.x, w.a);                // XX
        Field.sqr(p.y, w.b);                // YY
        Field.sqr(p.z, w.c);
        Field.add(w.c, w.c, w.c);           // ZZ2
        Field.add(p.x, p.y, w.d);
        Field.sqr(w.d, w.d);                // (X+Y)^2
        Field.add(w.b, w.a, out.y);         // YY + XX
        Field.sub(w.b, w.a, out.z);         // YY - XX
        Field.sub(w.d, out.y, out.x);
        Field.sub(w.c, out.z, out.t);
        Field.carry(out.x);                 // three terms: see finishAdd
        Field.carry(out.t);
    }

    /** p = 2^k p (k >= 1), leaving p extended. */
    static void doubleTimes(Point p, int k, Work w) {
        for (int i = 0; i < k - 1; i++) {
            dbl(p, w.completed, w);
            w.completed.toProjective(p);
        }
        dbl(p, w.completed, w);
        w.completed.toExtended(p);
    }

    static void addInPlace(Point p, Cached q, Work w) {
        add(p, q, w.completed, w);
        w.completed.toExtended(p);
    }

    static void addAffineInPlace(Point p, Cached q, Work w) {
        addAffine(p, q, w.completed, w);
        w.completed.toExtended(p);
    }

    /** [P, 2P, ..., 8P] in projective Niels form. */
    static Cached[] multiplesUpTo8(Point p, Work w) {
        Cached[] table = new Cached[8];
        table[0] = Cached.of(p);
        Point acc = p.copy();
        for (int k = 1; k < 8; k++) {
            addInPlace(acc, table[0], w);
            table[k] = Cached.of(acc);
        }
        return table;
    }

    /** [P, 2P, ..., 8P] as a flat table of projective Niels entries, for {@link #lookup}. */
    static long[] flatMultiplesUpTo8(Point p, Work w) {
        long[] table = new long[8 * CACHED_LONGS];
        Cached[] multiples = multiplesUpTo8(p, w);
        for (int k = 0; k < 8; k++) {
            store(multiples[k], table, k, CACHED_LONGS);
        }
        return table;
    }

    /** Variable-time selection of d times the table's point (public digits only). */
    static void addDigitVartime(Point acc, Cached[] table, int digit, Work w) {
        if (digit > 0) {
            add(acc, table[digit - 1], w.completed, w);
            w.completed.toExtended(acc);
        } else if (digit < 0) {
            sub(acc, table[-digit - 1], w.completed, w);
            w.completed.toExtended(acc);
        }
    }

    /** -1 if p and q are the same point of the curve (projective comparison of x and y), else 0. */
    static int ctEqualsEdwards(Point p, Point q) {
        int[] l = Field.create();
        int[] r = Field.create();
        Field.mul(p.x, q.z, l);
        Field.mul(q.x, p.z, r);
        int ex = Field.ctEquals(l, r);
        Field.mul(p.y, q.z, l);
        Field.mul(q.y, p.z, r);
        return ex & Field.ctEquals(l, r);
    }

    /**
     * Signed radix-16 digits a_0..a_63 in [-8, 8) (a_63 in [-8, 8]) with s = sum a_i 16^i, for 32
     * little-endian bytes with the top bit clear. Branch-free in the scalar.
     */
    static byte[] radix16(byte[] le) {
        byte[] e = new byte[64];
        for (int i = 0; i < 32; i++) {
            e[2 * i] = (byte) (le[i] & 15);
            e[2 * i + 1] = (byte) ((le[i] >>> 4) & 15);
        }
        int carry = 0;
        for (int i = 0; i < 63; i++) {
            int v = e[i] + carry;
            carry = (v + 8) >> 4;
            e[i] = (byte) (v - (carry << 4));
        }
        e[63] = (byte) (e[63] + carry);
        return e;
    }

    /**
     * r = s * p in constant time: signed radix-16 digits, one flat-table lookup per digit that reads every
     * entry. An addition is always followed by doublings, which do not read T, so the sum is only brought
     * to projective form; T is computed once per window, by the last doubling before an addition.
     */
    static void multiply(Point p, byte[] scalarLe, Point r) {
        Work w = new Work();
        long[] table = flatMultiplesUpTo8(p, w);
        byte[] digits = radix16(scalarLe);
        Completed c = w.completed;
        r.setIdentity();
        add(r, lookup(table, 0, CACHED_LONGS, digits[63], w), c, w);
        c.toProjective(r);
        for (int i = 62; i >= 0; i--) {
            for (int k = 0; k < 3; k++) {
                dbl(r, c, w);
                c.toProjective(r);
            }
            dbl(r, c, w);
            c.toExtended(r);
            add(r, lookup(table, 0, CACHED_LONGS, digits[i], w), c, w);
            if (i > 0) {
                c.toProjective(r);
            } else {
                c.toExtended(r);
            }
        }
    }
}
