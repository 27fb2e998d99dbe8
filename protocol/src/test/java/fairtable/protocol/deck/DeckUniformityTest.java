package fairtable.protocol.deck;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.shuffle.Permutation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One honest shuffler is enough: when every other seat "shuffles" with the identity permutation, the order
 * of the opened deck is still uniform over all 3! = 6 orders. Chi-square goodness of fit, 5 degrees of
 * freedom, rejected above 20.515 (p = 0.001, from the standard table). Seeded, so the outcome is fixed.
 */
class DeckUniformityTest {
    private static final int GAMES = 120;
    private static final double CRITICAL_5_DF_P001 = 20.515;

    @Test
    void theOpenedOrderIsUniformWithASingleRandomShuffler() throws Exception {
        Map<List<Integer>, Integer> counts = new HashMap<>();
        for (int game = 0; game < GAMES; game++) {
            DeckTable table = new DeckTable(2, 3, 7_000 + game);
            int honest = game % 2;
            table.seat(1 - honest).shuffleWith(Permutation.identity(3));
            table.shuffle();
            table.pump(table.seat(0).open(3));
            DeckObserver o = table.seat(0).observer();
            List<Integer> order = List.of(o.publicCard(0), o.publicCard(1), o.publicCard(2));
            assertThat(order).containsExactlyInAnyOrder(0, 1, 2);
            counts.merge(order, 1, Integer::sum);
        }
        assertThat(counts).hasSize(6);
        double expected = GAMES / 6.0;
        double chiSquare = 0;
        for (int c : counts.values()) {
            chiSquare += (c - expected) * (c - expected) / expected;
        }
        assertThat(chiSquare).as("chi-square of %s", counts).isLessThan(CRITICAL_5_DF_P001);
    }
}
