package fairtable.bench.mahjong;

import fairtable.crypto.cipher.CommutativeKey;
import fairtable.crypto.group.Element;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.ObliviousLookup;
import java.util.SplittableRandom;
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
 * The cryptography of one mahjong-shogi/v1 battle, both players on one thread: two fresh battle keys, the
 * attacker's 13 encoded and encrypted entries, the defender's pick, the attacker's strip and the defender's read.
 * Signatures and message validation are not included.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar MahjongBattle -f 1 -wi 2 -i 3 -w 1 -r 1}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class MahjongBattleBenchmark {
    @Param({"ristretto", "fixed", "faithful"})
    public String mode;

    private MahjongParameters params;
    private final SplittableRandom random = new SplittableRandom(2026);
    private final byte[] session = new byte[32];
    private int battle;

    @Setup
    public void setUp() {
        params = MahjongParameters.standard(MahjongMode.byName(mode));
        random.nextBytes(session);
    }

    @Benchmark
    public int oneBattle() {
        ObliviousLookup lookup = new ObliviousLookup(params, session, battle++);
        int attacker = 1 + random.nextInt(13);
        int defender = 1 + random.nextInt(13);
        CommutativeKey alpha = CommutativeKey.generate(params.group(), random);
        ObliviousLookup.Row row = lookup.row(attacker, alpha, random);
        CommutativeKey beta = CommutativeKey.generate(params.group(), random);
        Element picked = lookup.pick(row.encrypted(), defender, beta);
        Element stripped = lookup.strip(picked, alpha);
        return lookup.read(stripped, defender, beta);
    }
}
