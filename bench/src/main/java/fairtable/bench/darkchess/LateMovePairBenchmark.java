package fairtable.bench.darkchess;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.play.ChessSide;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One move pair late in a game, the steady state of a dark-chess/v1 game: two bots play {@link #FROM} plies once
 * (in the trial's setup, so ote-table's base OTs are done), both parties are snapshotted, and each invocation
 * restores them (outside the measurement) and plays plies {@code FROM + 1} and {@code FROM + 2}: both moves, the
 * four vision rebuilds, every signature and check, both players in one thread, party to party without the session
 * layer. So the figure is the CPU of both players for one move pair, which issue 17 wants at most 150 ms. On a
 * loaded machine the wall time per operation overstates it, so each iteration also prints the process CPU time
 * per pair ({@code cpu ms/pair}: every thread, the JIT and the collector included).
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar LateMovePair -f 1 -wi 3 -i 5}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class LateMovePairBenchmark {
    /** The plies played before the measured pair; seed {@link #SEED}'s bots play past {@code FROM + 2} in each mode. */
    static final int FROM = 10;
    static final long SEED = 7;

    @Param({"oprf-table", "ote-table"})
    public String ot;

    private final SigningKey[] keys = {SigningKey.fromSeed(new byte[32]), SigningKey.fromSeed(filled(1))};
    private byte[][] snapshots;
    private Envelope[] inFlight;
    private DarkChessParty[] parties;
    private ArrayDeque<Envelope> queue;
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    private long cpuNanos;
    private int pairs;

    @Setup(Level.Trial)
    public void playTheOpening() throws ProtocolViolation {
        SplittableRandom random = new SplittableRandom(SEED);
        DarkChessParameters params = new DarkChessParameters(OtMode.parse(ot), 2048,
                DarkChessParameters.DEFAULT_MAX_PLIES);
        parties = new DarkChessParty[] {
            DarkChessParty.create(params, 0, "white", keys[0], ChessSide.start(fairtable.games.chess.Color.WHITE),
                    random.split()),
            DarkChessParty.create(params, 1, "black", keys[1], ChessSide.start(fairtable.games.chess.Color.BLACK),
                    random.split())};
        queue = new ArrayDeque<>(parties[0].start());
        deliverUntil(FROM);
        snapshots = new byte[][] {parties[0].snapshot(), parties[1].snapshot()};
        inFlight = queue.toArray(Envelope[]::new);
    }

    @Setup(Level.Invocation)
    public void restore() throws MalformedMessageException {
        for (int seat = 0; seat < 2; seat++) {
            parties[seat] = DarkChessParty.restore(snapshots[seat], keys[seat], new SplittableRandom(SEED + seat),
                    ChessSide::fromBytes);
        }
        queue = new ArrayDeque<>(java.util.List.of(inFlight));
    }

    @Benchmark
    public int latePair() throws ProtocolViolation {
        long before = PROCESS.getProcessCpuTime();
        deliverUntil(FROM + 2);
        cpuNanos += PROCESS.getProcessCpuTime() - before;
        pairs++;
        return parties[0].transcript().size();
    }

    @TearDown(Level.Iteration)
    public void printCpu() {
        System.out.printf("cpu ms/pair %.1f (%s, %d pairs)%n", cpuNanos / 1e6 / pairs, ot, pairs);
        cpuNanos = 0;
        pairs = 0;
    }

    /** Hands each message to the other seat until both have completed {@code plies} plies (both rebuilds done). */
    private void deliverUntil(int plies) throws ProtocolViolation {
        while (parties[0].plies() < plies || parties[1].plies() < plies) {
            Envelope e = queue.poll();
            if (e == null) {
                throw new IllegalStateException(ot + ": the game ended at ply " + parties[0].plies() + ", before "
                        + plies);
            }
            queue.addAll(parties[1 - e.sender()].receive(e));
        }
    }

    private static byte[] filled(int b) {
        byte[] seed = new byte[32];
        java.util.Arrays.fill(seed, (byte) b);
        return seed;
    }
}
