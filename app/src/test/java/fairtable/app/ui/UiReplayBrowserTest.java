package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay page in Debian's headless Chromium (see {@link UiBrowserTest}): a bots' Hold'em hand finishes, its
 * replay is opened from the home page's link, and it is stepped to the end by the buttons and back by the arrow
 * keys; at every step what is drawn (each seat's cards, face down or face up, the stacks, the pot, the board) is
 * exactly the observer's view the node computed for that step.
 */
class UiReplayBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final Path SCREENS = Path.of("target", "ui-screens");
    /** WebDriver's codes for the arrow keys. */
    private static final String LEFT = "\uE012";
    private static final String RIGHT = "\uE014";

    @TempDir
    Path home;

    private UiServer ui;
    private HeadlessChromium browser;

    @BeforeEach
    void start() throws Exception {
        assumeTrue(HeadlessChromium.available(), "Debian's chromium and chromium-driver are not installed here"
                + " (/usr/bin/chromium, /usr/bin/chromedriver); .ci/run installs them");
        Profile profile = Profile.open(home, new SecureRandom());
        profile.setDisplayName("alice");
        ui = UiServer.start(profile, Games.ALL, 0, 600, new SplittableRandom(16));
        browser = new HeadlessChromium(1100, 1000);
        Files.createDirectories(SCREENS);
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

    /** What the page draws now: each seat's card words and stack, the board's card words, the pot. */
    private static final String DRAWN = "return JSON.stringify({"
            + "seats: [...document.querySelectorAll('#felt .seat')].map(s => ({"
            + "  cards: [...s.querySelectorAll('.seat-cards .card')].map(c => c.getAttribute('aria-label')),"
            + "  stack: Number(s.querySelector('.stack').textContent)})),"
            + "board: [...document.querySelectorAll('#felt .board .card')].map(c => c.getAttribute('aria-label')),"
            + "pot: Number(document.getElementById('pot').textContent)})";

    /** The same, as the node's frame says it should be drawn. */
    private static final String EXPECTED = "const SUIT = {s: 'spades', h: 'hearts', d: 'diamonds', c: 'clubs'};"
            + "const RANK = {A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten', 9: 'nine', 8: 'eight', 7: 'seven',"
            + "  6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two'};"
            + "const words = c => c ? RANK[c.rank] + ' of ' + SUIT[c.suit] : 'face-down card';"
            + "const p = arguments[0].view.poker;"
            + "return JSON.stringify({seats: p.seats.map(s => ({cards: s.cards.map(words), stack: s.stack})),"
            + "board: p.board.map(words), pot: p.pot})";

    @Test
    void aFinishedHandIsSteppedToTheEndAndBackEachStepDrawnAsTheNodeComputedIt() throws Exception {
        browser.open(ui.url().toString());
        browser.await("the home page", WAIT, "return document.getElementById('fingerprint').textContent");
        browser.run("return fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                + " body: JSON.stringify({game: 'holdem', players: 2, bots: 2, settings: {hands: '1'}})})"
                + ".then(r => r.json())");
        browser.await("the finished table's replay link on the home page", WAIT,
                "return document.querySelector('#tables .replay-link')");
        browser.click("#tables .replay-link");
        String verdict = browser.await("the replay's verdict", WAIT, "const v = document.getElementById('verdict');"
                + "return v && !v.hidden && !document.getElementById('player').hidden && v.textContent").asText();
        assertThat(verdict).isEqualTo("VERIFIED");
        String file = browser.run("return new URLSearchParams(location.search).get('file')").asText();
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

    /** Waits for the page to show {@code position}, then compares what it draws with {@code frame}. */
    private void assertDrawn(JsonNode frame, String position) throws Exception {
        browser.await(position, WAIT, "return document.getElementById('position').textContent.startsWith(arguments[0])",
                position);
        assertThat(browser.run(DRAWN).asText()).isEqualTo(browser.run(EXPECTED, frame).asText());
    }
}
