package fairtable.crypto.ristretto;

import java.util.Arrays;

/**
 * An element of the ristretto255 group (RFC 9496), held as one extended Edwards representative of its
 * coset. Immutable. Every operation here is constant time; variable-time code lives in
 * {@link MultiScalar} under names that say so.
 */
public final class RistrettoPoint {
    /** The identity element. */
    public static final RistrettoPoint IDENTITY = new RistrettoPoint(Edwards.Point.identity());

    /** The generator (the Edwards base point B of RFC 8032, encoded e2f2ae0a...76 by RFC 9496). */
    public static final RistrettoPoint GENERATOR = new RistrettoPoint(basePoint());

    final Edwards.Point repr;

    RistrettoPoint(Edwards.Point repr) {
        this.repr = repr;
    }

    private static Edwards.Point basePoint() {
        // y = 4/5, x the non-negative root (RFC 8032 5.1).
        Edwards.Point b = new Edwards.Point();
        Field.copy(Field.constant("15112221349535400772501151409588531511454012693041857206046113283949847762202"), b.x);
        Field.copy(Field.constant("46316835694926478169428394003475163141307993866256225615783033603165251855960"), b.y);
        b.z[0] = 1;
        Field.mul(b.x, b.y, b.t);
        return b;
    }

    public RistrettoPoint add(RistrettoPoint q) {
        Edwards.Work w = new Edwards.Work();
        Edwards.Point r = new Edwards.Point();
        Edwards.add(repr, Edwards.Cached.of(q.repr), w.completed, w);
        w.completed.toExtended(r);
        return new RistrettoPoint(r);
    }

    public RistrettoPoint subtract(RistrettoPoint q) {
        Edwards.Work w = new Edwards.Work();
        Edwards.Point r = new Edwards.Point();
        Edwards.sub(repr, Edwards.Cached.of(q.repr), w.completed, w);
        w.completed.toExtended(r);
        return new RistrettoPoint(r);
    }

    public RistrettoPoint negate() {
        Edwards.Point r = repr.copy();
        r.negate();
        return new RistrettoPoint(r);
    }

    public RistrettoPoint dbl() {
        Edwards.Work w = new Edwards.Work();
        Edwards.Point r = new Edwards.Point();
        Edwards.dbl(repr, w.completed, w);
        w.completed.toExtended(r);
        return new RistrettoPoint(r);
    }

    /** s * this, constant time in s (signed radix-16 windows, constant-time table lookup). */
    public RistrettoPoint multiply(Scalar s) {
        Edwards.Point r = new Edwards.Point();
        Edwards.multiply(repr, s.toByteArray(), r);
        return new RistrettoPoint(r);
    }

    /** {@code other} if bit == 1, this if bit == 0, without a branch or index on bit. */
    public RistrettoPoint ctSelect(RistrettoPoint other, int bit) {
        int mask = -(bit & 1);
        Edwards.Point r = repr.copy();
        Field.cmov(mask, other.repr.x, r.x);
        Field.cmov(mask, other.repr.y, r.y);
        Field.cmov(mask, other.repr.z, r.z);
        Field.cmov(mask, other.repr.t, r.t);
        return new RistrettoPoint(r);
    }

    public boolean isIdentity() {
        return equals(IDENTITY);
    }

