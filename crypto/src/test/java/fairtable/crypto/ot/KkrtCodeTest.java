package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The KKRT code: its minimum distance by exhaustion, and that it is the linear code of its generator rows. */
class KkrtCodeTest {

    static int minimumWeight() {
        int minimum = KkrtCode.WIDTH;
        for (int x = 1; x < KkrtCode.INPUTS; x++) {
            int weight = 0;
            for (long word : KkrtCode.encode(x)) {
                weight += Long.bitCount(word);
            }
            minimum = Math.min(minimum, weight);
        }
        return minimum;
    }

    @Test
    void everyNonzeroCodewordWeighsAtLeastTheStatedMinimumDistance() {
        // Linear code: the minimum distance is the minimum weight of a nonzero codeword; all 2047 are checked.
        assertThat(minimumWeight()).isEqualTo(KkrtCode.MINIMUM_DISTANCE).isGreaterThanOrEqualTo(150);
    }

    @Test
    void aCodewordIsTheXorOfTheGeneratorRowsOfItsSetBits() {
        for (int x = 0; x < KkrtCode.INPUTS; x += 37) {
            long[] expected = new long[KkrtCode.WORDS];
            for (int k = 0; k < KkrtCode.INPUT_BITS; k++) {
                if ((x >>> k & 1) == 1) {
                    long[] row = KkrtCode.generatorRow(k);
                    for (int w = 0; w < KkrtCode.WORDS; w++) {
                        expected[w] ^= row[w];
                    }
                }
            }
            assertThat(KkrtCode.encode(x)).as("C(%d)", x).containsExactly(expected);
        }
        assertThat(KkrtCode.encode(0)).containsOnly(0L);
    }

    @Test
    void inputsOutsideTheCodesDomainAreRefused() {
        assertThatThrownBy(() -> KkrtCode.encode(KkrtCode.INPUTS)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("input 2048 outside [0, 2048)");
        assertThatThrownBy(() -> KkrtCode.encode(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
