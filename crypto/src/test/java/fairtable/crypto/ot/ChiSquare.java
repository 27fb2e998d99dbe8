package fairtable.crypto.ot;

/** Pearson chi-square statistics and critical values for the statistical tests of this package. */
final class ChiSquare {
    private ChiSquare() {}

    /** Goodness of fit of {@code counts} to the uniform distribution. */
    static double uniformity(long[] counts) {
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        double expected = (double) total / counts.length;
        double statistic = 0;
        for (long count : counts) {
            statistic += (count - expected) * (count - expected) / expected;
        }
        return statistic;
    }

    /** Homogeneity of two samples over the same bins (a 2 × k contingency table, k − 1 degrees of freedom). */
    static double homogeneity(long[] first, long[] second) {
        long totalFirst = 0;
        long totalSecond = 0;
        for (int i = 0; i < first.length; i++) {
            totalFirst += first[i];
            totalSecond += second[i];
        }
        double total = totalFirst + totalSecond;
        double statistic = 0;
        for (int i = 0; i < first.length; i++) {
            double column = first[i] + second[i];
            if (column == 0) {
                continue;
            }
            double expectedFirst = column * totalFirst / total;
            double expectedSecond = column * totalSecond / total;
            statistic += (first[i] - expectedFirst) * (first[i] - expectedFirst) / expectedFirst;
            statistic += (second[i] - expectedSecond) * (second[i] - expectedSecond) / expectedSecond;
        }
        return statistic;
    }

    /**
     * The upper 0.1% point of the chi-square distribution by the Wilson–Hilferty approximation (z = 3.0902),
     * within 1% of the exact value for 7 or more degrees of freedom (tables: 7 → 24.32, 63 → 103.44).
     */
    static double criticalValueAtOnePerMille(int degreesOfFreedom) {
        double k = degreesOfFreedom;
        double term = 1 - 2 / (9 * k) + 3.0902 * Math.sqrt(2 / (9 * k));
        return k * term * term * term;
    }
}
