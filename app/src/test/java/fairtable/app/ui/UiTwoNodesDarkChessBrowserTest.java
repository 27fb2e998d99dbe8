package fairtable.app.ui;

import static fairtable.app.ui.BrowserNodes.SCREENS;
import static fairtable.app.ui.BrowserNodes.STEP;
import static fairtable.app.ui.BrowserNodes.tableId;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Square;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.WireReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Dark chess between two people on two nodes, each in their own headless Chromium: alice invites from the home
 * page's form and plays White, bob joins by her invitation and plays Black, alice accepts him by fingerprint. Each
 * page draws only its own seat's fog-of-war view, square for square what the rules engine's view of that seat says;
 * alice's pawn promotes to a knight by the page's dialog, she offers a draw with a move and bob accepts it with the
 * page's Accept button, and both pages show VERIFIED on the same transcript.
 */
class UiTwoNodesDarkChessBrowserTest extends BrowserNodesTest {
    /**
     * The moves both people click: White's a-pawn runs to the last rank, taking on b7 and then the rook on a8, where the
     * page asks which piece it becomes; Black only moves its king's-side pawns. White's sixth move offers a draw.
     */
    private static final List<String> PROMOTING_LINE = List.of("a2a4", "h7h6", "a4a5", "h6h5", "a5a6", "g7g6", "a6b7",
            "g6g5", "b7a8n", "f7f6", "e2e3");

    @Test
    void twoNodesPlayDarkChessEachSeeingOnlyItsFogAPawnPromotesByTheDialogAndADrawOfferedByWhiteIsAcceptedInBlacksBrowser()
            throws Exception {
        String invitation = nodes.hostAndJoin("dark-chess", Map.of("max-plies", "20"), null);
        assertThat(invitation).contains("?game=dark-chess&players=2&max-plies=20&mode=ote-table");
        HeadlessChromium white = nodes.alicePage;
        HeadlessChromium black = nodes.bobPage;
        BrowserDarkChess whiteTable = (BrowserDarkChess) nodes.aliceNode.table(tableId(white));
        BrowserDarkChess blackTable = (BrowserDarkChess) nodes.bobNode.table(tableId(black));
        for (int ply = 0; ply < PROMOTING_LINE.size(); ply++) {
            boolean whiteMoves = ply % 2 == 0;
            HeadlessChromium page = whiteMoves ? white : black;
            page.await((whiteMoves ? "white" : "black") + "'s move", STEP,
                    "return document.querySelector('.sq.movable:not(:disabled)')");
            assertThat(page.run("return document.querySelector('.board8 .sq').dataset.square").asText())
                    .as("each side sees the board from its own side").isEqualTo(whiteMoves ? "a8" : "h1");
            drawsExactly(page, (whiteMoves ? whiteTable : blackTable).awaitedView());
            HeadlessChromium other = whiteMoves ? black : white;
            assertThat(other.run("return document.querySelectorAll('.sq.movable:not(:disabled)').length").asInt())
                    .as("the other page offers no move").isZero();
            if (ply == 0) {
                assertThat(black.run("return document.getElementById('status').textContent").asText())
                        .startsWith("Waiting for ");
            }
            String move = PROMOTING_LINE.get(ply);
            String from = move.substring(0, 2);
            String to = move.substring(2, 4);
            if (ply == PROMOTING_LINE.size() - 1) {
                // At White's next move the knight stands on a8, on the page and in the seat's own view.
                assertThat(page.run("return document.querySelector('[data-square=\"a8\"]').getAttribute('aria-label')"
                        + ".split(',')[0]").asText()).isEqualTo("a8: white knight");
                assertThat(whiteTable.awaitedView().seenPiece(Square.parse("a8")).map(p -> p.type().name()))
                        .contains("KNIGHT");
                page.click("#offer-draw");
            }
            if (move.length() == 5) {
                promote(page, from, to);
            } else {
                BrowserNodes.move(page, "[data-square='" + from + "'].movable:not(:disabled)",
                        "[data-square='" + to + "'].target");
            }
        }
        assertThat(white.run("return document.getElementById('history').textContent").asText())
                .contains("White (you): b7a8n");
        // White's sixth move offered a draw: Black's page offers to accept it, and tells why.
        black.await("the draw offered to black", STEP, "return document.querySelector('#accept-draw')");
        drawsExactly(black, blackTable.awaitedView());
        assertThat(black.run("return document.getElementById('notices').textContent").asText())
                .contains("White offers a draw");
        black.screenshot(SCREENS.resolve("two-nodes-dark-chess-draw-offered.png"));
        black.click("#accept-draw");
        for (HeadlessChromium page : new HeadlessChromium[] {white, black}) {
            page.await("the verdict", STEP, "return !document.getElementById('verdict').hidden");
            assertThat(page.run("return document.getElementById('verdict').textContent").asText())
                    .isEqualTo("VERIFIED");
            assertThat(page.run("return document.getElementById('status').textContent").asText())
                    .contains("draw: agreed");
            assertThat(page.run("return document.getElementById('download').hidden").asBoolean()).isFalse();
        }
        assertThat(white.run("return document.getElementById('history').textContent").asText())
                .contains(", offering a draw");
        assertThat(black.run("return document.getElementById('history').textContent").asText())
                .contains("Black (you): accept the draw");
        white.screenshot(SCREENS.resolve("two-nodes-dark-chess-alice-verified.png"));
        // Both nodes kept the same signed transcript, each downloaded from its own page.
        String download = "return fetch(document.getElementById('download').href).then(r => r.text())";
        String fromWhite = white.run(download).asText();
        assertThat(fromWhite.lines().count()).as("hellos, setup and eleven plies").isGreaterThan(25);
        assertThat(black.run(download).asText().equals(fromWhite)).as("the same transcript on both nodes").isTrue();
        // In it, White's last move offered the draw (kind 3) and Black's last accepted it (kind 4).
        List<Integer> whiteKinds = new ArrayList<>();
        List<Integer> blackKinds = new ArrayList<>();
        for (Envelope e : TranscriptFile.read(whiteTable.transcript()).messages()) {
            if (e.type().equals("move")) {
                (e.sender() == 0 ? whiteKinds : blackKinds).add((int) new WireReader(e.body())
                        .blob(1024, "the announcement")[0]);
            }
        }
        assertThat(whiteKinds).endsWith(3);
        assertThat(blackKinds).endsWith(4);
    }

