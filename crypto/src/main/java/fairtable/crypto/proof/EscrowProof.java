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
 * T1 = s1*G - e*X, T2 = s2*G - e*R, T3 = s1*C + s2*B - e*S and checks the challenge. Encoding:
 * e || s1 || s2, 96 bytes.
 *
 * <p>Why it is enough: two accepting answers to one commitment extract x and r (special soundness), so
 * S - r*B = x*C with x the key behind X, and whoever holds B's secret b recovers the share as S - b*R.
 * Nothing else is learnt (honest-verifier zero knowledge; R and S are an ElGamal encryption under B).
 */
public final class EscrowProof {
    public static final int ENCODED_LENGTH = 96;
    /** The domain tag of the Fiat–Shamir transcript. */
    public static final String DOMAIN = "fairtable/proof/escrow/v1";

    private final Scalar challenge;
    private final Scalar keyResponse;
    private final Scalar randomnessResponse;

    private EscrowProof(Scalar challenge, Scalar keyResponse, Scalar randomnessResponse) {
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
        return new EscrowProof(e, e.multiply(secret).add(a), e.multiply(randomness).add(b));
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
        Scalar minusE = Scalars.negate(challenge);
        RistrettoPoint t1 = MultiScalar.vartimeWithGenerator(minusE, publicKey.element(), keyResponse);
        RistrettoPoint t2 = MultiScalar.vartimeWithGenerator(minusE, escrow1.element(), randomnessResponse);
        RistrettoPoint t3 = MultiScalar.vartime(new Scalar[] {keyResponse, randomnessResponse, minusE},
                new RistrettoPoint[] {base.element(), escrowKey.element(), escrow2.element()});
        return challenge(publicKey, base, escrowKey, escrow1, escrow2, EncodedPoint.of(t1), EncodedPoint.of(t2),
                EncodedPoint.of(t3), context).equals(challenge);
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

    public byte[] encode() {
        return new CanonicalWriter(ENCODED_LENGTH).scalar(challenge).scalar(keyResponse).scalar(randomnessResponse)
                .toByteArray();
    }

    public static EscrowProof decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("an escrow proof is 96 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EscrowProof proof = new EscrowProof(r.scalar(), r.scalar(), r.scalar());
        r.expectEnd();
        return proof;
    }
}
