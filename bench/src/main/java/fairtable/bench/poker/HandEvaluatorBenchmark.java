package fairtable.bench.poker;

import fairtable.games.poker.HandEvaluator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Seven-card evaluations per second over a pre-generated array of random hands (distinct cards each),
 * large enough that branch prediction cannot learn it. Each invocation evaluates every hand once, so
 * the reported ops/s are evaluations per second.
 *
 * <pre>java -jar bench/target/benchmarks.jar HandEvaluatorBenchmark -f 1 -wi 2 -i 3 -w 1 -r 1</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HandEvaluatorBenchmark {
    private static final int HANDS = 1 << 16;

    private int[] cards;
    private long[] masks;

    @Setup
    public void generateHands() {
        SplittableRandom random = new SplittableRandom(42);
        cards = new int[HANDS * 7];
        masks = new long[HANDS];
        for (int hand = 0; hand < HANDS; hand++) {
            long mask = 0;
            for (int i = 0; i < 7; i++) {
                int card;
                do {
                    card = random.nextInt(52);
                } while ((mask >>> card & 1) != 0);
                mask |= 1L << card;
                cards[hand * 7 + i] = card;
            }
            masks[hand] = mask;
        }
    }

    /** From seven card indexes, as a simulation dealing cards would call it. */
    @Benchmark
    @OperationsPerInvocation(HANDS)
    public int sevenCardIndexes() {
        int sum = 0;
        int[] c = cards;
        for (int i = 0; i < c.length; i += 7) {
            sum += HandEvaluator.strength(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6]);
        }
        return sum;
    }

    /** From a prepared 52-bit card mask. */
    @Benchmark
    @OperationsPerInvocation(HANDS)
    public int sevenCardMasks() {
        int sum = 0;
        for (long mask : masks) {
            sum += HandEvaluator.strength(mask);
        }
        return sum;
    }
}
