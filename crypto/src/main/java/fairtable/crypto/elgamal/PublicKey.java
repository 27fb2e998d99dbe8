package fairtable.crypto.elgamal;

import cafe.cryptography.curve25519.RistrettoElement;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Points;
import java.util.Arrays;

/** One player's ElGamal public key H_i = x_i*G: never the identity. Encoding: 32 bytes. */
public final class PublicKey {
    private final RistrettoElement element;
    private final byte[] encoding;

    PublicKey(RistrettoElement element, byte[] encoding) {
        this.element = element;
        this.encoding = encoding;
    }

    public static PublicKey decode(byte[] bytes) throws MalformedEncodingException {
        return new PublicKey(Points.decodeNonIdentity(bytes), bytes.clone());
    }

    public RistrettoElement element() {
        return element;
    }

    public byte[] encode() {
        return encoding.clone();
    }

    byte[] encodingView() {
        return encoding;
    }

    /** Checks the owner's proof of knowledge of the secret key, bound to the owner's context. */
    public boolean verifyKnowledge(SchnorrProof proof, ProofContext ownerContext) {
        return proof.verify(element, ownerContext);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PublicKey other && Arrays.equals(encoding, other.encoding);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encoding);
    }
}
