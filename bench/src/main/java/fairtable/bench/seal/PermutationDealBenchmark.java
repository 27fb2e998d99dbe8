package fairtable.bench.seal;

import fairtable.games.permutation.PermutationDealDemo;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A whole in-memory permutation deal of 52 cards (key announcements, sealed handouts, two private cards
 * each, three public cards, openings) and its audit, which opens every sealed message again.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PermutationDealBenchmark {
    @Param({"3", "5"})
    public int players;

    private final SplittableRandom random = new SplittableRandom(2);

    @Benchmark
    public PermutationDealDemo.Result dealAndAudit() {
        return PermutationDealDemo.run(players, 52, random);
    }
}
