package fairtable.protocol.deck;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.EscrowedShare;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.elgamal.PublicKey;
import fairtable.crypto.proof.ProofBatch;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.shuffle.ShuffleBatch;
import fairtable.crypto.shuffle.ShuffleProof;
import fairtable.protocol.audit.AuditVerdict;
import java.security.SecureRandom;
import java.util.List;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Every key proof, shuffle proof and decryption share of a whole transcript (every round of a table), and the
 * allocation's escrowed shares, kept by an audit's observers instead of being checked message by message, and checked at the end as one
 * {@link ProofBatch} and one {@link ShuffleBatch}.
 *
 * <p>The verdict of an audit that deferred its proofs stands only if {@link #verify} holds. If it does not, the
 * audit runs again checking every proof in its message, as live play does, and that run's verdict is the one
 * given: it names the same message and party as an audit that never batched, also when a bad proof let later
 * messages fail for another reason. An honest transcript is checked once, with a few large multi-scalar sums.
 */
public final class DeferredProofs {
    private final ProofBatch<String> proofs = new ProofBatch<>();
    private final ShuffleBatch<String> shuffles;

    /** @param verifierRandom the shuffle batch's weights: a SecureRandom, never predictable by a prover */
    public DeferredProofs(RandomGenerator verifierRandom) {
        this.shuffles = new ShuffleBatch<>(verifierRandom);
    }

    void addKeyProof(String where, PublicKey key, SchnorrProof proof, ProofContext context) {
        proofs.addSchnorr(where, proof, key.point(), context);
    }

    void addShuffle(String where, JointKey key, List<Ciphertext> input, List<Ciphertext> output, ShuffleProof proof,
            ProofContext context) {
        shuffles.add(where, key, input, output, proof, context);
    }

    void addShare(String where, DecryptionShare share, PublicKey owner, Ciphertext card, ProofContext context) {
        share.addTo(proofs, where, owner, card, context);
    }

    /** An escrowed share's proof, for a protocol on the deck that escrows shares (the allocation's, to its board). */
    public void addEscrowedShare(String where, EscrowedShare share, PublicKey owner, Ciphertext card, PublicKey escrowKey,
            ProofContext context) {
        share.addTo(proofs, where, owner, card, escrowKey, context);
    }

    /** How many key proofs, decryption shares and escrowed shares, and how many shuffles, are kept. */
    public int proofs() {
        return proofs.size();
    }

    public int shuffles() {
        return shuffles.size();
    }

    /**
     * The verdict of {@code audit} run with every proof kept for one batch, if the batch verifies; otherwise (or if
     * the unchecked proofs led the replay astray) the verdict of {@code audit} run again with each proof checked in
     * its message (given null), which names the same message and party as an audit that never batched.
     */
    public static AuditVerdict batchedOrOneByOne(Function<DeferredProofs, AuditVerdict> audit) {
        DeferredProofs pending = new DeferredProofs(new SecureRandom());
        try {
            AuditVerdict batched = audit.apply(pending);
            if (pending.verify()) {
                return batched;
            }
        } catch (RuntimeException astray) {
            // a bad proof accepted for now can lead the replay where no honest transcript goes: audit one by one
        }
        return audit.apply(null);
    }

    /** Whether every kept proof verifies (the same as checking each alone, up to 2^-128). */
    public boolean verify() {
        return proofs.verifies() && shuffles.verifies();
    }
}
