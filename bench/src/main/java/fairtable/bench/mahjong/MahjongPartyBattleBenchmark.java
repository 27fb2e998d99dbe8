package fairtable.bench.mahjong;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
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
 * One whole battle between two mahjong-shogi/v1 parties on one thread: the attack with its row, pick, strip,
 * result and confirmation, each message signed, hash-chained, decoded and validated by the receiver. The
 * parties are brought to a position where an attack is possible before each invocation (not measured).
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar MahjongPartyBattle -f 1 -wi 2 -i 3 -w 1 -r 1}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class MahjongPartyBattleBenchmark {
    // Seat 0 holds squares 0..24, seat 1 squares 54..78; a tile on d3 walks to d6 and attacks d7.
    private static final int[][] WALK = {{21, 30}, {54, 45}, {30, 39}, {45, 54}, {39, 48}, {54, 45}};
    private static final int ATTACK_FROM = 48;
    private static final int ATTACK_TO = 57;

    @Param({"ristretto", "fixed", "faithful"})
    public String mode;

    private MahjongParameters params;
    private final SplittableRandom random = new SplittableRandom(2026);
    private final SigningKey aliceKey = SigningKey.fromSeed(new byte[32]);
    private final SigningKey bobKey = SigningKey.fromSeed(seed(1));
    private MahjongParty alice;
    private MahjongParty bob;

    private static byte[] seed(int first) {
        byte[] s = new byte[32];
        s[0] = (byte) first;
        return s;
    }

    @Setup(Level.Trial)
    public void setUp() {
        params = MahjongParameters.standard(MahjongMode.byName(mode));
    }

    @Setup(Level.Invocation)
    public void walkToABattle() throws ProtocolViolation {
        alice = MahjongParty.create(params, 0, "alice", aliceKey, placement(0), random.split());
        bob = MahjongParty.create(params, 1, "bob", bobKey, placement(54), random.split());
        pump(alice, alice.start());
        for (int i = 0; i < WALK.length; i++) {
            MahjongParty mover = i % 2 == 0 ? alice : bob;
            pump(mover, mover.move(WALK[i][0], WALK[i][1]));
        }
    }

    /** The tile set's kinds in order over 25 consecutive squares: d3 gets a 發 (12), d7 a 二筒 (2), no king meets. */
    private Map<Integer, Integer> placement(int first) {
        Map<Integer, Integer> kinds = new TreeMap<>();
        int square = first;
        for (int kind = 1; kind <= 13; kind++) {
            for (int i = 0; i < params.counts().get(kind - 1); i++) {
                kinds.put(square++, kind);
            }
        }
        return kinds;
    }

    @Benchmark
    public int oneBattle() throws ProtocolViolation {
        pump(alice, alice.move(ATTACK_FROM, ATTACK_TO));
        return alice.observer().battles().get(0).result();
    }

    private void pump(MahjongParty from, List<Envelope> sent) throws ProtocolViolation {
        Deque<Object[]> queue = new ArrayDeque<>();
        sent.forEach(e -> queue.add(new Object[] {from == alice ? bob : alice, e}));
        while (!queue.isEmpty()) {
            Object[] item = queue.poll();
            MahjongParty to = (MahjongParty) item[0];
            for (Envelope reply : to.receive((Envelope) item[1])) {
                queue.add(new Object[] {to == alice ? bob : alice, reply});
            }
        }
    }
}
