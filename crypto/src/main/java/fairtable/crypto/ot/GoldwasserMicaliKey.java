package fairtable.crypto.ot;

import fairtable.crypto.math.Jacobi;
import java.math.BigInteger;
import java.util.Random;
import java.util.random.RandomGenerator;

/**
 * A Goldwasser–Micali private key: a Blum modulus m = pq (p ≡ q ≡ 3 mod 4, each half the modulus size) and a
 * pseudo-square y (Jacobi symbol +1 modulo m, but a non-residue modulo both p and q). A bit b encrypts as
 * x²·y^b mod m for a random x in [1, m); whoever knows p decrypts by testing quadratic residuosity modulo p.
 * Generation also proves, once, that y is a pseudo-square in the sense the receiver needs ({@link PseudoSquareProof}).
 * Immutable; holds secrets, so it is never encoded.
 */
public final class GoldwasserMicaliKey {
    /** Miller–Rabin certainty for the primes: error probability below 2^-128. */
    private static final int PRIME_CERTAINTY = 128;

    private final BigInteger p;
    private final BigInteger q;
    private final BigInteger modulus;
    private final BigInteger pseudoSquare;
    private final BigInteger[] pseudoSquareProof;

    private GoldwasserMicaliKey(BigInteger p, BigInteger q, BigInteger pseudoSquare, BigInteger[] proof) {
        this.p = p;
        this.q = q;
        this.modulus = p.multiply(q);
        this.pseudoSquare = pseudoSquare;
        this.pseudoSquareProof = proof == null ? PseudoSquareProof.prove(this) : proof.clone();
    }

    /** A key from saved parts, its proof included (the caller has checked that they belong together). */
    static GoldwasserMicaliKey restore(BigInteger p, BigInteger q, BigInteger pseudoSquare, BigInteger[] proof) {
        return new GoldwasserMicaliKey(p, q, pseudoSquare, proof);
    }

    /**
     * Generates a key whose modulus has exactly {@code modulusBits} bits (even, at least 128; 2048 for real use).
     * Up to a few seconds of work at 2048 bits.
     */
    public static GoldwasserMicaliKey generate(int modulusBits, RandomGenerator random) {
        if (modulusBits < 128 || modulusBits % 2 != 0) {
            throw new IllegalArgumentException("modulus size must be even and at least 128 bits, got " + modulusBits);
        }
        Random source = asRandom(random);
        while (true) {
            BigInteger p = blumPrime(modulusBits / 2, source);
            BigInteger q = blumPrime(modulusBits / 2, source);
            if (!p.equals(q) && p.multiply(q).bitLength() == modulusBits) {
                return new GoldwasserMicaliKey(p, q, randomPseudoSquare(p, q, random), null);
            }
        }
    }

    /** The public modulus m. */
    public BigInteger modulus() {
        return modulus;
    }

    /** The public pseudo-square y. */
    public BigInteger pseudoSquare() {
        return pseudoSquare;
    }

    /** The {@link PseudoSquareProof} for (m, y); computed once, since it depends on the key alone. */
    BigInteger[] pseudoSquareProof() {
        return pseudoSquareProof.clone();
    }

    BigInteger p() {
        return p;
    }

    BigInteger q() {
        return q;
    }

    /** Encrypts one bit: x²·y^bit mod m with x uniformly random in [1, m). */
    BigInteger encrypt(int bit, RandomGenerator random) {
        BigInteger x = randomNonZeroBelow(modulus, random);
        BigInteger ciphertext = x.multiply(x).mod(modulus);
        return bit == 0 ? ciphertext : ciphertext.multiply(pseudoSquare).mod(modulus);
    }

    /**
     * The residuosity of {@code value} (a residue decrypts to 0, a pseudo-square to 1), or -1 if the value is not a
     * unit with Jacobi symbol +1, i.e. not a Goldwasser–Micali ciphertext.
     */
    int decrypt(BigInteger value) {
        int modP = Jacobi.symbol(value, p);
        int modQ = Jacobi.symbol(value, q);
        if (modP == 0 || modP != modQ) {
            return -1;
        }
        return modP == 1 ? 0 : 1;
    }

    /**
     * A uniformly random element of [1, modulus). It is a unit except with probability about 2^-(bits/2), which is
     * not worth a gcd per draw (the gcd dominated the cost of a query): a non-unit would only make a ciphertext
     * the receiver rejects or a packet element the sender rejects.
     */
    static BigInteger randomNonZeroBelow(BigInteger modulus, RandomGenerator random) {
        int bits = modulus.bitLength();
        byte[] bytes = new byte[(bits + 7) / 8];
        int excessBits = bytes.length * 8 - bits;
        while (true) {
            random.nextBytes(bytes);
            bytes[0] &= (byte) (0xff >>> excessBits);
            BigInteger candidate = new BigInteger(1, bytes);
            if (candidate.signum() > 0 && candidate.compareTo(modulus) < 0) {
                return candidate;
            }
        }
    }

    private static BigInteger blumPrime(int bits, Random source) {
        while (true) {
            BigInteger candidate = new BigInteger(bits, PRIME_CERTAINTY, source);
            if (candidate.testBit(0) && candidate.testBit(1)) { // ≡ 3 mod 4
                return candidate;
            }
        }
    }

    private static BigInteger randomPseudoSquare(BigInteger p, BigInteger q, RandomGenerator random) {
        BigInteger modulus = p.multiply(q);
        while (true) {
            BigInteger y = randomNonZeroBelow(modulus, random);
            if (Jacobi.symbol(y, p) == -1 && Jacobi.symbol(y, q) == -1) {
                return y;
            }
        }
    }

    /** BigInteger's prime search takes a java.util.Random; this one draws from the injected generator. */
    private static Random asRandom(RandomGenerator random) {
        if (random instanceof Random legacy) {
            return legacy;
        }
        return new Random(0L) {
            private static final long serialVersionUID = 1L;

            @Override
            protected int next(int bits) {
                return random.nextInt() >>> (32 - bits);
            }

            @Override
            public void nextBytes(byte[] bytes) {
                random.nextBytes(bytes);
            }
        };
    }

    @Override
    public String toString() {
        return "GoldwasserMicaliKey[" + modulus.bitLength() + "-bit modulus]";
    }
}
