package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.Connector;
import fairtable.net.Transport;
import fairtable.net.memory.InMemoryTransport;
import fairtable.protocol.Party;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Dave says hello, then never takes his step, but sends his last acknowledgement again every 100 ms. The host relays
 * every validly signed acknowledgement, so the others hear something all the time: that must not count as the game
 * moving on, or dave holds the table forever without ever being named.
 */
class ChattyButSilentPlayerTest {
    /** Dave's link: carries his join, hello and acknowledgements, drops his protocol steps, and repeats his last ack. */
    private static Transport chattyButSilent(Transport inner, ExecutorService threads) {
        AtomicReference<byte[]> lastAck = new AtomicReference<>();
        threads.submit(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                byte[] ack = lastAck.get();
                if (ack != null) {
                    inner.send(ack);
                }
                Thread.sleep(100);
            }
            return null;
        });
        return new Transport() {
            @Override
            public void send(byte[] frame) throws IOException {
                SessionFrame f;
                try {
                    f = SessionFrame.decode(frame);
                } catch (MalformedMessageException e) {
                    throw new IOException(e);
                }
                if (f instanceof SessionFrame.Relay relay && relay.envelope().step() > 0) {
                    return;
                }
                if (f instanceof SessionFrame.AckFrame) {
                    lastAck.set(frame);
                }
                inner.send(frame);
            }

            @Override
            public byte[] receive(Duration timeout) throws IOException, java.util.concurrent.TimeoutException {
                return inner.receive(timeout);
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

    @Test
    void repeatedAcknowledgementsDoNotKeepASilentPlayerFromBeingNamed() throws Exception {
        Function<Party, Duration> patience = party -> party.nextStep() == 0 ? Duration.ofSeconds(60) : Duration.ofSeconds(1);
        Players players = new Players(31, Duration.ofSeconds(60), false);
        SplittableRandom random = new SplittableRandom(32);
        ExecutorService threads = Executors.newFixedThreadPool(5);
        try (SessionHost host = new SessionHost("table", Players.key(random), random)) {
            List<Future<SessionClient.Outcome>> outcomes = new ArrayList<>();
            for (int s = 0; s < 4; s++) {
                int seat = s;
                InMemoryTransport[] pair = InMemoryTransport.pair("host", Players.NAMES[seat]);
                host.admit(pair[0]);
                Transport link = seat == 3 ? chattyButSilent(pair[1], threads) : pair[1];
                boolean[] used = {false};
                Connector once = wait -> {
                    if (used[0]) {
                        throw new IOException("no second connection in this test");
                    }
                    used[0] = true;
                    return link;
                };
                // Dave himself never gives up, so his repeats go on as long as the others wait.
                Function<Party, Duration> wait = seat == 3 ? party -> Duration.ofHours(1) : patience;
                outcomes.add(threads.submit(() -> SessionClient.run(() -> players.members.get(seat), once, wait,
                        Duration.ofMillis(20), Clock.systemUTC())));
            }
            for (int s = 0; s < 3; s++) {
                SessionClient.Outcome o = outcomes.get(s).get(30, TimeUnit.SECONDS);
                Party party = players.parties.get(s);
                assertThat(o.finished()).isFalse();
                assertThat(o.trouble()).hasValueSatisfying(t -> assertThat(t)
                        .contains("silent for 1 s", "dave", "(step " + party.nextStep() + ")"));
            }
        } finally {
            threads.shutdownNow();
            players.shutdown();
        }
    }
}
