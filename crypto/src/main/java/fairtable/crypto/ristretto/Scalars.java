package fairtable.crypto.ristretto;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/** Scalar utilities modulo the ristretto255 group order l. Scalar bytes are little-endian. */
public final class Scalars {
    /** l = 2^252 + 27742317777372353535851937790883648493. */
    public static final BigInteger ORDER =
            BigInteger.ONE.shiftLeft(252).add(new BigInteger("27742317777372353535851937790883648493"));

    private Scalars() {}

    /** A uniformly random scalar: 512 random bits reduced mod l (bias below 2^-259). */
    public static Scalar random(RandomGenerator rng) {
        byte[] wide = new byte[64];
        rng.nextBytes(wide);
        return Scalar.fromBytesModOrderWide(wide);
    }

    /** A uniformly random non-zero scalar, for secret keys. */
    public static Scalar randomNonZero(RandomGenerator rng) {
        while (true) {
            Scalar s = random(rng);
            if (!s.equals(Scalar.ZERO)) {
                return s;
            }
        }
    }

    /**
     * A uniformly random non-zero 128-bit weight for batch verification: a wrong equation survives a
     * random linear combination with probability at most 2^-128.
     */
    public static Scalar randomWeight(RandomGenerator rng) {
        byte[] bytes = new byte[32];
        byte[] low = new byte[16];
        while (true) {
            rng.nextBytes(low);
            System.arraycopy(low, 0, bytes, 0, 16);
            Scalar w = Scalar.fromCanonicalBytes(bytes);
            if (!w.equals(Scalar.ZERO)) {
                return w;
            }
        }
    }

    public static Scalar negate(Scalar s) {
        return s.negate();
    }

    /** The scalar n mod l for n >= 0. */
    public static Scalar of(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative scalar literal: " + n);
        }
        return fromBigInteger(BigInteger.valueOf(n));
    }

    /** x mod l. */
    public static Scalar fromBigInteger(BigInteger x) {
        byte[] be = x.mod(ORDER).toByteArray();
        byte[] le = new byte[32];
        for (int i = 0; i < be.length && i < 32; i++) {
            le[i] = be[be.length - 1 - i];
        }
        return Scalar.fromCanonicalBytes(le);
    }

    public static BigInteger toBigInteger(Scalar s) {
        byte[] le = s.toByteArray();
        byte[] be = new byte[33];
        for (int i = 0; i < 32; i++) {
            be[32 - i] = le[i];
        }
        return new BigInteger(be);
    }

    /** 1/s mod l. Variable time (BigInteger): use only on public scalars. */
    public static Scalar invertVartime(Scalar s) {
        if (s.equals(Scalar.ZERO)) {
            throw new ArithmeticException("zero has no inverse");
        }
        return fromBigInteger(toBigInteger(s).modInverse(ORDER));
    }

    /** Decodes a canonical 32-byte scalar (< l). */
    public static Scalar decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != 32) {
            throw new MalformedEncodingException("a scalar is 32 bytes, got " + bytes.length);
        }
        try {
            return Scalar.fromCanonicalBytes(bytes);
        } catch (IllegalArgumentException e) {
            throw new MalformedEncodingException("non-canonical scalar (not reduced mod l)");
        }
    }
}
