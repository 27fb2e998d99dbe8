package fairtable.crypto.elgamal;

import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;

/** One player's ElGamal public key H_i = x_i*G: never the identity. Encoding: 32 bytes. */
public final class PublicKey {
    private final EncodedPoint point;

    PublicKey(EncodedPoint point) {
        this.point = point;
    }

    /** Decodes a canonical, non-identity ristretto255 encoding. */
    public static PublicKey decode(byte[] bytes) throws MalformedEncodingException {
        EncodedPoint p = EncodedPoint.decode(bytes);
        if (p.isIdentity()) {
            throw new MalformedEncodingException("a public key must not be the identity element");
        }
        return new PublicKey(p);
    }

    public RistrettoPoint element() {
        return point.element();
    }

    public EncodedPoint point() {
        return point;
    }

    public byte[] encode() {
        return point.encoding();
    }

    /** Checks the owner's proof of knowledge of the secret key, bound to the owner's context. */
    public boolean verifyKnowledge(SchnorrProof proof, ProofContext ownerContext) {
        return proof.verify(point, ownerContext);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PublicKey other && point.equals(other.point);
    }

    @Override
    public int hashCode() {
        return point.hashCode();
    }
}
