package fairtable.bench.deck;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
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
 * verifiable-deck/v1 operations end to end, every seat in one process: the signed messages, every
 * decryption share with its Chaum–Pedersen proof, every seat checking every signature and proof on
 * receipt, and the combination that reads the card. The result is the total work of all seats; over a
 * network the N receivers check in parallel. Production randomness (SecureRandom). When the stock runs
 * out a new game is shuffled outside the measured time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DeckProtocolBenchmark {
    @Param({"2", "6"})
    public int players;

    @Param({"52"})
    public int cards;

    private final SecureRandom random = new SecureRandom();
    private List<DeckParty> seats;

    /** A freshly shuffled table whenever the stock is empty (not measured). */
    @Setup(Level.Invocation)
    public void ensureStock() throws ProtocolViolation {
        if (seats != null && !seats.get(0).observer().stock().isEmpty()) {
            return;
        }
        DeckParameters params = new DeckParameters(players, cards);
        seats = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            seats.add(DeckParty.create(params, s, "seat" + s, SigningKey.generate(random), random));
        }
        pump(seats.get(0).start());
    }

    /** Seat 0 deals the top card face-down to seat 1: N-1 share messages, all checked, then seat 1 reads it. */
    @Benchmark
    public int dealOneCardPrivately() throws ProtocolViolation {
        int position = seats.get(0).observer().stock().get(0);
        pump(seats.get(0).deal(1, 1));
        return seats.get(1).hand().get(position);
    }

    /** Seat 0 turns the top card face-up: N share messages, all checked, then the card is read from them. */
    @Benchmark
    public int openOneCard() throws ProtocolViolation {
        int position = seats.get(0).observer().stock().get(0);
        pump(seats.get(0).open(1));
        return seats.get(players - 1).observer().publicCard(position);
    }

    private void pump(List<Envelope> sent) throws ProtocolViolation {
        Deque<Envelope> queue = new ArrayDeque<>(sent);
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            for (DeckParty to : seats) {
                if (to.seat() != e.sender()) {
                    queue.addAll(to.receive(e));
                }
            }
        }
    }
}
