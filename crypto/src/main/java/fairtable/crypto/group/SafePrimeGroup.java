package fairtable.crypto.group;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.math.Jacobi;
import fairtable.crypto.random.RandomChoices;
import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * The subgroup of prime order q of the quadratic residues modulo a safe prime p = 2q + 1. In a prime-order
 * group every element except 1 generates the group, so exponentiation leaks no residue bit (the flaw of
 * the patent's literal arithmetic), and every exponent in [1, q-1] is a key.
 */
public final class SafePrimeGroup extends ModularGroup {
    private static final SafePrimeGroup RFC3526_2048 = new SafePrimeGroup("modp2048", Primes.RFC3526_GROUP14);
    private static final SafePrimeGroup FFDHE2048 = new SafePrimeGroup("ffdhe2048", Primes.FFDHE2048);
    private static final SafePrimeGroup FFDHE3072 = new SafePrimeGroup("ffdhe3072", Primes.FFDHE3072);

    private final String name;
    private final BigInteger q;

    private SafePrimeGroup(String name, BigInteger safePrime) {
        super(safePrime);
        this.name = name;
        this.q = safePrime.shiftRight(1);
    }

    /** RFC 3526 group 14, the 2048-bit MODP group. */
    public static SafePrimeGroup modp2048() {
        return RFC3526_2048;
    }

    /** RFC 7919 ffdhe2048. */
    public static SafePrimeGroup ffdhe2048() {
        return FFDHE2048;
    }

    /** RFC 7919 ffdhe3072. */
    public static SafePrimeGroup ffdhe3072() {
        return FFDHE3072;
    }

    @Override
    public String name() {
        return name;
    }

    /** q = (p-1)/2, the order of the subgroup. */
    @Override
    public BigInteger exponentModulus() {
        return q;
    }

    @Override
    void checkMembership(BigInteger v) throws InvalidElementException {
        // For a safe prime, v^q = 1 exactly when v is a quadratic residue; the Jacobi symbol decides that
        // without a full exponentiation.
        if (Jacobi.symbol(v, p) != 1) {
            throw new InvalidElementException("not in the prime-order subgroup (a quadratic non-residue)");
        }
    }

    /** The square of a domain-separated hash: a residue with no known relation to any other card. */
    @Override
    public Element cardElement(byte[] deckId, int index) {
        for (int attempt = 0; ; attempt++) {
            byte[] wide = Hashes.expand("fairtable/card/" + name + "/v1", elementLength() + 32,
                    deckId, Hashes.int32(index), Hashes.int32(attempt));
            BigInteger h = new BigInteger(1, wide).mod(p);
            BigInteger square = h.multiply(h).mod(p);
            if (square.compareTo(BigInteger.ONE) > 0) {
                return element(square);
            }
        }
    }

    @Override
    public boolean isInvertible(BigInteger exponent) {
        return exponent.mod(q).signum() != 0;
    }

    @Override
    public BigInteger randomInvertibleExponent(RandomGenerator random) {
        return RandomChoices.uniformInRange(random, BigInteger.ONE, q);
    }

    @Override
    public boolean isSecure() {
        return true;
    }
}
