package fairtable.net.journal;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.Connector;
import fairtable.net.Transport;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionClient;
import fairtable.net.session.SessionHost;
import fairtable.net.session.SessionMember;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two players of the FR 2823580 draw at a relaying host, as every game between processes is played, crash at seeded
 * random points (just before a frame leaves, or just after) and restart from their journals, with fresh randomness
 * and a new connection, joining the host again. Every game must still finish, with one transcript at both ends and
 * at the host that audits VERIFIED: no step lost, none repeated.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CrashAndResumeTest {
    private static final PatentParameters PARAMS = new PatentParameters(PatentMode.RISTRETTO, 16, 3);
    private static final AtomicInteger CRASHES = new AtomicInteger();

    @TempDir
    Path dir;

    /** What the process dies of. */
    private static final class Crash extends Error {
        Crash() {
            super("simulated crash", null, false, false);
        }
    }

    /** A transport whose process dies at its n-th operation. */
    private static final class Dying implements Transport {
        private final Transport inner;
        private final int[] countdown;
        private final int where;

        Dying(Transport inner, int[] countdown, int where) {
            this.inner = inner;
            this.countdown = countdown;
            this.where = where;
        }

        private void tick(int place) {
            if (place == where && countdown[0]-- == 0) {
                CRASHES.incrementAndGet();
                throw new Crash();
            }
        }

        @Override
        public void send(byte[] frame) throws IOException {
            tick(0);
            inner.send(frame);
            tick(1);
        }

        @Override
        public byte[] receive(Duration timeout) throws IOException, TimeoutException {
            // No death here: the session client reads on a thread of its own, and a process dies on its main one.
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
    }

    @RepeatedTest(16)
    void crashedPlayersResumeFromTheirJournalsAndFinish(RepetitionInfo run) throws Exception {
        SplittableRandom script = new SplittableRandom(run.getCurrentRepetition() * 7_777L);
        SessionHost host = new SessionHost("draw", key(9), script.split());
        PatentParty a;
        PatentParty b;
        try {
            SplittableRandom aliceScript = script.split();
            SplittableRandom bobScript = script.split();
            CompletableFuture<PatentParty> alice = CompletableFuture.supplyAsync(() -> play(0, host, aliceScript));
            CompletableFuture<PatentParty> bob = CompletableFuture.supplyAsync(() -> play(1, host, bobScript));
            a = alice.get(100, TimeUnit.SECONDS);
            b = bob.get(100, TimeUnit.SECONDS);
        } finally {
            host.close();
        }

        assertThat(a.transcript().envelopes()).isEqualTo(b.transcript().envelopes()).isEqualTo(host.placed());
        assertThat(a.hand()).hasSize(3).doesNotContainAnyElementsOf(b.hand());
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(a.transcript().envelopes(), List.of()));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.holdings().get("alice")).isEqualTo(a.hand());
        if (run.getCurrentRepetition() == run.getTotalRepetitions()) {
            assertThat(CRASHES.get()).as("crashes actually happened").isGreaterThan(run.getTotalRepetitions());
        }
    }

    private static SigningKey key(int n) {
        return SigningKey.fromSeed(new byte[] {(byte) n, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32});
    }

    /** One player's life: play, and after every crash restart from the journal, until the game is over. */
    private PatentParty play(int seat, SessionHost host, SplittableRandom script) {
        SigningKey key = key(seat + 1);
        String name = seat == 0 ? "alice" : "bob";
        Path journalFile = dir.resolve("seat" + seat + ".journal");
        int lives = 0;
        while (true) {
            lives++;
            try (Journal journal = Journal.open(journalFile, key)) {
                PatentParty party = journal.last().isPresent()
                        ? PatentParty.restore(journal.last().get().state(), key, script.split())
                        : PatentParty.create(PARAMS, seat, name, key, script.split());
                // Each life may die once, at a random send, before or after it; the last life is allowed to live.
                int[] countdown = {lives < 4 ? script.nextInt(12) : Integer.MAX_VALUE};
                int where = script.nextInt(2);
                Connector connector = patience -> {
                    InMemoryTransport[] pair = InMemoryTransport.pair("host", name);
                    host.admit(pair[0]);
                    return new Dying(pair[1], countdown, where);
                };
                Actor actor = seat == 0
                        ? () -> party.isDealt() && party.isIdle() ? party.reveal() : List.of()
                        : Actor.PASSIVE;
                SessionClient.Outcome outcome = SessionClient.run(
                        () -> new SessionMember(party, key, name, actor, Duration.ofSeconds(20), journal), connector,
                        Duration.ofSeconds(20), Duration.ofMillis(20), Clock.systemUTC());
                if (outcome.finished()) {
                    return party;
                }
                throw new AssertionError(party.transcript().nameOf(seat) + ": " + outcome);
            } catch (Crash crash) {
                if (System.getenv("CRASH_DEBUG") != null) {
                    System.err.println("seat " + seat + " crashed in life " + lives);
                }
                // The process died; its in-memory state is gone. The loop restarts it from the journal.
            } catch (IOException | fairtable.protocol.wire.MalformedMessageException e) {
                throw new AssertionError(e);
            }
        }
    }
}
