package fairtable.bench.deck;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.deck.DeckAudit;
import fairtable.protocol.deck.DeckObserver;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The third-party audit of a whole hold'em-like deck game (every seat's key and shuffle of 52 cards, two cards
 * dealt to each seat, five opened, the final reveal of every card): replaying it checking each message's proofs
 * as it comes (the audit before batching) against keeping every proof of the transcript for one batch at the end
 * (the audit now), and the audit the command runs. Signatures and the chain are checked before either, so they
 * are not measured.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DeckAuditBenchmark {
    @Param({"4"})
    public int players;

    private final SecureRandom random = new SecureRandom();
    private DeckParameters params;
    private Transcript transcript;

    @Setup(Level.Trial)
    public void playOneGame() throws ProtocolViolation {
        params = new DeckParameters(players, 52);
        List<DeckParty> seats = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            seats.add(DeckParty.create(params, s, "seat" + s, SigningKey.generate(random), random));
        }
        pump(seats, seats.get(0).start());
        pump(seats, seats.get(0).dealEach(2));
        pump(seats, seats.get(0).open(5));
        pump(seats, seats.get(0).reveal());
        transcript = seats.get(0).transcript();
        if (!replayCheckingEachMessage().isDone() || !auditInOneBatch() || !new DeckAudit().audit(transcript, List.of()).verified()) {
            throw new IllegalStateException("benchmark fixture does not audit");
        }
    }

    /** Every proof checked in its message, as the audit did before batching (and still does to name a cheater). */
    @Benchmark
    public DeckObserver replayCheckingEachMessage() throws ProtocolViolation {
        return replay(null);
    }

    /** The same replay with every proof kept, then one batch of keys and shares and one of shuffles. */
    @Benchmark
    public boolean auditInOneBatch() throws ProtocolViolation {
        DeferredProofs pending = new DeferredProofs(random);
        replay(pending);
        return pending.verify();
    }

    /** The audit {@code fairtable audit} runs, verdict included. */
    @Benchmark
    public AuditVerdict deckAudit() {
        return new DeckAudit().audit(transcript, List.of());
    }

    private DeckObserver replay(DeferredProofs pending) throws ProtocolViolation {
        DeckObserver observer = new DeckObserver(params, transcript.hellos(), transcript.sessionId(), random);
        if (pending != null) {
            observer.deferProofsTo(pending);
        }
        List<Envelope> messages = transcript.envelopes();
        for (int i = transcript.hellos().size(); i < messages.size(); i++) {
            observer.apply(observer.parse(messages.get(i)));
        }
        return observer;
    }

    private static void pump(List<DeckParty> seats, List<Envelope> sent) throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>(sent);
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            for (DeckParty to : seats) {
                if (to.seat() != e.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(e));
                }
            }
        }
    }
}
