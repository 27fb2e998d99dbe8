package fairtable.crypto.sign;

import fairtable.crypto.ristretto.Ed25519Points;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * An Ed25519 signing key (RFC 8032), signing with Bouncy Castle's implementation: RFC 8032 signatures are
 * deterministic, so they are the bytes the JDK's gives, in a fraction of the time (its fixed-base tables, and the
 * public key computed once here rather than again in every signature). The key is its 32-byte seed,
 * so it can be stored in a profile and restored exactly.
 */
public final class SigningKey {
    private final byte[] seed;
    private final byte[] publicKey;
    private final VerifyingKey verifyingKey;

    private SigningKey(byte[] seed) {
        this.seed = seed;
        this.publicKey = publicKeyOf(seed);
        this.verifyingKey = VerifyingKey.fromBytes(publicKey);
    }

    public static SigningKey generate(SecureRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return new SigningKey(seed);
    }

    /** The key with the given 32-byte seed (the RFC 8032 private key). */
    public static SigningKey fromSeed(byte[] seed) {
        if (seed.length != 32) {
            throw new IllegalArgumentException("an Ed25519 seed is 32 bytes");
        }
        return new SigningKey(seed.clone());
    }

    public byte[] seed() {
        return seed.clone();
    }

    public VerifyingKey verifyingKey() {
        return verifyingKey;
    }

    public byte[] sign(byte[] message) {
        byte[] signature = new byte[Ed25519.SIGNATURE_SIZE];
        Ed25519.sign(seed, 0, publicKey, 0, message, 0, message.length, signature, 0);
        return signature;
    }

    private static byte[] publicKeyOf(byte[] seed) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-512").digest(seed);
            byte[] s = new byte[32];
            System.arraycopy(h, 0, s, 0, 32);
            s[0] &= (byte) 248;
            s[31] &= 127;
            s[31] |= 64;
            return Ed25519Points.basePointTimes(s);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-512 is required by the Java platform", e);
        }
    }
}
