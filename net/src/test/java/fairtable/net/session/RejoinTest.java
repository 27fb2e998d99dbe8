package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.Actor;
import fairtable.net.Transport;
import fairtable.net.journal.Journal;
import fairtable.net.memory.InMemoryTransport;
import fairtable.protocol.deck.DeckParty;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A player crashes in the middle of the game, is restored from its journal, rejoins, and the game completes. */
class RejoinTest {
    @TempDir
    Path temp;

    /** A connection that dies after {@code frames} frames have come in, like a process killed mid-game. */
    private static Transport dyingAfter(Transport inner, int frames) {
        return new Transport() {
            int left = frames;

            @Override
            public void send(byte[] frame) throws IOException {
                if (left <= 0) {
                    throw new PeerGoneException("crashed");
                }
                inner.send(frame);
            }

            @Override
            public byte[] receive(Duration timeout) throws IOException, TimeoutException {
                if (left-- <= 0) {
                    inner.close();
                    throw new PeerGoneException("crashed");
                }
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
    void aCrashedPlayerRestoredFromItsJournalRejoinsAndTheGameVerifies() throws Exception {
        Players players = new Players(51, Duration.ofSeconds(10));
        SplittableRandom random = new SplittableRandom(52);
        int carol = 2;
        Path journalFile = temp.resolve("carol.journal");
        ExecutorService carolThread = Executors.newSingleThreadExecutor();
        try (SessionHost host = new SessionHost("table", Players.key(random), random);
                Journal journal = Journal.open(journalFile, players.keys.get(carol))) {
            DeckParty first = players.parties.get(carol);
            players.members.set(carol, new SessionMember(first, players.keys.get(carol), "carol",
                    Actor.PASSIVE, Duration.ofSeconds(10), journal));
            List<Future<SessionClient.Outcome>> outcomes = players.play(seat -> {
                InMemoryTransport[] pair = InMemoryTransport.pair("host", Players.NAMES[seat]);
                host.admit(pair[0]);
                return seat == carol ? dyingAfter(pair[1], 40) : pair[1];
            }, Duration.ofSeconds(30));
            SessionClient.Outcome crashed = outcomes.get(carol).get(30, TimeUnit.SECONDS);
            assertThat(crashed.trouble()).isPresent();
            assertThat(crashed.problem()).isEmpty();

            // A new process: carol's party comes back from the journal alone.
            byte[] state = Journal.open(journalFile, players.keys.get(carol)).last().orElseThrow().state();
            DeckParty restored = DeckParty.restore(state, players.keys.get(carol), new SplittableRandom(53));
            int restoredAt = restored.transcript().size();
            assertThat(restoredAt).isGreaterThan(4);
            SessionMember again = new SessionMember(restored, players.keys.get(carol), "carol",
                    Actor.PASSIVE, Duration.ofSeconds(10), journal);
            InMemoryTransport[] pair = InMemoryTransport.pair("host", "carol");
            host.admit(pair[0]);
            Future<SessionClient.Outcome> rejoined = carolThread.submit(() -> SessionClient.run(again, pair[1],
                    Duration.ofSeconds(30), Duration.ofMillis(20), Clock.systemUTC()));

            assertThat(rejoined.get(60, TimeUnit.SECONDS).finished()).isTrue();
            for (int s = 0; s < 4; s++) {
                if (s != carol) {
                    assertThat(outcomes.get(s).get(60, TimeUnit.SECONDS).finished()).isTrue();
                }
            }
            assertThat(restored.transcript().size()).isGreaterThan(restoredAt);
            assertThat(restored.transcript().envelopes()).isEqualTo(host.placed());
            assertThat(Players.audit(restored).line()).startsWith("VERIFIED");
            assertThat(restored.hand()).hasSize(2);
            assertThat(host.presence()).hasSize(4).allMatch(m -> m.name() != null);
        } finally {
            carolThread.shutdownNow();
            players.shutdown();
        }
    }
}
