package fairtable.crypto.shuffle;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.TwoCores;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Checks many shuffle proofs (every seat's shuffle of a round, every round of a table) with one variable-time
 * multi-scalar multiplication, and names the first bad shuffle when that fails.
 *
 * <p>{@link VerifiableShuffle#verify} already checks one proof's equations as a combination with 128-bit weights
 * from the verifier's generator. Here each shuffle draws its own weights from the same generator, in the order
 * added, and the batch holds iff the sum of all those weighted equations is zero. Every equation of every shuffle
 * has an independent 128-bit weight, so a batch with a false equation passes with probability at most 2^-128,
 * as one proof alone does. In the sum, a point that several shuffles share is one term: the generator, the joint
 * key, the chain base and message bases, and the deck one seat outputs and the next seat shuffles (the same
 * ciphertext objects), so a round of k shuffles of n cards is about (5k + 3)n terms instead of 8kn.
 *
 * <p>When the sum is not zero, every shuffle is checked alone, in the order added, and the first that fails is
 * named: the one-by-one verdict is the authority. Results never depend on thread timing: the weights come from
 * the generator in a fixed order, and the split of the sum over two cores does not change it.
 *
 * @param <L> what names a shuffle in the caller's verdict (a seat, a step)
 */
public final class ShuffleBatch<L> {
    private record Entry<L>(L label, JointKey key, List<Ciphertext> input, List<Ciphertext> output, ShuffleProof proof,
            ProofContext context) {}

    private final RandomGenerator verifierRandom;
    private final List<Entry<L>> entries = new ArrayList<>();

    /** @param verifierRandom the weights: a SecureRandom in production, never predictable by a prover */
    public ShuffleBatch(RandomGenerator verifierRandom) {
        this.verifierRandom = verifierRandom;
    }

    /** Adds the claim that {@code output} is a permutation and re-randomisation of {@code input} under {@code key}. */
    public ShuffleBatch<L> add(L label, JointKey key, List<Ciphertext> input, List<Ciphertext> output, ShuffleProof proof,
            ProofContext context) {
        entries.add(new Entry<>(label, key, List.copyOf(input), List.copyOf(output), proof, context));
        return this;
    }

    public int size() {
        return entries.size();
    }

    /** Whether every shuffle verifies; the same verdict as checking each alone (up to 2^-128). */
    public boolean verifies() {
        return firstInvalid().isEmpty();
    }

    /** The label of the first shuffle (in the order added) that does not verify alone, or empty if all do. */
    public Optional<L> firstInvalid() {
        if (combinationHolds()) {
            return Optional.empty();
        }
        for (Entry<L> e : entries) {
            if (!VerifiableShuffle.verify(e.key(), e.input(), e.output(), e.proof(), e.context(), verifierRandom)) {
                return Optional.of(e.label());
            }
        }
        return Optional.empty();
    }

    /** The sum of every shuffle's weighted equation is zero (true when there are none); false if a size is wrong. */
    private boolean combinationHolds() {
        Map<RistrettoPoint, Scalar> merged = new IdentityHashMap<>();
        for (Entry<L> e : entries) {
            VerifiableShuffle.Equation eq = VerifiableShuffle.equation(e.key(), e.input(), e.output(), e.proof(),
                    e.context(), verifierRandom);
            if (eq == null) {
                return false;
            }
            for (int m = 0; m < eq.points().length; m++) {
                merged.merge(eq.points()[m], eq.scalars()[m], Scalar::add);
            }
        }
        if (merged.isEmpty()) {
            return true;
        }
        Scalar[] scalars = new Scalar[merged.size()];
        RistrettoPoint[] points = new RistrettoPoint[merged.size()];
        int i = 0;
        for (Map.Entry<RistrettoPoint, Scalar> term : merged.entrySet()) {
            points[i] = term.getKey();
            scalars[i++] = term.getValue();
        }
        return TwoCores.vartimeSum(scalars, points).equals(RistrettoPoint.IDENTITY);
    }
}
