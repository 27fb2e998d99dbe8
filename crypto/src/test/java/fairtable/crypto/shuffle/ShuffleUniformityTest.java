package fairtable.crypto.shuffle;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * One honest shuffler makes the composed deck uniform, whatever the others do. Chi-square tests with
 * critical values at alpha = 0.001 (df = 4: 18.467; df = 119: 173.6), seeded so they are reproducible.
 */
class ShuffleUniformityTest {
    private static final int CARDS = 5;

    @Test
    void composedPermutationIsUniformOverAll120WhenOneShufflerIsHonest() {
        SplittableRandom rng = new SplittableRandom(2024);
        Permutation cheatA = Permutation.of(4, 3, 2, 1, 0);
        Permutation cheatB = Permutation.of(1, 2, 3, 4, 0);
        int runs = 60_000;
        Map<Permutation, Integer> counts = new HashMap<>();
        for (int run = 0; run < runs; run++) {
            Permutation composed = cheatA.then(Permutation.random(CARDS, rng)).then(cheatB);
            counts.merge(composed, 1, Integer::sum);
        }
        assertThat(counts).hasSize(120);
        double expected = runs / 120.0;
        double chiSquare = 0;
        for (int count : counts.values()) {
            chiSquare += (count - expected) * (count - expected) / expected;
        }
        assertThat(chiSquare).isLessThan(173.6);
    }

    @Test
    void aBiasedShufflerIsDetectedByTheSameStatistic() {
        // The statistic can fail: a shuffler that never moves card 0 to position 4 is rejected.
        SplittableRandom rng = new SplittableRandom(7);
        int[] positions = new int[CARDS];
        int runs = 2_000;
        for (int run = 0; run < runs; run++) {
            Permutation p;
            do {
                p = Permutation.random(CARDS, rng);
            } while (p.sourceOf(4) == 0);
            positions[p.inverse().sourceOf(0)]++;
        }
        assertThat(chiSquare(positions, runs)).isGreaterThan(18.467);
    }

    @Test
    void positionOfCardZeroAfterRealShufflesIsUniform() {
        SplittableRandom rng = new SplittableRandom(99);
        KeyPair key = KeyPair.generate(rng);
        JointKey joint = JointKey.of(List.of(key.publicKey()));
        RistrettoPoint[] cards = new RistrettoPoint[CARDS];
        Ciphertext[] start = new Ciphertext[CARDS];
        for (int j = 0; j < CARDS; j++) {
            cards[j] = Points.hashToGroup("fairtable/test/card", new byte[] {(byte) j});
            start[j] = Ciphertext.unmasked(cards[j]);
        }
        int runs = 100;
        int[] positions = new int[CARDS];
        for (int run = 0; run < runs; run++) {
            List<Ciphertext> deck = List.of(start);
            for (int player = 0; player < 3; player++) {
                Permutation pi = player == 1 ? Permutation.random(CARDS, rng) : Permutation.identity(CARDS);
                ProofContext ctx = ProofContext.of(("run-" + run).getBytes(StandardCharsets.UTF_8), new byte[0],
                        ("player-" + player).getBytes(StandardCharsets.UTF_8));
                deck = VerifiableShuffle.shuffle(joint, deck, pi, ctx, rng).deck();
            }
            int found = -1;
            for (int i = 0; i < CARDS && found < 0; i++) {
                if (key.decrypt(deck.get(i), List.of()).equals(cards[0])) {
                    found = i;
                }
            }
            assertThat(found).isNotNegative();
            positions[found]++;
        }
        assertThat(chiSquare(positions, runs)).isLessThan(18.467);
    }

    private static double chiSquare(int[] counts, int runs) {
        double expected = (double) runs / counts.length;
        double chi = 0;
        for (int c : counts) {
            chi += (c - expected) * (c - expected) / expected;
        }
        return chi;
    }
}
