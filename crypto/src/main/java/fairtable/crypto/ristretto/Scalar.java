package fairtable.crypto.ristretto;

import java.math.BigInteger;

/**
 * An integer modulo the ristretto255 group order l = 2^252 + 27742317777372353535851937790883648493,
 * always held reduced (eight little-endian 32-bit words). Immutable; every operation is constant time
 * (Montgomery multiplication with R = 2^256 and mask-selected final subtractions), so scalars may be
 * secret keys or proof nonces.
 */
public final class Scalar {
    private static final long M32 = 0xffffffffL;
    private static final BigInteger ORDER =
            BigInteger.ONE.shiftLeft(252).add(new BigInteger("27742317777372353535851937790883648493"));
    private static final int[] L = words(ORDER);
    /** -l^-1 mod 2^32, for Montgomery reduction. */
    private static final long L_NEG_INV = BigInteger.ONE.shiftLeft(32)
            .subtract(ORDER.modInverse(BigInteger.ONE.shiftLeft(32))).longValue();
    /** R mod l and R^2 mod l for R = 2^256. */
    private static final int[] R1 = words(BigInteger.ONE.shiftLeft(256).mod(ORDER));
    private static final int[] R2 = words(BigInteger.ONE.shiftLeft(512).mod(ORDER));

    public static final Scalar ZERO = new Scalar(new int[8]);
    public static final Scalar ONE = new Scalar(new int[] {1, 0, 0, 0, 0, 0, 0, 0});

    private final int[] w;

    private Scalar(int[] w) {
        this.w = w;
    }

    private static int[] words(BigInteger x) {
        int[] out = new int[8];
        for (int i = 0; i < 8; i++) {
            out[i] = x.shiftRight(32 * i).intValue();
        }
        return out;
    }

    private static int[] wordsOf(byte[] le, int offset) {
        int[] out = new int[8];
        for (int i = 0; i < 32; i++) {
            out[i >>> 2] |= (le[offset + i] & 0xff) << ((i & 3) * 8);
        }
        return out;
    }

    /** The canonical encoding: 32 bytes, little-endian, below l. Throws IllegalArgumentException otherwise. */
    public static Scalar fromCanonicalBytes(byte[] bytes) {
        if (bytes.length != 32) {
            throw new IllegalArgumentException("a scalar is 32 bytes, got " + bytes.length);
        }
        int[] x = wordsOf(bytes, 0);
        if (borrowOfSubtract(x, L) == 0) {
            throw new IllegalArgumentException("non-canonical scalar (not below l)");
        }
        return new Scalar(x);
    }

    /** 32 little-endian bytes (any 256-bit value) reduced mod l. */
    public static Scalar fromBytesModOrder(byte[] bytes) {
        if (bytes.length != 32) {
            throw new IllegalArgumentException("expected 32 bytes, got " + bytes.length);
        }
        return new Scalar(montMul(wordsOf(bytes, 0), R1));
    }

    /** 64 little-endian bytes reduced mod l (uniform when the bytes are). */
    public static Scalar fromBytesModOrderWide(byte[] bytes) {
        if (bytes.length != 64) {
            throw new IllegalArgumentException("expected 64 bytes, got " + bytes.length);
        }
        int[] lo = montMul(wordsOf(bytes, 0), R1);      // lo mod l
        int[] hi = montMul(wordsOf(bytes, 32), R2);     // hi * 2^256 mod l
        return new Scalar(addMod(lo, hi));
    }

    public byte[] toByteArray() {
        byte[] out = new byte[32];
        for (int i = 0; i < 32; i++) {
            out[i] = (byte) (w[i >>> 2] >>> ((i & 3) * 8));
        }
        return out;
    }

    public Scalar add(Scalar other) {
        return new Scalar(addMod(w, other.w));
    }

