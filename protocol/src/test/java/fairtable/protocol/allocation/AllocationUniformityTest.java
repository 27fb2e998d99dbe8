package fairtable.protocol.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The allocation is uniform: three institutions draw one number each out of 1..3, and over seeded draws each
 * of the 3! = 6 possible allocations (who gets which number) comes up equally often. Chi-square goodness of
 * fit, 5 degrees of freedom, rejected above 20.515 (p = 0.001, from the standard table). Seeded, so the
 * outcome is fixed. The whole allocation is tested at once, not one institution at a time, so a bias in who
 * gets what relative to the others would show too.
 */
class AllocationUniformityTest {
    private static final int DRAWS = 120;
    private static final double CRITICAL_5_DF_P001 = 20.515;

    @Test
    void everyAllocationIsEquallyLikely() throws Exception {
        Map<List<Integer>, Integer> counts = new HashMap<>();
        for (int draw = 0; draw < DRAWS; draw++) {
            AllocationTable table = new AllocationTable(3, 3, 1, false, 90_000 + draw).run();
            List<Integer> allocation = table.seats.stream().map(p -> p.numbers().get(0)).toList();
            assertThat(allocation).containsExactlyInAnyOrder(1, 2, 3);
            counts.merge(allocation, 1, Integer::sum);
        }
        assertThat(counts).hasSize(6);
        double expected = DRAWS / 6.0;
        double chiSquare = 0;
        for (int c : counts.values()) {
            chiSquare += (c - expected) * (c - expected) / expected;
        }
        assertThat(chiSquare).as("chi-square of %s", counts).isLessThan(CRITICAL_5_DF_P001);
    }
}
