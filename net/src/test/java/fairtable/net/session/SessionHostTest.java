package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Transport;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.tcp.TcpTransport;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
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
}
