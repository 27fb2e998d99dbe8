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
 * Non-interactive proof that an ElGamal ciphertext (R, S) under an escrow agent's key B holds the prover's
 * decryption share of a card whose first component is C: with witnesses x (the prover's secret key) and r
 * (the encryption randomness),
 *
 * <pre>
 *   X = x*G,   R = r*G,   S = x*C + r*B.
 * </pre>
 *
 * A linear Sigma protocol made non-interactive by Fiat–Shamir: the prover draws a, b and commits
 * T1 = a*G, T2 = b*G, T3 = a*C + b*B; the challenge is
 * e = H(DOMAIN, context, G, X, C, B, R, S, T1, T2, T3) in a {@link Transcript} with the labels
 * "generator", "public-key", "base", "escrow-key", "escrow-1", "escrow-2", "commitment-1", "commitment-2",
 * "commitment-3", then "challenge"; the responses are s1 = a + e*x, s2 = b + e*r. The verifier recomputes
 * T1 = s1*G - e*X, T2 = s2*G - e*R, T3 = s1*C + s2*B - e*S and checks the challenge. Two encodings, as
 * {@link ChaumPedersenProof}: challenge form e || s1 || s2, 96 bytes; commitment form T1 || T2 || T3 || s1 || s2,
 * 160 bytes, whose three equations a {@link ProofBatch} checks with many other proofs at once. A proof made here
 * has both; a decoded proof has the form it was read in.
 *
 * <p>Why it is enough: two accepting answers to one commitment extract x and r (special soundness), so
 * S - r*B = x*C with x the key behind X, and whoever holds B's secret b recovers the share as S - b*R.
 * Nothing else is learnt (honest-verifier zero knowledge; R and S are an ElGamal encryption under B).
 */
public final class EscrowProof {
    /** Challenge form, e || s1 || s2. */
    public static final int ENCODED_LENGTH = 96;
    /** Commitment form, T1 || T2 || T3 || s1 || s2. */
    public static final int COMMITTED_LENGTH = 160;
    /** The domain tag of the Fiat–Shamir transcript. */
    public static final String DOMAIN = "fairtable/proof/escrow/v1";

    /** Null when the proof was read in challenge form. */
    private final EncodedPoint[] commitments;
    /** Null when the proof was read in commitment form: it is recomputed from the statement. */
    private final Scalar challenge;
    private final Scalar keyResponse;
    private final Scalar randomnessResponse;

    private EscrowProof(EncodedPoint[] commitments, Scalar challenge, Scalar keyResponse, Scalar randomnessResponse) {
        this.commitments = commitments;
        this.challenge = challenge;
        this.keyResponse = keyResponse;
        this.randomnessResponse = randomnessResponse;
    }

    /**
     * Proves that (escrow1, escrow2) = (r*G, secret*base + r*escrowKey) for publicKey = secret*G. Every point is
     * checked against the witnesses, so a proof of a false statement is never made.
     */
    public static EscrowProof prove(Scalar secret, Scalar randomness, EncodedPoint publicKey, EncodedPoint base,
            EncodedPoint escrowKey, EncodedPoint escrow1, EncodedPoint escrow2, ProofContext context,
            RandomGenerator rng) {
        if (base.isIdentity() || escrowKey.isIdentity()) {
            throw new IllegalArgumentException("the card and the escrow key must not be the identity");
        }
        RistrettoPoint expected2 = MultiScalar.constantTime(new Scalar[] {secret, randomness},
                new RistrettoPoint[] {base.element(), escrowKey.element()});
        if (!FixedBaseTable.GENERATOR.multiply(secret).equals(publicKey.element())
                || !FixedBaseTable.GENERATOR.multiply(randomness).equals(escrow1.element())
                || !expected2.equals(escrow2.element())) {
            throw new IllegalArgumentException("the witnesses do not match the statement");
        }
        Scalar a = Scalars.randomNonZero(rng);
        Scalar b = Scalars.randomNonZero(rng);
        EncodedPoint t1 = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(a));
        EncodedPoint t2 = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(b));
        EncodedPoint t3 = EncodedPoint.of(MultiScalar.constantTime(new Scalar[] {a, b},
                new RistrettoPoint[] {base.element(), escrowKey.element()}));
        Scalar e = challenge(publicKey, base, escrowKey, escrow1, escrow2, t1, t2, t3, context);
        return new EscrowProof(new EncodedPoint[] {t1, t2, t3}, e, e.multiply(secret).add(a), e.multiply(randomness).add(b));
    }

    /**
     * True iff (escrow1, escrow2) encrypts log_G(publicKey)*base under escrowKey, bound to {@code context}.
     * False if the key, the card, the escrow key or escrow1 is the identity (escrow1 = identity would leave
     * the share in the clear).
     */
    public boolean verify(EncodedPoint publicKey, EncodedPoint base, EncodedPoint escrowKey, EncodedPoint escrow1,
            EncodedPoint escrow2, ProofContext context) {
        if (publicKey.isIdentity() || base.isIdentity() || escrowKey.isIdentity() || escrow1.isIdentity()) {
            return false;
        }
        Scalar minusE = hasCommitments() ? challenge(publicKey, base, escrowKey, escrow1, escrow2, commitments[0],
                commitments[1], commitments[2], context).negate() : Scalars.negate(challenge);
        RistrettoPoint t1 = MultiScalar.vartimeWithGenerator(minusE, publicKey.element(), keyResponse);
        RistrettoPoint t2 = MultiScalar.vartimeWithGenerator(minusE, escrow1.element(), randomnessResponse);
        RistrettoPoint t3 = MultiScalar.vartime(new Scalar[] {keyResponse, randomnessResponse, minusE},
                new RistrettoPoint[] {base.element(), escrowKey.element(), escrow2.element()});
        if (hasCommitments()) {
            return t1.equals(commitments[0].element()) && t2.equals(commitments[1].element())
                    && t3.equals(commitments[2].element());
        }
        return challenge(publicKey, base, escrowKey, escrow1, escrow2, EncodedPoint.of(t1), EncodedPoint.of(t2),
                EncodedPoint.of(t3), context).equals(challenge);
    }

    /** Whether this proof carries its commitments (made here or read in commitment form), so it can be batched. */
    public boolean hasCommitments() {
        return commitments != null;
    }

    /**
     * The three equations T1 + e*X - s1*G = 0, T2 + e*R - s2*G = 0 and T3 + e*S - s1*C - s2*B = 0 for a batch, or
     * null when they cannot be batched (challenge form) or {@link #verify} refuses the statement outright (an
     * identity). Each commitment's coefficient is +1, so in the batch it is multiplied by a 128-bit weight alone.
     */
    ProofBatch.Equation[] equations(EncodedPoint publicKey, EncodedPoint base, EncodedPoint escrowKey,
            EncodedPoint escrow1, EncodedPoint escrow2, ProofContext context) {
        if (!hasCommitments() || publicKey.isIdentity() || base.isIdentity() || escrowKey.isIdentity()
                || escrow1.isIdentity()) {
            return null;
        }
        Scalar e = challenge(publicKey, base, escrowKey, escrow1, escrow2, commitments[0], commitments[1],
                commitments[2], context);
        Scalar minusS1 = keyResponse.negate();
        Scalar minusS2 = randomnessResponse.negate();
        return new ProofBatch.Equation[] {
            new ProofBatch.Equation(minusS1, new Scalar[] {e, Scalar.ONE}, new EncodedPoint[] {publicKey, commitments[0]}),
            new ProofBatch.Equation(minusS2, new Scalar[] {e, Scalar.ONE}, new EncodedPoint[] {escrow1, commitments[1]}),
            new ProofBatch.Equation(Scalar.ZERO, new Scalar[] {minusS1, minusS2, e, Scalar.ONE},
                    new EncodedPoint[] {base, escrowKey, escrow2, commitments[2]}),
        };
    }

    /** Package-private so that tests can forge against this exact challenge (weak Fiat–Shamir checks). */
    static Scalar challenge(EncodedPoint publicKey, EncodedPoint base, EncodedPoint escrowKey,
            EncodedPoint escrow1, EncodedPoint escrow2, EncodedPoint t1, EncodedPoint t2, EncodedPoint t3,
            ProofContext context) {
        return new Transcript(DOMAIN, context)
                .appendPoint("generator", EncodedPoint.GENERATOR)
                .appendPoint("public-key", publicKey)
                .appendPoint("base", base)
                .appendPoint("escrow-key", escrowKey)
                .appendPoint("escrow-1", escrow1)
                .appendPoint("escrow-2", escrow2)
                .appendPoint("commitment-1", t1)
                .appendPoint("commitment-2", t2)
                .appendPoint("commitment-3", t3)
                .challenge("challenge");
    }

    /** Challenge form e || s1 || s2; only for a proof made here or read in that form. */
    public byte[] encode() {
        if (challenge == null) {
            throw new IllegalStateException("a proof read in commitment form is re-encoded only in that form");
        }
        return new CanonicalWriter(ENCODED_LENGTH).scalar(challenge).scalar(keyResponse).scalar(randomnessResponse)
                .toByteArray();
    }

    /** Commitment form T1 || T2 || T3 || s1 || s2; only for a proof made here or read in that form. */
    public byte[] encodeCommitted() {
        if (!hasCommitments()) {
            throw new IllegalStateException("a proof read in challenge form has no commitments to encode");
        }
        return new CanonicalWriter(COMMITTED_LENGTH).raw(commitments[0].encoding()).raw(commitments[1].encoding())
                .raw(commitments[2].encoding()).scalar(keyResponse).scalar(randomnessResponse).toByteArray();
    }

    /** Reads the challenge form e || s1 || s2: canonical scalars. */
    public static EscrowProof decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("an escrow proof is 96 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EscrowProof proof = new EscrowProof(null, r.scalar(), r.scalar(), r.scalar());
        r.expectEnd();
        return proof;
    }

    /** Reads the commitment form T1 || T2 || T3 || s1 || s2: canonical points and scalars. */
    public static EscrowProof decodeCommitted(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != COMMITTED_LENGTH) {
            throw new MalformedEncodingException("an escrow proof in commitment form is 160 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EncodedPoint[] t = {EncodedPoint.decode(r.raw(32)), EncodedPoint.decode(r.raw(32)), EncodedPoint.decode(r.raw(32))};
        EscrowProof proof = new EscrowProof(t, null, r.scalar(), r.scalar());
        r.expectEnd();
        return proof;
    }
}
