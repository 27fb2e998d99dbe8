package fairtable.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Exhaustive checks against the published frequency tables (e.g. Wikipedia, "Poker probability"):
 * every 5-card and every 7-card hand, and the known numbers of distinct hand values.
 */
class HandEnumerationTest {

    @Test
    void allFiveCardHandsMatchThePublishedTable() {
        long[] counts = new long[9];
        boolean[] seen = new boolean[9 << 20];
        for (int a = 0; a < 52; a++) {
            long ma = 1L << a;
            for (int b = a + 1; b < 52; b++) {
                long mb = ma | 1L << b;
                for (int c = b + 1; c < 52; c++) {
                    long mc = mb | 1L << c;
                    for (int d = c + 1; d < 52; d++) {
                        long md = mc | 1L << d;
                        for (int e = d + 1; e < 52; e++) {
                            int strength = HandEvaluator.strengthOfMask(md | 1L << e);
                            counts[strength >>> 20]++;
                            seen[strength] = true;
                        }
                    }
                }
            }
        }
        assertThat(counts).containsExactly(1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40);
        assertThat(distinct(seen)).as("distinct five-card hand values").isEqualTo(7462);
    }

    @Test
    void allSevenCardHandsMatchThePublishedTable() {
        long[] counts = new long[9];
        boolean[] seen = new boolean[9 << 20];
        for (int a = 0; a < 52; a++) {
            long ma = 1L << a;
            for (int b = a + 1; b < 52; b++) {
                long mb = ma | 1L << b;
                for (int c = b + 1; c < 52; c++) {
                    long mc = mb | 1L << c;
                    for (int d = c + 1; d < 52; d++) {
                        long md = mc | 1L << d;
                        for (int e = d + 1; e < 52; e++) {
                            long me = md | 1L << e;
                            for (int f = e + 1; f < 52; f++) {
                                long mf = me | 1L << f;
                                for (int g = f + 1; g < 52; g++) {
                                    int strength = HandEvaluator.strengthOfMask(mf | 1L << g);
                                    counts[strength >>> 20]++;
                                    seen[strength] = true;
                                }
                            }
                        }
                    }
                }
            }
        }
        assertThat(counts).containsExactly(23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020,
                4_047_644, 3_473_184, 224_848, 41_584);
        assertThat(distinct(seen)).as("distinct seven-card hand values").isEqualTo(4824);
    }

    private static int distinct(boolean[] seen) {
        int count = 0;
        for (boolean s : seen) {
            if (s) {
                count++;
            }
        }
        return count;
    }
}
