package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.Connector;
import fairtable.net.Transport;
import fairtable.net.memory.InMemoryTransport;
import fairtable.protocol.Party;
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
 * Timeouts per step: dave says hello and then falls silent. The table waits a minute at the hellos but one second
 * at every later step, so the others stop within seconds, each naming what it awaited from dave and the step.
 */
class StepTimeoutTest {
    /**
     * Dave's connection: it carries his join, his hello and his acknowledgements, and drops his protocol steps; the
     * last acknowledgement he sent is kept in {@code lastAck}.
     */
    private static Transport fallsSilentAfterHellos(Transport inner, AtomicReference<byte[]> lastAck) {
        return new Transport() {
            @Override
            public void send(byte[] frame) throws IOException {
                SessionFrame f;
                try {
                    f = SessionFrame.decode(frame);
                } catch (fairtable.protocol.wire.MalformedMessageException e) {
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
    void aPlayerSilentAtALaterStepIsNamedAfterThatStepsTimeout() throws Exception {
        othersNameDave(21, false);
    }

    /**
     * Dave, silent, sends his last acknowledgement again every 100 ms and never gives up himself. The host relays every
     * validly signed acknowledgement, so the others hear something all the time: that must not count as the game moving
     * on, or dave holds the table forever without being named.
     */
    @Test
    void aSilentPlayerWhoRepeatsHisAcknowledgementIsStillNamed() throws Exception {
        othersNameDave(31, true);
    }

    private static void othersNameDave(long seed, boolean repeatsHisAck) throws Exception {
        Duration atHellos = Duration.ofSeconds(60);
        Function<Party, Duration> patience = party -> party.nextStep() == 0 ? atHellos : Duration.ofSeconds(1);
        Players players = new Players(seed, Duration.ofSeconds(60), false);
        SplittableRandom random = new SplittableRandom(seed + 1);
        ExecutorService threads = Executors.newFixedThreadPool(5);
        AtomicReference<byte[]> lastAck = new AtomicReference<>();
        try (SessionHost host = new SessionHost("table", Players.key(random), random)) {
            List<Future<SessionClient.Outcome>> outcomes = new ArrayList<>();
            for (int s = 0; s < 4; s++) {
                int seat = s;
                InMemoryTransport[] pair = InMemoryTransport.pair("host", Players.NAMES[seat]);
                host.admit(pair[0]);
                Transport link = seat == 3 ? fallsSilentAfterHellos(pair[1], lastAck) : pair[1];
                if (seat == 3 && repeatsHisAck) {
                    threads.submit(() -> {
                        while (!Thread.currentThread().isInterrupted()) {
                            byte[] ack = lastAck.get();
                            if (ack != null) {
                                pair[1].send(ack);
                            }
                            Thread.sleep(100); // the cheat itself: dave repeats his ack every 100 ms, not a wait for anything
                        }
                        return null;
                    });
                }
                // Dave repeating his acknowledgement never gives up himself, so his repeats go on while the others wait.
                Function<Party, Duration> itsPatience = seat == 3 && repeatsHisAck ? party -> Duration.ofHours(1) : patience;
                boolean[] used = {false};
                Connector once = wait -> {
                    if (used[0]) {
                        throw new IOException("no second connection in this test");
                    }
                    used[0] = true;
                    return link;
                };
                outcomes.add(threads.submit(() -> SessionClient.run(() -> players.members.get(seat), once, itsPatience,
                        Duration.ofMillis(20), Clock.systemUTC())));
            }
            for (int s = 0; s < 3; s++) {
                SessionClient.Outcome o = outcomes.get(s).get(30, TimeUnit.SECONDS);
                Party party = players.parties.get(s);
                assertThat(o.finished()).isFalse();
                assertThat(party.nextStep()).isPositive();
                assertThat(party.transcript().hellos()).hasSize(4);
                assertThat(o.trouble()).hasValueSatisfying(t -> assertThat(t)
                        .contains("silent for 1 s", "dave", "(step " + party.nextStep() + ")"));
            }
        } finally {
            threads.shutdownNow();
            players.shutdown();
        }
    }

    /** A seat that gives up at the hellos says plainly who came, not which step of a game that never began it awaited. */
    @Test
    void aSeatThatGivesUpBeforeTheGameStartedSaysWhoJoined() throws Exception {
        Players players = new Players(23, Duration.ofSeconds(60));
        SplittableRandom random = new SplittableRandom(24);
        try (SessionHost host = new SessionHost("table", Players.key(random), random)) {
            SessionClient.Outcome alone = SessionClient.run(players.members.get(0), seat(host, "alice"),
                    Duration.ofSeconds(1), Duration.ofMillis(20), Clock.systemUTC());
            assertThat(alone.trouble()).contains("nobody else joined within 1 s, so the game never started");
        }
        try (SessionHost host = new SessionHost("table", Players.key(random), random)) {
            Transport bob = seat(host, "bob");
            SessionFrame.Welcome welcome = (SessionFrame.Welcome) SessionFrame.decode(bob.receive(Duration.ofSeconds(10)));
            bob.send(SessionFrame.encode(SessionFrame.Join.sign(players.keys.get(1), "bob", welcome)));
            SessionClient.Outcome withBob = SessionClient.run(players.members.get(2), seat(host, "carol"),
                    Duration.ofSeconds(1), Duration.ofMillis(20), Clock.systemUTC());
            assertThat(withBob.trouble()).contains("the game never started: only bob joined within 1 s, and not every"
                    + " seat said hello");
        } finally {
            players.shutdown();
        }
    }

    private static Transport seat(SessionHost host, String name) {
        InMemoryTransport[] pair = InMemoryTransport.pair("host", name);
        host.admit(pair[0]);
        return pair[1];
    }
}