    /**
     * A pawn's move to the last rank: its target holds four moves, so the page shows the promotion dialog, one button
     * per piece, and sends nothing until the knight is chosen.
     */
    private static void promote(HeadlessChromium page, String from, String to) throws Exception {
        int step = BrowserNodes.step(page);
        page.click("[data-square='" + from + "']");
        page.await("the legal targets", STEP, "return document.querySelector('[data-square=\"' + arguments[0]"
                + " + '\"].target')", to);
        page.click("[data-square='" + to + "']");
        JsonNode choices = page.await("the promotion choice", STEP, "const b = [...document"
                + ".querySelectorAll('.move-promote')].map(b => b.dataset.promotion); return b.length ? b : null");
        assertThat(choices.toString()).contains("queen", "rook", "bishop", "knight");
        assertThat(BrowserNodes.step(page)).as("nothing sent before a piece is chosen").isEqualTo(step);
        page.screenshot(SCREENS.resolve("dark-chess-promotion.png"));
        page.click(".move-promote[data-promotion='knight']");
        page.await("the move to be taken", STEP, "const m = document.getElementById('status').textContent"
                + ".match(/step (\\d+)/); return !document.querySelector('.sq.movable:not(:disabled)')"
                + " || (m && Number(m[1]) !== arguments[0]);", step);
    }

