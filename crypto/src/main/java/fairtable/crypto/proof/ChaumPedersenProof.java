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
 * Non-interactive Chaum–Pedersen proof that log_G(X) = log_B(Y) (equal discrete logarithms):
 * A1 = k*G, A2 = k*B, e = H(domain, context, G, X, B, Y, A1, A2), s = k + e*x. Used for ElGamal
 * decryption shares (X = H_i, B = c1, Y = D_i).
 *
 * <p>Two encodings of the same proof, with the same challenge formula ({@link #challenge}):
 * <ul>
 *   <li>challenge form e || s, 64 bytes ({@link #encode}, {@link #decode}): the verifier recomputes
 *       A1 = s*G - e*X and A2 = s*B - e*Y and compares challenges, so proofs can only be checked one by one;</li>
 *   <li>commitment form A1 || A2 || s, 96 bytes ({@link #encodeCommitted}, {@link #decodeCommitted}): the
 *       verifier recomputes e from the hash and checks s*G = A1 + e*X and s*B = A2 + e*Y, two linear
 *       equations that a {@link ProofBatch} checks for many proofs at once.</li>
 * </ul>
 * A proof made here has both; a decoded proof has the form it was read in.
 */
public final class ChaumPedersenProof {
    /** Challenge form, e || s. */
    public static final int ENCODED_LENGTH = 64;
    /** Commitment form, A1 || A2 || s. */
    public static final int COMMITTED_LENGTH = 96;
    private static final String DOMAIN = "fairtable/proof/chaum-pedersen/v1";

    /** Null when the proof was read in challenge form. */
    private final EncodedPoint commitment1;
    private final EncodedPoint commitment2;
    /** Null when the proof was read in commitment form: it is recomputed from the statement. */
    private final Scalar challenge;
    private final Scalar response;

    private ChaumPedersenProof(EncodedPoint commitment1, EncodedPoint commitment2, Scalar challenge, Scalar response) {
        this.commitment1 = commitment1;
        this.commitment2 = commitment2;
        this.challenge = challenge;
        this.response = response;
    }

    /**
     * Proves log_G(x*G) = log_base(x*base). The caller passes the already computed {@code publicKey} and
     * {@code image}; both are checked against the secret.
     */
    public static ChaumPedersenProof prove(Scalar secret, EncodedPoint publicKey, EncodedPoint base,
            EncodedPoint image, ProofContext context, RandomGenerator rng) {
        if (base.isIdentity()) {
            throw new IllegalArgumentException("the second base must not be the identity");
        }
        Scalar nonce = Scalars.randomNonZero(rng);
        EncodedPoint a1 = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(nonce));
        EncodedPoint a2 = EncodedPoint.of(MultiScalar.constantTime(nonce, base.element()));
        Scalar e = challenge(publicKey, base, image, a1, a2, context);
        return new ChaumPedersenProof(a1, a2, e, e.multiply(secret).add(nonce));
    }

    /** True iff log_G(publicKey) = log_base(image), bound to {@code context}. False if a base or the key is the identity. */
    public boolean verify(EncodedPoint publicKey, EncodedPoint base, EncodedPoint image, ProofContext context) {
        if (publicKey.isIdentity() || base.isIdentity()) {
            return false;
        }
        if (hasCommitments()) {
            Scalar minusE = challenge(publicKey, base, image, commitment1, commitment2, context).negate();
            return MultiScalar.vartimeWithGenerator(minusE, publicKey.element(), response).equals(commitment1.element())
                    && MultiScalar.vartime(new Scalar[] {response, minusE},
                            new RistrettoPoint[] {base.element(), image.element()}).equals(commitment2.element());
        }
        Scalar minusE = Scalars.negate(challenge);
        RistrettoPoint a1 = MultiScalar.vartimeWithGenerator(minusE, publicKey.element(), response);
        RistrettoPoint a2 = MultiScalar.vartime(new Scalar[] {response, minusE},
                new RistrettoPoint[] {base.element(), image.element()});
        return challenge(publicKey, base, image, EncodedPoint.of(a1), EncodedPoint.of(a2), context).equals(challenge);
    }

    /** Whether this proof carries its commitments (made here or read in commitment form), so it can be batched. */
    public boolean hasCommitments() {
        return commitment1 != null;
    }

    /**
     * The two equations A1 + e*X - s*G = 0 and A2 + e*Y - s*B = 0 for a batch, or null when they cannot
     * be batched (challenge form) or the statement is refused outright (an identity key or base). Each
     * commitment's coefficient is +1, so in the batch it is multiplied by a 128-bit weight alone: a short
     * scalar costs half the additions of a full one.
     */
    ProofBatch.Equation[] equations(EncodedPoint publicKey, EncodedPoint base, EncodedPoint image, ProofContext context) {
        if (!hasCommitments() || publicKey.isIdentity() || base.isIdentity()) {
            return null;
        }
        Scalar e = challenge(publicKey, base, image, commitment1, commitment2, context);
        Scalar minusS = response.negate();
        return new ProofBatch.Equation[] {
            new ProofBatch.Equation(minusS, new Scalar[] {e, Scalar.ONE}, new EncodedPoint[] {publicKey, commitment1}),
            new ProofBatch.Equation(Scalar.ZERO, new Scalar[] {minusS, e, Scalar.ONE},
                    new EncodedPoint[] {base, image, commitment2}),
        };
    }

    /** Package-private so that tests can forge against this exact challenge (weak Fiat–Shamir checks). */
    static Scalar challenge(EncodedPoint publicKey, EncodedPoint base, EncodedPoint image,
            EncodedPoint a1, EncodedPoint a2, ProofContext context) {
        return new Transcript(DOMAIN, context)
                .appendPoint("generator", EncodedPoint.GENERATOR)
                .appendPoint("public-key", publicKey)
                .appendPoint("base", base)
                .appendPoint("image", image)
                .appendPoint("commitment-1", a1)
                .appendPoint("commitment-2", a2)
                .challenge("challenge");
    }

    /** Challenge form e || s; only for a proof made here or read in that form. */
    public byte[] encode() {
        if (challenge == null) {
            throw new IllegalStateException("a proof read in commitment form is re-encoded only in that form");
        }
        return new CanonicalWriter(ENCODED_LENGTH).scalar(challenge).scalar(response).toByteArray();
    }

    /** Commitment form A1 || A2 || s; only for a proof made here or read in that form. */
    public byte[] encodeCommitted() {
        if (!hasCommitments()) {
            throw new IllegalStateException("a proof read in challenge form has no commitments to encode");
        }
        return new CanonicalWriter(COMMITTED_LENGTH).raw(commitment1.encoding()).raw(commitment2.encoding())
                .scalar(response).toByteArray();
    }

    /** Reads the challenge form e || s: both canonical scalars. */
    public static ChaumPedersenProof decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("a Chaum-Pedersen proof is 64 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        ChaumPedersenProof proof = new ChaumPedersenProof(null, null, r.scalar(), r.scalar());
        r.expectEnd();
        return proof;
    }

    /** Reads the commitment form A1 || A2 || s: two canonical points and a canonical scalar. */
    public static ChaumPedersenProof decodeCommitted(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != COMMITTED_LENGTH) {
            throw new MalformedEncodingException("a Chaum-Pedersen proof in commitment form is 96 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EncodedPoint a1 = EncodedPoint.decode(r.raw(32));
        EncodedPoint a2 = EncodedPoint.decode(r.raw(32));
        ChaumPedersenProof proof = new ChaumPedersenProof(a1, a2, null, r.scalar());
        r.expectEnd();
        return proof;
    }
}
