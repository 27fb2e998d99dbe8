package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;

class ChiSquareTest {
    @Test
    void criticalValuesMatchPublishedTables() {
        // Upper 0.1% points from standard chi-square tables (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
        assertThat(ChiSquare.criticalValueAtOnePerMille(7)).isCloseTo(24.322, withinPercentage(1.0));
        assertThat(ChiSquare.criticalValueAtOnePerMille(15)).isCloseTo(37.697, withinPercentage(1.0));
        assertThat(ChiSquare.criticalValueAtOnePerMille(63)).isCloseTo(103.442, withinPercentage(1.0));
        assertThat(ChiSquare.criticalValueAtOnePerMille(100)).isCloseTo(149.449, withinPercentage(1.0));
    }

    @Test
    void statisticsOfKnownTables() {
        assertThat(ChiSquare.uniformity(new long[] {10, 10, 10, 10})).isZero();
        assertThat(ChiSquare.uniformity(new long[] {20, 0})).isEqualTo(20.0);
        assertThat(ChiSquare.homogeneity(new long[] {5, 5}, new long[] {10, 10})).isZero();
        // 2x2 table [[10, 0], [0, 10]]: each of the four cells deviates by 5 from an expectation of 5.
        assertThat(ChiSquare.homogeneity(new long[] {10, 0}, new long[] {0, 10})).isEqualTo(20.0);
    }
}
