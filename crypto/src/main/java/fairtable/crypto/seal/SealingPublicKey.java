package fairtable.crypto.seal;

import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Points;

/** The public half of a {@link SealingKey}: a ristretto255 element other than the identity. */
public final class SealingPublicKey {
    public static final int ENCODED_LENGTH = Points.ENCODED_LENGTH;

    private final EncodedPoint point;

    SealingPublicKey(EncodedPoint point) {
        this.point = point;
    }

    /** Decodes 32 bytes, refusing any non-canonical encoding and the identity. */
    public static SealingPublicKey fromBytes(byte[] bytes) throws MalformedEncodingException {
        EncodedPoint point = EncodedPoint.decode(bytes);
        if (point.isIdentity()) {
            throw new MalformedEncodingException("the identity is not a sealing key");
        }
        return new SealingPublicKey(point);
    }

    public byte[] toBytes() {
        return point.encoding();
    }

    /** The key as a group element, e.g. to prove knowledge of its secret. */
    public EncodedPoint point() {
        return point;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SealingPublicKey other && point.equals(other.point);
    }

    @Override
    public int hashCode() {
        return point.hashCode();
    }
}
