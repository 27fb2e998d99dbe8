package fairtable.bench.darkchess;

import fairtable.crypto.ot.AndosTransfer;
import fairtable.crypto.ot.GoldwasserMicaliKey;
import fairtable.crypto.ot.ObliviousTransfer;
import fairtable.crypto.ot.OtReceiver;
import fairtable.crypto.ot.OtSender;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.protocol.darkchess.DarkChessSide;
import fairtable.protocol.darkchess.OtMode;
import java.util.ArrayList;
import java.util.List;
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
 * One full dark-chess vision rebuild from the starting position (16 pieces: 353 padded queries in 31 rounds):
 * the answerer's three OT setups, then every round's query, answer and decryption, both sides' work in one thread.
 * A ply costs two rebuilds, a move pair four. ANDOS reuses one Goldwasser–Micali key per answerer, as the party
 * does.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar VisionRebuild -f 1 -wi 2 -i 3 -w 1 -r 1}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class VisionRebuildBenchmark {
    @Param({"chou-orlandi", "andos-1024", "andos-2048"})
    public String ot;

    private ObliviousTransfer scheme;
    private GoldwasserMicaliKey key;
    private final SplittableRandom random = new SplittableRandom(4);
    private final byte[] session = new byte[32];

    @Setup
    public void setup() {
        if (ot.startsWith("andos")) {
            int bits = Integer.parseInt(ot.substring("andos-".length()));
            scheme = OtMode.ANDOS.scheme(bits);
            key = GoldwasserMicaliKey.generate(bits, random);
        } else {
            scheme = OtMode.CHOU_ORLANDI.scheme(2048);
        }
    }

    @Benchmark
    public DarkChessSide rebuild() {
        ChessSide answerer = ChessSide.start(Color.BLACK);
        DarkChessSide.Rebuild rebuild = ChessSide.start(Color.WHITE).startRebuild();
        OtSender[] senders = new OtSender[DarkChessSide.PHASES];
        OtReceiver[] receivers = new OtReceiver[DarkChessSide.PHASES];
        for (int p = 0; p < DarkChessSide.PHASES; p++) {
            List<byte[]> items = new ArrayList<>();
            for (byte b : answerer.offer(p)) {
                items.add(new byte[] {b});
            }
            senders[p] = scheme instanceof AndosTransfer andos ? andos.newSender(key, items, session, random)
                    : scheme.newSender(items, session, random);
            receivers[p] = scheme.newReceiver(senders[p].setupMessage(), session, random);
        }
        DarkChessSide querier = rebuild.side();
        for (DarkChessSide.Round round : rebuild.rounds()) {
            byte[] query = receivers[round.phase()].query(querier.nextChoices());
            List<byte[]> items = receivers[round.phase()].finish(senders[round.phase()].answer(query));
            int[] codes = new int[items.size()];
            for (int i = 0; i < codes.length; i++) {
                codes[i] = items.get(i)[0];
            }
            querier = querier.answered(codes);
        }
        return querier;
    }
}
