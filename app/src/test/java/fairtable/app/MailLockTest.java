package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.MailDesk.Run;
import fairtable.app.MailDesk.Sent;
import fairtable.app.cli.MailGames;
import fairtable.net.correspondence.GameLock;
import fairtable.net.identity.Profile;
import fairtable.net.journal.JournalReads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two commands on one game by mail at once, run in one JVM through {@code Main.run} on two threads. The first is held
 * just after it has read the game's journal (the moment a command without the game's lock hurts the other), while the
 * second runs: the second must wait for the first, or be refused in one line, and no step may be lost or made twice.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class MailLockTest {
    @TempDir
    Path temp;

    private final ExecutorService threads = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        JournalReads.reset();
        threads.shutdownNow();
    }

    /** The first command to read a game's journal, held there: {@link #reached} once it is, until {@link #release}. */
    private static final class Held {
        private final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch goOn = new CountDownLatch(1);

        Held(Path journal) {
            AtomicBoolean first = new AtomicBoolean(true);
            JournalReads.onRead(file -> {
                if (file.equals(journal) && first.compareAndSet(true, false)) {
                    reached.countDown();
                    try {
                        goOn.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
        }

        void reached() throws InterruptedException {
            assertThat(reached.await(120, TimeUnit.SECONDS)).as("a command read the journal").isTrue();
        }

        void release() {
            goOn.countDown();
        }
    }

    /** Waits until {@code second} has finished or waits for the game's lock in {@code dir}. */
    private static void untilDoneOrWaiting(Future<?> second, Path dir) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!second.isDone() && GameLock.waiting(dir) == 0) {
            assertThat(System.nanoTime() - deadline).as("the second command neither finished nor waited").isNegative();
            Thread.sleep(2); // polling for the condition: the second command done, or waiting for the lock
        }
    }

    /** alice's move is kept: bob takes it in, and alice takes in bob's reply in order. */
    private static void theMoveCrosses(MailDesk desk, Sent move) throws Exception {
        Sent bobs = desk.receive("bob", move.text());
        assertThat(bobs.run().code()).as(bobs.run().err()).isZero();
        Sent alices = desk.receive("alice", bobs.text());
        assertThat(alices.run().code()).as("alice's journal kept her move: " + alices.run().err()).isZero();
    }

    @Test
    void aMoveMadeWhileAStatusReadsTheGameWaitsForItAndIsKept() throws Exception {
        MailDesk desk = MailDesk.darkChess(temp, 10);
        Held held = new Held(desk.game("alice").resolve("journal"));
        Future<Run> status = threads.submit(() -> desk.status("alice"));
        held.reached();
        Future<Sent> move = threads.submit(() -> desk.mail("move", "alice", "e2e4"));
        untilDoneOrWaiting(move, desk.game("alice"));
        assertThat(move.isDone()).as("the move waits while the status holds the game").isFalse();
        held.release();
        assertThat(status.get().code()).as(status.get().err()).isZero();
        assertThat(status.get().out()).contains("YOUR MOVE");
        Sent played = move.get();
        assertThat(played.run().code()).as(played.run().err()).isZero();
        theMoveCrosses(desk, played);
    }

    @Test
    void ofTwoMovesAtOnceTheSecondIsRefusedInOneLineAndTheFirstIsKept() throws Exception {
        MailDesk desk = MailDesk.darkChess(temp, 10);
        Held held = new Held(desk.game("alice").resolve("journal"));
        Future<Sent> first = threads.submit(() -> desk.mail("move", "alice", "e2e4"));
        held.reached();
        Sent second = desk.mail("move", "alice", "--wait", "0", "d2d4");
        held.release();

        assertThat(second.run().code()).isEqualTo(Main.ERROR);
        assertThat(second.run().err()).isEqualTo("fairtable: another fairtable command is working on the game in "
                + desk.game("alice") + "; nothing was done: try again when it has finished" + System.lineSeparator());
        assertThat(second.text()).isEmpty();
        Sent played = first.get();
        assertThat(played.run().code()).as(played.run().err()).isZero();
        try (var outbox = Files.list(desk.game("alice").resolve("outbox"))) {
            assertThat(outbox.filter(f -> f.getFileName().toString().endsWith("-move.txt")).toList()).hasSize(1);
        }
        theMoveCrosses(desk, played);
    }

    /** The browser's mail page works on the same directories, and takes the same lock as the command line. */
    @Test
    void theBrowsersMailPageWaitsForACommandWorkingOnTheSameGame() throws Exception {
        Profile alice = Profile.open(temp.resolve("alice-home"), new SecureRandom());
        MailGames browser = new MailGames(temp.resolve("mail"), alice);
        String name = browser.start("dark-chess", Map.of());
        Path dir = browser.root().resolve(name);
        Held held = new Held(dir.resolve("journal"));
        Future<Run> status = threads.submit(() -> MailDesk.run("mail", "status", "--home",
                temp.resolve("alice-home").toString(), "--dir", dir.toString()));
        held.reached();
        Future<MailGames.Look> look = threads.submit(() -> browser.look(name));
        untilDoneOrWaiting(look, dir);
        assertThat(look.isDone()).as("the page waits while the command holds the game").isFalse();
        held.release();
        assertThat(status.get().code()).as(status.get().err()).isZero();
        assertThat(look.get().toSend()).isNotEmpty();
        assertThat(status.get().out()).contains("Awaiting");
    }
}
