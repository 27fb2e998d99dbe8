package fairtable.bench.patent;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayDeque;
import java.util.Deque;
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
 * The full two-party FR 2823580 draw of 5 cards each from 52, both parties on one thread: hellos, the four
 * messages with every exponentiation, signature and validation, and both final decryptions. No network.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar PatentDraw -f 1 -wi 3 -i 5}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class PatentDrawBenchmark {
    @Param({"patent-ristretto", "patent-safe-prime", "patent-literal"})
    public String mode;

    private PatentParameters params;
    private SigningKey aliceKey;
    private SigningKey bobKey;
    private final SplittableRandom random = new SplittableRandom(2023);

    @Setup
    public void setUp() {
        params = new PatentParameters(PatentMode.byName(mode), 52, 5);
        params.deck(); // the card encodings are computed once per deck, not per draw
        aliceKey = SigningKey.fromSeed(new byte[32]);
        byte[] seed = new byte[32];
        seed[0] = 1;
        bobKey = SigningKey.fromSeed(seed);
    }

    @Benchmark
    public List<Integer> drawFiveEachFrom52() throws ProtocolViolation {
        PatentParty alice = PatentParty.create(params, 0, "alice", aliceKey, random.split());
        PatentParty bob = PatentParty.create(params, 1, "bob", bobKey, random.split());
        Deque<Envelope> toBob = new ArrayDeque<>(alice.start());
        Deque<Envelope> toAlice = new ArrayDeque<>();
        while (!toBob.isEmpty() || !toAlice.isEmpty()) {
            while (!toBob.isEmpty()) {
                toAlice.addAll(bob.receive(toBob.poll()));
            }
            while (!toAlice.isEmpty()) {
                toBob.addAll(alice.receive(toAlice.poll()));
            }
        }
        if (alice.hand().size() != 5 || bob.hand().size() != 5) {
            throw new IllegalStateException("the draw did not complete");
        }
        return alice.hand();
    }
}
