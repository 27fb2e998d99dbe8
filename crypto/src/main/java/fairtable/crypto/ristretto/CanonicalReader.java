package fairtable.crypto.ristretto;

import java.util.Arrays;

/**
 * Reads canonical encodings written by {@link CanonicalWriter}, validating every field. Every failure is
 * a {@link MalformedEncodingException}; nothing else is thrown for any input bytes.
 */
public final class CanonicalReader {
    private final byte[] bytes;
    private int position;

    public CanonicalReader(byte[] bytes) {
        this.bytes = bytes.clone();
    }

    /** A count in [min, max]. */
    public int count(int min, int max) throws MalformedEncodingException {
        byte[] b = take(4, "count");
        int n = ((b[0] & 0xff) << 24) | ((b[1] & 0xff) << 16) | ((b[2] & 0xff) << 8) | (b[3] & 0xff);
        if (n < min || n > max) {
            throw new MalformedEncodingException("count " + Integer.toUnsignedString(n) + " outside [" + min + ", " + max + "]");
        }
        return n;
    }

    public RistrettoPoint point() throws MalformedEncodingException {
        return Points.decode(take(Points.ENCODED_LENGTH, "point"));
    }

    public RistrettoPoint nonIdentityPoint() throws MalformedEncodingException {
        return Points.decodeNonIdentity(take(Points.ENCODED_LENGTH, "point"));
    }

    public Scalar scalar() throws MalformedEncodingException {
        return Scalars.decode(take(32, "scalar"));
    }

    /** The next n bytes, unvalidated, for callers that validate them (e.g. keep a ciphertext's encoding). */
    public byte[] raw(int n) throws MalformedEncodingException {
        return take(n, "field");
    }

    public int remaining() {
        return bytes.length - position;
    }

    /** Fails unless every byte has been consumed: trailing bytes are malformed, not ignored. */
    public void expectEnd() throws MalformedEncodingException {
        if (position != bytes.length) {
            throw new MalformedEncodingException((bytes.length - position) + " trailing bytes");
        }
    }

    private byte[] take(int n, String what) throws MalformedEncodingException {
        if (bytes.length - position < n) {
            throw new MalformedEncodingException("truncated: " + what + " needs " + n + " bytes, "
                    + (bytes.length - position) + " left");
        }
        byte[] out = Arrays.copyOfRange(bytes, position, position + n);
        position += n;
        return out;
    }
}
