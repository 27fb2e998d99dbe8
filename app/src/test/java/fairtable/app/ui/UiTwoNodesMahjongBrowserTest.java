package fairtable.app.ui;

import static fairtable.app.ui.BrowserNodes.STEP;
import static fairtable.app.ui.BrowserNodes.tableId;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairtable.games.mahjongshogi.Board;
import fairtable.games.mahjongshogi.Square;
import fairtable.games.mahjongshogi.TileRef;
import fairtable.games.mahjongshogi.play.PlayerView;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Mahjong Shogi between two people on two nodes, each in their own headless Chromium: alice invites and plays east,
 * bob joins by her invitation and plays west, each arranges their tiles in their own page before their seat says
 * hello, and alice accepts bob by fingerprint. Each page shows its own tiles by kind and the other's only as
 * backs, exactly as that seat's view holds them; bob resigns, and both pages show VERIFIED on the same transcript.
 */
class UiTwoNodesMahjongBrowserTest extends BrowserNodesTest {
    @Test
    void twoNodesPlayMahjongShogiEachSeeingOnlyItsOwnTilesUntilWestResignsAndBothVerify() throws Exception {
        HeadlessChromium east = nodes.alicePage;
        HeadlessChromium west = nodes.bobPage;
        String invitation = nodes.host("mahjong-shogi", Map.of("move-limit", "60"), null);
        assertThat(invitation).contains("?game=mahjong-shogi&players=2&move-limit=60");
        east.await("east's arrangement", STEP, "return document.querySelector('#mj-start')");
        east.click("#mj-start");
        nodes.join(invitation);
        west.await("west's arrangement", STEP, "return document.querySelector('#mj-start')");
        west.click("#mj-start");
        nodes.accept(null);
        BrowserMahjong eastTable = (BrowserMahjong) nodes.aliceNode.table(tableId(east));
        BrowserMahjong westTable = (BrowserMahjong) nodes.bobNode.table(tableId(west));
        for (int move = 0; move < 5; move++) {
            boolean eastMoves = move % 2 == 0;
            HeadlessChromium page = eastMoves ? east : west;
            page.await((eastMoves ? "east" : "west") + "'s move", STEP, "return document.querySelector('.mj-sq.movable')");
            showsExactly(page, (eastMoves ? eastTable : westTable).awaitedView(), eastMoves ? 0 : 1,
                    eastMoves ? "bob" : "alice");
            assertThat((eastMoves ? west : east).run("return document.querySelectorAll('.mj-sq.movable').length")
                    .asInt()).as("the other page offers no move").isZero();
            BrowserNodes.move(page, ".mj-sq.movable", ".mj-sq.target");
        }
        west.await("west's third move", STEP, "return document.querySelector('.mj-sq.movable')");
        west.click("#resign");
        west.await("the resignation to be confirmed", STEP,
                "return document.getElementById('resign').textContent.includes('again')");
        west.click("#resign");
        for (HeadlessChromium page : new HeadlessChromium[] {east, west}) {
            page.await("the verdict", STEP, "return !document.getElementById('verdict').hidden");
            assertThat(page.run("return document.getElementById('verdict').textContent").asText())
                    .isEqualTo("VERIFIED");
            assertThat(page.run("return document.getElementById('download').hidden").asBoolean()).isFalse();
        }
        assertThat(west.run("return document.getElementById('history').textContent").asText())
                .contains("You resigned");
        String download = "return fetch(document.getElementById('download').href).then(r => r.text())";
        String fromEast = east.run(download).asText();
        assertThat(fromEast.lines().count()).as("hellos, setup and five moves").isGreaterThan(8);
        assertThat(west.run(download).asText().equals(fromEast)).as("the same transcript on both nodes").isTrue();
    }

    /**
     * Alice's person refuses bob once both have arranged their tiles: his page says at once, in one line, that the
     * host refused his key and what alice can do, with nothing to play; alice's page keeps waiting for a player.
     */
    @Test
    void aGuestTheHostsPersonRefusesIsToldAtOnceAndTheHostWaitsOn() throws Exception {
        String invitation = nodes.host("mahjong-shogi", Map.of("move-limit", "60"), null);
        nodes.alicePage.await("east's arrangement", STEP, "return document.querySelector('#mj-start')");
        nodes.alicePage.click("#mj-start");
        nodes.join(invitation);
        nodes.bobPage.await("west's arrangement", STEP, "return document.querySelector('#mj-start')");
        nodes.bobPage.click("#mj-start");
        nodes.refuseBob(".mj-sq.movable");
    }

    /** Each square says what the seat's own view holds: its tiles by kind, the other's only as hidden backs. */
    private static void showsExactly(HeadlessChromium page, PlayerView truth, int seat, String other)
            throws Exception {
        assertThat(truth).as("the seat awaits its move").isNotNull();
        JsonNode labels = page.run("const o = {}; for (const q of document.querySelectorAll('.mj-sq'))"
                + " o[q.dataset.square] = q.getAttribute('aria-label').split(',')[0]"
                + " + (q.querySelector('.mj-tile.back') ? '|back' : ''); return o;");
        for (int i = 0; i < Board.SQUARES; i++) {
            Square sq = Square.ofIndex(i);
            TileRef t = truth.state().tileAt(sq).orElse(null);
            String expected = t == null ? "empty" : t.owner() != seat ? other + "'s hidden tile|back"
                    : "your " + UiBrowserTest.kindWords(truth.placement().kindOf(t));
            assertThat(labels.path(sq.toString()).asText()).as("square %s", sq).isEqualTo(sq + ": " + expected);
        }
        assertThat(page.run("return document.querySelectorAll('.mj-tile.back .code').length").asInt())
                .as("no kind drawn on a hidden tile").isZero();
    }
}
