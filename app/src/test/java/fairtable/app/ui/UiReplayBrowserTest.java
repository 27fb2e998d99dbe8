package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The replay page in Debian's headless Chromium (see {@link UiBrowserTest}): a bots' Hold'em hand finishes, its
 * replay is opened from the home page's link, and it is stepped to the end by the buttons and back by the arrow
 * keys; at every step what is drawn (each seat's cards, face down or face up, the stacks, the pot, the board) is
 * exactly the observer's view the node computed for that step.
 */
class UiReplayBrowserTest extends OneNodeBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(120);
    /** WebDriver's codes for the arrow keys. */
    private static final String LEFT = "\uE012";
    private static final String RIGHT = "\uE014";

    /** One second per decision: where the person has a seat, the game's bot decides for it when the clock runs out. */
    UiReplayBrowserTest() {
        super(1);
    }

    /** What the page draws now: each seat's card words and stack, the board's card words, the pot. */
    private static final String DRAWN = "return JSON.stringify({"
            + "seats: [...document.querySelectorAll('#felt .seat')].map(s => ({"
            + "  cards: [...s.querySelectorAll('.seat-cards .card')].map(c => c.getAttribute('aria-label')),"
            + "  stack: Number(s.querySelector('.stack').textContent)})),"
            + "board: [...document.querySelectorAll('#felt .board .card')].map(c => c.getAttribute('aria-label')),"
            + "pot: Number(document.getElementById('pot').textContent)})";

    /** {@code words(card)}: a card of a frame ({rank, suit}, or null) in the words the page gives it. */
    private static final String CARD_WORDS = "const SUIT = {s: 'spades', h: 'hearts', d: 'diamonds', c: 'clubs'};"
            + "const RANK = {A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten', 9: 'nine', 8: 'eight', 7: 'seven',"
            + "  6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two'};"
            + "const words = c => c ? RANK[c.rank] + ' of ' + SUIT[c.suit] : 'face-down card';";

    /** The same, as the node's frame says it should be drawn. */
    private static final String EXPECTED = CARD_WORDS
            + "const p = arguments[0].view.poker;"
            + "return JSON.stringify({seats: p.seats.map(s => ({cards: s.cards.map(words), stack: s.stack})),"
            + "board: p.board.map(words), pot: p.pot})";

    @Test
    void aFinishedHandIsSteppedToTheEndAndBackEachStepDrawnAsTheNodeComputedIt() throws Exception {
        startTable("{game: 'holdem', players: 2, bots: 2, settings: {hands: '1'}}");
        String file = openReplayFromHome();
        JsonNode replay = browser.run("return fetch('/api/replay/files/' + encodeURIComponent(arguments[0]))"
                + ".then(r => r.json())", file);
        JsonNode frames = replay.get("frames");
        int moves = replay.get("moves").asInt();
        assertThat(frames.size()).isEqualTo(moves + 1).isGreaterThan(3);

        // The start: every hole card face down, no board yet.
        assertDrawn(frames.get(0), "Start: the deal, before move 1 of " + moves);
        String start = browser.run(DRAWN).asText();
        assertThat(start).doesNotContain(" of ").contains("face-down card");
        for (int i = 1; i <= moves; i++) {
            browser.click("#forward");
            assertDrawn(frames.get(i), "Move " + i + " of " + moves);
            JsonNode f = frames.get(i);
            assertThat(browser.run("return document.getElementById('move').textContent").asText())
                    .startsWith(f.get("sender").asText() + " (seat " + f.get("seat").asInt() + ") · move · step "
                            + f.get("step").asInt() + ": " + f.get("move").asText());
        }
        assertThat(browser.run("return document.getElementById('forward').disabled").asBoolean()).isTrue();
        browser.screenshot(SCREENS.resolve("replay-end.png"));
        // Back to the start by the arrow key, one step at a time.
        for (int i = moves - 1; i >= 0; i--) {
            browser.type("#back", LEFT);
            assertDrawn(frames.get(i), i == 0 ? "Start" : "Move " + i + " of " + moves);
        }
        assertThat(browser.run(DRAWN).asText()).isEqualTo(start);
        browser.type("#forward", RIGHT);
        assertDrawn(frames.get(1), "Move 1 of " + moves);
        browser.resize(390, 844);
        String wider = browser.run("return [...document.querySelectorAll('body *')]"
                + ".filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)"
                + ".map(e => e.tagName + '#' + e.id + '.' + e.className).join(' ')").asText();
        assertThat(browser.run("return document.documentElement.scrollWidth <= window.innerWidth").asBoolean())
                .as("readable at phone width; wider: %s", wider).isTrue();
        browser.screenshot(SCREENS.resolve("replay-phone.png"));
    }

    /** Each seat's card words as the page draws them, by seat number (the page draws the viewer's seat last). */
    private static final String DRAWN_BY_SEAT = "return JSON.stringify([...document.querySelectorAll('#felt .seat')]"
            + ".sort((a, b) => a.dataset.seat - b.dataset.seat)"
            + ".map(s => [...s.querySelectorAll('.seat-cards .card')].map(c => c.getAttribute('aria-label'))))";

    /** The same, as a frame says it should be drawn. */
    private static final String FRAME_BY_SEAT = CARD_WORDS
            + "return JSON.stringify(arguments[0].view.poker.seats.map(s => s.cards.map(words)))";

    /** Opens the home page and starts a table from {@code form} (the new-table form's fields, as JavaScript). */
    private void startTable(String form) throws Exception {
        browser.open(ui.url().toString());
        browser.await("the home page", WAIT, "return document.getElementById('fingerprint').textContent");
        browser.run("return fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                + " body: JSON.stringify(" + form + ")}).then(r => r.json())");
    }

    /** Opens the replay of the home page's finished table and waits for its verdict; returns its file's name. */
    private String openReplayFromHome() throws Exception {
        // The home page refreshes its list every 3 s: once the node has the replay, the page is opened afresh.
        browser.await("the finished table's replay", WAIT, "return fetch('/api/home').then(r => r.json())"
                + ".then(h => h.tables.some(t => t.replay))");
        browser.open(ui.url().toString());
        browser.await("the finished table's replay link on the home page", WAIT,
                "return document.querySelector('#tables .replay-link')");
        browser.click("#tables .replay-link");
        String verdict = browser.await("the replay's verdict", WAIT, "const v = document.getElementById('verdict');"
                + "return v && !v.hidden && !document.getElementById('player').hidden && v.textContent").asText();
        assertThat(verdict).isEqualTo("VERIFIED");
        return browser.run("return new URLSearchParams(location.search).get('file')").asText();
    }

    private JsonNode fetchReplay(String file, String perspective) throws Exception {
        return browser.run("return fetch('/api/replay/files/' + encodeURIComponent(arguments[0]) + '?perspective='"
                + " + arguments[1]).then(r => r.json())", file, perspective);
    }

    /** Chooses {@code perspective} from the page's list and waits until the page draws the node's answer for it. */
    private void choose(String perspective) throws Exception {
        browser.run("const s = document.getElementById('perspective'); s.value = arguments[0];"
                + "s.dispatchEvent(new Event('change'))", perspective);
        browser.await("the replay " + perspective, WAIT,
                "return document.getElementById('player').dataset.perspective === arguments[0]", perspective);
    }

    @Test
    void myOwnHandIsReplayedAsISawItAndTheBotsCardsOnlyAsTheyWereProved() throws Exception {
        startTable("{game: 'holdem', players: 2, bots: 1, settings: {hands: '1'}}");
        String file = openReplayFromHome();
        Path record = home.resolve("ui-transcripts").resolve(file + ".seen");
        assertThat(Files.getPosixFilePermissions(record)).as("the record of my cards is mine alone")
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        JsonNode observer = fetchReplay(file, "observer");
        JsonNode mine = fetchReplay(file, "mine");
        assertThat(mine.get("verified").asBoolean()).as(mine.toString()).isTrue();
        assertThat(mine.get("perspectives").toString()).contains("as I saw it (alice, seat 0)");
        choose("mine");
        JsonNode frames = mine.get("frames");
        int moves = mine.get("moves").asInt();
        browser.click("#first");
        for (int i = 0; i <= moves; i++) {
            if (i > 0) {
                browser.click("#forward");
            }
            browser.await("step " + i + " as I saw it", WAIT, "return document.getElementById('position').textContent"
                    + ".startsWith(arguments[0]) && document.querySelector('#felt .seat.you')",
                    i == 0 ? "Start" : "Move " + i + " of " + moves);
            JsonNode drawn = JSON.readTree(browser.run(DRAWN_BY_SEAT).asText());
            assertThat(drawn.toString()).isEqualTo(browser.run(FRAME_BY_SEAT, frames.get(i)).asText());
            assertThat(drawn.get(0)).as("step %d: my own hole cards, face up", i).hasSize(2)
                    .noneMatch(c -> c.asText().equals("face-down card"));
            JsonNode seenByObserver = JSON.readTree(browser.run(FRAME_BY_SEAT, observer.get("frames").get(i)).asText());
            assertThat(drawn.get(1)).as("step %d: the bot's cards as an observer saw them", i)
                    .isEqualTo(seenByObserver.get(1));
        }
        browser.screenshot(SCREENS.resolve("replay-as-i-saw-it.png"));
        // Back to an observer's view at the same step: my cards face down again unless the hand proved them.
        choose("observer");
        assertThat(browser.run(DRAWN_BY_SEAT).asText()).isEqualTo(browser.run(FRAME_BY_SEAT,
                observer.get("frames").get(moves)).asText());
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    @Test
    void aGinRummyGameIsSteppedThroughItsCardsAsTheNodeComputedThem() throws Exception {
        startTable("{game: 'gin-rummy', players: 2, bots: 2, settings: {hands: '1'}}");
        String file = openReplayFromHome();
        JsonNode frames = fetchReplay(file, "observer").get("frames");
        int moves = frames.size() - 1;
        assertThat(moves).isGreaterThan(3);
        for (int i = 0; i <= moves; i++) {
            if (i > 0) {
                browser.type("#forward", RIGHT);
            }
            browser.await("gin step " + i, WAIT, "return document.getElementById('position').textContent"
                    + ".startsWith(arguments[0])", i == 0 ? "Start" : "Move " + i + " of " + moves);
            assertThat(browser.run(GIN_DRAWN).asText()).isEqualTo(browser.run(GIN_EXPECTED, frames.get(i)).asText());
            assertThat(browser.run("return document.getElementById('text').textContent").asText())
                    .isEqualTo(browser.run("return arguments[0].view.text.join('\\n')", frames.get(i)).asText());
        }
        assertThat(browser.run("return document.querySelectorAll('#showdown .meld').length").asInt())
                .as("the end: the melds the shown cards made, as the node's frame lays them out").isEqualTo(browser.run(
                        "const r = arguments[0].view.gin.result;"
                        + "return r.arrangements.reduce((n, a) => n + a.melds.length, 0)", frames.get(moves)).asInt());
        browser.screenshot(SCREENS.resolve("replay-gin.png"));
    }

    /** A gin rummy table as the page draws it: each seat's cards (words), the stock, the discard pile's top. */
    private static final String GIN_DRAWN = "return JSON.stringify({"
            + "seats: [...document.querySelectorAll('#felt .seat')].sort((a, b) => a.dataset.seat - b.dataset.seat)"
            + "  .map(s => [...s.querySelectorAll('.gin-hand .card')].map(c => c.getAttribute('aria-label'))),"
            + "stock: document.getElementById('stock').textContent,"
            + "discard: (document.querySelector('#discard .card:not(.empty)') || {getAttribute: () => 'none'})"
            + "  .getAttribute('aria-label')})";

    /** The same, as the node's frame says it should be drawn. */
    private static final String GIN_EXPECTED = CARD_WORDS
            + "const g = arguments[0].view.gin;"
            + "return JSON.stringify({seats: g.seats.map(s => s.cards.map(words)), stock: 'Stock: ' + g.stock,"
            + "discard: g.discard ? words(g.discard) : 'none'})";

    /** Each square as the page draws it: its words, and the piece sign it shows, from a8 to h1 whatever the side. */
    private static final String SQUARES = "return JSON.stringify([...document.querySelectorAll('#felt [data-square]')]"
            + ".map(b => [b.dataset.square, b.getAttribute('aria-label'), b.textContent])"
            + ".sort((a, b) => a[0] < b[0] ? -1 : 1))";

    /**
     * Has the bots play {@code game} with {@code options} through `fairtable play`, its transcript in the node's own
     * games, then opens its replay page and waits for VERIFIED; returns the transcript.
     */
    private Path openPlayedReplay(String game, String... options) throws Exception {
        Path file = home.resolve("ui-transcripts").resolve(game + "-bots.jsonl");
        List<String> args = new java.util.ArrayList<>(List.of("play", game, "--bots", "all", "--transcript",
                file.toString()));
        args.addAll(List.of(options));
        java.io.StringWriter out = new java.io.StringWriter();
        int exit = fairtable.app.Main.run(new java.io.PrintWriter(out, true), new java.io.PrintWriter(out, true),
                args.toArray(String[]::new));
        assertThat(exit).as(out.toString()).isEqualTo(fairtable.app.Main.OK);
        openReplayOf(file);
        return file;
    }

    /** Opens the replay page of {@code file}, one of the node's own games, and waits for VERIFIED. */
    private void openReplayOf(Path file) throws Exception {
        browser.open(ui.url().toString());
        browser.await("the home page", WAIT, "return document.getElementById('fingerprint').textContent");
        browser.run("location.href = '/replay?file=' + arguments[0]", file.getFileName().toString());
        browser.await("the replay's verdict", WAIT, "const v = document.getElementById('verdict');"
                + "return v && !v.hidden && !document.getElementById('player').hidden && v.textContent === 'VERIFIED'");
    }

    @Test
    void aDarkChessGameIsSteppedThroughFromEachSideAndAsAWholeBoardAsTheNodeComputedIt() throws Exception {
        // The en-passant game (six plies, a capture each way): written once, as the capture notices' test reads it.
        Path file = openEnPassantReplay();
        for (String perspective : List.of("seat-1", "observer", "seat-0")) {
            // The node's answer, asked in this process: a dark-chess audit can outlast a script's time in the page.
            JsonNode replay = JSON.valueToTree(ui.replayFile(file.getFileName().toString(), perspective));
            JsonNode frames = replay.get("frames");
            assertThat(frames.size()).isEqualTo(7);
            choose(perspective);
            browser.click("#first");
            for (int i = 0; i < frames.size(); i++) {
                if (i > 0) {
                    browser.click("#forward");
                }
                browser.await(perspective + " step " + i, WAIT, "return document.getElementById('position').textContent"
                        + ".startsWith(arguments[0])", i == 0 ? "Start" : "Move " + i + " of 6");
                JsonNode drawn = JSON.readTree(browser.run(SQUARES).asText());
                for (JsonNode sq : drawn) {
                    JsonNode expected = null;
                    for (JsonNode e : frames.get(i).get("view").get("chess").get("squares")) {
                        if (e.get("square").asText().equals(sq.get(0).asText())) {
                            expected = e;
                        }
                    }
                    String words = sq.get(1).asText();
                    String sight = expected.get("sight").asText();
                    if (sight.equals("fog")) {
                        assertThat(words).as("%s step %d", perspective, i).endsWith(": fog, not visible");
                        assertThat(sq.get(2).asText()).as("%s step %d: nothing drawn in the fog", perspective, i).isEmpty();
                    } else if (expected.has("piece")) {
                        assertThat(words).startsWith(sq.get(0).asText() + ": " + expected.get("piece").get("color").asText()
                                + " " + expected.get("piece").get("type").asText());
                    } else if (sight.equals("seen")) {
                        assertThat(words).isEqualTo(sq.get(0).asText() + ": empty");
                    }
                }
            }
            browser.screenshot(SCREENS.resolve("replay-dark-chess-" + perspective + ".png"));
        }
    }

    /**
     * Puts the en-passant game ({@link ReplaysTest#enPassantGame}) in the node's own games, opens its replay page and
     * waits for VERIFIED; returns its file.
     */
    private Path openEnPassantReplay() throws Exception {
        Path file = home.resolve("ui-transcripts").resolve("en-passant.jsonl");
        Files.createDirectories(file.getParent());
        ReplaysTest.writeEnPassantGame(file);
        openReplayOf(file);
        return file;
    }

    /**
     * Stepping through a dark-chess game, each side's page shows the notices its live page showed at that ply: White
     * that its en-passant capture took a pawn and its capturing pawn was taken back, Black that its pawn was taken;
     * the whole board shows none.
     */
    @Test
    void aDarkChessReplayShowsEachSideTheCaptureNoticesItsLivePageShowed() throws Exception {
        openEnPassantReplay();
        Map<String, Map<Integer, List<String>>> told = Map.of(
                "seat-0", Map.of(6, List.of("You captured Black's pawn en passant on d5.", "Black captured your pawn on d6.")),
                "seat-1", Map.of(5, List.of("White captured your pawn on d5.")),
                "observer", Map.of(5, List.of(), 6, List.of()));
        for (var side : told.entrySet()) {
            choose(side.getKey());
            for (var ply : side.getValue().entrySet()) {
                browser.click("#first");
                for (int i = 0; i < ply.getKey(); i++) {
                    browser.click("#forward");
                }
                browser.await(side.getKey() + " after ply " + ply.getKey(), WAIT, "return document"
                        + ".getElementById('position').textContent.startsWith(arguments[0])", "Move " + ply.getKey());
                JsonNode shown = browser.run("return [...document.querySelectorAll('#notices li')].map(l => l.textContent)");
                List<String> lines = new java.util.ArrayList<>();
                shown.forEach(l -> lines.add(l.asText()));
                if (ply.getValue().isEmpty()) {
                    assertThat(lines).as("%s after ply %d", side.getKey(), ply.getKey()).isEmpty();
                } else {
                    assertThat(lines).as("%s after ply %d", side.getKey(), ply.getKey())
                            .containsAll(ply.getValue());
                }
            }
        }
        browser.screenshot(SCREENS.resolve("replay-dark-chess-capture-notice.png"));
    }

    /**
     * An allocation the node drew is stepped through message by message, each step saying who sent what as the node's
     * frames say it, from every key and shuffle to the last shares, and never a number the transcript keeps blinded.
     */
    @Test
    void anAllocationIsSteppedThroughMessageByMessageWithNoNumberShown() throws Exception {
        String id = (String) ui.newAllocation(JSON.readTree("{\"items\": 10, \"each\": 3}")).get("id");
        browser.open(ui.url().toString());
        browser.await("the allocation's verdict", WAIT, "return fetch('/api/allocations/' + arguments[0])"
                + ".then(r => r.json()).then(s => s.verdict && s.verdict.verified)", id);
        String file;
        try (var listed = Files.list(home.resolve("ui-transcripts"))) {
            file = listed.map(f -> f.getFileName().toString()).filter(f -> f.startsWith(id + "-allocation-"))
                    .findFirst().orElseThrow();
        }
        browser.run("location.href = '/replay?file=' + arguments[0]", file);
        browser.await("the replay's verdict", WAIT, "const v = document.getElementById('verdict');"
                + "return v && !v.hidden && !document.getElementById('player').hidden && v.textContent === 'VERIFIED'");
        JsonNode frames = JSON.valueToTree(ui.replayFile(file, "observer")).get("frames");
        List<String> types = new java.util.ArrayList<>();
        for (int i = 1; i < frames.size(); i++) {
            browser.type("#forward", RIGHT);
            int step = i;
            browser.await("message " + i, WAIT, "return document.getElementById('position').textContent"
                    + ".startsWith(arguments[0])", "Move " + step + " of " + (frames.size() - 1));
            JsonNode f = frames.get(i);
            assertThat(browser.run("return document.getElementById('move').textContent").asText())
                    .isEqualTo(f.get("sender").asText() + " (seat " + f.get("seat").asInt() + ") · " + f.get("type")
                            .asText() + " · step " + f.get("step").asInt() + ": " + f.get("move").asText());
            assertThat(browser.run("return document.querySelector('#felt pre').textContent").asText())
                    .endsWith(f.get("move").asText());
            types.add(f.get("type").asText());
        }
        assertThat(types).as("both keys, both shuffles, the deal, both institutions' shares")
                .containsExactly("key", "key", "shuffle", "shuffle", "deal", "shares", "shares");
        assertThat(browser.run("return document.getElementById('text').textContent").asText())
                .as("nothing blinded is shown").doesNotContainPattern("holds? \\[?[0-9]");
        browser.screenshot(SCREENS.resolve("replay-allocation.png"));
    }

    @Test
    void aMahjongShogiGameIsSteppedThroughFromEachSideAndAsAWholeBoardAsTheNodeComputedIt() throws Exception {
        Path file = openPlayedReplay("mahjong-shogi", "--seed", "7", "--move-limit", "12");
        for (String perspective : List.of("seat-1", "observer", "seat-0")) {
            JsonNode replay = JSON.valueToTree(ui.replayFile(file.getFileName().toString(), perspective));
            JsonNode frames = replay.get("frames");
            int moves = replay.get("moves").asInt();
            choose(perspective);
            browser.click("#first");
            for (int i = 0; i <= moves; i++) {
                if (i > 0) {
                    browser.type("#forward", RIGHT);
                }
                browser.await(perspective + " step " + i, WAIT, "return document.getElementById('position').textContent"
                        + ".startsWith(arguments[0])", i == 0 ? "Start" : "Move " + i + " of " + moves);
                JsonNode board = frames.get(i).get("view").get("mahjong");
                Map<String, String> expected = new HashMap<>();
                for (JsonNode sq : board.get("squares")) {
                    String square = sq.get("square").asText();
                    JsonNode t = sq.get("tile");
                    expected.put(square, t == null ? square + ": empty"
                            : t.path("revealed").asBoolean() ? square + ": " + t.get("owner").asText() + "'s "
                                    + t.get("words").asText()
                            : t.get("mine").asBoolean() ? square + ": your " + t.get("words").asText()
                            : square + ": " + board.get("opponent").asText() + "'s hidden tile");
                }
                JsonNode drawn = JSON.readTree(browser.run(SQUARES).asText());
                assertThat(drawn).hasSize(81);
                for (JsonNode sq : drawn) {
                    String words = expected.get(sq.get(0).asText());
                    assertThat(sq.get(1).asText()).as("%s step %d", perspective, i).startsWith(words);
                    if (words.endsWith("hidden tile")) {
                        assertThat(sq.get(2).asText()).as("%s step %d: a back, no kind", perspective, i).isEqualTo("??");
                    }
                }
            }
            browser.screenshot(SCREENS.resolve("replay-mahjong-shogi-" + perspective + ".png"));
        }
    }

    /** Waits for the page to show {@code position}, then compares what it draws with {@code frame}. */
    private void assertDrawn(JsonNode frame, String position) throws Exception {
        browser.await(position, WAIT, "return document.getElementById('position').textContent.startsWith(arguments[0])",
                position);
        assertThat(browser.run(DRAWN).asText()).isEqualTo(browser.run(EXPECTED, frame).asText());
    }
}
