package fairtable.crypto.proof;

import fairtable.crypto.ristretto.CanonicalReader;
import fairtable.crypto.ristretto.CanonicalWriter;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.MultiScalar;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.util.random.RandomGenerator;

/**
 * Non-interactive Schnorr proof of knowledge of x with X = x*G: A = k*G, e = H(domain, context, G, X, A),
 * s = k + e*x.
 *
 * <p>Two encodings of the same proof, with the same challenge formula ({@link #challenge}), both 64 bytes:
 * <ul>
 *   <li>challenge form e || s ({@link #encode}, {@link #decode}): the verifier recomputes A = s*G - e*X and
 *       compares challenges, one proof at a time;</li>
 *   <li>commitment form A || s ({@link #encodeCommitted}, {@link #decodeCommitted}): the verifier recomputes
 *       e and checks s*G = A + e*X, a linear equation that a {@link ProofBatch} checks for many proofs at once.</li>
 * </ul>
 * A proof made here has both; a decoded proof has the form it was read in.
 */
public final class SchnorrProof {
    public static final int ENCODED_LENGTH = 64;
    /** Commitment form, A || s. */
    public static final int COMMITTED_LENGTH = 64;
    private static final String DOMAIN = "fairtable/proof/schnorr/v1";

    /** Null when the proof was read in challenge form. */
    private final EncodedPoint commitment;
    /** Null when the proof was read in commitment form: it is recomputed from the statement. */
    private final Scalar challenge;
    private final Scalar response;

    private SchnorrProof(EncodedPoint commitment, Scalar challenge, Scalar response) {
        this.commitment = commitment;
        this.challenge = challenge;
        this.response = response;
    }

    /** Proves knowledge of {@code secret} for {@code publicKey = secret*G}. */
    public static SchnorrProof prove(Scalar secret, EncodedPoint publicKey, ProofContext context, RandomGenerator rng) {
        if (!FixedBaseTable.GENERATOR.multiply(secret).equals(publicKey.element())) {
            throw new IllegalArgumentException("the secret does not match the public key");
        }
        Scalar nonce = Scalars.randomNonZero(rng);
        EncodedPoint a = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(nonce));
        Scalar e = challenge(publicKey, a, context);
        return new SchnorrProof(a, e, e.multiply(secret).add(nonce));
    }

    /** True iff this proves knowledge of log_G(publicKey) under {@code context}; false for the identity. */
    public boolean verify(EncodedPoint publicKey, ProofContext context) {
        if (publicKey.isIdentity()) {
            return false;
        }
        if (hasCommitment()) {
            Scalar minusE = challenge(publicKey, commitment, context).negate();
            return MultiScalar.vartimeWithGenerator(minusE, publicKey.element(), response).equals(commitment.element());
        }
        RistrettoPoint a = MultiScalar.vartimeWithGenerator(Scalars.negate(challenge), publicKey.element(), response);
        return challenge(publicKey, EncodedPoint.of(a), context).equals(challenge);
    }

    /** Whether this proof carries its commitment (made here or read in commitment form), so it can be batched. */
    public boolean hasCommitment() {
        return commitment != null;
    }

    /**
     * The equation A + e*X - s*G = 0 for a batch (A's coefficient +1, so its weighted scalar stays 128 bits
     * short), or null when it cannot be batched or X is the identity.
     */
    ProofBatch.Equation[] equations(EncodedPoint publicKey, ProofContext context) {
        if (!hasCommitment() || publicKey.isIdentity()) {
            return null;
        }
        Scalar e = challenge(publicKey, commitment, context);
        return new ProofBatch.Equation[] {new ProofBatch.Equation(response.negate(),
                new Scalar[] {e, Scalar.ONE}, new EncodedPoint[] {publicKey, commitment})};
    }

    /** Package-private so that tests can forge against this exact challenge (weak Fiat–Shamir checks). */
    static Scalar challenge(EncodedPoint publicKey, EncodedPoint commitment, ProofContext context) {
        return new Transcript(DOMAIN, context)
                .appendPoint("generator", EncodedPoint.GENERATOR)
                .appendPoint("public-key", publicKey)
                .appendPoint("commitment", commitment)
                .challenge("challenge");
    }

    /** Challenge form e || s; only for a proof made here or read in that form. */
    public byte[] encode() {
        if (challenge == null) {
            throw new IllegalStateException("a proof read in commitment form is re-encoded only in that form");
        }
        return new CanonicalWriter(ENCODED_LENGTH).scalar(challenge).scalar(response).toByteArray();
    }

    /** Commitment form A || s; only for a proof made here or read in that form. */
    public byte[] encodeCommitted() {
        if (!hasCommitment()) {
            throw new IllegalStateException("a proof read in challenge form has no commitment to encode");
        }
        return new CanonicalWriter(COMMITTED_LENGTH).raw(commitment.encoding()).scalar(response).toByteArray();
    }

    /** Reads the challenge form e || s: both canonical scalars. */
    public static SchnorrProof decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("a Schnorr proof is 64 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        SchnorrProof proof = new SchnorrProof(null, r.scalar(), r.scalar());
        r.expectEnd();
        return proof;
    }

    /** Reads the commitment form A || s: a canonical point and a canonical scalar. */
    public static SchnorrProof decodeCommitted(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != COMMITTED_LENGTH) {
            throw new MalformedEncodingException("a Schnorr proof in commitment form is 64 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EncodedPoint a = EncodedPoint.decode(r.raw(32));
        SchnorrProof proof = new SchnorrProof(a, null, r.scalar());
        r.expectEnd();
        return proof;
    }
}
