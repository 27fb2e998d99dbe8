package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.games.table.TableNode;
import fairtable.net.Transport;
import fairtable.net.memory.InMemoryTransport;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The end of a game across processes: a guest whose connection breaks just before the host's last message
 * arrives (the host's send had succeeded) takes its seat back and finishes, because the host stays until every
 * guest has said it has everything.
 */
class NetworkTableEndOfGameTest {
    private static final TableConfig CONFIG = new TableConfig(GameKind.HOLDEM, List.of("ann", "ben"), 1, 1000, false, 5L);
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private static SigningKey key(long seed) {
        byte[] bytes = new byte[32];
        new SplittableRandom(seed).nextBytes(bytes);
        return SigningKey.fromSeed(bytes);
    }

    /** Ben's first connection: after {@code frames} frames it loses everything and breaks. */
    private static Transport breakingAfter(Transport inner, int frames, AtomicInteger received) {
        return new Transport() {
            @Override
            public void send(byte[] frame) throws IOException {
                inner.send(frame);
            }

            @Override
            public byte[] receive(Duration timeout) throws IOException, TimeoutException {
                if (frames >= 0 && received.get() >= frames) {
                    throw new IOException("the connection broke");
                }
                byte[] frame = inner.receive(timeout);
                received.incrementAndGet();
                return frame;
            }

            @Override
            public String peer() {
                return inner.peer();
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }

    /** Plays a hand; ben's first connection breaks after {@code breakAt} frames (-1: never). Returns its frames. */
    private static int play(int breakAt) throws Exception {
        SigningKey ann = key(1);
        SigningKey ben = key(2);
        List<VerifyingKey> keys = List.of(ann.verifyingKey(), ben.verifyingKey());
        NetworkTable.Terms terms = new NetworkTable.Terms("00112233445566778899aabbccddeeff", GameKind.HOLDEM, 1, 1000,
                false, 0, CONFIG.names(), keys);
        TableNode host = CONFIG.botSeat(0, ann);
        TableNode guest = CONFIG.botSeat(1, ben);
        InMemoryTransport[] first = InMemoryTransport.pair("ann", "ben");
        AtomicInteger received = new AtomicInteger();
        BlockingQueue<Transport> comingBack = new LinkedBlockingQueue<>();
        NetworkTable.Connector hostDoor = () -> {
            try {
                Transport t = comingBack.poll(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
                if (t == null) {
                    throw new java.net.SocketException("the table is closed");
                }
                return t;
            } catch (InterruptedException e) {
                throw new java.net.SocketException("the table is closed");
            }
        };
        NetworkTable.Connector benDials = () -> {
            InMemoryTransport[] again = InMemoryTransport.pair("ann", "ben");
            comingBack.add(again[0]);
            return again[1];
        };
        CompletableFuture<Void> benPlays = CompletableFuture.runAsync(() -> {
            try {
                NetworkTable.playGuest(guest, breakingAfter(first[1], breakAt, received), benDials,
                        terms.withSeat(1), ben, PATIENCE, null, () -> { });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        NetworkTable.playHost(host, List.of(first[0]), hostDoor, terms, ann, PATIENCE, null, () -> { });
        benPlays.get(60, TimeUnit.SECONDS);
        assertThat(host.isFinished()).isTrue();
        assertThat(guest.isFinished()).isTrue();
        assertThat(guest.reports()).isEqualTo(host.reports());
        return received.get();
    }

    @Test
    void aGuestCutOffBeforeTheLastMessageComesBackForItAndFinishes() throws Exception {
        int all = play(-1);
        assertThat(all).isGreaterThan(2);
        play(all - 1);
    }
}
