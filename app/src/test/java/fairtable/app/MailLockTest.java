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

    /** A game of dark chess by mail in which it is alice's (White's) first move. */
    private MailDesk started() throws Exception {
        MailDesk desk = new MailDesk(temp);
        Sent started = desk.mail("new", "alice", "--game", "dark-chess", "--move-limit", "10", "--name", "alice");
        assertThat(started.run().code()).as(started.run().err()).isZero();
        Sent joined = desk.mail("join", "bob", "--in", desk.file(started.text()).toString(), "--name", "bob");
        assertThat(joined.run().code()).as(joined.run().err()).isZero();
        Sent ready = desk.receive("alice", joined.text());
        assertThat(ready.run().code()).as(ready.run().err()).isZero();
        return desk;
    }

    /** Holds the first thread to read {@code journal} there until {@code goOn}; {@code reached} says it is there. */
    private static void holdFirstReader(Path journal, CountDownLatch reached, CountDownLatch goOn) {
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

    /** Waits until {@code second} has finished or waits for the game's lock in {@code dir}. */
    private static void untilDoneOrWaiting(Future<?> second, Path dir) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!second.isDone() && GameLock.waiting(dir) == 0) {
            assertThat(System.nanoTime() - deadline).as("the second command neither finished nor waited").isNegative();
            Thread.sleep(2);
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
        MailDesk desk = started();
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        holdFirstReader(desk.game("alice").resolve("journal"), reached, goOn);
        Future<Run> status = threads.submit(() -> desk.status("alice"));
        assertThat(reached.await(120, TimeUnit.SECONDS)).isTrue();
        Future<Sent> move = threads.submit(() -> desk.mail("move", "alice", "e2e4"));
        untilDoneOrWaiting(move, desk.game("alice"));
        assertThat(move.isDone()).as("the move waits while the status holds the game").isFalse();
        goOn.countDown();
        assertThat(status.get().code()).as(status.get().err()).isZero();
        assertThat(status.get().out()).contains("YOUR MOVE");
        Sent played = move.get();
        assertThat(played.run().code()).as(played.run().err()).isZero();
        theMoveCrosses(desk, played);
    }

    @Test
    void ofTwoMovesAtOnceTheSecondIsRefusedInOneLineAndTheFirstIsKept() throws Exception {
        MailDesk desk = started();
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        holdFirstReader(desk.game("alice").resolve("journal"), reached, goOn);
        Future<Sent> first = threads.submit(() -> desk.mail("move", "alice", "e2e4"));
        assertThat(reached.await(120, TimeUnit.SECONDS)).isTrue();
        Sent second = desk.mail("move", "alice", "--wait", "0", "d2d4");
        goOn.countDown();

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
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        holdFirstReader(dir.resolve("journal"), reached, goOn);
        Future<Run> status = threads.submit(() -> MailDesk.run("mail", "status", "--home",
                temp.resolve("alice-home").toString(), "--dir", dir.toString()));
        assertThat(reached.await(120, TimeUnit.SECONDS)).isTrue();
        Future<MailGames.Look> look = threads.submit(() -> browser.look(name));
        untilDoneOrWaiting(look, dir);
        assertThat(look.isDone()).as("the page waits while the command holds the game").isFalse();
        goOn.countDown();
        assertThat(status.get().code()).as(status.get().err()).isZero();
        assertThat(look.get().toSend()).isNotEmpty();
        assertThat(status.get().out()).contains("Awaiting");
    }
}