    /** RFC 9496 4.3.2 ENCODE: the unique canonical 32-byte string of this element. Constant time. */
    public byte[] encode() {
        int[] x0 = repr.x;
        int[] y0 = repr.y;
        int[] z0 = repr.z;
        int[] t0 = repr.t;
        int[] u1 = Field.create();
        int[] tmp = Field.create();
        Field.add(z0, y0, u1);
        Field.sub(z0, y0, tmp);
        Field.mul(u1, tmp, u1);                      // u1 = (z0 + y0) * (z0 - y0)
        int[] u2 = Field.create();
        Field.mul(x0, y0, u2);                       // u2 = x0 * y0
        int[] invsqrt = Field.create();
        Field.sqr(u2, tmp);
        Field.mul(u1, tmp, tmp);
        Field.sqrtRatioM1(Field.one(), tmp, invsqrt);
        int[] den1 = Field.create();
        int[] den2 = Field.create();
        int[] zInv = Field.create();
        Field.mul(invsqrt, u1, den1);
        Field.mul(invsqrt, u2, den2);
        Field.mul(den1, den2, zInv);
        Field.mul(zInv, t0, zInv);
        int[] ix0 = Field.create();
        int[] iy0 = Field.create();
        int[] enchanted = Field.create();
        Field.mul(x0, Field.SQRT_M1, ix0);
        Field.mul(y0, Field.SQRT_M1, iy0);
        Field.mul(den1, Field.INVSQRT_A_MINUS_D, enchanted);
        Field.mul(t0, zInv, tmp);
        int rotate = -Field.isNegative(tmp);
        int[] x = x0.clone();
        int[] y = y0.clone();
        Field.cmov(rotate, iy0, x);
        Field.cmov(rotate, ix0, y);
        int[] denInv = den2.clone();
        Field.cmov(rotate, enchanted, denInv);
        Field.mul(x, zInv, tmp);
        Field.cnegate(Field.isNegative(tmp), y);
        int[] s = Field.create();
        Field.sub(z0, y, s);
        Field.mul(denInv, s, s);
        Field.ctAbs(s, s);
        return Field.encode(s);
    }

