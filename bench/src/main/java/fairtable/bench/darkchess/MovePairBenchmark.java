package fairtable.bench.darkchess;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.play.DarkChessTable;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
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
 * A whole dark-chess/v1 game capped at two plies (one move pair) between two bots through the parties, in each mode
 * in the same run (the seed's Chou–Orlandi rounds, the one-round-trip table, and the same table by OT extension):
 * hellos, both moves, four vision rebuilds (three through the peer in ote-table, whose White rebuilds ply 1 from
 * Black's public start), signatures, the reveal. In ote-table the game's base OTs (2 × 384) fall in these two plies;
 * {@link LateMovePairBenchmark} times a later pair, without them.
 * Both players' work in one thread, so the figure is the CPU of both players.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar MovePair -f 1 -wi 1 -i 3 -w 1 -r 1}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class MovePairBenchmark {
    @Param({"chou-orlandi", "oprf-table", "ote-table"})
    public String ot;

    private final SplittableRandom random = new SplittableRandom(6);

    @Benchmark
    public int movePair() throws ProtocolViolation {
        byte[] a = new byte[32];
        byte[] b = new byte[32];
        random.nextBytes(a);
        random.nextBytes(b);
        DarkChessTable table = DarkChessTable.bots(new DarkChessParameters(OtMode.parse(ot), 2048, 2),
                SigningKey.fromSeed(a), SigningKey.fromSeed(b), random.split(), random.split());
        table.play(ply -> { });
        return table.transcript().size();
    }
}
