package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
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
 * A game the person plays in the browser survives the node's restart: its journal in the profile is taken up by the
 * next node started on the same home, which lists the game as in progress, and the game opened there goes on from
 * where it stopped, in real headless Chromium, to VERIFIED.
 */
class UiResumeBrowserTest {
    private static final Duration MOVE = Duration.ofSeconds(120);
    private static final String MY_MOVE = ".move-check, .move-call, .move-show";

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
    void aHoldemHandStoppedMidwayGoesOnInTheRestartedNodeToVerified() throws Exception {
        ui = node();
        browser.open(ui.url().toString());
        browser.await("the home page", MOVE, "return document.getElementById('fingerprint').textContent");
        String id = browser.run("return fetch('/api/tables', {method: 'POST', headers: {'Content-Type':"
                + " 'application/json'}, body: JSON.stringify({game: 'holdem', players: 2, bots: 1,"
                + " settings: {hands: '1'}})}).then(r => r.json()).then(j => j.id)").asText();
        browser.open("http://127.0.0.1:" + ui.port() + "/table?id=" + id);
        // alice calls the big blind; the bot can only check or raise, so the hand goes on to her next decision.
        awaitMyMove();
        BrowserNodes.play(browser, MY_MOVE);
        assertThat(awaitMyMove()).as("alice's second decision, mid-hand").isEqualTo("move");
        String historyBefore = history();
        assertThat(historyBefore).contains("alice: call");
        List<Envelope> before = ((BrowserTable<?, ?>) ui.table(id)).messagesSoFar();
        ui.close();
        ui = null;

        ui = node();
        browser.open(ui.url().toString());
        JsonNode listed = browser.await("the game listed as in progress", MOVE,
                "const a = document.querySelector('#tables a[href=\"/table?id=' + arguments[0] + '\"]');"
                + "return a && a.parentElement.textContent", id);
        assertThat(listed.asText()).contains("holdem: alice, bot 1").contains("in progress: your move");
        browser.click("#tables a[href=\"/table?id=" + id + "\"]");
        while (awaitMyMove().equals("move")) {
            BrowserNodes.play(browser, MY_MOVE);
        }
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        String historyAfter = history();
        assertThat(historyAfter).as("the hand's history from its start").startsWith(historyBefore);
        assertThat(historyAfter.substring(historyBefore.length())).as("alice played on after the restart")
                .contains("alice: ");
        List<Envelope> all = TranscriptFile.read(ui.table(id).transcript()).messages();
        assertThat(all.subList(0, before.size())).as("the moves before the restart, in the transcript")
                .isEqualTo(before);
        assertThat(all.size()).isGreaterThan(before.size());
        ui.close();
        ui = null;

        // The game is over: the next node has nothing to take up.
        ui = node();
        assertThat((List<?>) ui.home().get("tables")).isEmpty();
        try (var left = Files.list(home.resolve("ui-journals"))) {
            assertThat(left).isEmpty();
        }
    }

    /** Waits for alice's next decision ("move") or the verdict ("over"). */
    private String awaitMyMove() throws Exception {
        return browser.await("a move to make or the verdict", MOVE,
                "const v = document.getElementById('verdict'); if (v && !v.hidden) return 'over';"
                + "return document.querySelector(arguments[0]) ? 'move' : null;", MY_MOVE).asText();
    }

    private String history() throws Exception {
        return browser.run("return document.getElementById('history').textContent").asText();
    }
}
