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
 * Non-interactive Schnorr proof of knowledge of x with X = x*G, in challenge form (e, s):
 * A = k*G, e = H(domain, context, G, X, A), s = k + e*x; the verifier recomputes A = s*G - e*X.
 * Encoding: e || s, 64 bytes, both canonical scalars.
 */
public final class SchnorrProof {
    public static final int ENCODED_LENGTH = 64;
    private static final String DOMAIN = "fairtable/proof/schnorr/v1";

    private final Scalar challenge;
    private final Scalar response;

    private SchnorrProof(Scalar challenge, Scalar response) {
        this.challenge = challenge;
        this.response = response;
    }

    /** Proves knowledge of {@code secret} for {@code publicKey = secret*G}. */
    public static SchnorrProof prove(Scalar secret, EncodedPoint publicKey, ProofContext context, RandomGenerator rng) {
        if (!FixedBaseTable.GENERATOR.multiply(secret).equals(publicKey.element())) {
            throw new IllegalArgumentException("the secret does not match the public key");
        }
        Scalar nonce = Scalars.randomNonZero(rng);
        RistrettoPoint commitment = FixedBaseTable.GENERATOR.multiply(nonce);
        Scalar e = challenge(publicKey, EncodedPoint.of(commitment), context);
        return new SchnorrProof(e, e.multiply(secret).add(nonce));
    }

    /** True iff this proves knowledge of log_G(publicKey) under {@code context}; false for the identity. */
    public boolean verify(EncodedPoint publicKey, ProofContext context) {
        if (publicKey.isIdentity()) {
            return false;
        }
        RistrettoPoint commitment = MultiScalar.vartimeWithGenerator(Scalars.negate(challenge), publicKey.element(), response);
        return challenge(publicKey, EncodedPoint.of(commitment), context).equals(challenge);
    }

    /** Package-private so that tests can forge against this exact challenge (weak Fiat–Shamir checks). */
    static Scalar challenge(EncodedPoint publicKey, EncodedPoint commitment, ProofContext context) {
        return new Transcript(DOMAIN, context)
                .appendPoint("generator", EncodedPoint.GENERATOR)
                .appendPoint("public-key", publicKey)
                .appendPoint("commitment", commitment)
                .challenge("challenge");
    }

    public byte[] encode() {
        return new CanonicalWriter(ENCODED_LENGTH).scalar(challenge).scalar(response).toByteArray();
    }

    public static SchnorrProof decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("a Schnorr proof is 64 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        SchnorrProof proof = new SchnorrProof(r.scalar(), r.scalar());
        r.expectEnd();
        return proof;
    }
}
