package fairtable.net.journal;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.PartyRunner;
import fairtable.net.PartyRunner.Outcome;
import fairtable.net.Transport;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.nio.file.Path;
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
 * Both players crash at seeded random points (before a send, after a send, or right after a message
 * arrived and before it was processed) and restart from their journals, with fresh randomness and a new
 * connection. Every game must still finish, with one transcript at both ends that audits VERIFIED: no
 * step lost, none repeated.
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
            byte[] frame = inner.receive(timeout);
            tick(2); // the frame arrived but the process dies before handling it: it is lost
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
    }

    @RepeatedTest(16)
    void crashedPlayersResumeFromTheirJournalsAndFinish(RepetitionInfo run) throws Exception {
        SplittableRandom script = new SplittableRandom(run.getCurrentRepetition() * 7_777L);
        Switchboard board = new Switchboard();
        CompletableFuture<PatentParty> alice = CompletableFuture.supplyAsync(() -> play(0, board, script.split()));
        CompletableFuture<PatentParty> bob = CompletableFuture.supplyAsync(() -> play(1, board, script.split()));
        PatentParty a = alice.get(100, TimeUnit.SECONDS);
        PatentParty b = bob.get(100, TimeUnit.SECONDS);

        assertThat(a.transcript().envelopes()).isEqualTo(b.transcript().envelopes());
        assertThat(a.hand()).hasSize(3).doesNotContainAnyElementsOf(b.hand());
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(a.transcript().envelopes(), List.of()));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.holdings().get("alice")).isEqualTo(a.hand());
        if (run.getCurrentRepetition() == run.getTotalRepetitions()) {
            assertThat(CRASHES.get()).as("crashes actually happened").isGreaterThan(run.getTotalRepetitions());
        }
    }

    /** One player's life: play, and after every crash restart from the journal, until the game is over. */
    private PatentParty play(int seat, Switchboard board, SplittableRandom script) {
        SigningKey key = SigningKey.fromSeed(new byte[] {(byte) (seat + 1), 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32});
        Path journalFile = dir.resolve("seat" + seat + ".journal");
        int lives = 0;
        while (true) {
            lives++;
            try (Journal journal = Journal.open(journalFile, key)) {
                PatentParty party = journal.last().isPresent()
                        ? PatentParty.restore(journal.last().get().state(), key, script.split())
                        : PatentParty.create(PARAMS, seat, seat == 0 ? "alice" : "bob", key, script.split());
                // Each life may die once, at a random operation and place; the last life is allowed to live.
                int[] countdown = {lives < 4 ? script.nextInt(6) : Integer.MAX_VALUE};
                int where = script.nextInt(3);
                PartyRunner.Connector connector = patience -> new Dying(board.forSeat(seat).connect(patience), countdown, where);
                PartyRunner.Actor actor = seat == 0
                        ? () -> party.isDealt() && party.isIdle() ? party.reveal() : List.of()
                        : PartyRunner.Actor.PASSIVE;
                Outcome outcome = PartyRunner.run(party, connector, actor,
                        PartyRunner.Options.waitingFor(Duration.ofSeconds(20)).journaled(journal)
                                .lingering(Duration.ofMillis(600)));
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
