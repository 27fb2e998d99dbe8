package fairtable.crypto.sign;

import fairtable.crypto.ristretto.Ed25519Points;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;

/**
 * An Ed25519 signing key (RFC 8032), signing with the JDK's implementation. The key is its 32-byte seed,
 * so it can be stored in a profile and restored exactly.
 */
public final class SigningKey {
    private final byte[] seed;
    private final PrivateKey privateKey;
    private final VerifyingKey verifyingKey;

    private SigningKey(byte[] seed) {
        this.seed = seed;
        try {
            this.privateKey = KeyFactory.getInstance("Ed25519")
                    .generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, seed.clone()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 is required by the Java platform", e);
        }
        this.verifyingKey = VerifyingKey.fromBytes(publicKeyOf(seed));
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
        try {
            Signature signer = Signature.getInstance("Ed25519");
            signer.initSign(privateKey);
            signer.update(message);
            return signer.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 signing failed", e);
        }
    }

    /** RFC 8032 5.1.5: A = [s]B where s is the clamped lower half of SHA-512(seed). */
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
