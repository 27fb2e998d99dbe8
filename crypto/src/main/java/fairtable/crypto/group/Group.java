package fairtable.crypto.group;

import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * A finite cyclic group in which exponentiation commutes: (v^a)^b = (v^b)^a. Exponents live modulo
 * {@link #exponentModulus()}; an exponent is a usable cipher key when it is invertible there.
 *
 * <p>Implementations: {@link Ristretto255} (the default), {@link SafePrimeGroup} (the prime-order subgroup
 * of an RFC safe prime) and {@link PatentLiteralGroup} (the patent's literal arithmetic, insecure).
 */
public interface Group {
    /** A stable name, recorded in transcripts. */
    String name();

    /** Exponents are reduced and inverted modulo this number: the group order, or p-1 for Z_p^*. */
    BigInteger exponentModulus();

    /** Length in bytes of every canonical element encoding. */
    int elementLength();

    /**
     * Decodes and validates a received element: exact length, canonical form, membership in the group, and
     * not the identity (which every key maps to itself).
     */
    Element decode(byte[] encoding) throws InvalidElementException;

    /**
     * The element that stands for card {@code index} of the deck named {@code deckId}: a domain-separated
     * hash into the group, so that no algebraic relation between cards is known. (The literal patent group
     * overrides this with the small integers the patent uses.)
     */
    Element cardElement(byte[] deckId, int index);

    /** Whether {@code exponent} can serve as a commutative-cipher key (it has an inverse). */
    boolean isInvertible(BigInteger exponent);

    /** A uniformly random invertible exponent drawn from {@code random}. */
    BigInteger randomInvertibleExponent(RandomGenerator random);

    /** False for groups kept only for fidelity to a reference text and known to leak. */
    boolean isSecure();
}
