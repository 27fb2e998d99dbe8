package fairtable.crypto.ristretto;

/**
 * Bytes that are not the canonical encoding of the expected value: wrong length, wrong count, a
 * non-canonical point or scalar, or the identity where it is forbidden. Checked, so that every decoder
 * of untrusted bytes must decide what a malformed message means (in the protocol: a violation by its
 * sender).
 */
public final class MalformedEncodingException extends Exception {
    private static final long serialVersionUID = 1L;

    public MalformedEncodingException(String message) {
        super(message);
    }
}
