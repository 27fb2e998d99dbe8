package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.app.play.SeatSeeds;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes' allocation pages over TLS on loopback, without a browser: what each is refused, in one line.
 */
class BrowserAllocationTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private Profile alice;
    private Profile bob;
    private BrowserAllocation host;
    private BrowserAllocation guest;

    @BeforeEach
    void profiles() throws Exception {
        alice = Profile.open(dir.resolve("alice"), new SecureRandom());
        alice.setDisplayName("alice");
        bob = Profile.open(dir.resolve("bob"), new SecureRandom());
        bob.setDisplayName("bob");
    }

    @AfterEach
    void close() {
        if (guest != null) {
            guest.close();
        }
        if (host != null) {
            host.close();
        }
    }

    /**
     * Bob's invitation was altered on the way (X=6 where alice hosts X=5): once alice accepts him, his allocation
     * stops at once with one line naming what alice's seat proposes, and he is dealt nothing.
     */
    @Test
    void aGuestWhoseInvitationDoesNotMatchTheHostsAllocationIsStoppedWithOneLine() throws Exception {
        host = BrowserAllocation.host("a1", "alice", 20, 5, alice, dir.resolve("alice.jsonl"), SeatSeeds.secrets(5L, 0),
                "127.0.0.1");
        String altered = host.invitation().replace("each=5", "each=6");
        guest = BrowserAllocation.join("a1", "bob", Invitation.parse(altered), bob, dir.resolve("bob.jsonl"),
                SeatSeeds.secrets(5L, 1));
        await(host, s -> ((Map<?, ?>) s.get("network")).containsKey("question"));
        CompletableFuture<String> answer = new CompletableFuture<>();
        host.answer(true, answer::complete);
        assertThat(answer.get(10, TimeUnit.SECONDS)).isNull();
        Map<String, Object> stopped = await(guest, s -> s.containsKey("problem"));
        String problem = (String) stopped.get("problem");
        assertThat(problem).isEqualTo("Stopped: protocol violation: step 0, party alice: proposes allocation/v1 with"
                + " 2 institutions, 5 numbers each out of 1..20, not escrowed to a board, not allocation/v1 with"
                + " 2 institutions, 6 numbers each out of 1..20, not escrowed to a board");
        assertThat(problem.lines().count()).as("one line").isEqualTo(1);
        assertThat(stopped.get("numbers")).asList().isEmpty();
        assertThat(stopped).doesNotContainKey("verdict");
    }

    /** An invitation to another game, pasted into the allocation page, is refused in one line before anything opens. */
    @Test
    void anInvitationToAnotherGameIsRefusedInOneLine() {
        Invitation chess = Invitation.parse("fairtable://127.0.0.1:7777/" + alice.fingerprint()
                + "?game=dark-chess&players=2&max-plies=20");
        assertThatThrownBy(() -> BrowserAllocation.join("a1", "bob", chess, bob, dir.resolve("bob.jsonl"),
                new SecureRandom())).hasMessage("this invitation is for dark-chess, not for an allocation: ask the host"
                + " for the invitation its allocation page shows");
    }

    private static Map<String, Object> await(BrowserAllocation a, Predicate<Map<String, Object>> condition)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(WAIT);
        while (true) {
            Map<String, Object> now = a.state();
            if (condition.test(now)) {
                return now;
            }
            assertThat(Instant.now()).as("waited for a condition; last seen: %s", now).isBefore(deadline);
            Thread.sleep(20); // polling the page's state for the condition
        }
    }
}
