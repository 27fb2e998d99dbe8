package fairtable.crypto.ristretto;

import java.math.BigInteger;
import org.bouncycastle.math.ec.rfc7748.X25519Field;

/**
 * Arithmetic modulo p = 2^255 - 19 on BouncyCastle's public {@link X25519Field} (ten signed 25/26-bit
 * limbs in an int[10], allocation-free, constant time), plus what RFC 9496 needs on top: the
 * constants, a constant-time x^((p-5)/8), SQRT_RATIO_M1, IS_NEGATIVE, CT_ABS and canonical encoding.
 *
 * <p>Limb bound rule followed by every caller: a multiplication's input is a carried value or at most
 * the sum or difference of two multiplication outputs; a sum of three or more is {@link #carry carried}
 * first. X25519Field.mul works in 64-bit accumulators: measured against BigInteger at extreme limbs, two
 * terms times two terms is exact in every sign pattern, while a three-term sum can overflow (a squared
 * three-term sum does); EngineCrossCheckTest pins the shapes the point formulas use.
 */
final class Field {
    static final int SIZE = X25519Field.SIZE;
    static final BigInteger P = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));

    /** Edwards d = -121665/121666. */
    static final int[] D = constant("37095705934669439343138083508754565189542113879843219016388785533085940283555");
    static final int[] D2 = constant("16295367250680780974490674513165176452449235426866156013048779062215315747161");
    static final int[] SQRT_M1 = constant("19681161376707505956807079304988542015446066515923890162744021073123829784752");
    static final int[] SQRT_AD_MINUS_ONE = constant("25063068953384623474111414158702152701244531502492656460079210482610430750235");
    static final int[] INVSQRT_A_MINUS_D = constant("54469307008909316920995813868745141605393597292927456921205312896311721017578");
    static final int[] ONE_MINUS_D_SQ = constant("1159843021668779879193775521855586647937357759715417654439879720876111806838");
    static final int[] D_MINUS_ONE_SQ = constant("40440834346308536858101042469323190826248399146238708352240133220865137265952");

    private Field() {}

    static int[] create() {
        return new int[SIZE];
    }

    static int[] one() {
        int[] z = create();
        z[0] = 1;
        return z;
    }

    /** The field element of a decimal literal (public constants only). */
    static int[] constant(String decimal) {
        return fromBigInteger(new BigInteger(decimal));
    }

    static int[] fromBigInteger(BigInteger x) {
        byte[] be = x.mod(P).toByteArray();
        byte[] le = new byte[32];
        for (int i = 0; i < be.length && i < 32; i++) {
            le[i] = be[be.length - 1 - i];
        }
        int[] z = create();
        X25519Field.decode(le, 0, z);
        return z;
    }

    static BigInteger toBigInteger(int[] x) {
        byte[] le = encode(x);
        byte[] be = new byte[33];
        for (int i = 0; i < 32; i++) {
            be[32 - i] = le[i];
        }
        return new BigInteger(be);
    }

    static void add(int[] x, int[] y, int[] z) {
        X25519Field.add(x, y, z);
    }

    static void sub(int[] x, int[] y, int[] z) {
        X25519Field.sub(x, y, z);
    }

    static void mul(int[] x, int[] y, int[] z) {
        X25519Field.mul(x, y, z);
    }

    static void sqr(int[] x, int[] z) {
        X25519Field.sqr(x, z);
    }

    static void carry(int[] z) {
        X25519Field.carry(z);
    }

    static void negate(int[] x, int[] z) {
        X25519Field.negate(x, z);
    }

    static void copy(int[] x, int[] z) {
        System.arraycopy(x, 0, z, 0, SIZE);
    }

    /** z = x if mask == -1, unchanged if mask == 0. */
    static void cmov(int mask, int[] x, int[] z) {
        X25519Field.cmov(mask, x, 0, z, 0);
    }

    /** Negates z in place if bit == 1 (bit is 0 or 1). */
    static void cnegate(int bit, int[] z) {
        X25519Field.cnegate(bit, z);
    }

    /** The canonical 32-byte little-endian encoding (fully reduced below p). */
    static byte[] encode(int[] x) {
        int[] t = x.clone();
        X25519Field.carry(t);
        X25519Field.normalize(t);
        byte[] out = new byte[32];
        X25519Field.encode(t, out, 0);
        return out;
    }

    /** Reads the low 255 bits of 32 little-endian bytes (the top bit is ignored; the value may be >= p). */
    static int[] decode(byte[] bytes) {
        int[] z = create();
        X25519Field.decode(bytes, 0, z);
        return z;
    }

    /** 1 if x is negative in RFC 9496's sense (its canonical encoding is odd), else 0. */
    static int isNegative(int[] x) {
        return encode(x)[0] & 1;
    }

    /** -1 if x == 0 mod p, else 0. */
    static int isZero(int[] x) {
        byte[] e = encode(x);
        int acc = 0;
        for (byte b : e) {
            acc |= b;
        }
        return ((acc & 0xff) - 1) >> 31;
    }

    /** -1 if x == y mod p, else 0. */
    static int ctEquals(int[] x, int[] y) {
        int[] d = create();
        sub(x, y, d);
        return isZero(d);
    }

    /** |x| in RFC 9496's sense: the non-negative one of x and -x. */
    static void ctAbs(int[] x, int[] z) {
        int neg = isNegative(x);
        copy(x, z);
        cnegate(neg, z);
    }

    static void invert(int[] x, int[] z) {
        X25519Field.inv(x, z);
    }

    /** z = x^((p-5)/8) = x^(2^252 - 3), constant time (fixed addition chain). */
    static void pow22523(int[] x, int[] z) {
        int[] t0 = create();
        int[] t1 = create();
        int[] t2 = create();
        sqr(x, t0);               // 2
        sqrN(t0, 2, t1);          // 8
        mul(x, t1, t1);           // 9
        mul(t0, t1, t0);          // 11
        sqr(t0, t0);              // 22
        mul(t1, t0, t0);          // 31 = 2^5 - 1
        sqrN(t0, 5, t1);
        mul(t1, t0, t0);          // 2^10 - 1
        sqrN(t0, 10, t1);
        mul(t1, t0, t1);          // 2^20 - 1
        sqrN(t1, 20, t2);
        mul(t2, t1, t1);          // 2^40 - 1
        sqrN(t1, 10, t1);
        mul(t1, t0, t0);          // 2^50 - 1
        sqrN(t0, 50, t1);
        mul(t1, t0, t1);          // 2^100 - 1
        sqrN(t1, 100, t2);
        mul(t2, t1, t1);          // 2^200 - 1
        sqrN(t1, 50, t1);
        mul(t1, t0, t0);          // 2^250 - 1
        sqrN(t0, 2, t0);          // 2^252 - 4
        mul(t0, x, z);            // 2^252 - 3
    }

    private static void sqrN(int[] x, int n, int[] z) {
        X25519Field.sqr(x, n, z);
    }

    /**
     * RFC 9496 SQRT_RATIO_M1(u, v): writes to r the non-negative square root of u/v (or of SQRT_M1 * u/v
     * when u/v is not a square) and returns -1 if u/v was square (0 when u == 0), else 0. Constant time.
     */
    static int sqrtRatioM1(int[] u, int[] v, int[] r) {
        int[] v3 = create();
        int[] v7 = create();
        int[] t = create();
        sqr(v, v3);
        mul(v3, v, v3);           // v^3
        sqr(v3, v7);
        mul(v7, v, v7);           // v^7
        int[] uv3 = create();
        mul(u, v3, uv3);
        int[] uv7 = create();
        mul(u, v7, uv7);
        pow22523(uv7, t);
        int[] rr = create();
        mul(uv3, t, rr);
        int[] check = create();
        sqr(rr, check);
        mul(check, v, check);
        int[] negU = create();
        negate(u, negU);
        int[] negUi = create();
        mul(negU, SQRT_M1, negUi);
        int correctSign = ctEquals(check, u);
        int flippedSign = ctEquals(check, negU);
        int flippedSignI = ctEquals(check, negUi);
        int[] rPrime = create();
        mul(rr, SQRT_M1, rPrime);
        cmov(flippedSign | flippedSignI, rPrime, rr);
        ctAbs(rr, r);
        return correctSign | flippedSign;
    }
}
