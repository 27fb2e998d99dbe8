package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dark chess against the node's bot survives the node's restart, as the card tables do ({@code UiResumeBrowserTest}):
 * the next node started on the same home lists the game as in progress, and the game opened there goes on from the
 * move the person was asked, with the earlier moves in its history and on its fog-of-war board, to VERIFIED.
 */
class UiResumeDarkChessBrowserTest {
    private static final Duration MOVE = Duration.ofSeconds(120);
    private static final String MOVABLE = ".sq.movable:not(:disabled)";

    @TempDir
    Path home;

    private UiServer ui;
    private HeadlessChromium browser;

    @BeforeEach
    void start() throws Exception {
        HeadlessChromium.assumeAvailable();
        browser = new HeadlessChromium(1100, 1000);
    }

    @AfterEach
    void stop() throws Exception {
        if (browser != null) {
            browser.close();
        }
        if (ui != null) {
            ui.close();
        }
    }

    private UiServer node() throws Exception {
        Profile profile = Profile.open(home, new SecureRandom());
        profile.setDisplayName("alice");
        return UiServer.start(profile, Games.ALL, 0, 600, new SplittableRandom(16));
    }

    @Test
    void aDarkChessGameStoppedMidwayGoesOnInTheRestartedNodeWithItsHistoryAndBoardToVerified() throws Exception {
        ui = node();
        browser.open(ui.url().toString());
        browser.await("the home page", MOVE, "return document.getElementById('fingerprint').textContent");
        // Six plies: White's third move is the last the person makes, the bot's reply ends the game drawn.
        String id = browser.run("return fetch('/api/tables', {method: 'POST', headers: {'Content-Type':"
                + " 'application/json'}, body: JSON.stringify({game: 'dark-chess', players: 2, bots: 1,"
                + " settings: {colour: 'white', 'max-plies': '6'}})}).then(r => r.json()).then(j => j.id)").asText();
        browser.open("http://127.0.0.1:" + ui.port() + "/table?id=" + id);
        for (String move : List.of("e2e4", "d2d4")) {
            awaitMyMove();
            BrowserNodes.move(browser, "[data-square='" + move.substring(0, 2) + "']" + MOVABLE,
                    "[data-square='" + move.substring(2) + "'].target");
        }
        assertThat(awaitMyMove()).as("White's third move, mid-game").isEqualTo("move");
        String historyBefore = history();
        assertThat(historyBefore).contains("White (you): e2e4").contains("White (you): d2d4");
        String boardBefore = board();
        assertThat(boardBefore).contains("e4: white pawn").contains("d4: white pawn");
        ui.close();
        ui = null;

        ui = node();
        browser.open(ui.url().toString());
        JsonNode listed = browser.await("the game listed as in progress", MOVE,
                "const a = document.querySelector('#tables a[href=\"/table?id=' + arguments[0] + '\"]');"
                + "return a && a.parentElement.textContent", id);
        assertThat(listed.asText()).contains("dark-chess: alice, bot").contains("in progress: your move");
        browser.click("#tables a[href=\"/table?id=" + id + "\"]");
        assertThat(awaitMyMove()).isEqualTo("move");
        assertThat(history()).as("the history before the restart").isEqualTo(historyBefore);
        assertThat(board()).as("the fog-of-war board the earlier moves left, square for square").isEqualTo(boardBefore);
        while (awaitMyMove().equals("move")) {
            BrowserNodes.move(browser, MOVABLE, ".sq.target");
        }
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        String historyAfter = history();
        assertThat(historyAfter).as("the game's history from its start").startsWith(historyBefore);
        assertThat(historyAfter.substring(historyBefore.length())).as("alice played on after the restart")
                .contains("White (you): ");
        ui.close();
        ui = null;

        // The game is over: the next node has nothing to take up.
        ui = node();
        assertThat((List<?>) ui.home().get("tables")).isEmpty();
        try (var left = Files.list(home.resolve("ui-journals"))) {
            assertThat(left).isEmpty();
        }
    }

    /** Waits for alice's next move ("move") or the verdict ("over"). */
    private String awaitMyMove() throws Exception {
        return browser.await("a move to make or the verdict", MOVE,
                "const v = document.getElementById('verdict'); if (v && !v.hidden) return 'over';"
                + "return document.querySelector(arguments[0]) ? 'move' : null;", MOVABLE).asText();
    }

    /** Every square of the page's board as a screen reader hears it: fog, or what is seen there. */
    private String board() throws Exception {
        return browser.run("return [...document.querySelectorAll('.board8 .sq')].map(q => q.getAttribute('aria-label'))"
                + ".join('; ')").asText();
    }

    private String history() throws Exception {
        return browser.run("return document.getElementById('history').textContent").asText();
    }
}
