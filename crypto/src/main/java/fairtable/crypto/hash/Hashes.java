package fairtable.crypto.hash;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Domain-separated hashing. The domain tag and every part are length-prefixed, so that no two distinct
 * (domain, parts) inputs share an encoding: ("ab","c") and ("a","bc") hash differently.
 */
public final class Hashes {
    private Hashes() {}

    public static byte[] sha256(String domain, byte[]... parts) {
        return digest("SHA-256", domain, parts);
    }

    public static byte[] sha512(String domain, byte[]... parts) {
        return digest("SHA-512", domain, parts);
    }

    /** A fresh SHA-256 instance, for callers that stream large inputs. */
    public static MessageDigest newSha256() {
        return newDigest("SHA-256");
    }

    /**
     * Expands (domain, parts) into {@code length} pseudo-random bytes: SHA-512 in counter mode. Used to hash
     * into a prime field with enough surplus bits that the reduction bias is negligible.
     */
    public static byte[] expand(String domain, int length, byte[]... parts) {
        byte[] out = new byte[length];
        byte[] seed = sha512(domain, parts);
        for (int block = 0, offset = 0; offset < length; block++, offset += 64) {
            byte[] chunk = sha512(domain + "/expand", seed, int32(block));
            System.arraycopy(chunk, 0, out, offset, Math.min(64, length - offset));
        }
        return out;
    }

    public static byte[] int32(int value) {
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }

    private static byte[] digest(String algorithm, String domain, byte[]... parts) {
        MessageDigest md = newDigest(algorithm);
        byte[] tag = domain.getBytes(StandardCharsets.UTF_8);
        md.update(int32(tag.length));
        md.update(tag);
        for (byte[] part : parts) {
            md.update(int32(part.length));
            md.update(part);
        }
        return md.digest();
    }

    private static MessageDigest newDigest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is required by the Java platform", e);
        }
    }
}
