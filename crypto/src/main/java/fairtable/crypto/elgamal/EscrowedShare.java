package fairtable.crypto.elgamal;

import fairtable.crypto.proof.EscrowProof;
import fairtable.crypto.proof.ProofBatch;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.CanonicalReader;
import fairtable.crypto.ristretto.CanonicalWriter;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.MalformedEncodingException;

/**
 * A player's decryption share of one card, D = x*c1, encrypted to an escrow agent's key B as
 * (R, S) = (r*G, D + r*B), with an {@link EscrowProof} that it is exactly that. Anyone can check the proof
 * against the player's public key, the card and B; only the holder of B's secret can open it, as S - b*R,
 * and then read the card with the other players' shares. So a player can hand the power to read its own
 * card to an agent, provably, without showing the card to anyone else. Encoding: R || S || proof, 160 bytes with
 * the proof in challenge form, 224 in commitment form (which a {@link ProofBatch} can check with others).
 */
public final class EscrowedShare {
    public static final int ENCODED_LENGTH = 64 + EscrowProof.ENCODED_LENGTH;
    public static final int COMMITTED_LENGTH = 64 + EscrowProof.COMMITTED_LENGTH;

    private final EncodedPoint escrow1;
    private final EncodedPoint escrow2;
    private final EscrowProof proof;

    EscrowedShare(EncodedPoint escrow1, EncodedPoint escrow2, EscrowProof proof) {
        this.escrow1 = escrow1;
        this.escrow2 = escrow2;
        this.proof = proof;
    }

    /**
     * True iff this is {@code owner}'s share of {@code card} encrypted to {@code escrowKey}, proven under
     * {@code ownerContext} (whose prover id must be the owner's).
     */
    public boolean verify(PublicKey owner, Ciphertext card, PublicKey escrowKey, ProofContext ownerContext) {
        return proof.verify(owner.point(), card.c1Point(), escrowKey.point(), escrow1, escrow2, ownerContext);
    }

    /** Adds the claim {@link #verify} checks to {@code batch}, under {@code label}. */
    public <L> void addTo(ProofBatch<L> batch, L label, PublicKey owner, Ciphertext card, PublicKey escrowKey,
            ProofContext ownerContext) {
        batch.addEscrow(label, proof, owner.point(), card.c1Point(), escrowKey.point(), escrow1, escrow2, ownerContext);
    }

    /** Whether the proof carries its commitments (made here or read in commitment form). */
    public boolean hasCommitments() {
        return proof.hasCommitments();
    }

    EncodedPoint escrow1() {
        return escrow1;
    }

    EncodedPoint escrow2() {
        return escrow2;
    }

    /** R || S || e || s1 || s2, 160 bytes; only for a share made here or read in this form. */
    public byte[] encode() {
        return new CanonicalWriter(ENCODED_LENGTH).raw(escrow1.encoding()).raw(escrow2.encoding()).raw(proof.encode())
                .toByteArray();
    }

    /** R || S || T1 || T2 || T3 || s1 || s2, 224 bytes; only for a share made here or read in this form. */
    public byte[] encodeCommitted() {
        return new CanonicalWriter(COMMITTED_LENGTH).raw(escrow1.encoding()).raw(escrow2.encoding())
                .raw(proof.encodeCommitted()).toByteArray();
    }

    /** Decodes R || S || proof in challenge form: canonical, R not the identity (that would be the share in the clear). */
    public static EscrowedShare decode(byte[] bytes) throws MalformedEncodingException {
        return decode(bytes, false);
    }

    /** Decodes R || S || proof in commitment form, with the same checks. */
    public static EscrowedShare decodeCommitted(byte[] bytes) throws MalformedEncodingException {
        return decode(bytes, true);
    }

    private static EscrowedShare decode(byte[] bytes, boolean committed) throws MalformedEncodingException {
        int length = committed ? COMMITTED_LENGTH : ENCODED_LENGTH;
        if (bytes.length != length) {
            throw new MalformedEncodingException("an escrowed share" + (committed ? " in commitment form" : "") + " is "
                    + length + " bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EncodedPoint first = EncodedPoint.decode(r.raw(32));
        if (first.isIdentity()) {
            throw new MalformedEncodingException("an escrowed share must be encrypted (R is the identity)");
        }
        EncodedPoint second = EncodedPoint.decode(r.raw(32));
        EscrowProof proof = committed ? EscrowProof.decodeCommitted(r.raw(EscrowProof.COMMITTED_LENGTH))
                : EscrowProof.decode(r.raw(EscrowProof.ENCODED_LENGTH));
        r.expectEnd();
        return new EscrowedShare(first, second, proof);
    }
}
