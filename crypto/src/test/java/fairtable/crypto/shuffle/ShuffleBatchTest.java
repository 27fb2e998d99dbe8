package fairtable.crypto.shuffle;

import static fairtable.crypto.shuffle.VerifiableShuffleTest.card;
import static fairtable.crypto.shuffle.VerifiableShuffleTest.context;
import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import fairtable.crypto.shuffle.VerifiableShuffleTest.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * Many shuffles checked as one sum: the verdict is the one-by-one verdict, and a round with a cheating shuffler
 * names that shuffler (the first, if several cheat), wherever in the round it sits.
 */
class ShuffleBatchTest {
    private static final int CARDS = 8;

    /** One seat's shuffle in a round: what it received, what it sent, its proof and its context. */
    record Step(String seat, List<Ciphertext> input, List<Ciphertext> output, ShuffleProof proof, ProofContext context) {}

    /**
     * Every seat shuffles the previous seat's deck in turn; the seats in {@code cheaters} replace one card of their
     * output by a card of their choosing and prove the false claim with the honest prover.
     */
    private static List<Step> round(Table table, int seats, List<Integer> cheaters, SplittableRandom rng) {
        List<Step> steps = new ArrayList<>();
        List<Ciphertext> deck = table.deck();
        for (int s = 0; s < seats; s++) {
            Permutation pi = Permutation.random(CARDS, rng);
            Scalar[] reencryption = new Scalar[CARDS];
            for (int j = 0; j < CARDS; j++) {
                reencryption[j] = Scalars.random(rng);
            }
            List<Ciphertext> out = new ArrayList<>();
            for (int i = 0; i < CARDS; i++) {
                out.add(deck.get(pi.sourceOf(i)).rerandomize(table.key(), reencryption[pi.sourceOf(i)]));
            }
            if (cheaters.contains(s)) {
                int at = rng.nextInt(CARDS);
                out.set(at, Ciphertext.unmasked(card(40 + s)).rerandomize(table.key(), reencryption[pi.sourceOf(at)]));
            }
            ProofContext ctx = context("round", "seat " + s);
            ShuffleProof proof = VerifiableShuffle.prove(table.key(), deck, out, pi, reencryption, ctx, rng);
            steps.add(new Step("seat " + s, deck, List.copyOf(out), proof, ctx));
            deck = steps.get(s).output();
        }
        return steps;
    }

    private static Optional<String> batchVerdict(Table table, List<Step> steps, SplittableRandom verifier) {
        ShuffleBatch<String> batch = new ShuffleBatch<>(verifier);
        for (Step s : steps) {
            batch.add(s.seat(), table.key(), s.input(), s.output(), s.proof(), s.context());
        }
        assertThat(batch.size()).isEqualTo(steps.size());
        return batch.firstInvalid();
    }

    private static Optional<String> oneByOne(Table table, List<Step> steps, SplittableRandom verifier) {
        for (Step s : steps) {
            if (!VerifiableShuffle.verify(table.key(), s.input(), s.output(), s.proof(), s.context(), verifier)) {
                return Optional.of(s.seat());
            }
        }
        return Optional.empty();
    }

    @Test
    void anHonestRoundOfSixShufflesVerifiesAsOneBatch() {
        SplittableRandom rng = new SplittableRandom(601);
        Table table = Table.of(6, CARDS, rng);
        List<Step> steps = round(table, 6, List.of(), rng);
        assertThat(oneByOne(table, steps, rng)).isEmpty();
        assertThat(batchVerdict(table, steps, rng)).isEmpty();
        ShuffleBatch<String> empty = new ShuffleBatch<>(rng);
        assertThat(empty.verifies()).isTrue();
    }

    @RepeatedTest(6)
    void oneCheatingShufflerAtASeededPlaceIsNamed(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(700 + info.getCurrentRepetition());
        int seats = 3 + rng.nextInt(4);
        int cheater = rng.nextInt(seats);
        Table table = Table.of(seats, CARDS, rng);
        List<Step> steps = round(table, seats, List.of(cheater), rng);
        assertThat(oneByOne(table, steps, rng)).contains("seat " + cheater);
        assertThat(batchVerdict(table, steps, rng)).as("%d seats, cheater %d", seats, cheater).contains("seat " + cheater);
    }

    @Test
    void ofTwoCheatersTheFirstInOrderIsNamed() {
        SplittableRandom rng = new SplittableRandom(811);
        Table table = Table.of(5, CARDS, rng);
        List<Step> steps = round(table, 5, List.of(1, 3), rng);
        assertThat(batchVerdict(table, steps, rng)).contains("seat 1");
        assertThat(batchVerdict(table, steps.subList(2, 5), rng)).contains("seat 3");
    }

    @Test
    void aProofMovedToAnotherSeatOrCutShortIsNamedToo() {
        SplittableRandom rng = new SplittableRandom(812);
        Table table = Table.of(4, CARDS, rng);
        List<Step> steps = new ArrayList<>(round(table, 4, List.of(), rng));
        Step third = steps.get(2);
        steps.set(2, new Step(third.seat(), third.input(), third.output(), third.proof(), context("round", "seat 0")));
        assertThat(batchVerdict(table, steps, rng)).contains("seat 2");

        steps = new ArrayList<>(round(table, 4, List.of(), rng));
        Step second = steps.get(1);
        steps.set(1, new Step(second.seat(), second.input(), second.output().subList(0, CARDS - 1), second.proof(),
                second.context()));
        assertThat(batchVerdict(table, steps, rng)).contains("seat 1");
    }
}
