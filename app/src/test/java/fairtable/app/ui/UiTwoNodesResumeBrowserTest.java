package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A node that stops in the middle of a game with another person's node takes its seat up again when it is started on
 * the same home, as `fairtable table --journal` does after a crash: the guest's node (or the host's, with the relay)
 * stops while bob is to move, the other node waits for it (alice's page says at once that bob's node went away), and
 * the new node lists the game as in progress; the page opened from it plays on, in real headless Chromium, until both
 * pages show VERIFIED on the same transcript.
 */
class UiTwoNodesResumeBrowserTest extends BrowserNodesTest {
    private static final Duration STEP = BrowserNodes.STEP;
    private static final String MOVES = ".move-check, .move-call, .move-show";

    @ParameterizedTest
    @ValueSource(strings = {"guest", "host"})
    void aNodeRestartedMidHandTakesItsSeatUpAndBothPagesEndVerified(String restarted) throws Exception {
        boolean host = restarted.equals("host");
        nodes.hostAndJoin("holdem", Map.of("hands", "1"), null);
        HeadlessChromium page = host ? nodes.alicePage : nodes.bobPage;
        // alice calls, bob checks; after the flop bob, the big blind, is to move again: mid-hand.
        int bobsMoves = 0;
        Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
        while (bobsMoves < 2) {
            assertThat(Instant.now()).as("bob's second decision").isBefore(deadline);
            if (BrowserNodes.situation(nodes.bobPage, MOVES).equals("move")) {
                if (++bobsMoves == 2) {
                    break;
                }
                BrowserNodes.play(nodes.bobPage, MOVES);
            } else if (BrowserNodes.situation(nodes.alicePage, MOVES).equals("move")) {
                BrowserNodes.play(nodes.alicePage, MOVES);
            } else {
                Thread.sleep(100); // polling the two pages for the next decision, the condition this waits for
            }
        }
        String id = BrowserNodes.tableId(page);
        String before = history(page);
        assertThat(before).contains("alice: call").contains("bob: check");

        nodes.stop(host);
        if (!host) {
            // Alice's node, only listening while bob decides, hears the relay at once: her page says bob is gone and
            // still says whom it waits for.
            String notice = nodes.alicePage.await("alice's page to report bob gone", Duration.ofSeconds(10),
                    "const n = document.getElementById('notice').textContent; return n.startsWith('bob disconnected')"
                    + " && n").asText();
            assertThat(notice).isEqualTo("bob disconnected: the seat stays open for them to come back");
            assertThat(nodes.alicePage.run("return document.getElementById('status').textContent").asText())
                    .startsWith("Waiting for bob");
            nodes.alicePage.screenshot(BrowserNodes.SCREENS.resolve("two-nodes-disconnected.png"));
        }
        nodes.startAgain(host);
        page.open((host ? nodes.aliceNode : nodes.bobNode).url().toString());
        String listed = page.await("the game listed as in progress", STEP,
                "const a = document.querySelector('#tables a[href=\"/table?id=' + arguments[0] + '\"]');"
                + "return a && a.parentElement.textContent.includes('in progress') && a.parentElement.textContent",
                id).asText();
        assertThat(listed).contains("holdem: alice, bob");
        page.click("#tables a[href=\"/table?id=" + id + "\"]");

        BrowserNodes.playUntilOver(MOVES, p -> BrowserNodes.play(p, MOVES), Duration.ofSeconds(120), nodes.alicePage,
                nodes.bobPage);
        for (HeadlessChromium each : new HeadlessChromium[] {nodes.alicePage, nodes.bobPage}) {
            assertThat(each.run("return document.getElementById('verdict').textContent").asText())
                    .isEqualTo("VERIFIED");
        }
        // The page reads its history from the seat's transcript: the moves before the restart are in it.
        String after = history(page);
        assertThat(after).startsWith(before);
        assertThat(after.substring(before.length())).as("the hand went on after the restart").contains("bob: ");
        String transcript = "return fetch('/api/tables/' + new URLSearchParams(location.search).get('id')"
                + " + '/transcript').then(r => r.text())";
        assertThat(nodes.bobPage.run(transcript).asText()).isEqualTo(nodes.alicePage.run(transcript).asText());
    }

    private static String history(HeadlessChromium page) throws Exception {
        return page.run("return document.getElementById('history').textContent").asText();
    }
}