    /**
     * RFC 9496 4.3.1 DECODE, constant time: rejects (with an exception carrying no detail beyond the
     * reason class) a non-canonical field element, a negative s, a non-square, a negative t or y = 0.
     */
    public static RistrettoPoint decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != 32) {
            throw new MalformedEncodingException("a ristretto255 element is 32 bytes, got " + bytes.length);
        }
        int[] s = Field.decode(bytes);
        // Canonical: re-encoding s (which also reads bit 255 as zero) gives back the input bytes.
        byte[] canonical = Field.encode(s);
        int diff = 0;
        for (int i = 0; i < 32; i++) {
            diff |= canonical[i] ^ bytes[i];
        }
        int nonCanonical = ((diff & 0xff) + 0xff) >>> 8; // 1 iff diff != 0
        int negative = Field.isNegative(s);
        int[] ss = Field.create();
        Field.sqr(s, ss);
        int[] u1 = Field.one();
        Field.sub(u1, ss, u1);                       // 1 - s^2
        int[] u2 = Field.one();
        Field.add(u2, ss, u2);                       // 1 + s^2
        int[] u2sqr = Field.create();
        Field.sqr(u2, u2sqr);
        int[] v = Field.create();
        Field.sqr(u1, v);
        Field.mul(v, Field.D, v);
        Field.negate(v, v);
        Field.sub(v, u2sqr, v);                      // -(D * u1^2) - u2^2
        Field.carry(v);
        int[] tmp = Field.create();
        Field.mul(v, u2sqr, tmp);
        int[] invsqrt = Field.create();
        int wasSquare = Field.sqrtRatioM1(Field.one(), tmp, invsqrt);
        int[] denX = Field.create();
        int[] denY = Field.create();
        Field.mul(invsqrt, u2, denX);
        Field.mul(invsqrt, denX, denY);
        Field.mul(denY, v, denY);
        Edwards.Point p = new Edwards.Point();
        Field.add(s, s, tmp);
        Field.mul(tmp, denX, tmp);
        Field.ctAbs(tmp, p.x);                       // |2 s den_x|
        Field.mul(u1, denY, p.y);
        p.z[0] = 1;
        Field.mul(p.x, p.y, p.t);
        int bad = nonCanonical | negative | (~wasSquare & 1) | Field.isNegative(p.t) | (Field.isZero(p.y) & 1);
        if (bad != 0) {
            throw new MalformedEncodingException("not a canonical ristretto255 encoding");
        }
        return new RistrettoPoint(p);
    }

    /**
     * RFC 9496 4.3.4 FROM_UNIFORM_BYTES: the element for 64 uniformly random bytes, MAP of each half,
     * added. Constant time.
     */
    public static RistrettoPoint fromUniformBytes(byte[] bytes) {
        if (bytes.length != 64) {
            throw new IllegalArgumentException("FROM_UNIFORM_BYTES takes 64 bytes, got " + bytes.length);
        }
        Edwards.Point p1 = map(Arrays.copyOfRange(bytes, 0, 32));
        Edwards.Point p2 = map(Arrays.copyOfRange(bytes, 32, 64));
        Edwards.Work w = new Edwards.Work();
        Edwards.addInPlace(p1, Edwards.Cached.of(p2), w);
        return new RistrettoPoint(p1);
    }

    /** RFC 9496 4.3.4 MAP (Elligator 2 onto the Jacobi quartic, then to the curve). */
    private static Edwards.Point map(byte[] half) {
        byte[] masked = half.clone();
        masked[31] &= 0x7f;
        int[] t = Field.decode(masked);
        int[] r = Field.create();
        Field.sqr(t, r);
        Field.mul(r, Field.SQRT_M1, r);                         // r = SQRT_M1 * t^2
        int[] u = Field.one();
        Field.add(r, u, u);
        Field.mul(u, Field.ONE_MINUS_D_SQ, u);                  // u = (r + 1) * ONE_MINUS_D_SQ
        int[] rd = Field.create();
        Field.mul(r, Field.D, rd);
        int[] v = Field.create();
        int[] minusOne = Field.one();
        Field.negate(minusOne, minusOne);
        Field.sub(minusOne, rd, v);                             // -1 - r*D
        int[] rPlusD = Field.create();
        Field.add(r, Field.D, rPlusD);
        Field.mul(v, rPlusD, v);                                // v = (-1 - r*D) * (r + D)
        int[] s = Field.create();
        int wasSquare = Field.sqrtRatioM1(u, v, s);
        int[] sPrime = Field.create();
        Field.mul(s, t, sPrime);
        Field.ctAbs(sPrime, sPrime);
        Field.negate(sPrime, sPrime);                           // -CT_ABS(s*t)
        Field.cmov(~wasSquare, sPrime, s);
        int[] c = r.clone();
        Field.cmov(wasSquare, minusOne, c);
        int[] n = Field.create();
        int[] rMinusOne = Field.one();
        Field.sub(r, rMinusOne, rMinusOne);
        Field.mul(c, rMinusOne, n);
        Field.mul(n, Field.D_MINUS_ONE_SQ, n);
        Field.sub(n, v, n);                                     // N = c * (r - 1) * D_MINUS_ONE_SQ - v
        int[] w0 = Field.create();
        Field.add(s, s, w0);
        Field.mul(w0, v, w0);                                   // 2 s v
        int[] w1 = Field.create();
        Field.mul(n, Field.SQRT_AD_MINUS_ONE, w1);
        int[] sSq = Field.create();
        Field.sqr(s, sSq);
        int[] w2 = Field.one();
        Field.sub(w2, sSq, w2);                                 // 1 - s^2
        int[] w3 = Field.one();
        Field.add(w3, sSq, w3);                                 // 1 + s^2
        Edwards.Point p = new Edwards.Point();
        Field.mul(w0, w3, p.x);
        Field.mul(w2, w1, p.y);
        Field.mul(w1, w3, p.z);
        Field.mul(w0, w2, p.t);
        return p;
    }

    /** RFC 9496 4.3.3 equality, constant time: x1 y2 == y1 x2 or y1 y2 == x1 x2. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RistrettoPoint other)) {
            return false;
        }
        return ctEquals(other) != 0;
    }

    /** -1 if equal as group elements, else 0. */
    int ctEquals(RistrettoPoint other) {
        Edwards.Point p = repr;
        Edwards.Point q = other.repr;
        int[] l = Field.create();
        int[] r = Field.create();
        Field.mul(p.x, q.y, l);
        Field.mul(p.y, q.x, r);
        int first = Field.ctEquals(l, r);
        Field.mul(p.y, q.y, l);
        Field.mul(p.x, q.x, r);
        return first | Field.ctEquals(l, r);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encode());
    }

    @Override
    public String toString() {
        return "RistrettoPoint(" + java.util.HexFormat.of().formatHex(encode()) + ")";
    }
}
