package fairtable.crypto.elgamal;

import fairtable.crypto.proof.EscrowProof;
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
 * card to an agent, provably, without showing the card to anyone else. Encoding: R || S || proof, 160 bytes.
 */
public final class EscrowedShare {
    public static final int ENCODED_LENGTH = 64 + EscrowProof.ENCODED_LENGTH;

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

    EncodedPoint escrow1() {
        return escrow1;
    }

    EncodedPoint escrow2() {
        return escrow2;
    }

    public byte[] encode() {
        return new CanonicalWriter(ENCODED_LENGTH).raw(escrow1.encoding()).raw(escrow2.encoding()).raw(proof.encode())
                .toByteArray();
    }

    /** Decodes R || S || proof: canonical points, R not the identity (that would be the share in the clear). */
    public static EscrowedShare decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("an escrowed share is " + ENCODED_LENGTH + " bytes, got " + bytes.length);
        }
        CanonicalReader r = new CanonicalReader(bytes);
        EncodedPoint first = EncodedPoint.decode(r.raw(32));
        if (first.isIdentity()) {
            throw new MalformedEncodingException("an escrowed share must be encrypted (R is the identity)");
        }
        EncodedPoint second = EncodedPoint.decode(r.raw(32));
        EscrowProof proof = EscrowProof.decode(r.raw(EscrowProof.ENCODED_LENGTH));
        r.expectEnd();
        return new EscrowedShare(first, second, proof);
    }
}
