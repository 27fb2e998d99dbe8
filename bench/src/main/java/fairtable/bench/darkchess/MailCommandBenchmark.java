package fairtable.bench.darkchess;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
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

/**
 * What one {@code mail receive} costs apart from JVM start, late in a game and (the reference, same run) at ply 2:
 * restore the receiving party from its snapshot, receive the other side's next message (the bots then answer, as
 * the party would), and snapshot again. The game is two {@code oprf-table} bots in one process from a fixed seed,
 * stopped at the first message after {@code plies} plies. The setup prints the ply actually reached and the
 * transcript length, since a seeded game may end sooner.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar MailCommand -f 1 -wi 2 -i 3}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class MailCommandBenchmark {
    @Param({"2", "60"})
    public int plies;

    @Param({"9"})
    public long seed;

    private SigningKey receiverKey;
    private byte[] snapshot;
    private Envelope next;
    private final SplittableRandom random = new SplittableRandom(17);

    @Setup(Level.Trial)
    public void playUpToThePly() throws ProtocolViolation {
        SplittableRandom game = new SplittableRandom(seed);
        byte[] a = new byte[32];
        byte[] b = new byte[32];
        game.nextBytes(a);
        game.nextBytes(b);
        SigningKey[] keys = {SigningKey.fromSeed(a), SigningKey.fromSeed(b)};
        DarkChessParameters params = new DarkChessParameters(OtMode.parse("oprf-table"), 2048, 200);
        DarkChessParty[] parties = {
            DarkChessParty.create(params, 0, "white", keys[0], ChessSide.start(Color.WHITE),
                    game.split()),
            DarkChessParty.create(params, 1, "black", keys[1], ChessSide.start(Color.BLACK),
                    game.split())};
        Deque<Envelope> queue = new ArrayDeque<>(parties[0].start());
        Envelope last = null;
        byte[] lastSnapshot = null;
        SigningKey lastKey = null;
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            DarkChessParty receiver = parties[1 - e.sender()];
            last = e;
            lastSnapshot = receiver.snapshot();
            lastKey = keys[1 - e.sender()];
            if (parties[0].plies() >= plies) {
                break;
            }
            queue.addAll(receiver.receive(e));
        }
        next = last;
        snapshot = lastSnapshot;
        receiverKey = lastKey;
        System.out.printf("%nmail command at ply %d (asked %d), transcript %d messages, snapshot %d bytes%n",
                parties[0].plies(), plies, parties[0].transcript().envelopes().size(), snapshot.length);
    }

    @Benchmark
    public int receiveOneMessage() throws MalformedMessageException, ProtocolViolation {
        DarkChessParty party = DarkChessParty.restore(snapshot, receiverKey, random.split(), ChessSide::fromBytes);
        List<Envelope> out = party.receive(next);
        return party.snapshot().length + out.size();
    }

    @Benchmark
    public int restoreOnly() throws MalformedMessageException {
        return DarkChessParty.restore(snapshot, receiverKey, random.split(), ChessSide::fromBytes).plies();
    }
}
