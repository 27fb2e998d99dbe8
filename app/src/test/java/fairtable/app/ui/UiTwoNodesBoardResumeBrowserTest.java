package fairtable.app.ui;

import static fairtable.app.ui.BrowserNodes.STEP;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Mahjong Shogi between two nodes survives the guest's restart, as a card table does
 * ({@code UiTwoNodesResumeBrowserTest}): bob's node is stopped when he is to move, mid-game; started again on its home,
 * it lists the game as in progress, its seat is taken up from its journal and joins alice's table again by the
 * invitation, and the page opened from it shows the same history and hidden tiles and plays on with alice's page
 * until both show VERIFIED on the same transcript; then bob's node has nothing left to take up.
 */
class UiTwoNodesBoardResumeBrowserTest extends BrowserNodesTest {
    private static final String MOVABLE = ".mj-sq.movable";

    @Test
    void aGuestRestartedMidGameTakesItsSeatUpAndBothPagesEndVerified() throws Exception {
        HeadlessChromium east = nodes.alicePage;
        // Six moves: east, west, east, then bob (west) stops; after it west's fourth and sixth end the game.
        String invitation = nodes.host("mahjong-shogi", Map.of("move-limit", "6"), null);
        east.await("east's arrangement", STEP, "return document.querySelector('#mj-start')");
        east.click("#mj-start");
        nodes.join(invitation);
        nodes.bobPage.await("west's arrangement", STEP, "return document.querySelector('#mj-start')");
        nodes.bobPage.click("#mj-start");
        nodes.accept(null);
        for (int move = 0; move < 3; move++) {
            HeadlessChromium page = move % 2 == 0 ? east : nodes.bobPage;
            page.await("the next move", STEP, "return document.querySelector(arguments[0])", MOVABLE);
            BrowserNodes.move(page, MOVABLE, ".mj-sq.target");
        }
        nodes.bobPage.await("west's second move", STEP, "return document.querySelector(arguments[0])", MOVABLE);
        String id = BrowserNodes.tableId(nodes.bobPage);
        String before = seen(nodes.bobPage);
        assertThat(before).contains("You moved ").contains("alice moved ");

        nodes.stop(false);
        nodes.startAgain(false);
        HeadlessChromium west = nodes.bobPage;
        assertThat(BrowserNodes.openTakenUp(west, nodes.bobNode, id)).contains("mahjong-shogi: alice, bob");
        west.await("west's second move, again", STEP, "return document.querySelector(arguments[0])", MOVABLE);
        assertThat(seen(west)).as("the history and the tiles before the restart").isEqualTo(before);

        BrowserNodes.playUntilOver(MOVABLE, p -> BrowserNodes.move(p, MOVABLE, ".mj-sq.target"), Duration.ofSeconds(120),
                east, west);
        for (HeadlessChromium page : new HeadlessChromium[] {east, west}) {
            assertThat(page.run("return document.getElementById('verdict').textContent").asText())
                    .isEqualTo("VERIFIED");
        }
        assertThat(seen(west)).as("the game's history from its start").startsWith(before.substring(0,
                before.indexOf('\n')));
        String download = "return fetch(document.getElementById('download').href).then(r => r.text())";
        assertThat(west.run(download).asText()).as("the same transcript on both nodes").isEqualTo(east.run(download)
                .asText());
        try (var left = Files.list(homes.resolve("bob").resolve("ui-journals"))) {
            assertThat(left).as("nothing left to take up").isEmpty();
        }
    }

    /** The page's history, then every square as a screen reader hears it (own tiles by kind, the other's hidden). */
    private static String seen(HeadlessChromium page) throws Exception {
        return page.run("return document.getElementById('history').textContent + '\\n'"
                + " + [...document.querySelectorAll('.mj-sq')].map(q => q.getAttribute('aria-label')).join('; ')")
                .asText();
    }
}
