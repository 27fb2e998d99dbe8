package fairtable.crypto.elgamal;

import cafe.cryptography.curve25519.Constants;
import cafe.cryptography.curve25519.RistrettoElement;
import cafe.cryptography.curve25519.Scalar;
import fairtable.crypto.proof.ChaumPedersenProof;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.MultiScalar;
import fairtable.crypto.ristretto.Scalars;
import java.util.Collection;
import java.util.random.RandomGenerator;

/**
 * A player's ElGamal key pair: secret x (non-zero), public H = x*G. The secret never leaves this class
 * except through {@link #secretKeyBytes()}, which exists to persist a party's state.
 */
public final class KeyPair {
    private final Scalar secret;
    private final PublicKey publicKey;

    private KeyPair(Scalar secret) {
        this.secret = secret;
        this.publicKey = new PublicKey(EncodedPoint.of(Constants.RISTRETTO_GENERATOR_TABLE.multiply(secret)));
    }

    /** A fresh key pair; in production {@code rng} is a SecureRandom. */
    public static KeyPair generate(RandomGenerator rng) {
        return new KeyPair(Scalars.randomNonZero(rng));
    }

    /** Restores a key pair from {@link #secretKeyBytes()}: a canonical non-zero scalar. */
    public static KeyPair fromSecretKeyBytes(byte[] bytes) throws MalformedEncodingException {
        Scalar x = Scalars.decode(bytes);
        if (x.equals(Scalar.ZERO)) {
            throw new MalformedEncodingException("the secret key must not be zero");
        }
        return new KeyPair(x);
    }

    public byte[] secretKeyBytes() {
        return secret.toByteArray();
    }

    public PublicKey publicKey() {
        return publicKey;
    }

    /** Schnorr proof of knowledge of the secret key, bound to this player's context. */
    public SchnorrProof proveKnowledge(ProofContext context, RandomGenerator rng) {
        return SchnorrProof.prove(secret, publicKey.point(), context, rng);
    }

    /** D = x*c1 with a Chaum–Pedersen proof. The ciphertext must be masked (c1 not the identity). */
    public DecryptionShare decryptionShare(Ciphertext ciphertext, ProofContext context, RandomGenerator rng) {
        EncodedPoint c1 = ciphertext.c1Point();
        if (c1.isIdentity()) {
            throw new IllegalArgumentException("an unmasked ciphertext needs no decryption share");
        }
        EncodedPoint d = EncodedPoint.of(MultiScalar.constantTime(secret, c1.element()));
        return new DecryptionShare(d, ChaumPedersenProof.prove(secret, publicKey.point(), c1, d, context, rng));
    }

    /**
     * The card privately: M = c2 - sum of the other players' D_i - x*c1. The other shares must have been
     * verified with {@link DecryptionShare#verify}.
     */
    public RistrettoElement decrypt(Ciphertext ciphertext, Collection<DecryptionShare> otherPlayersShares) {
        return ciphertext.decrypt(otherPlayersShares).subtract(MultiScalar.constantTime(secret, ciphertext.c1()));
    }
}
