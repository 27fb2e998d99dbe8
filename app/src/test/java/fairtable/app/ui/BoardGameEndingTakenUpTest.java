package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dishonest person against the node's bot (no browser): their game has ended, its last move played, and the node is
 * closed while the table writes and audits the ending. The node started again must not take the game up from the
 * journal's last entry, which holds the table as it stood before that last move: the person would be asked it again
 * and could play the ending over, the first one's transcript overwritten. Dark chess and Mahjong Shogi each.
 */
class BoardGameEndingTakenUpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path home;

    private Profile profile;
    private UiServer ui;

    @BeforeEach
    void startNode() throws Exception {
        profile = Profile.open(home, new SecureRandom());
        profile.setDisplayName("alice");
        ui = UiServer.start(profile, Games.ALL, 0, 600, new SplittableRandom(16));
    }

    @AfterEach
    void stopNode() throws Exception {
        if (ui != null) {
            ui.close();
        }
    }

    @Test
    void aDarkChessGameClosedAsItEndsIsNotTakenUpToPlayItsLastMoveAgain() throws Exception {
        // Three plies: White's second move is the last, then the boards are revealed and the game audited.
        String id = (String) ui.newTable(form("dark-chess", Map.of("colour", "white", "max-plies", "3"))).get("id");
        Closing closing = closeWhen(id, s -> s.path("chess").path("plies").asInt() == 3);
        for (int move = 0; move < 2; move++) {
            next(closing.seen, s -> s.path("yourMove").asBoolean());
            ui.table(id).offer(0, null, refused -> assertThat(refused).isNull());
        }
        assertNothingIsTakenUpAndTheEndingWasVerified(closing);
    }

    @Test
    void aMahjongShogiGameClosedAsItEndsIsNotTakenUpToPlayItsLastMoveAgain() throws Exception {
        // A move limit of one: east's first move is the game's last, then the placements are revealed.
        String id = (String) ui.newTable(form("mahjong-shogi", Map.of("side", "east", "move-limit", "1"))).get("id");
        Closing closing = closeWhen(id, s -> s.path("history").toString().contains("You moved")
                || s.path("history").toString().contains("Battle at move"));
        ui.table(id).offer(null, "start", refused -> assertThat(refused).isNull());
        next(closing.seen, s -> s.path("yourMove").asBoolean());
        ui.table(id).offer(0, null, refused -> assertThat(refused).isNull());
        assertNothingIsTakenUpAndTheEndingWasVerified(closing);
    }

    /** The node's closing, started from the table's thread as the game's last move was made. */
    private static final class Closing {
        final BlockingQueue<JsonNode> seen = new LinkedBlockingQueue<>();
        final CountDownLatch started = new CountDownLatch(1);
        volatile Thread closer;
    }

    /**
     * Watches table {@code id}: the snapshots it publishes, and the first that {@code lastMoveMade} holds for (the
     * game's last move made, on the table's own thread) closes the node from another thread. The table's thread
     * waits there until the closing has reached it, then goes on writing and auditing the ending, as it would had
     * the node closed a moment later.
     */
    private Closing closeWhen(String id, Predicate<JsonNode> lastMoveMade) {
        Closing closing = new Closing();
        UiServer node = ui;
        ui.table(id).watch(snapshot -> {
            JsonNode s = read(snapshot);
            closing.seen.add(s);
            if (lastMoveMade.test(s) && Thread.currentThread().getName().startsWith("table-")
                    && closing.closer == null) {
                closing.closer = new Thread(() -> {
                    try {
                        node.close();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, "node-closing");
                closing.closer.start();
                closing.started.countDown();
                while (!Thread.currentThread().isInterrupted()) {
                    LockSupport.park(this); // until the node's close interrupts the table's thread
                }
                Thread.interrupted();
            }
        });
        return closing;
    }

    /**
     * Once the node has closed, the node started again on the same home lists nothing in progress and keeps no
     * journal; the game had ended VERIFIED on its page.
     */
    private void assertNothingIsTakenUpAndTheEndingWasVerified(Closing closing) throws Exception {
        assertThat(closing.started.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).as("the last move made").isTrue();
        closing.closer.join(WAIT.toMillis());
        assertThat(closing.closer.isAlive()).as("the node closed").isFalse();
        ui = UiServer.start(profile, Games.ALL, 0, 600, new SplittableRandom(17));
        assertThat((List<?>) ui.home().get("tables")).as("the ended game, taken up to be played again").isEmpty();
        try (var left = Files.list(home.resolve("ui-journals"))) {
            assertThat(left).as("journals left in ui-journals").isEmpty();
        }
        JsonNode end = null;
        for (JsonNode s : closing.seen) {
            end = s;
        }
        assertThat(end.path("verdict").path("verified").asBoolean()).as(end.toString()).isTrue();
    }

    private static JsonNode form(String game, Map<String, String> settings) {
        return JSON.valueToTree(Map.of("game", game, "players", 2, "bots", 1, "settings", settings));
    }

    private static JsonNode read(String snapshot) {
        try {
            return JSON.readTree(snapshot);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode next(BlockingQueue<JsonNode> snapshots, Predicate<JsonNode> wanted) throws Exception {
        long end = System.nanoTime() + WAIT.toNanos();
        while (true) {
            JsonNode s = snapshots.poll(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (s == null) {
                throw new AssertionError("no snapshot came that the test waited for");
            }
            if (wanted.test(s)) {
                return s;
            }
        }
    }
}
