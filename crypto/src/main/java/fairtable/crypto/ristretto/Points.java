package fairtable.crypto.ristretto;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Encoding, decoding and hashing to ristretto255 elements. */
public final class Points {
    public static final int ENCODED_LENGTH = 32;

    private Points() {}

    public static byte[] encode(RistrettoPoint p) {
        return p.encode();
    }

    /** Decodes a canonical 32-byte ristretto255 encoding (RFC 9496 rejects every other string). */
    public static RistrettoPoint decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("a ristretto255 element is 32 bytes, got " + bytes.length);
        }
        return RistrettoPoint.decode(bytes.clone());
    }

    public static RistrettoPoint decodeNonIdentity(byte[] bytes) throws MalformedEncodingException {
        RistrettoPoint p = decode(bytes);
        if (p.equals(RistrettoPoint.IDENTITY)) {
            throw new MalformedEncodingException("the identity element is not allowed here");
        }
        return p;
    }

    /**
     * Hash to group (RFC 9496 section 4.3.4): FROM_UNIFORM_BYTES(SHA-512(len(domain) || domain || data)),
     * with the domain tag length-prefixed (4 bytes, big-endian) so no two (domain, data) pairs collide.
     * Nobody knows the discrete logarithm of the result to any other point.
     */
    public static RistrettoPoint hashToGroup(String domain, byte[] data) {
        byte[] tag = domain.getBytes(StandardCharsets.UTF_8);
        MessageDigest sha = sha512();
        sha.update(new byte[] {(byte) (tag.length >>> 24), (byte) (tag.length >>> 16), (byte) (tag.length >>> 8), (byte) tag.length});
        sha.update(tag);
        sha.update(data);
        return RistrettoPoint.fromUniformBytes(sha.digest());
    }

    static MessageDigest sha512() {
        try {
            return MessageDigest.getInstance("SHA-512");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-512", e);
        }
    }
}
