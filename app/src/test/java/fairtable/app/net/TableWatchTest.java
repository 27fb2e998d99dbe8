package fairtable.app.net;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.session.SessionFrame.Member;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A seat's person hears whom the table awaits while it is silent, and at once of a player who drops or returns. */
class TableWatchTest {
    private final StringWriter printed = new StringWriter();
    private final PrintWriter out = new PrintWriter(printed, true);

    private void awaitPrinted(String text) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!printed.toString().contains(text)) {
            assertThat(System.nanoTime()).as("printed so far: %s", printed).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static fairtable.crypto.sign.VerifyingKey key(int seed) {
        byte[] bytes = new byte[32];
        new SplittableRandom(seed).nextBytes(bytes);
        return SigningKey.fromSeed(bytes).verifyingKey();
    }

    @Test
    void theSilenceIsShownWhileItLastsAndADroppedPlayerAtOnce() throws Exception {
        Member alice = new Member("alice", key(1), true);
        Member bob = new Member("bob", key(2), true);
        Member bobGone = new Member("bob", bob.key(), false);
        AtomicReference<List<Member>> presence = new AtomicReference<>(List.of(alice, bob));
        AtomicReference<String> awaiting = new AtomicReference<>("bob's move");
        try (TableWatch watch = new TableWatch(awaiting::get, presence::get, "alice", out, Duration.ofMillis(200),
                Duration.ofMillis(200))) {
            awaitPrinted("waiting for bob's move (0 s)");
            presence.set(List.of(alice, bobGone));
            awaitPrinted("bob disconnected: the seat stays open for them to come back");
            presence.set(List.of(alice, bob));
            awaitPrinted("bob is back");
        }
        assertThat(printed.toString()).doesNotContain("alice disconnected");
    }

    @Test
    void thePersonsOwnMoveIsNotAWait() throws Exception {
        AtomicReference<String> awaiting = new AtomicReference<>("alice's move");
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        try (TableWatch watch = new TableWatch(() -> {
                    asked.incrementAndGet();
                    return awaiting.get();
                }, List::of, "alice", out, Duration.ofMillis(20), Duration.ofMillis(20))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (asked.get() < 20) { // twenty looks at alice's own move, each past the 20 ms a report waits for
                assertThat(System.nanoTime()).isLessThan(deadline);
                Thread.onSpinWait();
            }
            awaiting.set("carol to open 3");
            awaitPrinted("waiting for carol to open 3 (");
        }
        assertThat(printed.toString()).doesNotContain("alice's move");
    }
}
