package fairtable.crypto.random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Unbiasedness by Pearson's chi-square test against the uniform distribution, with seeded generators and
 * the critical values of the chi-square distribution at p = 0.001 (from the standard table): a correct
 * implementation fails one seed in a thousand, a biased one (modulo reduction, a naive shuffle) fails
 * every time at these sample sizes.
 */
class RandomChoicesTest {
    /** Chi-square critical values at p = 0.001, by degrees of freedom. */
    private static final Map<Integer, Double> CRITICAL_AT_0_001 =
            Map.of(5, 20.515, 6, 22.458, 19, 43.820, 23, 49.728, 2, 13.816);

    @RepeatedTest(3)
    void uniformInRangeIsUnbiasedOverSevenValues(RepetitionInfo repetition) {
        // 7 values need 3 bits, so 1 draw in 8 is rejected. A modulo reduction of a byte would favour the
        // first 256 mod 7 = 4 values by 1/36, giving a statistic near 51 at this sample size.
        SplittableRandom random = new SplittableRandom(repetition.getCurrentRepetition());
        BigInteger low = BigInteger.valueOf(10);
        BigInteger high = BigInteger.valueOf(17);
        long[] counts = new long[7];
        int draws = 280_000;
        for (int i = 0; i < draws; i++) {
            BigInteger v = RandomChoices.uniformInRange(random, low, high);
            assertThat(v).isGreaterThanOrEqualTo(low).isLessThan(high);
            counts[v.intValueExact() - 10]++;
        }
        assertThat(chiSquare(counts, draws)).isLessThan(CRITICAL_AT_0_001.get(6));
    }

    @RepeatedTest(3)
    void uniformInRangeIsUnbiasedWhenTheSpanBarelyExceedsAPowerOfTwo(RepetitionInfo repetition) {
        // Span 129 = 2^7 + 1 over 8 bits: almost half the draws are rejected. An off-by-one in the mask or
        // the rejection bound shows in the end values, so count the classes {0}, {1..127}, {128}.
        SplittableRandom random = new SplittableRandom(10 + repetition.getCurrentRepetition());
        long[] counts = new long[3];
        int draws = 129 * 400;
        for (int i = 0; i < draws; i++) {
            int v = RandomChoices.uniformInRange(random, BigInteger.ZERO, BigInteger.valueOf(129)).intValueExact();
            assertThat(v).isBetween(0, 128);
            counts[v == 0 ? 0 : v == 128 ? 2 : 1]++;
        }
        double[] expected = {draws / 129.0, draws * 127 / 129.0, draws / 129.0};
        assertThat(chiSquare(counts, expected)).isLessThan(CRITICAL_AT_0_001.get(2));
    }

    @ParameterizedTest
    @CsvSource({
        "0, 1",
        "5, 6",
        "-3, 4",
        "0, 256",
        "0, 257",
        "1267650600228229401496703205376, 1267650600228229401496703217721", // 2^100, 2^100 + 12345
        "-340282366920938463463374607431768211456, 340282366920938463463374607431768211456", // -2^128, 2^128
    })
    void uniformInRangeStaysInRange(String lowText, String highText) {
        BigInteger low = new BigInteger(lowText);
        BigInteger high = new BigInteger(highText);
        SplittableRandom random = new SplittableRandom(lowText.hashCode() ^ highText.hashCode());
        BigInteger smallest = high;
        BigInteger largest = low;
        for (int i = 0; i < 2_000; i++) {
            BigInteger v = RandomChoices.uniformInRange(random, low, high);
            assertThat(v).isGreaterThanOrEqualTo(low).isLessThan(high);
            smallest = smallest.min(v);
            largest = largest.max(v);
        }
        if (high.subtract(low).compareTo(BigInteger.valueOf(300)) <= 0) {
            // Small ranges are covered end to end in 2000 draws.
            assertThat(smallest).isEqualTo(low);
            assertThat(largest).isEqualTo(high.subtract(BigInteger.ONE));
        }
    }

