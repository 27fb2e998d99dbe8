package fairtable.app.ui;

import static fairtable.app.ui.BrowserNodes.SCREENS;
import static fairtable.app.ui.BrowserNodes.STEP;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A table of three people on three nodes through the host's relay: alice hosts a 3-player Hold'em hand and her page
 * shows one invitation for each seat; bob joins seat 1 and carol seat 2 by theirs. Each page asks its person about
 * every player new to them (alice about both guests, each guest about the other; the host is named by the
 * invitation), and all three play by clicking until every page shows VERIFIED on the same transcript.
 */
class UiThreeNodesBrowserTest extends BrowserNodesTest {
    private static final String MOVES = ".move-check, .move-call, .move-show";

    @BeforeEach
    void carol() throws Exception {
        nodes.startCarol();
    }

    @Test
    void threePeopleOnThreeNodesPlayAHoldemHandThroughTheHostsRelayAndAllVerify() throws Exception {
        HeadlessChromium alice = nodes.alicePage;
        HeadlessChromium bob = nodes.bobPage;
        HeadlessChromium carol = nodes.carolPage;
        nodes.host("holdem", Map.of("hands", "1"), null, 3);
        JsonNode invitations = alice.await("an invitation for each seat", STEP, "const l = [...document"
                + ".querySelectorAll('#invitations .seat-invitation')]; return l.length === 2"
                + " && !document.getElementById('invitations').hidden && l.map(c => c.textContent)");
        String forBob = invitations.get(0).asText();
        String forCarol = invitations.get(1).asText();
        assertThat(forBob).contains("?game=holdem&players=3&").endsWith("&seat=1");
        assertThat(forCarol).contains("?game=holdem&players=3&").endsWith("&seat=2");
        alice.screenshot(SCREENS.resolve("three-nodes-invitations.png"));
        BrowserNodes.join(bob, nodes.bobNode, forBob);
        BrowserNodes.join(carol, nodes.carolNode, forCarol);

        // Every question any page asks is answered yes, and each names a player that page had not met.
        List<String> asked = new ArrayList<>();
        HeadlessChromium[] pages = {alice, bob, carol};
        String[] names = {"alice", "bob", "carol"};
        Instant deadline = Instant.now().plus(Duration.ofSeconds(80));
        while (true) {
            String[] now = new String[3];
            for (int p = 0; p < 3; p++) {
                now[p] = situation(pages[p]);
                if (now[p].startsWith("ask ")) {
                    asked.add(names[p] + " about " + now[p].substring(4));
                    pages[p].click("#accept");
                    pages[p].await("the answer to be taken", STEP, "return document.getElementById('question-box')"
                            + ".hidden || document.getElementById('question').textContent !== arguments[0]",
                            now[p].substring(4));
                }
            }
            if (now[0].equals("over") && now[1].equals("over") && now[2].equals("over")) {
                break;
            }
            if (!Instant.now().isBefore(deadline)) {
                List<String> said = new ArrayList<>();
                for (int p = 0; p < 3; p++) {
                    said.add(names[p] + ": " + pages[p].run("return document.getElementById('status').textContent"
                            + " + ' / ' + document.getElementById('notice').textContent").asText());
                }
                throw new AssertionError("the hand did not end; answered " + asked + "; " + said);
            }
            boolean moved = false;
            for (int p = 0; p < 3 && !moved; p++) {
                if (now[p].equals("move")) {
                    play(pages[p]);
                    moved = true;
                }
            }
            if (!moved) {
                Thread.sleep(100); // polling the three pages for a question or a decision, the conditions this waits for
            }
        }
        assertThat(new TreeSet<>(asked)).containsExactly(
                "alice about Accept bob, fingerprint " + nodes.bob.fingerprint() + "?",
                "alice about Accept carol, fingerprint " + nodes.carol.fingerprint() + "?",
                "bob about Accept carol, fingerprint " + nodes.carol.fingerprint() + "?",
                "carol about Accept bob, fingerprint " + nodes.bob.fingerprint() + "?");
        String download = "return fetch(document.getElementById('download').href).then(r => r.text())";
        String fromAlice = alice.run(download).asText();
        for (HeadlessChromium page : pages) {
            assertThat(page.run("return document.getElementById('verdict').textContent").asText())
                    .isEqualTo("VERIFIED");
            assertThat(page.run("return document.getElementById('history').textContent").asText())
                    .contains("alice: ").contains("bob: ").contains("carol: ");
            assertThat(page.run(download).asText().equals(fromAlice)).as("the same transcript on every node").isTrue();
        }
        carol.screenshot(SCREENS.resolve("three-nodes-carol-verified.png"));
    }

    /** "over" once the page shows the verdict, "ask QUESTION" while it asks one, "move" while it offers a move. */
    private static String situation(HeadlessChromium page) throws Exception {
        return page.run("const v = document.getElementById('verdict');"
                + "if (v && !v.hidden) return 'over';"
                + "const q = document.getElementById('question-box');"
                + "if (q && !q.hidden) return 'ask ' + document.getElementById('question').textContent;"
                + "return document.querySelector(arguments[0]) ? 'move' : 'wait';", MOVES).asText();
    }

    /** Clicks the page's check, call or show, and waits until the move is taken. */
    private static void play(HeadlessChromium page) throws Exception {
        int step = BrowserNodes.step(page);
        page.click(MOVES);
        page.await("the move to be taken", STEP, "const m = document.getElementById('status').textContent"
                + ".match(/step (\\d+)/); return !document.querySelector(arguments[1])"
                + " || (m && Number(m[1]) !== arguments[0]);", step, MOVES);
    }
}
