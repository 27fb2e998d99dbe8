package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Connector;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** An honest host: four players deal through it and end with one transcript, the host's. */
class SessionHostTest {
    private static void assertHonestGame(Players players, SessionHost host, List<Future<SessionClient.Outcome>> outcomes)
            throws Exception {
        for (Future<SessionClient.Outcome> f : outcomes) {
            SessionClient.Outcome o = f.get(60, TimeUnit.SECONDS);
            assertThat(o.problem()).isEmpty();
            assertThat(o.trouble()).isEmpty();
            assertThat(o.finished()).isTrue();
        }
        List<Envelope> placed = host.placed();
        Set<Integer> cards = new HashSet<>();
        for (int s = 0; s < 4; s++) {
            DeckParty p = players.parties.get(s);
            assertThat(p.isFinished()).isTrue();
            assertThat(p.transcript().envelopes()).isEqualTo(placed);
            assertThat(Players.audit(p).line()).startsWith("VERIFIED");
            assertThat(p.hand()).hasSize(2);
            cards.addAll(p.hand().values());
            SessionMember m = players.members.get(s);
            assertThat(m.receipts()).hasSize(placed.size());
            assertThat(m.observations()).isEmpty();
            assertThat(m.host()).contains(host.key());
        }
        assertThat(cards).hasSize(8); // eight distinct cards
        List<Member> presence = host.presence();
        assertThat(presence).extracting(Member::name).containsExactlyInAnyOrder(Players.NAMES);
        for (Member m : presence) {
            int seat = List.of(Players.NAMES).indexOf(m.name());
            assertThat(m.key()).isEqualTo(players.keys.get(seat).verifyingKey());
        }
    }

    @Test
    void fourPlayersDealThroughAnInMemoryHost() throws Exception {
        Players players = new Players(7, Duration.ofSeconds(5));
        SplittableRandom random = new SplittableRandom(8);
        try (SessionHost host = new SessionHost("table", Players.key(random), random)) {
            Function<Integer, Transport> connect = seat -> {
                InMemoryTransport[] pair = InMemoryTransport.pair("host", Players.NAMES[seat]);
                host.admit(pair[0]);
                return pair[1];
            };
            assertHonestGame(players, host, players.play(connect, Duration.ofSeconds(30)));
            // Every player saw everyone arrive.
            for (SessionMember m : players.members) {
                assertThat(m.presence()).extracting(Member::name).contains(m.party().transcript().hellos().stream()
                        .map(h -> h.name()).toArray(String[]::new));
            }
        } finally {
            players.shutdown();
        }
    }

    @Test
    void fourPlayersDealThroughALoopbackTcpHost() throws Exception {
        Players players = new Players(9, Duration.ofSeconds(5));
        SplittableRandom random = new SplittableRandom(10);
        SigningKey hostKey = Players.key(random);
        try (ServerSocket server = TcpTransport.listen("127.0.0.1", 0);
                SessionHost host = new SessionHost("table", hostKey, random)) {
            host.acceptTcp(server, Duration.ofSeconds(30));
            Function<Integer, Transport> connect = seat -> {
                try {
                    return TcpTransport.connect("127.0.0.1", server.getLocalPort(), Duration.ofSeconds(10));
                } catch (java.io.IOException e) {
                    throw new UncheckedIOException(e);
                } catch (java.util.concurrent.TimeoutException e) {
                    throw new IllegalStateException(e);
                }
            };
            assertHonestGame(players, host, players.play(connect, Duration.ofSeconds(30)));
        } finally {
            players.shutdown();
        }
    }

    /**
     * The host turns away connections beyond {@link SessionHost#MAX_UNJOINED} that have not joined (TLS handshakes
     * included): an honest seat that meets a door full of silent strangers backs off and tries again within its
     * timeout, and gets in once they are gone.
     */
    @Test
    void aSeatThatMeetsADoorFullOfUnjoinedConnectionsBacksOffAndGetsInOnceThereIsRoom() throws Exception {
        Players players = new Players(11, Duration.ofSeconds(5));
        SplittableRandom random = new SplittableRandom(12);
        SigningKey hostKey = Players.key(random);
        CountDownLatch turnedAway = new CountDownLatch(1);
        List<Socket> strangers = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try (ServerSocket server = TlsTransport.listen("127.0.0.1", 0);
                SessionHost host = new SessionHost("table", hostKey, random).joinDeadline(Duration.ofSeconds(60))
                        .logTo(line -> {
                            if (line.endsWith(SessionHost.MAX_UNJOINED + " connections have not joined yet")) {
                                turnedAway.countDown();
                            }
                        })) {
            host.acceptTls(server, TlsIdentity.of(hostKey), PeerCheck.anyKey());
            // The other three are seated through memory first, so that the door's count is the strangers' alone.
            List<Future<SessionClient.Outcome>> outcomes = new ArrayList<>();
            for (int s = 0; s < 3; s++) {
                int seat = s;
                InMemoryTransport[] pair = InMemoryTransport.pair("host", Players.NAMES[seat]);
                host.admit(pair[0]);
                outcomes.add(threads.submit(() -> SessionClient.run(players.members.get(seat), pair[1],
                        Duration.ofSeconds(30), Duration.ofMillis(20), Clock.systemUTC())));
            }
            long seatedBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (host.presence().size() < 3) {
                assertThat(System.nanoTime()).as("three seats joined through memory").isLessThan(seatedBy);
                Thread.onSpinWait();
            }
            for (int i = 0; i < SessionHost.MAX_UNJOINED; i++) {
                strangers.add(new Socket("127.0.0.1", server.getLocalPort())); // silent in the middle of a handshake
            }
            PeerCheck theHost = PeerCheck.expect(Fingerprint.of(hostKey.verifyingKey()));
            Connector overTls = patience -> TlsTransport.connect("127.0.0.1", server.getLocalPort(),
                    TlsIdentity.of(players.keys.get(3)), theHost, patience);
            Future<SessionClient.Outcome> dave = threads.submit(() -> SessionClient.run(() -> players.members.get(3),
                    overTls, Duration.ofSeconds(30), Duration.ofMillis(20), Clock.systemUTC()));
            assertThat(turnedAway.await(20, TimeUnit.SECONDS)).as("dave met the full door").isTrue();
            for (Socket stranger : strangers) {
                stranger.close();
            }
            outcomes.add(dave);
            assertHonestGame(players, host, outcomes);
        } finally {
            threads.shutdownNow();
            players.shutdown();
        }
    }
}
