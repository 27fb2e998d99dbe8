package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Join;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.session.SessionFrame.Presence;
import fairtable.net.session.SessionFrame.Refused;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What strangers can do to a table through its host: forge a message in a seat's name, join by the thousand, scan
 * the port. Each time the honest players finish, audit VERIFIED and nobody blames the honest host.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class StrangersAtTheRelayTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private final ExecutorService strangers = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        strangers.shutdownNow();
    }

    private static Function<Integer, Transport> inMemory(SessionHost host) {
        return seat -> {
            InMemoryTransport[] pair = InMemoryTransport.pair("host", Players.NAMES[seat]);
            host.admit(pair[0]);
            return pair[1];
        };
    }

    /** Every player finished without a problem, holds the host's order and audits VERIFIED. */
    private static void assertEveryoneFinishedVerified(Players players, SessionHost host,
            List<Future<SessionClient.Outcome>> outcomes) throws Exception {
        for (int s = 0; s < 4; s++) {
            SessionClient.Outcome o = outcomes.get(s).get(120, TimeUnit.SECONDS);
            assertThat(o.problem()).as(Players.NAMES[s]).isEmpty();
            assertThat(o.trouble()).as(Players.NAMES[s]).isEmpty();
            assertThat(o.finished()).isTrue();
        }
        for (DeckParty p : players.parties) {
            assertThat(p.transcript().envelopes()).isEqualTo(host.placed());
            assertThat(Players.audit(p).line()).startsWith("VERIFIED");
        }
        assertThat(host.presence()).extracting(Member::name).containsExactlyInAnyOrder(Players.NAMES);
    }

    /**
     * Mallory joins with her own key (she has the invitation) but takes no seat; after every message placed she
     * signs the next one in bob's name, fitting the chain. The host places none of them, tells her why, logs her
     * name and key, and the players finish.
     */
    @Test
    void aStrangersMessageInASeatsNameIsRefusedAndTheStrangerNamed() throws Exception {
        Players players = new Players(41, Duration.ofSeconds(5));
        SplittableRandom random = new SplittableRandom(42);
        SigningKey mallory = Players.key(random);
        List<String> notices = new CopyOnWriteArrayList<>();
        try (SessionHost host = new SessionHost("table", Players.key(random), random).logTo(notices::add)) {
            InMemoryTransport[] pair = InMemoryTransport.pair("host", "mallory");
            host.admit(pair[0]);
            Transport her = pair[1];
            Welcome w = (Welcome) SessionFrame.decode(her.receive(WAIT));
            her.send(SessionFrame.encode(Join.sign(mallory, "mallory", w)));
            assertThat(SessionFrame.decode(her.receive(WAIT))).isInstanceOf(Presence.class); // she is in
            List<String> refusals = new CopyOnWriteArrayList<>();
            CountDownLatch refusedAtTheHead = new CountDownLatch(1);
            strangers.submit(() -> {
                List<Envelope> seen = new ArrayList<>();
                while (true) {
                    SessionFrame f = SessionFrame.decode(her.receive(Duration.ofSeconds(60)));
                    if (f instanceof Deliver d && d.envelope().seq() == seen.size()) {
                        seen.add(d.envelope());
                        if (seen.size() >= 4) { // every hello is in: the session id is the last one's hash
                            Envelope last = d.envelope();
                            her.send(SessionFrame.encode(new Relay(Envelope.sign(mallory, seen.get(3).hash(),
                                    last.seq() + 1, last.hash(), 1, last.step(), last.type(), last.body()))));
                        }
                    } else if (f instanceof Refused r) {
                        refusals.add(r.reason());
                        if (r.reason().contains("in bob's name with a bad signature")) {
                            refusedAtTheHead.countDown();
                        }
                    }
                }
            });
            List<Future<SessionClient.Outcome>> outcomes = players.play(inMemory(host), Duration.ofSeconds(30));
            assertEveryoneFinishedVerified(players, host, outcomes);
            assertThat(refusedAtTheHead.await(30, TimeUnit.SECONDS)).as("refusals: %s", refusals).isTrue();
            assertThat(host.placed()).noneMatch(e -> e.isSignedBy(mallory.verifyingKey()));
            assertThat(notices).isNotEmpty().allSatisfy(line -> assertThat(line)
                    .matches("refused message #\\d+ from \"mallory\" \\[" + Fingerprint.of(mallory.verifyingKey())
                            + "\\] at mallory: step \\d+: a message in bob's name with a bad signature was refused;"
                            + " it proves nothing against bob"));
            for (SessionMember m : players.members) {
                assertThat(m.observations()).isEmpty();
            }
        } finally {
            players.shutdown();
        }
    }

    /** One stranger with a fresh key: connects, joins, sees the host's answer, leaves. */
    private static void joinAndLeave(SessionHost host, SigningKey key, int i) throws Exception {
        InMemoryTransport[] pair = InMemoryTransport.pair("host", "stranger" + i);
        host.admit(pair[0]);
        Transport t = pair[1];
        try {
            Welcome w = (Welcome) SessionFrame.decode(t.receive(WAIT));
            t.send(SessionFrame.encode(Join.sign(key, "stranger" + i, w)));
            t.receive(WAIT); // a presence that lists it, or the end of the connection
        } catch (Transport.PeerGoneException turnedAway) {
            // every seat is taken: turned away at once
        } finally {
            t.close();
        }
    }

    /**
     * 1,100 throw-away joins with fresh keys, half of them before the players come and half while they play: more
     * than the presence list a player accepts ever held. Each is forgotten when it leaves, the presence list never
     * holds more than the seats and those waiting for one, and the table finishes.
     */
    @Test
    void aThousandThrowAwayJoinsLeaveTheTableRunning() throws Exception {
        Players players = new Players(43, Duration.ofSeconds(5));
        SplittableRandom random = new SplittableRandom(44);
        int joins = 1_100;
        List<String> notices = new CopyOnWriteArrayList<>();
        try (SessionHost host = new SessionHost("table", Players.key(random), random).logTo(notices::add)) {
            List<SigningKey> keys = new ArrayList<>();
            for (int i = 0; i < joins; i++) {
                keys.add(Players.key(random));
            }
            CountDownLatch halfway = new CountDownLatch(1);
            AtomicInteger largestPresence = new AtomicInteger();
            Future<?> flood = strangers.submit(() -> {
                for (int i = 0; i < joins; i++) {
                    joinAndLeave(host, keys.get(i), i);
                    largestPresence.accumulateAndGet(host.presence().size(), Math::max);
                    if (i == joins / 2) {
                        halfway.countDown();
                    }
                }
                return null;
            });
            assertThat(halfway.await(120, TimeUnit.SECONDS)).isTrue();
            List<Future<SessionClient.Outcome>> outcomes = players.play(inMemory(host), Duration.ofSeconds(30));
            assertEveryoneFinishedVerified(players, host, outcomes);
            flood.get(120, TimeUnit.SECONDS);
            assertThat(largestPresence.get()).isLessThanOrEqualTo(SessionFrame.MAX_PLAYERS);
            assertThat(host.presence()).hasSize(4);
            for (SessionMember m : players.members) {
                assertThat(m.presence()).hasSize(4);
            }
        } finally {
            players.shutdown();
        }
    }

    /** A connection that opens and closes at once, as a port scan does. */
    private static void connectAndClose(int port) throws IOException {
        new Socket("127.0.0.1", port).close();
    }

    /** A connection that sends bytes that are no TLS handshake, then closes. */
    private static void garbage(int port, SplittableRandom random) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            byte[] junk = new byte[64];
            random.nextBytes(junk);
            OutputStream out = s.getOutputStream();
            out.write(junk);
            out.flush();
        }
    }

    /**
     * Over real TLS on loopback, while four players play through the host: port scans (connect and close), garbage
     * handshakes, and strangers with fresh keys that complete the handshake, join and leave. Each stray is logged
     * and the host keeps listening; the table finishes.
     */
    @Test
    void portScansGarbageAndThrowAwayJoinsOverTlsLeaveTheTableRunning() throws Exception {
        Players players = new Players(45, Duration.ofSeconds(10));
        SplittableRandom random = new SplittableRandom(46);
        SigningKey hostKey = Players.key(random);
        PeerCheck theHost = PeerCheck.expect(Fingerprint.of(hostKey.verifyingKey()));
        List<String> notices = new CopyOnWriteArrayList<>();
        try (ServerSocket server = TlsTransport.listen("127.0.0.1", 0);
                SessionHost host = new SessionHost("table", hostKey, random).logTo(notices::add)) {
            int port = server.getLocalPort();
            host.acceptTls(server, TlsIdentity.of(hostKey), PeerCheck.anyKey());
            int strays = 30;
            for (int i = 0; i < strays; i++) {
                connectAndClose(port);
                garbage(port, random);
            }
            // The first strays are turned away before any player comes.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (notices.stream().filter(l -> l.startsWith("turned away")).count() < 2L * strays) {
                assertThat(System.nanoTime()).as("strays logged: %s", notices).isLessThan(deadline);
                Thread.onSpinWait();
            }
            List<SigningKey> keys = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                keys.add(Players.key(random));
            }
            Future<?> flood = strangers.submit(() -> {
                for (int i = 0; i < keys.size(); i++) {
                    connectAndClose(port);
                    try (TlsTransport t = TlsTransport.connect("127.0.0.1", port, TlsIdentity.of(keys.get(i)), theHost,
                            WAIT)) {
                        Welcome w = (Welcome) SessionFrame.decode(t.receive(WAIT));
                        t.send(SessionFrame.encode(Join.sign(keys.get(i), "stranger" + i, w)));
                        t.receive(WAIT);
                    } catch (Transport.PeerGoneException turnedAway) {
                        // every seat is taken
                    }
                }
                return null;
            });
            Function<Integer, Transport> overTls = seat -> {
                try {
                    return TlsTransport.connect("127.0.0.1", port, TlsIdentity.of(players.keys.get(seat)), theHost, WAIT);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (java.util.concurrent.TimeoutException e) {
                    throw new IllegalStateException(e);
                }
            };
            List<Future<SessionClient.Outcome>> outcomes = players.play(overTls, Duration.ofSeconds(60));
            assertEveryoneFinishedVerified(players, host, outcomes);
            flood.get(120, TimeUnit.SECONDS);
            assertThat(notices).filteredOn(l -> l.startsWith("turned away")).hasSizeGreaterThanOrEqualTo(2 * strays)
                    .allSatisfy(l -> assertThat(l).doesNotContain("\n"));
        } finally {
            players.shutdown();
        }
    }
}
