package fairtable.crypto.sign;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.ristretto.Ed25519Points;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import java.util.HexFormat;

/** An Ed25519 public key in its 32-byte RFC 8032 encoding. Verification never throws. */
public final class VerifyingKey {
    /** Shared by every key of the process: see {@link VerifiedSignatures}. */
    static final VerifiedSignatures VERIFIED = new VerifiedSignatures();

    private final byte[] encoded;
    private final PublicKey publicKey;

    private VerifyingKey(byte[] encoded, PublicKey publicKey) {
        this.encoded = encoded;
        this.publicKey = publicKey;
    }

    /**
     * Decodes a 32-byte public key; rejects malformed ones, and keys of small order, with IllegalArgumentException.
     * A key A with 8·A the identity binds nobody: the JDK's verification equation [S]B = R + [k]A then no longer
     * depends on the message (for the identity, (R, S) = (r·B, r) verifies on every message), so such a key could
     * sign in anybody's name.
     */
    public static VerifyingKey fromBytes(byte[] encoded) {
        if (encoded.length != 32) {
            throw new IllegalArgumentException("an Ed25519 public key is 32 bytes, not " + encoded.length);
        }
        // RFC 8032 5.1.3: the point must be on the curve, and the encoding canonical (y < p, and no sign bit
        // when x = 0). The JDK checks neither when it builds the key, so decode and re-encode.
        Ed25519Points.validatePublicKeyVartime(encoded);
        // RFC 8032 5.1.3: little-endian y with the sign of x in the top bit.
        byte[] be = new byte[32];
        for (int i = 0; i < 32; i++) {
            be[i] = encoded[31 - i];
        }
        boolean xOdd = (be[0] & 0x80) != 0;
        be[0] &= 0x7F;
        BigInteger y = new BigInteger(1, be);
        try {
            PublicKey key = KeyFactory.getInstance("Ed25519")
                    .generatePublic(new EdECPublicKeySpec(NamedParameterSpec.ED25519, new EdECPoint(xOdd, y)));
            return new VerifyingKey(encoded.clone(), key);
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new IllegalArgumentException("not a valid Ed25519 public key");
        }
    }

    public byte[] toBytes() {
        return encoded.clone();
    }

    /** Whether {@code signature} is this key's Ed25519 signature of {@code message}; a success is remembered. */
    public boolean verify(byte[] message, byte[] signature) {
        if (signature.length != 64) {
            return false;
        }
        ByteBuffer digest = VerifiedSignatures.digest(encoded, message, signature);
        if (VERIFIED.contains(digest)) {
            return true;
        }
        boolean valid;
        try {
            Signature verifier = Signature.getInstance("Ed25519");
            verifier.initVerify(publicKey);
            verifier.update(message);
            valid = verifier.verify(signature);
        } catch (GeneralSecurityException | RuntimeException e) {
            return false;
        }
        if (valid) {
            VERIFIED.add(digest);
        }
        return valid;
    }

    /** A short fingerprint to read aloud or paste: the first 10 bytes of a domain-separated hash, grouped. */
    public String fingerprint() {
        String hex = HexFormat.of().formatHex(Hashes.sha256("fairtable/fingerprint/v1", encoded), 0, 10);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < hex.length(); i += 4) {
            if (i > 0) {
                out.append('-');
            }
            out.append(hex, i, i + 4);
        }
        return out.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof VerifyingKey k && Arrays.equals(k.encoded, encoded);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encoded);
    }

    @Override
    public String toString() {
        return "Ed25519:" + fingerprint();
    }
}
