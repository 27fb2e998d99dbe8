package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.app.play.SeatSeeds;
import fairtable.protocol.darkchess.OtMode;
import fairtable.games.chess.Color;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.WireReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The words a dark-chess page sends besides a move, as the node's table takes them (no browser): an acceptance with
 * no draw on offer is refused, a move in UCI and a resignation end up in the signed transcript as the protocol's own
 * announcements. (A draw offered and accepted is played in the browser, in {@code UiBrowserTest}.)
 */
class BrowserDarkChessTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void anAcceptanceWithNoOfferIsRefusedAndAMoveThenAResignationAreTheProtocolsAnnouncements() throws Exception {
        SplittableRandom seeds = new SplittableRandom(16);
        Path file = dir.resolve("game.jsonl");
        BrowserDarkChess table = BrowserDarkChess.start("t1", "alice", Color.WHITE, SeatSeeds.signingKey(null, 0),
                OtMode.OTE_TABLE, 40,
                600, file, seeds.split(), seeds.split());
        BlockingQueue<JsonNode> snapshots = new LinkedBlockingQueue<>();
        table.watch(s -> {
            try {
                snapshots.add(JSON.readTree(s));
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            next(snapshots, s -> s.path("yourMove").asBoolean());
            List<String> answers = new ArrayList<>();
            table.offer(null, "accept draw", answers::add);
            table.offer(null, "e2e4", answers::add);
            JsonNode second = next(snapshots, s -> s.path("yourMove").asBoolean()
                    && s.path("history").toString().contains("e2e4"));
            assertThat(second.path("history").toString()).contains("White (you): e2e4");
            table.offer(null, "resign", answers::add);
            JsonNode end = next(snapshots, s -> s.path("finished").asBoolean());
            assertThat(answers.get(0)).startsWith("no draw is on offer");
            assertThat(answers.get(1)).isNull();
            assertThat(answers.get(2)).isNull();
            assertThat(end.path("outcome").asText()).isEqualTo("black wins: white resigned");
            assertThat(end.path("verdict").path("verified").asBoolean()).as(end.toString()).isTrue();
            // The transcript itself: White's first move is a plain move (kind 0), its last the resignation (kind 2).
            List<Integer> whiteKinds = new ArrayList<>();
            for (Envelope e : TranscriptFile.read(file).messages()) {
                if (e.sender() == 0 && e.type().equals("move")) {
                    whiteKinds.add((int) new WireReader(e.body()).blob(1024, "the announcement")[0]);
                }
            }
            assertThat(whiteKinds).containsExactly(0, 2);
        } finally {
            table.close();
        }
    }

    private static JsonNode next(BlockingQueue<JsonNode> snapshots, Predicate<JsonNode> wanted) throws Exception {
        long end = System.nanoTime() + WAIT.toNanos();
        while (true) {
            JsonNode s = snapshots.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (s == null) {
                throw new AssertionError("waited " + WAIT.toSeconds() + " s for the table");
            }
            if (wanted.test(s)) {
                return s;
            }
        }
    }
}
