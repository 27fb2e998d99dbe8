package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Dark chess and Mahjong Shogi against the node's bot survive the node's restart, as the card tables do
 * ({@code UiResumeBrowserTest}): the next node started on the same home lists the game as in progress, and the game
 * opened there goes on from the move the person was asked, with the earlier moves in its history and on its board
 * (the fog-of-war view, the hidden tiles), to VERIFIED; then nothing is left to take up.
 */
class UiResumeBoardGamesBrowserTest extends OneNodeBrowserTest {
    private static final Duration MOVE = Duration.ofSeconds(120);
    private static final String MOVABLE = ".sq.movable:not(:disabled)";
    private static final String CHESS_BOARD = ".board8 .sq";
    private static final String TILE_MOVABLE = ".mj-sq.movable";
    private static final String TILE_BOARD = ".mj-sq";

    UiResumeBoardGamesBrowserTest() {
        super(600);
    }

    /** Stops alice's node and starts a new one on the same home. */
    private void restart() throws Exception {
        ui.close();
        ui = null;
        startNode();
    }

    @Test
    void aDarkChessGameStoppedMidwayGoesOnInTheRestartedNodeWithItsHistoryAndBoardToVerified() throws Exception {
        // Six plies: White's third move is the last the person makes, the bot's reply ends the game drawn.
        String id = sitDown("dark-chess", Map.of("colour", "white", "max-plies", "6"));
        for (String move : List.of("e2e4", "d2d4")) {
            awaitMyMove(MOVABLE);
            BrowserNodes.move(browser, "[data-square='" + move.substring(0, 2) + "']" + MOVABLE,
                    "[data-square='" + move.substring(2) + "'].target");
        }
        String before = restartMidGame(id, MOVABLE, CHESS_BOARD, "dark-chess: alice, bot");
        assertThat(before).contains("White (you): e2e4").contains("White (you): d2d4").contains("e4: white pawn");
        playOnToVerified(before, MOVABLE, ".sq.target", CHESS_BOARD, "White (you): ");
    }

    @Test
    void aMahjongShogiGameStoppedMidwayGoesOnInTheRestartedNodeWithItsHistoryAndTilesToVerified() throws Exception {
        // Four moves: east's second is the last the person makes, the bot's reply reaches the limit.
        String id = sitDown("mahjong-shogi", Map.of("side", "east", "move-limit", "4"));
        browser.await("the arrangement", MOVE, "return document.querySelector('#mj-start')");
        browser.click("#mj-start");
        awaitMyMove(TILE_MOVABLE);
        BrowserNodes.move(browser, TILE_MOVABLE, ".mj-sq.target");
        String before = restartMidGame(id, TILE_MOVABLE, TILE_BOARD, "mahjong-shogi: alice, bot");
        assertThat(before).contains("You moved ").contains("bot moved ");
        playOnToVerified(before, TILE_MOVABLE, ".mj-sq.target", TILE_BOARD, "You moved ");
    }

    /** Sits alice down at a new table of {@code game} against the bot and opens its page: its id. */
    private String sitDown(String game, Map<String, String> settings) throws Exception {
        browser.open(ui.url().toString());
        browser.await("the home page", MOVE, "return document.getElementById('fingerprint').textContent");
        String id = browser.run("return fetch('/api/tables', {method: 'POST', headers: {'Content-Type':"
                + " 'application/json'}, body: JSON.stringify({game: arguments[0], players: 2, bots: 1,"
                + " settings: arguments[1]})}).then(r => r.json()).then(j => j.id)", game, settings).asText();
        browser.open("http://127.0.0.1:" + ui.port() + "/table?id=" + id);
        return id;
    }

    /**
     * Waits for the person's next move, stops the node there and starts a new one on the same home, whose home page
     * lists the game ({@code listed}) in progress; opened, it asks that move again with the same history and board.
     * Returns them, as the page showed them before the restart.
     */
    private String restartMidGame(String id, String movable, String board, String listed) throws Exception {
        assertThat(awaitMyMove(movable)).as("the person's move, mid-game").isEqualTo("move");
        String before = history() + "\n" + board(board);
        restart();
        assertThat(BrowserNodes.openTakenUp(browser, ui, id)).contains(listed).contains("in progress: your move");
        assertThat(awaitMyMove(movable)).isEqualTo("move");
        assertThat(history() + "\n" + board(board)).as("the history and the board before the restart")
                .isEqualTo(before);
        return before;
    }

    /**
     * Plays the person's moves to the end: VERIFIED, the history going on from {@code before} with the person's
     * {@code played} moves, and the next node started on the home has nothing to take up.
     */
    private void playOnToVerified(String before, String movable, String target, String board, String played)
            throws Exception {
        String historyBefore = before.substring(0, before.lastIndexOf('\n'));
        while (awaitMyMove(movable).equals("move")) {
            BrowserNodes.move(browser, movable, target);
        }
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        String historyAfter = history();
        assertThat(historyAfter).as("the game's history from its start").startsWith(historyBefore);
        assertThat(historyAfter.substring(historyBefore.length())).as("alice played on after the restart")
                .contains(played);
        restart();
        assertThat((List<?>) ui.home().get("tables")).isEmpty();
        try (var left = Files.list(home.resolve("ui-journals"))) {
            assertThat(left).isEmpty();
        }
    }

    /** Waits for alice's next move ("move": one of the page's {@code movable} pieces or tiles) or the verdict ("over"). */
    private String awaitMyMove(String movable) throws Exception {
        return browser.await("a move to make or the verdict", MOVE,
                "const v = document.getElementById('verdict'); if (v && !v.hidden) return 'over';"
                + "return document.querySelector(arguments[0]) ? 'move' : null;", movable).asText();
    }

    /** Every square of the page's {@code board} as a screen reader hears it: fog, hidden, or what is seen there. */
    private String board(String squares) throws Exception {
        return browser.run("return [...document.querySelectorAll(arguments[0])].map(q => q.getAttribute('aria-label'))"
                + ".join('; ')", squares).asText();
    }

    private String history() throws Exception {
        return browser.run("return document.getElementById('history').textContent").asText();
    }
}
