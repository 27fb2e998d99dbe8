package fairtable.crypto.elgamal;

import fairtable.crypto.proof.ChaumPedersenProof;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.CanonicalReader;
import fairtable.crypto.ristretto.CanonicalWriter;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;

/**
 * A decryption share D_i = x_i*c1 of one ciphertext, with a Chaum–Pedersen proof that
 * log_G(H_i) = log_c1(D_i). Encoding: D_i (32 bytes) || proof (64 bytes) = 96 bytes.
 */
public final class DecryptionShare {
    public static final int ENCODED_LENGTH = 96;

    private final EncodedPoint share;
    private final ChaumPedersenProof proof;

    DecryptionShare(EncodedPoint share, ChaumPedersenProof proof) {
        this.share = share;
        this.proof = proof;
    }

    public RistrettoPoint element() {
        return share.element();
    }

    /**
     * True iff this is {@code owner}'s share of {@code ciphertext}, proven under {@code ownerContext}
     * (whose prover id must be the owner's). False for a ciphertext whose c1 is the identity.
     */
    public boolean verify(PublicKey owner, Ciphertext ciphertext, ProofContext ownerContext) {
        return proof.verify(owner.point(), ciphertext.c1Point(), share, ownerContext);
    }

    public byte[] encode() {
        return new CanonicalWriter(ENCODED_LENGTH).raw(share.encoding()).raw(proof.encode()).toByteArray();
    }

    public static DecryptionShare decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("a decryption share is 96 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EncodedPoint d = EncodedPoint.decode(r.raw(32));
        if (d.isIdentity()) {
            throw new MalformedEncodingException("a decryption share must not be the identity element");
        }
        ChaumPedersenProof p = ChaumPedersenProof.decode(r.raw(ChaumPedersenProof.ENCODED_LENGTH));
        r.expectEnd();
        return new DecryptionShare(d, p);
    }
}