    @Test
    void uniformInRangeRejectsEmptyRanges() {
        SplittableRandom random = new SplittableRandom(1);
        assertThatThrownBy(() -> RandomChoices.uniformInRange(random, BigInteger.TEN, BigInteger.TEN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RandomChoices.uniformInRange(random, BigInteger.TEN, BigInteger.ONE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @RepeatedTest(3)
    void shuffledIsUniformOverTheSixPermutationsOfThree(RepetitionInfo repetition) {
        assertShuffleUniform(3, 6, 60_000, new SplittableRandom(20 + repetition.getCurrentRepetition()),
                CRITICAL_AT_0_001.get(5));
    }

    @RepeatedTest(3)
    void shuffledIsUniformOverTheTwentyFourPermutationsOfFour(RepetitionInfo repetition) {
        assertShuffleUniform(4, 24, 96_000, new SplittableRandom(30 + repetition.getCurrentRepetition()),
                CRITICAL_AT_0_001.get(23));
    }

    @Test
    void shuffledIsAPermutationAndLeavesItsInputAlone() {
        List<Integer> deck = IntStream.range(0, 52).boxed().collect(Collectors.toList());
        List<Integer> before = new ArrayList<>(deck);
        SplittableRandom random = new SplittableRandom(40);
        for (int i = 0; i < 100; i++) {
            List<Integer> shuffled = RandomChoices.shuffled(deck, random);
            assertThat(shuffled).hasSize(52).containsExactlyInAnyOrderElementsOf(deck);
        }
        assertThat(deck).isEqualTo(before);
        assertThat(RandomChoices.shuffled(List.of(), random)).isEmpty();
        assertThat(RandomChoices.shuffled(List.of("only"), random)).containsExactly("only");
    }

    @Test
    void shuffledKeepsDuplicates() {
        List<String> items = List.of("a", "a", "b");
        List<String> shuffled = RandomChoices.shuffled(items, new SplittableRandom(41));
        assertThat(shuffled).containsExactlyInAnyOrder("a", "a", "b");
    }

    @Test
    void distinctIndicesAreDistinctAndInRange() {
        SplittableRandom random = new SplittableRandom(50);
        for (int size : new int[] {1, 2, 7, 52, 100}) {
            for (int count = 0; count <= size; count += Math.max(1, size / 5)) {
                int[] picked = RandomChoices.distinctIndices(size, count, random);
                assertThat(picked).hasSize(count);
                assertThat(Arrays.stream(picked).distinct().count()).isEqualTo(count);
                for (int index : picked) {
                    assertThat(index).isBetween(0, size - 1);
                }
            }
            int[] all = RandomChoices.distinctIndices(size, size, random);
            assertThat(all).containsExactlyInAnyOrder(IntStream.range(0, size).toArray());
        }
        assertThat(RandomChoices.distinctIndices(0, 0, random)).isEmpty();
    }

    @RepeatedTest(3)
    void distinctIndicesAreUniformOverOrderedPairs(RepetitionInfo repetition) {
        // Two of five, in the order drawn: 20 equally likely ordered pairs.
        SplittableRandom random = new SplittableRandom(60 + repetition.getCurrentRepetition());
        long[] counts = new long[25];
        int draws = 40_000;
        for (int i = 0; i < draws; i++) {
            int[] pair = RandomChoices.distinctIndices(5, 2, random);
            counts[pair[0] * 5 + pair[1]]++;
        }
        long[] offDiagonal = new long[20];
        int k = 0;
        for (int a = 0; a < 5; a++) {
            assertThat(counts[a * 5 + a]).isZero();
            for (int b = 0; b < 5; b++) {
                if (a != b) {
                    offDiagonal[k++] = counts[a * 5 + b];
                }
            }
        }
        assertThat(chiSquare(offDiagonal, draws)).isLessThan(CRITICAL_AT_0_001.get(19));
    }

    @Test
    void distinctIndicesRejectsImpossibleCounts() {
        SplittableRandom random = new SplittableRandom(70);
        assertThatThrownBy(() -> RandomChoices.distinctIndices(5, 6, random)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RandomChoices.distinctIndices(5, -1, random)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void choicesDependOnlyOnTheInjectedGenerator() {
        List<Integer> deck = IntStream.range(0, 52).boxed().collect(Collectors.toList());
        assertThat(RandomChoices.shuffled(deck, new SplittableRandom(80)))
                .isEqualTo(RandomChoices.shuffled(deck, new SplittableRandom(80)));
        assertThat(RandomChoices.distinctIndices(52, 5, new SplittableRandom(81)))
                .isEqualTo(RandomChoices.distinctIndices(52, 5, new SplittableRandom(81)));
        BigInteger high = BigInteger.ONE.shiftLeft(200);
        assertThat(RandomChoices.uniformInRange(new SplittableRandom(82), BigInteger.ZERO, high))
                .isEqualTo(RandomChoices.uniformInRange(new SplittableRandom(82), BigInteger.ZERO, high));
    }

    private static void assertShuffleUniform(int n, int permutations, int draws, SplittableRandom random,
            double critical) {
        List<Integer> items = IntStream.range(0, n).boxed().collect(Collectors.toList());
        Map<List<Integer>, Long> counts = new HashMap<>();
        for (int i = 0; i < draws; i++) {
            counts.merge(RandomChoices.shuffled(items, random), 1L, Long::sum);
        }
        assertThat(counts).hasSize(permutations);
        long[] observed = counts.values().stream().mapToLong(Long::longValue).toArray();
        assertThat(chiSquare(observed, draws)).isLessThan(critical);
    }

    /** Pearson's statistic against the uniform distribution over the cells. */
    private static double chiSquare(long[] observed, long total) {
        double[] expected = new double[observed.length];
        Arrays.fill(expected, (double) total / observed.length);
        return chiSquare(observed, expected);
    }

    private static double chiSquare(long[] observed, double[] expected) {
        double sum = 0;
        for (int i = 0; i < observed.length; i++) {
            double d = observed[i] - expected[i];
            sum += d * d / expected[i];
        }
        return sum;
    }
}
