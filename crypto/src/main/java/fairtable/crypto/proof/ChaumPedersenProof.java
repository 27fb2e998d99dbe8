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
 * Non-interactive Chaum–Pedersen proof that log_G(X) = log_B(Y) (equal discrete logarithms), in
 * challenge form (e, s): A1 = k*G, A2 = k*B, e = H(domain, context, G, X, B, Y, A1, A2), s = k + e*x; the
 * verifier recomputes A1 = s*G - e*X and A2 = s*B - e*Y. Used for ElGamal decryption shares
 * (X = H_i, B = c1, Y = D_i). Encoding: e || s, 64 bytes.
 */
public final class ChaumPedersenProof {
    public static final int ENCODED_LENGTH = 64;
    private static final String DOMAIN = "fairtable/proof/chaum-pedersen/v1";

    private final Scalar challenge;
    private final Scalar response;

    private ChaumPedersenProof(Scalar challenge, Scalar response) {
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
        return new ChaumPedersenProof(e, e.multiply(secret).add(nonce));
    }

    /** True iff log_G(publicKey) = log_base(image), bound to {@code context}. False if a base or the key is the identity. */
    public boolean verify(EncodedPoint publicKey, EncodedPoint base, EncodedPoint image, ProofContext context) {
        if (publicKey.isIdentity() || base.isIdentity()) {
            return false;
        }
        Scalar minusE = Scalars.negate(challenge);
        RistrettoPoint a1 = MultiScalar.vartimeWithGenerator(minusE, publicKey.element(), response);
        RistrettoPoint a2 = MultiScalar.vartime(new Scalar[] {response, minusE},
                new RistrettoPoint[] {base.element(), image.element()});
        return challenge(publicKey, base, image, EncodedPoint.of(a1), EncodedPoint.of(a2), context).equals(challenge);
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

    public byte[] encode() {
        return new CanonicalWriter(ENCODED_LENGTH).scalar(challenge).scalar(response).toByteArray();
    }

    public static ChaumPedersenProof decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("a Chaum-Pedersen proof is 64 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        ChaumPedersenProof proof = new ChaumPedersenProof(r.scalar(), r.scalar());
        r.expectEnd();
        return proof;
    }
}
