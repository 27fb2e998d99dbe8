package fairtable.bench.allocation;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.EscrowedShare;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.allocation.AllocationParameters;
import fairtable.protocol.allocation.AllocationParty;
import fairtable.protocol.allocation.BoardKey;
import fairtable.protocol.transcript.Envelope;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What escrowing an allocation to an ethics board costs. One escrowed share (made, checked) next to one
 * decryption share with its Chaum–Pedersen proof (made, checked), the reference measured in the same run;
 * and a whole allocation of 3 institutions, 4 numbers each out of 60, every institution in one process (every
 * message signed and checked by every other), with a board and, as the reference, without. Production
 * randomness (SecureRandom).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AllocationBenchmark {
    private final SecureRandom random = new SecureRandom();
    private KeyPair holder;
    private KeyPair board;
    private Ciphertext card;
    private ProofContext context;
    private EscrowedShare escrowed;
    private DecryptionShare share;
    private Optional<BoardKey> boardCard;

    @Setup(Level.Trial)
    public void setUp() {
        holder = KeyPair.generate(random);
        KeyPair other = KeyPair.generate(random);
        board = KeyPair.generate(random);
        JointKey joint = JointKey.of(List.of(holder.publicKey(), other.publicKey()));
        RistrettoPoint m = Points.hashToGroup("fairtable/bench/card", new byte[] {7});
        card = Ciphertext.mask(joint, m, random);
        context = ProofContext.of("bench-session".getBytes(StandardCharsets.UTF_8), new byte[32],
                "institution-0".getBytes(StandardCharsets.UTF_8));
        escrowed = holder.escrowShare(card, board.publicKey(), context, random);
        share = holder.decryptionShare(card, context, random);
        boardCard = Optional.of(BoardKey.of("board", SigningKey.generate(random), random));
        if (!escrowed.verify(holder.publicKey(), card, board.publicKey(), context)
                || !share.verify(holder.publicKey(), card, context)) {
            throw new IllegalStateException("benchmark fixture does not verify");
        }
    }

    @Benchmark
    public EscrowedShare escrowAShare() {
        return holder.escrowShare(card, board.publicKey(), context, random);
    }

    @Benchmark
    public boolean verifyAnEscrowedShare() {
        return escrowed.verify(holder.publicKey(), card, board.publicKey(), context);
    }

    /** The reference: a decryption share with its Chaum–Pedersen proof. */
    @Benchmark
    public DecryptionShare makeADecryptionShare() {
        return holder.decryptionShare(card, context, random);
    }

    /** The reference: checking a decryption share. */
    @Benchmark
    public boolean verifyADecryptionShare() {
        return share.verify(holder.publicKey(), card, context);
    }

    @Benchmark
    public List<Integer> allocationEscrowedToABoard() throws ProtocolViolation {
        return allocate(boardCard);
    }

    /** The reference: the same allocation with no board. */
    @Benchmark
    public List<Integer> allocationWithoutABoard() throws ProtocolViolation {
        return allocate(Optional.empty());
    }

    private List<Integer> allocate(Optional<BoardKey> escrow) throws ProtocolViolation {
        AllocationParameters params = new AllocationParameters(3, 60, 4, escrow);
        List<AllocationParty> seats = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            seats.add(AllocationParty.create(params, s, "institution-" + s, SigningKey.generate(random), random));
        }
        Deque<Envelope> queue = new ArrayDeque<>(seats.get(0).start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            for (AllocationParty to : seats) {
                if (to.seat() != e.sender()) {
                    queue.addAll(to.receive(e));
                }
            }
        }
        return seats.get(2).numbers();
    }
}
