package fairtable.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Plays a game among parties and, before each honest message is delivered, offers a copy of its recipient (restored
 * from the recipient's snapshot) mutations of it signed again with its sender's real key at its real place: only the
 * protocol's own checks stand between such a message and the party. Each mutation must be taken, or refused with a
 * {@link ProtocolViolation} naming its signer and leaving the copy as it was, which then takes the genuine message;
 * never another exception. Seeded and bounded. Used by {@code ReceiveNeverThrowsTest} and per protocol.
 */
public final class LiveFuzz {
    private LiveFuzz() {}

    private static final int MUTATIONS_PER_MESSAGE = 3;

    /** Restores a seat from its snapshot. */
    @FunctionalInterface
    public interface Restorer {
        Party restore(byte[] snapshot, SigningKey key, SplittableRandom random) throws MalformedMessageException;
    }

    /** One move of the game's driver: what the seat that acts sends. */
    @FunctionalInterface
    public interface Move {
        List<Envelope> play(List<Party> seats);
    }

    public record Fuzzed(int offered, int refused, List<String> escaped, List<String> misblamed) {}

    public static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    private static byte[] mutate(byte[] body, SplittableRandom random) {
        byte[] b = body.clone();
        switch (random.nextInt(4)) {
            case 0 -> b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
            case 1 -> b = Arrays.copyOf(b, random.nextInt(b.length));
            case 2 -> {
                for (int i = 0; i < 4; i++) {
                    b[random.nextInt(b.length)] = (byte) random.nextInt(256);
                }
            }
            default -> {
                int at = random.nextInt(b.length);
                for (int i = at; i < Math.min(b.length, at + 4); i++) {
                    b[i] = (byte) 0xff; // large counts and lengths
                }
            }
        }
        return b;
    }

    /** Plays {@code moves} among {@code seats}, fuzzing every message on its way to each recipient. */
    public static Fuzzed play(List<Party> seats, List<SigningKey> keys, Restorer restorer, List<Move> moves, long seed)
            throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        int[] counts = new int[2];
        List<String> escaped = new ArrayList<>();
        List<String> misblamed = new ArrayList<>();
        Deque<Envelope> queue = new ArrayDeque<>();
        for (Move move : moves) {
            queue.addAll(move.play(seats));
            while (!queue.isEmpty()) {
                Envelope e = queue.poll();
                for (Party to : seats) {
                    if (to.seat() == e.sender() || to.isFinished()) {
                        continue;
                    }
                    if (!e.type().equals(Hello.TYPE) && e.body().length > 0) {
                        fuzz(to, e, keys, restorer, random, counts, escaped, misblamed);
                    }
                    queue.addAll(to.receive(e));
                }
            }
        }
        for (Party p : seats) {
            assertThat(p.failure()).as(p.transcript().nameOf(p.seat())).isEmpty();
        }
        return new Fuzzed(counts[0], counts[1], escaped, misblamed);
    }

    private static void fuzz(Party to, Envelope genuine, List<SigningKey> keys, Restorer restorer,
            SplittableRandom random, int[] counts, List<String> escaped, List<String> misblamed) throws Exception {
        String signer = to.transcript().nameOf(genuine.sender());
        for (int k = 0; k < MUTATIONS_PER_MESSAGE; k++) {
            byte[] body = mutate(genuine.body(), random);
            Envelope m = Envelope.sign(keys.get(genuine.sender()), genuine.session(), genuine.seq(), genuine.prev(),
                    genuine.sender(), genuine.step(), genuine.type(), body);
            Party copy = restorer.restore(to.snapshot(), keys.get(to.seat()), random.split());
            int accepted = copy.transcript().size();
            String awaiting = copy.awaiting();
            counts[0]++;
            try {
                copy.receive(m);
                continue; // a mutation the protocol cannot tell from an honest message (say, another group element)
            } catch (ProtocolViolation v) {
                counts[1]++;
                if (!v.party().equals(signer)) {
                    misblamed.add(genuine.type() + " to " + copy.transcript().nameOf(copy.seat()) + ": " + v.getMessage());
                }
            } catch (RuntimeException x) {
                escaped.add(genuine.type() + " to " + copy.transcript().nameOf(copy.seat()) + ": " + x);
                continue;
            }
            assertThat(copy.transcript().size()).as("refused, so nothing recorded").isEqualTo(accepted);
            assertThat(copy.awaiting()).isEqualTo(awaiting);
            assertThat(copy.failure()).isEmpty();
            assertThat(copy.rejected()).last().satisfies(r -> assertThat(r.envelope()).isEqualTo(m));
            copy.receive(genuine); // the state is unchanged: the genuine message is still taken
            assertThat(copy.transcript().size()).isGreaterThan(accepted);
        }
    }

    /**
     * The same fuzz for a test that delivers messages itself (through a wire hook): {@link #offer} before each
     * delivery, {@link #result} at the end.
     */
    public static final class Session {
        private final List<SigningKey> keys;
        private final Restorer restorer;
        private final SplittableRandom random;
        private final int[] counts = new int[2];
        private final List<String> escaped = new ArrayList<>();
        private final List<String> misblamed = new ArrayList<>();

        public Session(List<SigningKey> keys, Restorer restorer, long seed) {
            this.keys = List.copyOf(keys);
            this.restorer = restorer;
            this.random = new SplittableRandom(seed);
        }

        /** Offers mutations of {@code genuine} to copies of {@code to}, which is about to receive it. */
        public void offer(Party to, Envelope genuine) {
            if (genuine.type().equals(Hello.TYPE) || genuine.body().length == 0 || to.isFinished()) {
                return;
            }
            try {
                fuzz(to, genuine, keys, restorer, random, counts, escaped, misblamed);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }

        public Fuzzed result() {
            return new Fuzzed(counts[0], counts[1], List.copyOf(escaped), List.copyOf(misblamed));
        }
    }

    public static void assertNothingEscaped(Fuzzed f) {
        assertThat(f.escaped()).as("exceptions thrown past receive").isEmpty();
        assertThat(f.misblamed()).as("refusals naming another than the signer").isEmpty();
        assertThat(f.refused()).isPositive();
    }

}
