package fairtable.bench.chess;

import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.Position;
import fairtable.games.chess.StandardChess;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Standard-chess perft speed (leaf nodes per second = published count / measured time) and the cost
 * of a dark-chess vision rebuild. Kiwipete depth 3 has 97,862 leaves; the start position depth 4 has
 * 197,281.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PerftBenchmark {

    @Param({
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1;3",
    })
    public String fenAndDepth;

    private Position position;
    private int depth;
    private DarkChessGame game;

    @Setup
    public void setUp() {
        String[] parts = fenAndDepth.split(";");
        position = Position.fromFen(parts[0]);
        depth = Integer.parseInt(parts[1]);
        game = DarkChessGame.fromPosition(position);
    }

    @Benchmark
    public long perft() {
        return StandardChess.perft(position, depth);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public int darkChessQueriesBothSides() {
        return game.honestQueries(Color.WHITE).size()
                + game.honestQueries(Color.BLACK).size();
    }
}
