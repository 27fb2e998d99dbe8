package fairtable.crypto.cipher;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import java.math.BigInteger;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * An SRA / Pohlig–Hellman key: encryption is v^k and decryption v^(k') with k*k' = 1 modulo the group's
 * exponent modulus. Encryptions under different keys commute, which is what lets two players shuffle one
 * deck that neither can read.
 */
public final class CommutativeKey {
    private final Group group;
    private final BigInteger exponent;
    private final BigInteger inverse;

    private CommutativeKey(Group group, BigInteger exponent) {
        this.group = group;
        this.exponent = exponent;
        this.inverse = exponent.modInverse(group.exponentModulus());
    }

    /** A fresh random key. {@code random} must be a SecureRandom outside tests. */
    public static CommutativeKey generate(Group group, RandomGenerator random) {
        return new CommutativeKey(group, group.randomInvertibleExponent(random));
    }

    /** The key with a given exponent, e.g. one revealed in a transcript; rejects non-invertible ones. */
    public static CommutativeKey of(Group group, BigInteger exponent) {
        BigInteger reduced = exponent.mod(group.exponentModulus());
        if (!group.isInvertible(reduced)) {
            throw new IllegalArgumentException("exponent has no inverse modulo the group's exponent modulus");
        }
        return new CommutativeKey(group, reduced);
    }

    public Group group() {
        return group;
    }

    public BigInteger exponent() {
        return exponent;
    }

    /** The key that undoes this one. */
    public CommutativeKey inverse() {
        return new CommutativeKey(group, inverse);
    }

    /** The key that applies this one and then {@code other} (keys compose by multiplying exponents). */
    public CommutativeKey then(CommutativeKey other) {
        if (other.group != group) {
            throw new IllegalArgumentException("keys of different groups");
        }
        return new CommutativeKey(group, exponent.multiply(other.exponent).mod(group.exponentModulus()));
    }

    public Element encrypt(Element value) {
        return value.exp(exponent);
    }

    public Element decrypt(Element value) {
        return value.exp(inverse);
    }

    public List<Element> encryptAll(List<Element> values) {
        return values.stream().map(this::encrypt).toList();
    }

    public List<Element> decryptAll(List<Element> values) {
        return values.stream().map(this::decrypt).toList();
    }
}
