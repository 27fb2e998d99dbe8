package fairtable.crypto.group;

import fairtable.crypto.random.RandomChoices;
import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * INSECURE. The literal arithmetic of patent FR 2823580: the integers modulo a prime N, exponents coprime
 * to N-1, and cards that are the small integers 2, 3, ..., K+1. Kept for fidelity and to demonstrate the
 * weaknesses: every key is odd, so the Legendre symbol of a card survives encryption (Lipton 1981), small
 * integers have multiplicative relations (Enc(2)^2 = Enc(4)), and N-1 encrypts to itself.
 */
public final class PatentLiteralGroup extends ModularGroup {
    private static final PatentLiteralGroup DEFAULT = new PatentLiteralGroup(Primes.RFC3526_GROUP14);

    private final BigInteger phi;

    private PatentLiteralGroup(BigInteger prime) {
        super(prime);
        this.phi = prime.subtract(BigInteger.ONE);
    }

    /** Arithmetic modulo the 2048-bit RFC 3526 prime, so that only the encoding differs from the fix. */
    public static PatentLiteralGroup standard() {
        return DEFAULT;
    }

    /** Arithmetic modulo any prime, e.g. a small one whose N-1 has many small factors, to show more leaks. */
    public static PatentLiteralGroup withPrime(BigInteger prime) {
        if (prime.bitLength() < 8 || !prime.isProbablePrime(64)) {
            throw new IllegalArgumentException("the patent requires a prime modulus");
        }
        return new PatentLiteralGroup(prime);
    }

    @Override
    public String name() {
        return "patent-literal-" + p.bitLength();
    }

    /** phi(N) = N - 1: the patent inverts keys modulo Euler's totient. */
    @Override
    public BigInteger exponentModulus() {
        return phi;
    }

    @Override
    void checkMembership(BigInteger value) {
        // Every integer in [2, N-1] is a unit modulo a prime: the literal scheme has no subgroup to check.
    }

    /** Card {@code index} (0-based) is the integer index + 2, as in the patent (cards between 2 and N-1). */
    @Override
    public Element cardElement(byte[] deckId, int index) {
        BigInteger v = BigInteger.valueOf(index + 2L);
        if (index < 0 || v.compareTo(p) >= 0) {
            throw new IllegalArgumentException("no card " + index + ": cards are the integers 2 to N-1");
        }
        return element(v);
    }

    @Override
    public boolean isInvertible(BigInteger exponent) {
        return exponent.gcd(phi).equals(BigInteger.ONE);
    }

    @Override
    public BigInteger randomInvertibleExponent(RandomGenerator random) {
        while (true) {
            BigInteger k = RandomChoices.uniformInRange(random, BigInteger.TWO, phi);
            if (isInvertible(k)) {
                return k;
            }
        }
    }

    @Override
    public boolean isSecure() {
        return false;
    }
}