    /**
     * Alice invites as Black, in oprf-table (not the default): bob, who only pastes her invitation, plays White in
     * that mode and moves first, each page drawing its own side's fog from its own side of the board; the two plies
     * the game allows end VERIFIED on both pages.
     */
    @Test
    void aHostWhoChoosesBlackLetsTheGuestPlayWhiteAndMoveFirst() throws Exception {
        String invitation = nodes.hostAndJoin("dark-chess", Map.of("max-plies", "2", "colour", "black", "mode",
                "oprf-table"), null);
        assertThat(invitation).contains("host-seat=1", "mode=oprf-table");
        HeadlessChromium white = nodes.bobPage;
        HeadlessChromium black = nodes.alicePage;
        BrowserDarkChess whiteTable = (BrowserDarkChess) nodes.bobNode.table(tableId(white));
        BrowserDarkChess blackTable = (BrowserDarkChess) nodes.aliceNode.table(tableId(black));
        assertThat(whiteTable.mode()).isEqualTo(OtMode.OPRF_TABLE);
        for (int ply = 0; ply < 2; ply++) {
            HeadlessChromium page = ply == 0 ? white : black;
            page.await((ply == 0 ? "bob, White," : "alice, Black,") + " to move", STEP,
                    "return document.querySelector('.sq.movable:not(:disabled)')");
            assertThat(page.run("return document.querySelector('.board8 .sq').dataset.square").asText())
                    .isEqualTo(ply == 0 ? "a8" : "h1");
            drawsExactly(page, (ply == 0 ? whiteTable : blackTable).awaitedView());
            BrowserNodes.move(page, ".sq.movable:not(:disabled)", ".sq.target");
        }
        for (HeadlessChromium page : new HeadlessChromium[] {white, black}) {
            page.await("the verdict", STEP, "return !document.getElementById('verdict').hidden");
            assertThat(page.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        }
    }

    /**
     * Alice's person refuses bob: his page says at once, in one line, that the host refused his key and what alice can
     * do, rather than waiting out the arrival patience; alice's page keeps waiting for a player. Bob then comes back
     * by an invitation altered on the way (max-plies 30 where alice's table has 20): once alice lets him in, his page
     * says at once, in one line, what alice's seat proposes and what his invitation said, with nothing to play. (One
     * table for both: the refusal leaves it waiting, as a second guest finds it.)
     */
    @Test
    void aGuestRefusedByTheHostsPersonOrWhoseInvitationDoesNotMatchTheHostsGameIsToldAtOnceInOneLine()
            throws Exception {
        String invitation = nodes.host("dark-chess", Map.of("max-plies", "20"), null);
        nodes.join(invitation);
        nodes.refuseBob(".sq.movable");

        nodes.join(invitation.replace("max-plies=20", "max-plies=30"));
        nodes.accept(null);
        String told = nodes.bobPage.await("bob to be told the games differ", STEP,
                "const n = document.getElementById('status').textContent; return n.includes('proposes') && n").asText();
        assertThat(told).contains("alice: proposes dark-chess/v1 ote-table, at most 20 plies, not dark-chess/v1"
                + " ote-table, at most 30 plies");
        assertThat(told.lines().count()).as("one line").isEqualTo(1);
        assertThat(nodes.bobPage.run("return document.querySelectorAll('.sq.movable').length").asInt())
                .as("nothing to play").isZero();
    }

    /**
     * The page draws square for square what the seat's own view says, nothing more: fog stays fog, no piece of the
     * other side stands where this side does not see.
     */
    private static void drawsExactly(HeadlessChromium page, FogView truth) throws Exception {
        assertThat(truth).as("the seat awaits its move").isNotNull();
        JsonNode labels = page.run("const o = {}; for (const q of document.querySelectorAll('.board8 .sq'))"
                + " o[q.dataset.square] = q.getAttribute('aria-label').split(',')[0]"
                + " + '|' + (q.classList.contains('fog') ? 'fog' : q.querySelector('.piece') ? 'piece' : 'none');"
                + " return o;");
        for (Square sq : Square.values()) {
            assertThat(labels.path(sq.algebraic()).asText()).as("square %s", sq)
                    .isEqualTo(sq.algebraic() + ": " + UiBrowserTest.expected(truth.at(sq)));
        }
        assertThat(page.run("return [...document.querySelectorAll('.sq.fog')].filter(q => q.children.length).length")
                .asInt()).as("nothing drawn in the fog").isZero();
    }
}
