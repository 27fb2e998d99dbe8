package fairtable.crypto.seal;

import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.MultiScalar;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A player's sealing key pair (secret x, public X = x*G on ristretto255), for sending and receiving
 * {@link Sealed} boxes.
 *
 * <p>To seal to recipient R, a fresh ephemeral e is drawn, E = e*G, and HKDF-SHA-256 of e*R gives an
 * AES-256-GCM key and nonce; the recipient recomputes x*E. The associated data binds E, the sender's public
 * key, the recipient's, the session and the label, each length-prefixed, so a box opens only for its
 * recipient, attributed to its sender, in its context. The sender's key is bound, not authenticated by the
 * box (anyone can seal in anyone's name): the signature of the message that carries the box says who sent
 * it, and the binding stops anybody from re-sending someone else's box as their own.
 *
 * <p>Each box has its own key, so the nonce never repeats under one key. Revealing a secret key (at the end
 * of a game) lets anyone open every box sealed to it, which is how a game's private messages are audited.
 */
public final class SealingKey {
    private static final String DOMAIN = "fairtable/seal/v1";
    private static final int KEY_LENGTH = 32;
    private static final int NONCE_LENGTH = 12;

    private final Scalar secret;
    private final SealingPublicKey publicKey;

    private SealingKey(Scalar secret) {
        this.secret = secret;
        this.publicKey = new SealingPublicKey(EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(secret)));
    }

    /** A fresh key pair; in production {@code random} is a SecureRandom. */
    public static SealingKey generate(RandomGenerator random) {
        return new SealingKey(Scalars.randomNonZero(random));
    }

    /** Reads a secret key written by {@link #secretKeyBytes()}: a canonical, non-zero scalar. */
    public static SealingKey fromSecretKeyBytes(byte[] bytes) throws MalformedEncodingException {
        Scalar x = Scalars.decode(bytes);
        if (x.equals(Scalar.ZERO)) {
            throw new MalformedEncodingException("a sealing secret key must not be zero");
        }
        return new SealingKey(x);
    }

    /** The secret key: to keep in a saved state, or to reveal once its boxes may be read by all. */
    public byte[] secretKeyBytes() {
        return secret.toByteArray();
    }

    public SealingPublicKey publicKey() {
        return publicKey;
    }

    /** Schnorr proof that the announcer knows this key's secret, bound to {@code context}. */
    public SchnorrProof proveKnowledge(ProofContext context, RandomGenerator random) {
        return SchnorrProof.prove(secret, publicKey.point(), context, random);
    }

    /** Seals {@code plaintext} from this key's owner to {@code recipient}, in {@code context}. */
    public Sealed seal(SealingPublicKey recipient, byte[] plaintext, SealContext context, RandomGenerator random) {
        Scalar ephemeralSecret = Scalars.randomNonZero(random);
        EncodedPoint ephemeral = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(ephemeralSecret));
        // e*R is never the identity: e is non-zero and R an element of prime order.
        byte[] shared = EncodedPoint.of(MultiScalar.constantTime(ephemeralSecret, recipient.point().element())).encoding();
        byte[] associated = associatedData(ephemeral, publicKey, recipient, context);
        try {
            return new Sealed(ephemeral, gcm(Cipher.ENCRYPT_MODE, shared, associated, plaintext));
        } catch (AEADBadTagException e) {
            throw new IllegalStateException("encryption checks no tag", e);
        }
    }

    /**
     * Opens a box sealed to this key by {@code sender} in {@code context}.
     *
     * @throws SealOpeningException if it was sealed to another key, by another sender, in another context,
     *                              or altered in any bit
     */
    public byte[] open(Sealed box, SealingPublicKey sender, SealContext context) throws SealOpeningException {
        byte[] shared = EncodedPoint.of(MultiScalar.constantTime(secret, box.ephemeral().element())).encoding();
        byte[] associated = associatedData(box.ephemeral(), sender, publicKey, context);
        try {
            return gcm(Cipher.DECRYPT_MODE, shared, associated, box.ciphertext());
        } catch (AEADBadTagException e) {
            throw new SealOpeningException();
        }
    }

    private static byte[] associatedData(EncodedPoint ephemeral, SealingPublicKey sender, SealingPublicKey recipient,
            SealContext context) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        for (byte[] field : new byte[][] {DOMAIN.getBytes(StandardCharsets.UTF_8), ephemeral.encoding(),
                sender.toBytes(), recipient.toBytes(), context.session(), context.label()}) {
            out.write(field.length >>> 8);
            out.write(field.length);
            out.writeBytes(field);
        }
        return out.toByteArray();
    }

    /** AES-256-GCM under the key and nonce derived from the shared secret; a bad tag is the only checked failure. */
    private static byte[] gcm(int mode, byte[] shared, byte[] associated, byte[] input) throws AEADBadTagException {
        byte[] okm = Hkdf.derive(DOMAIN.getBytes(StandardCharsets.UTF_8), shared, associated, KEY_LENGTH + NONCE_LENGTH);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(mode, new SecretKeySpec(okm, 0, KEY_LENGTH, "AES"),
                    new GCMParameterSpec(Sealed.TAG_LENGTH * 8, okm, KEY_LENGTH, NONCE_LENGTH));
            cipher.updateAAD(associated);
            return cipher.doFinal(input);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform provides AES-256-GCM", e);
        } finally {
            Arrays.fill(okm, (byte) 0);
            Arrays.fill(shared, (byte) 0);
        }
    }
}
