package fairtable.crypto.group;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * An element of a {@link Group}, immutable. Two elements are equal when they belong to the same group and
 * have the same canonical encoding, so elements can be counted in hash-based multisets.
 */
public abstract class Element {
    private final byte[] encoding;
    private final int hash;

    protected Element(byte[] canonicalEncoding) {
        this.encoding = canonicalEncoding;
        this.hash = Arrays.hashCode(canonicalEncoding);
    }

    public abstract Group group();

    /** This element raised to {@code exponent} (multiplicative notation; k*P on an elliptic curve). */
    public abstract Element exp(java.math.BigInteger exponent);

    /** The canonical encoding, of exactly {@link Group#elementLength()} bytes. */
    public final byte[] encoded() {
        return encoding.clone();
    }

    @Override
    public final boolean equals(Object other) {
        return other instanceof Element e && e.group().equals(group()) && Arrays.equals(e.encoding, encoding);
    }

    @Override
    public final int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        String hex = HexFormat.of().formatHex(encoding);
        return group().name() + ":" + (hex.length() > 16 ? hex.substring(0, 16) + "…" : hex);
    }
}
