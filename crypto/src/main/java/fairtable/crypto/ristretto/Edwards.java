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

    /** Scratch space for one thread's additions and doublings. */
    static final class Work {
        final Completed completed = new Completed();
        final int[] a = Field.create();
        final int[] b = Field.create();
        final int[] c = Field.create();
        final int[] d = Field.create();
        final Cached selected = new Cached();
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
        Field.carry(out.x);
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

    /**
     * Writes into {@code w.selected} d times the table's point, for a signed digit d in [-8, 8], reading
     * every entry and branching on nothing: the digit may be secret.
     */
    static Cached select(Cached[] table, int digit, Work w) {
        int sign = digit >>> 31;
        int abs = (digit ^ -sign) + sign;
        Cached out = w.selected;
        out.setIdentity();
        for (int k = 0; k < 8; k++) {
            int eq = ((abs ^ (k + 1)) - 1) >> 31; // -1 iff abs == k + 1
            out.cmov(eq, table[k]);
        }
        out.cnegate(sign, w.a);
        return out;
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

    /** r = s * p in constant time: signed radix-16 windows, every table entry read for every digit. */
    static void multiply(Point p, byte[] scalarLe, Point r) {
        Work w = new Work();
        Cached[] table = multiplesUpTo8(p, w);
        byte[] digits = radix16(scalarLe);
        r.setIdentity();
        addInPlace(r, select(table, digits[63], w), w);
        for (int i = 62; i >= 0; i--) {
            doubleTimes(r, 4, w);
            addInPlace(r, select(table, digits[i], w), w);
        }
    }
}
