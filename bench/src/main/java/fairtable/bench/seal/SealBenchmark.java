package fairtable.bench.seal;

import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.seal.SealContext;
import fairtable.crypto.seal.SealOpeningException;
import fairtable.crypto.seal.Sealed;
import fairtable.crypto.seal.SealingKey;
import java.nio.charset.StandardCharsets;
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
 * The cost of the permutation deal's private channel: sealing and opening one hop (5 bytes) or one handout
 * for 52 cards (433 bytes). See {@link PermutationDealBenchmark} for a whole deal.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SealBenchmark {
    @Param({"5", "433"})
    public int plaintextLength;

    private final SplittableRandom random = new SplittableRandom(1);
    private final SealContext context = SealContext.of("session".getBytes(StandardCharsets.UTF_8), "bench/step 9/forward");
    private SealingKey sender;
    private SealingKey recipient;
    private byte[] plaintext;
    private byte[] box;

    @Setup
    public void setUp() {
        sender = SealingKey.generate(random);
        recipient = SealingKey.generate(random);
        plaintext = new byte[plaintextLength];
        random.nextBytes(plaintext);
        box = sender.seal(recipient.publicKey(), plaintext, context, random).toBytes();
    }

    @Benchmark
    public Sealed seal() {
        return sender.seal(recipient.publicKey(), plaintext, context, random);
    }

    @Benchmark
    public byte[] open() throws MalformedEncodingException, SealOpeningException {
        return recipient.open(Sealed.fromBytes(box), sender.publicKey(), context);
    }
}
