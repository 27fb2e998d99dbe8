package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.AuditVerdict;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Statistics, not examples: with K = 6 and X = 2, each of A's hand, B's hand and the pile is one of the
 * C(6,2) = 15 pairs, and a fair deal makes every pair equally likely. A chi-square test with 14 degrees of
 * freedom at the 0.001 level (critical value 36.12) over seeded runs checks each of the three.
 */
class PatentUniformityTest {
    private static final int RUNS = 900;
    private static final double CRITICAL_14_DF_P001 = 36.123;

    @Test
    void eachHandAndThePileAreUniformOverAllPairs() throws Exception {
        PatentParameters params = new PatentParameters(PatentMode.RISTRETTO, 6, 2);
        Map<String, Map<List<Integer>, Integer>> counts = new HashMap<>();
        for (int run = 0; run < RUNS; run++) {
            Table table = new Table(params, 1_000_003L * run + 17).deal().finish();
            AuditVerdict verdict = Table.audit(table.alice);
            assertThat(verdict.verified()).isTrue();
            verdict.holdings().forEach((who, cards) ->
                    counts.computeIfAbsent(who, w -> new HashMap<>()).merge(cards, 1, Integer::sum));
        }
        assertThat(counts).containsOnlyKeys("alice", "bob", "pile");
        counts.forEach((who, histogram) -> {
            assertThat(histogram).as(who).hasSize(15);
            double expected = RUNS / 15.0;
            double chiSquare = histogram.values().stream()
                    .mapToDouble(n -> (n - expected) * (n - expected) / expected).sum();
            assertThat(chiSquare).as("chi-square of " + who + "'s cards").isLessThan(CRITICAL_14_DF_P001);
        });
    }
}
