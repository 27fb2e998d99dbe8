package fairtable.crypto.ristretto;

import java.util.Arrays;

/**
 * A ristretto255 element together with its canonical 32-byte encoding, so that a point is compressed
 * (or decompressed) once and then hashed into any number of transcripts for free.
 */
public final class EncodedPoint {
    /** The ristretto255 generator G. */
    public static final EncodedPoint GENERATOR = of(RistrettoPoint.GENERATOR);

    private final RistrettoPoint element;
    private final byte[] encoding;

    private EncodedPoint(RistrettoPoint element, byte[] encoding) {
        this.element = element;
        this.encoding = encoding;
    }

    /** Compresses {@code element}. */
    public static EncodedPoint of(RistrettoPoint element) {
        return new EncodedPoint(element, Points.encode(element));
    }

    /** Decodes a canonical encoding; see {@link Points#decode}. */
    public static EncodedPoint decode(byte[] bytes) throws MalformedEncodingException {
        return new EncodedPoint(Points.decode(bytes), bytes.clone());
    }

    public RistrettoPoint element() {
        return element;
    }

    public byte[] encoding() {
        return encoding.clone();
    }

    public boolean isIdentity() {
        return element.equals(RistrettoPoint.IDENTITY);
    }

    /** Equality of group elements (canonical encodings are unique, so this compares the bytes). */
    @Override
    public boolean equals(Object o) {
        return o instanceof EncodedPoint other && Arrays.equals(encoding, other.encoding);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encoding);
    }
}
