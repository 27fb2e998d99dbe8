package fairtable.crypto.seal;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HKDF with HMAC-SHA-256 (RFC 5869): extract a pseudorandom key, then expand it to the length needed. */
public final class Hkdf {
    public static final int HASH_LENGTH = 32;
    /** RFC 5869 section 2.3: L <= 255 * HashLen. */
    public static final int MAX_OUTPUT_LENGTH = 255 * HASH_LENGTH;

    private Hkdf() {}

    /** PRK = HMAC-Hash(salt, IKM); an empty salt stands for HashLen zero bytes (section 2.2). */
    public static byte[] extract(byte[] salt, byte[] inputKeyMaterial) {
        byte[] key = salt.length == 0 ? new byte[HASH_LENGTH] : salt;
        Mac mac = hmac(key);
        return mac.doFinal(inputKeyMaterial);
    }

    /** OKM = the first L bytes of T(1) || T(2) || ..., T(i) = HMAC-Hash(PRK, T(i-1) || info || i). */
    public static byte[] expand(byte[] pseudorandomKey, byte[] info, int length) {
        if (pseudorandomKey.length < HASH_LENGTH) {
            throw new IllegalArgumentException("a pseudorandom key is at least " + HASH_LENGTH + " bytes");
        }
        if (length < 1 || length > MAX_OUTPUT_LENGTH) {
            throw new IllegalArgumentException("HKDF output length must be 1.." + MAX_OUTPUT_LENGTH + ", not " + length);
        }
        Mac mac = hmac(pseudorandomKey);
        byte[] out = new byte[length];
        byte[] block = new byte[0];
        int filled = 0;
        for (int counter = 1; filled < length; counter++) {
            mac.update(block);
            mac.update(info);
            mac.update((byte) counter);
            block = mac.doFinal();
            int take = Math.min(block.length, length - filled);
            System.arraycopy(block, 0, out, filled, take);
            filled += take;
        }
        Arrays.fill(block, (byte) 0);
        return out;
    }

    /** extract then expand. */
    public static byte[] derive(byte[] salt, byte[] inputKeyMaterial, byte[] info, int length) {
        byte[] prk = extract(salt, inputKeyMaterial);
        try {
            return expand(prk, info, length);
        } finally {
            Arrays.fill(prk, (byte) 0);
        }
    }

    private static Mac hmac(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform provides HmacSHA256", e);
        }
    }
}
