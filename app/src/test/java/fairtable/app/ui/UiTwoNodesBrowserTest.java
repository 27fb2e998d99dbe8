package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two people, each with their own node and browser (two headless Chromiums), at one table over TLS: alice's node
 * hosts from the home page's form and shows the invitation, bob pastes it into his node's home page, alice accepts
 * bob by his fingerprint in her page, and both play a heads-up Hold'em hand to the end by clicking legal action
 * buttons, until both pages show the audit's VERIFIED. The nodes are seeded (secrets and the bots that would
 * decide at a time-out), so a failure replays. Skipped only where chromium or chromedriver is not installed;
 * .ci/run installs both.
 */
class UiTwoNodesBrowserTest extends BrowserNodesTest {
    private static final Duration STEP = BrowserNodes.STEP;
    private static final Path SCREENS = BrowserNodes.SCREENS;
    private static final String MOVES = ".move-check, .move-call, .move-show";

    private HeadlessChromium alicePage;
    private HeadlessChromium bobPage;

    @BeforeEach
    void pages() {
        alicePage = nodes.alicePage;
        bobPage = nodes.bobPage;
    }

    @Test
    void aHeadsUpHoldemHandBetweenTwoNodesOverTlsIsPlayedToTheEndAndBothPagesShowVerified() throws Exception {
        String invitation = hostAndJoin();
        assertThat(invitation).startsWith("fairtable://127.0.0.1:").contains("?game=holdem&players=2&")
                .contains("&hands=1");
        boolean sawWaiting = false;
        Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
        while (true) {
            String a = BrowserNodes.situation(alicePage, MOVES);
            String b = BrowserNodes.situation(bobPage, MOVES);
            if (a.equals("over") && b.equals("over")) {
                break;
            }
            assertThat(Instant.now()).as("the hand to end (alice: %s, bob: %s)", a, b).isBefore(deadline);
            if (b.equals("move") && !sawWaiting) {
                // While bob decides, alice's page says whom it waits for, at which step, and counts the time.
                String status = alicePage.await("alice's page to show the wait", STEP, "const t = document"
                        + ".getElementById('status').textContent; return /Waiting for bob.* \\(\\d+ s\\)/.test(t) && t")
                        .asText();
                assertThat(status).contains("step ");
                sawWaiting = true;
            }
            if (a.equals("move")) {
                BrowserNodes.play(alicePage, MOVES);
            } else if (b.equals("move")) {
                BrowserNodes.play(bobPage, MOVES);
            } else {
                Thread.sleep(100); // polling the two pages for the next decision, the condition this waits for
            }
        }
        assertThat(sawWaiting).as("bob was to move at least once").isTrue();
        for (HeadlessChromium page : new HeadlessChromium[] {alicePage, bobPage}) {
            assertThat(page.run("return document.getElementById('verdict').textContent").asText())
                    .isEqualTo("VERIFIED");
            assertThat(page.run("return document.getElementById('history').textContent").asText())
                    .contains("alice: ").contains("bob: ");
            assertThat(page.run("return document.getElementById('download').hidden").asBoolean()).isFalse();
        }
        alicePage.screenshot(SCREENS.resolve("two-nodes-alice-verified.png"));
        bobPage.screenshot(SCREENS.resolve("two-nodes-bob-verified.png"));
        // Accepting bob pinned him in alice's profile, under his name, by the key his channel proved.
        assertThat(alicePage.run("return fetch('/api/home').then(r => r.json()).then(h => h.pinned"
                + ".map(p => p.name + ' ' + p.fingerprint))").toString()).contains("bob " + nodes.bob.fingerprint());
    }

    /** Alice hosts a heads-up Hold'em hand of one hand, bob joins and alice accepts him. */
    private String hostAndJoin() throws Exception {
        return nodes.hostAndJoin("holdem", Map.of("hands", "1"), "two-nodes");
    }
}
