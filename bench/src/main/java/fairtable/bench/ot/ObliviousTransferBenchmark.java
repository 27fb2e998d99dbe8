package fairtable.bench.ot;

import fairtable.crypto.ot.AndosTransfer;
import fairtable.crypto.ot.ChouOrlandiTransfer;
import fairtable.crypto.ot.GoldwasserMicaliKey;
import fairtable.crypto.ot.OtReceiver;
import fairtable.crypto.ot.OtSender;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The dark-chess vision protocol's oblivious transfers: 1-of-64 over 4-bit square codes. A query is the full round
 * (receiver query, sender answer, receiver finish) on one thread, so the figure is the CPU cost of both sides.
 * The "vision rebuild" is 200 queries in one batch, the padded query count of a typical turn.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar ObliviousTransfer -f 1 -wi 2 -i 3 -w 1 -r 1}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class ObliviousTransferBenchmark {
    private static final int SQUARES = 64;
    private static final int VISION_QUERIES = 200;
    private static final byte[] SESSION = "bench session".getBytes(StandardCharsets.UTF_8);

    private final SplittableRandom random = new SplittableRandom(42);
    private List<byte[]> squareCodes;
    private ChouOrlandiTransfer chouOrlandi;
    private OtSender chouOrlandiSender;
    private OtReceiver chouOrlandiReceiver;
    private AndosTransfer andos;
    private GoldwasserMicaliKey andosKey;
    private OtSender andosSender;
    private OtReceiver andosReceiver;
    private int[] visionChoices;

    @Setup
    public void setUp() {
        squareCodes = new ArrayList<>();
        for (int i = 0; i < SQUARES; i++) {
            squareCodes.add(new byte[] {(byte) random.nextInt(16)});
        }
        chouOrlandi = new ChouOrlandiTransfer(SQUARES, 1);
        chouOrlandiSender = chouOrlandi.newSender(squareCodes, SESSION, random.split());
        chouOrlandiReceiver = chouOrlandi.newReceiver(chouOrlandiSender.setupMessage(), SESSION, random.split());
        andos = new AndosTransfer(SQUARES, 1, 4);
        andosKey = GoldwasserMicaliKey.generate(AndosTransfer.DEFAULT_MODULUS_BITS, random.split());
        andosSender = andos.newSender(andosKey, squareCodes, SESSION, random.split());
        andosReceiver = andos.newReceiver(andosSender.setupMessage(), SESSION, random.split());
        visionChoices = random.ints(VISION_QUERIES, 0, SQUARES).toArray();
    }

    @Benchmark
    public List<byte[]> chouOrlandiOneOf64Query() {
        byte[] query = chouOrlandiReceiver.query(random.nextInt(SQUARES));
        return chouOrlandiReceiver.finish(chouOrlandiSender.answer(query));
    }

    @Benchmark
    public List<byte[]> chouOrlandiVisionRebuild200Queries() {
        byte[] query = chouOrlandiReceiver.query(visionChoices);
        return chouOrlandiReceiver.finish(chouOrlandiSender.answer(query));
    }

    /** A new item set: sender setup and the receiver's validation of it (done once per phase and turn). */
    @Benchmark
    public OtReceiver chouOrlandiSetup() {
        OtSender sender = chouOrlandi.newSender(squareCodes, SESSION, random);
        return chouOrlandi.newReceiver(sender.setupMessage(), SESSION, random);
    }

    @Benchmark
    public List<byte[]> andos2048OneOf64Query() {
        byte[] query = andosReceiver.query(random.nextInt(SQUARES));
        return andosReceiver.finish(andosSender.answer(query));
    }

    /** A new item set under an existing 2048-bit key: 256 GM encryptions and the receiver's checks. */
    @Benchmark
    public OtReceiver andos2048Setup() {
        OtSender sender = andos.newSender(andosKey, squareCodes, SESSION, random);
        return andos.newReceiver(sender.setupMessage(), SESSION, random);
    }
}
