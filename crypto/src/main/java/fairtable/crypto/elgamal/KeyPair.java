package fairtable.crypto.elgamal;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.proof.ChaumPedersenProof;
import fairtable.crypto.proof.EscrowProof;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.MultiScalar;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
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
        this.publicKey = new PublicKey(EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(secret)));
    }

    /** A fresh key pair; in production {@code rng} is a SecureRandom. */
    public static KeyPair generate(RandomGenerator rng) {
        return new KeyPair(Scalars.randomNonZero(rng));
    }

    /**
     * The key pair derived from a secret seed (e.g. an identity key's seed) for one purpose:
     * x = SHA-512(domain, seed) mod l, so the same seed and domain always give the same key, and different
     * domains give independent keys. The seed must be secret and uniformly random (a SecureRandom's).
     */
    public static KeyPair derive(byte[] secretSeed, String domain) {
        if (secretSeed.length < 32) {
            throw new IllegalArgumentException("a seed of at least 32 bytes, not " + secretSeed.length);
        }
        Scalar x = Scalar.fromBytesModOrderWide(Hashes.sha512(domain, secretSeed));
        if (x.equals(Scalar.ZERO)) {
            throw new IllegalStateException("the derived key is zero (probability 2^-252)");
        }
        return new KeyPair(x);
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
     * This player's share x*c1 of {@code card}, encrypted to {@code escrowKey} with fresh randomness and an
     * {@link EscrowProof}: whoever holds the escrow key's secret can later read the card with the other
     * players' shares, and anyone can check now that it will. The card must be masked.
     */
    public EscrowedShare escrowShare(Ciphertext card, PublicKey escrowKey, ProofContext context, RandomGenerator rng) {
        EncodedPoint c1 = card.c1Point();
        if (c1.isIdentity()) {
            throw new IllegalArgumentException("an unmasked card needs no share");
        }
        Scalar r = Scalars.randomNonZero(rng);
        EncodedPoint escrow1 = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(r));
        EncodedPoint escrow2 = EncodedPoint.of(MultiScalar.constantTime(new Scalar[] {secret, r},
                new RistrettoPoint[] {c1.element(), escrowKey.element()}));
        EscrowProof proof = EscrowProof.prove(secret, r, publicKey.point(), c1, escrowKey.point(), escrow1, escrow2,
                context, rng);
        return new EscrowedShare(escrow1, escrow2, proof);
    }

    /**
     * The card behind another player's escrowed share, for the holder of the escrow key (this key pair):
     * M = c2 - sum of the other players' D_i - (S - y*R). The escrowed share and the other shares must have
     * been verified ({@link EscrowedShare#verify}, {@link DecryptionShare#verify}).
     */
    public RistrettoPoint openEscrowed(Ciphertext card, EscrowedShare escrowed,
            Collection<DecryptionShare> otherPlayersShares) {
        RistrettoPoint share = escrowed.escrow2().element()
                .subtract(MultiScalar.constantTime(secret, escrowed.escrow1().element()));
        return card.decrypt(otherPlayersShares).subtract(share);
    }

    /**
     * The card privately: M = c2 - sum of the other players' D_i - x*c1. The other shares must have been
     * verified with {@link DecryptionShare#verify}.
     */
    public RistrettoPoint decrypt(Ciphertext ciphertext, Collection<DecryptionShare> otherPlayersShares) {
        return ciphertext.decrypt(otherPlayersShares).subtract(MultiScalar.constantTime(secret, ciphertext.c1()));
    }
}
