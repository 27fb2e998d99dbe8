package fairtable.crypto.commit;

import fairtable.crypto.hash.Hashes;
import java.security.MessageDigest;
import java.util.random.RandomGenerator;

/**
 * A hash commitment: SHA-256 over a domain tag, a 32-byte random nonce and the committed bytes. Hiding
 * because of the nonce, binding because SHA-256 resists collisions. The domain tag keeps a commitment made
 * for one purpose from being opened as another.
 */
public final class Commitment {
    public static final int NONCE_LENGTH = 32;

    private final byte[] digest;

    private Commitment(byte[] digest) {
        this.digest = digest;
    }

    /** The commitment and the opening that the committer keeps secret until it reveals. */
    public record Committed(Commitment commitment, Opening opening) {}

    /** What the committer reveals: the nonce and the committed bytes. */
    public record Opening(byte[] nonce, byte[] value) {
        public Opening {
            if (nonce.length != NONCE_LENGTH) {
                throw new IllegalArgumentException("a commitment nonce is " + NONCE_LENGTH + " bytes");
            }
            nonce = nonce.clone();
            value = value.clone();
        }

        @Override
        public byte[] nonce() {
            return nonce.clone();
        }

        @Override
        public byte[] value() {
            return value.clone();
        }
    }

    public static Committed commit(String domain, byte[] value, RandomGenerator random) {
        byte[] nonce = new byte[NONCE_LENGTH];
        random.nextBytes(nonce);
        Opening opening = new Opening(nonce, value);
        return new Committed(new Commitment(hash(domain, opening)), opening);
    }

    /** A commitment received from someone else, as its 32 digest bytes. */
    public static Commitment fromBytes(byte[] digest) {
        if (digest.length != 32) {
            throw new IllegalArgumentException("a commitment is 32 bytes, not " + digest.length);
        }
        return new Commitment(digest.clone());
    }

    public byte[] toBytes() {
        return digest.clone();
    }

    /** Whether {@code opening} opens this commitment under {@code domain}. */
    public boolean isOpenedBy(String domain, Opening opening) {
        return MessageDigest.isEqual(digest, hash(domain, opening));
    }

    private static byte[] hash(String domain, Opening opening) {
        return Hashes.sha256(domain, opening.nonce, opening.value);
    }
}
