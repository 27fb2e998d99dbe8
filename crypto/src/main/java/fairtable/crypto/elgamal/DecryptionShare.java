package fairtable.crypto.elgamal;

import fairtable.crypto.proof.ChaumPedersenProof;
import fairtable.crypto.proof.ProofBatch;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.CanonicalReader;
import fairtable.crypto.ristretto.CanonicalWriter;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;

/**
 * A decryption share D_i = x_i*c1 of one ciphertext, with a Chaum–Pedersen proof that
 * log_G(H_i) = log_c1(D_i). Two encodings, as the proof has two ({@link ChaumPedersenProof}):
 * D_i (32 bytes) || proof in challenge form (64) = 96 bytes, checked one by one; and
 * D_i || proof in commitment form (96) = 128 bytes, which a {@link ProofBatch} checks many at a time.
 */
public final class DecryptionShare {
    public static final int ENCODED_LENGTH = 96;
    public static final int COMMITTED_LENGTH = 32 + ChaumPedersenProof.COMMITTED_LENGTH;

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

    /** Adds the claim {@link #verify} checks to {@code batch}, under {@code label}. */
    public <L> void addTo(ProofBatch<L> batch, L label, PublicKey owner, Ciphertext ciphertext, ProofContext ownerContext) {
        batch.addChaumPedersen(label, proof, owner.point(), ciphertext.c1Point(), share, ownerContext);
    }

    /** Whether the proof carries its commitments (made here or read in commitment form). */
    public boolean hasCommitments() {
        return proof.hasCommitments();
    }

    /** D_i || e || s, 96 bytes; only for a share made here or read in this form. */
    public byte[] encode() {
        return new CanonicalWriter(ENCODED_LENGTH).raw(share.encoding()).raw(proof.encode()).toByteArray();
    }

    /** D_i || A1 || A2 || s, 128 bytes; only for a share made here or read in this form. */
    public byte[] encodeCommitted() {
        return new CanonicalWriter(COMMITTED_LENGTH).raw(share.encoding()).raw(proof.encodeCommitted()).toByteArray();
    }

    public static DecryptionShare decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("a decryption share is 96 bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EncodedPoint d = shareElement(r);
        ChaumPedersenProof p = ChaumPedersenProof.decode(r.raw(ChaumPedersenProof.ENCODED_LENGTH));
        r.expectEnd();
        return new DecryptionShare(d, p);
    }

    public static DecryptionShare decodeCommitted(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != COMMITTED_LENGTH) {
            throw new MalformedEncodingException("a decryption share in commitment form is " + COMMITTED_LENGTH
                    + " bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EncodedPoint d = shareElement(r);
        ChaumPedersenProof p = ChaumPedersenProof.decodeCommitted(r.raw(ChaumPedersenProof.COMMITTED_LENGTH));
        r.expectEnd();
        return new DecryptionShare(d, p);
    }

    private static EncodedPoint shareElement(CanonicalReader r) throws MalformedEncodingException {
        EncodedPoint d = EncodedPoint.decode(r.raw(32));
        if (d.isIdentity()) {
            throw new MalformedEncodingException("a decryption share must not be the identity element");
        }
        return d;
    }
}