    public Scalar subtract(Scalar other) {
        int[] d = new int[8];
        long borrow = 0;
        for (int i = 0; i < 8; i++) {
            long v = (w[i] & M32) - (other.w[i] & M32) - borrow;
            d[i] = (int) v;
            borrow = (v >>> 63);
        }
        // Add l back when the difference went negative.
        int mask = (int) -borrow;
        long carry = 0;
        for (int i = 0; i < 8; i++) {
            long v = (d[i] & M32) + (L[i] & mask & M32) + carry;
            d[i] = (int) v;
            carry = v >>> 32;
        }
        return new Scalar(d);
    }

    public Scalar negate() {
        return ZERO.subtract(this);
    }

    public Scalar multiply(Scalar other) {
        return new Scalar(montMul(montMul(w, other.w), R2));
    }

    /** this * b + c. */
    public Scalar multiplyAndAdd(Scalar b, Scalar c) {
        return multiply(b).add(c);
    }

    /** -1 if equal, else 0. */
    int ctEquals(Scalar other) {
        int diff = 0;
        for (int i = 0; i < 8; i++) {
            diff |= w[i] ^ other.w[i];
        }
        return (int) (((diff & M32) - 1) >> 63);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scalar other && ctEquals(other) != 0;
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(w);
    }

    @Override
    public String toString() {
        return "Scalar(" + java.util.HexFormat.of().formatHex(toByteArray()) + ")";
    }

    /** (a + b) mod l for a, b < l. */
    private static int[] addMod(int[] a, int[] b) {
        int[] s = new int[8];
        long carry = 0;
        for (int i = 0; i < 8; i++) {
            long v = (a[i] & M32) + (b[i] & M32) + carry;
            s[i] = (int) v;
            carry = v >>> 32;
        }
        return subtractLIfAtLeast(s); // a + b < 2l < 2^254: no carry out of the eight words
    }

    /** x - l if x >= l, else x; the caller guarantees x < 2l. */
    private static int[] subtractLIfAtLeast(int[] x) {
        int[] d = new int[8];
        long borrow = 0;
        for (int i = 0; i < 8; i++) {
            long v = (x[i] & M32) - (L[i] & M32) - borrow;
            d[i] = (int) v;
            borrow = v >>> 63;
        }
        int keep = (int) -borrow; // x < l: the subtraction borrowed
        int[] out = new int[8];
        for (int i = 0; i < 8; i++) {
            out[i] = (x[i] & keep) | (d[i] & ~keep);
        }
        return out;
    }

    /** 1 if x < y (as 256-bit integers), else 0; constant time. */
    private static long borrowOfSubtract(int[] x, int[] y) {
        long borrow = 0;
        for (int i = 0; i < 8; i++) {
            long v = (x[i] & M32) - (y[i] & M32) - borrow;
            borrow = v >>> 63;
        }
        return borrow;
    }

    /**
     * Montgomery product a * b / 2^256 mod l (CIOS), for a < 2^256 and b < l, so the intermediate stays
     * below 2l and one masked subtraction reduces it.
     */
    static int[] montMul(int[] a, int[] b) {
        long[] t = new long[10];
        for (int i = 0; i < 8; i++) {
            long bi = b[i] & M32;
            long c = 0;
            for (int j = 0; j < 8; j++) {
                long uv = t[j] + (a[j] & M32) * bi + c;
                // uv < 2^64 as an unsigned value; >>> reads its high word correctly.
                t[j] = uv & M32;
                c = uv >>> 32;
            }
            long uv = t[8] + c;
            t[8] = uv & M32;
            t[9] = uv >>> 32;
            long m = (t[0] * L_NEG_INV) & M32;
            uv = t[0] + m * (L[0] & M32);
            c = uv >>> 32;
            for (int j = 1; j < 8; j++) {
                uv = t[j] + m * (L[j] & M32) + c;
                t[j - 1] = uv & M32;
                c = uv >>> 32;
            }
            uv = t[8] + c;
            t[7] = uv & M32;
            t[8] = t[9] + (uv >>> 32);
        }
        int[] r = new int[8];
        for (int i = 0; i < 8; i++) {
            r[i] = (int) t[i];
        }
        return subtractLIfAtLeast(r); // t < 2l < 2^254, so t[8] is zero
    }
}
