package fairtable.games.permutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.permutation.PermutationDealDemo.Result;
import fairtable.games.permutation.PermutationDealDemo.View;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PermutationDealDemoTest {
    @ParameterizedTest
    @CsvSource({"3, 52, 1", "5, 52, 2", "3, 9, 3"})
    void theDemoDealsDistinctCardsPrivatelyAndPubliclyAndVerifies(int players, int cards, long seed) {
        Result result = PermutationDealDemo.run(players, cards, new SplittableRandom(seed));
        assertThat(result.verdict().verified()).as(result.verdict().line()).isTrue();
        assertThat(result.views()).hasSize(players);
        Set<Integer> seen = new HashSet<>();
        for (View v : result.views()) {
            assertThat(v.privateCards()).hasSize(PermutationDealDemo.HAND);
            assertThat(v.privateCards().keySet()).allMatch(p -> p % players == v.seat());
            assertThat(v.publicCards()).hasSize(PermutationDealDemo.BOARD);
            assertThat(result.verdict().holdings().get(v.name()))
                    .containsExactlyInAnyOrderElementsOf(v.privateCards().values());
            seen.addAll(v.privateCards().values());
        }
        seen.addAll(result.views().get(0).publicCards().values());
        assertThat(seen).hasSize(PermutationDealDemo.HAND * players + PermutationDealDemo.BOARD)
                .allMatch(c -> c >= 0 && c < cards);
    }

    @Test
    void theSameSeedDealsTheSameGame() {
        // The smallest deal of the cases above: reproducibility does not depend on the table's size.
        assertThat(PermutationDealDemo.run(3, 9, new SplittableRandom(3)).transcript())
                .isEqualTo(PermutationDealDemo.run(3, 9, new SplittableRandom(3)).transcript());
    }

    @Test
    void tooFewCardsOrPlayersAreRefused() {
        assertThatThrownBy(() -> PermutationDealDemo.run(2, 52, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PermutationDealDemo.run(3, 8, new SplittableRandom(1)))
                .hasMessageContaining("at least 9 cards");
    }
}
