package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Square;
import fairtable.games.chess.SquareView;
import fairtable.games.mahjongshogi.Board;
import fairtable.games.mahjongshogi.TileRef;
import fairtable.games.mahjongshogi.play.PlayerView;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.WireReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A person's games in real headless Chromium (Debian's, through chromedriver): from the home page's form to the
 * last move, by clicking the page's buttons, until the page shows the audit's VERIFIED. Skipped only where
 * chromium or chromedriver is not installed; .ci/run installs both. Screenshots of each page go to
 * app/target/ui-screens for docs/.
 */
class UiBrowserTest extends OneNodeBrowserTest {
    private static final Duration MOVE = Duration.ofSeconds(120);
    /** WebDriver's code for the Enter key. */
    private static final String ENTER = "\uE007";

    UiBrowserTest() {
        super(600);
    }

    @Test
    void aHeadsUpHoldemHandAgainstTheBotIsPlayedToTheEndAndShowsVerified() throws Exception {
        sitDown("holdem", "hands", "1");
        browser.screenshot(SCREENS.resolve("home.png"));
        sitAndAwaitTable();
        boolean looked = false;
        while (true) {
            JsonNode now = browser.await("a move to make or the verdict", MOVE,
                    "if (!document.getElementById('verdict').hidden) return 'over';"
                    + "return document.querySelector('.move-check, .move-call, .move-show') ? 'move' : null;");
            if (now.asText().equals("over")) {
                break;
            }
            if (!looked) {
                looked = true;
                assertThat(browser.run("return document.querySelector('.move-check, .move-call, .move-show').textContent")
                        .asText()).isEqualTo("2. call 10");
                // Own cards face up with their words, the bot's face down; the markers, the pot, the clock.
                assertThat(browser.run("return [...document.querySelectorAll('.seat.you .card')]"
                        + ".map(c => c.classList.contains('back') ? 'back' : c.getAttribute('aria-label'))").toString())
                        .doesNotContain("back").containsPattern("\"(ace|king|queen|jack|ten|nine|eight|seven|six|five"
                                + "|four|three|two) of (spades|hearts|diamonds|clubs)\"");
                assertThat(browser.run("return document.querySelectorAll('.seat:not(.you) .card.back').length")
                        .asInt()).isEqualTo(2);
                assertThat(browser.run("return document.querySelectorAll('.marker.dealer').length").asInt()).isOne();
                assertThat(browser.run("return document.querySelectorAll('.marker.blind').length").asInt()).isEqualTo(2);
                assertThat(browser.run("return document.getElementById('pot').textContent").asText()).isEqualTo("30");
                assertThat(browser.run("return !document.getElementById('clock').hidden").asBoolean()).isTrue();
                JsonNode range = browser.run("const r = document.getElementById('raise-amount');"
                        + "return r ? [Number(r.min), Number(r.max)] : null");
                assertThat(range.get(0).asInt()).isEqualTo(40);
                assertThat(range.get(1).asInt()).as("all-in: the whole starting stack, this round").isEqualTo(1000);
                browser.screenshot(SCREENS.resolve("holdem.png"));
            }
            int step = step();
            browser.click(".move-check, .move-call, .move-show");
            awaitTaken(".move-check, .move-call, .move-show", step);
        }
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        assertThat(browser.run("return document.getElementById('download').hidden").asBoolean()).isFalse();
        assertThat(browser.run("return document.getElementById('history').textContent").asText()).contains("alice: ");
        browser.screenshot(SCREENS.resolve("holdem-verified.png"));
        atPhoneWidth("holdem-phone.png");
    }

    @Test
    void theShuffleIndicatorFollowsTheDeckSeatBySeatAsTheProtocolAdvances() throws Exception {
        // From the page's first message on, every state the deck indicator is drawn in, with the status line.
        String recorder = browser.onEveryPage("window.deckSeen = []; new MutationObserver(() => {"
                + " const box = document.getElementById('deck-setup'); if (!box || box.hidden) return;"
                + " const bar = document.getElementById('deck-progress');"
                + " const seen = [document.getElementById('deck-label').textContent, bar.value, bar.max,"
                + " bar.getAttribute('aria-valuetext'), document.getElementById('status').textContent].join('|');"
                + " if (window.deckSeen[window.deckSeen.length - 1] !== seen) window.deckSeen.push(seen);"
                + "}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});");
        try {
            followTheShuffleIndicator();
        } finally {
            browser.notOnEveryPage(recorder);
        }
    }

    private void followTheShuffleIndicator() throws Exception {
        browser.open(ui.url().toString());
        browser.await("the home page", MOVE, "return document.getElementById('fingerprint').textContent");
        // Two hands of four bots: the table starts before its page opens, so the second hand's deck, set up while
        // the page watches, is the one followed from its first key.
        String id = browser.run("return fetch('/api/tables', {method: 'POST', headers: {'Content-Type':"
                + " 'application/json'}, body: JSON.stringify({game: 'holdem', players: 4, bots: 4,"
                + " settings: {hands: '2'}})}).then(r => r.json()).then(j => j.id)").asText();
        browser.open("http://127.0.0.1:" + ui.port() + "/table?id=" + id);
        browser.await("the bots' hands to be audited", MOVE, "const v = document.getElementById('verdict');"
                + "return v && !v.hidden && v.textContent");
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        assertThat(browser.run("return document.getElementById('deck-setup').hidden").asBoolean()).isTrue();
        List<String> seen = new ArrayList<>();
        browser.run("return window.deckSeen").forEach(n -> {
            if (n.asText().contains("Round 2, ")) {
                seen.add(n.asText());
            }
        });
        // Each seat in turn publishes its key, then shuffles: one message, so one step, each. The bar counts the
        // seats done and the status names the seat awaited, both from the protocol's own state as the page's seat
        // (seat 0, bot 1) holds it: bot 1 sends its key and its shuffle the moment its turn comes, so the page never
        // waits for it, and each stage is first shown with one seat done.
        assertThat(seen).as("the second hand's deck set-up").isNotEmpty();
        Matcher first = Pattern.compile("\\(step (\\d+)\\)\\. Round 2, step (\\d+)\\.").matcher(seen.get(0));
        assertThat(first.find()).as(seen.get(0)).isTrue();
        int deckStep = Integer.parseInt(first.group(1));
        int tableStep = Integer.parseInt(first.group(2));
        List<String> expected = new ArrayList<>();
        for (String stage : List.of("key", "shuffle")) {
            for (int k = 2; k <= 4; k++, deckStep++, tableStep++) {
                expected.add(stage.equals("key")
                        ? "Key " + k + " of 4: bot " + k + " publishes its key|" + (k - 1) + "|4|" + (k - 1)
                                + " of 4 keys published|Awaiting bot " + k + " to publish its key (step " + deckStep
                                + "). Round 2, step " + tableStep + "."
                        : "Shuffle " + k + " of 4: bot " + k + " shuffles the deck|" + (k - 1) + "|4|" + (k - 1)
                                + " of 4 shuffles done|Awaiting bot " + k + " to shuffle the deck (step " + deckStep
                                + "). Round 2, step " + tableStep + ".");
            }
            deckStep++; // bot 1's shuffle, sent as soon as the last key was in
            tableStep++;
        }
        assertThat(seen).as("every state of the set-up, in order").containsExactlyElementsOf(expected);
    }

    @Test
    void aRoundOfDominoesIsPlayedByTheTilesAndShowsVerified() throws Exception {
        sitDown("dominoes", "rounds", "1");
        sitAndAwaitTable();
        boolean looked = false;
        while (true) {
            JsonNode now = browser.await("a move to make or the verdict", MOVE,
                    "if (!document.getElementById('verdict').hidden) return 'over';"
                    + "return document.querySelector('.ends button, .move-draw, .move-pass') ? 'move' : null;");
            if (now.asText().equals("over")) {
                break;
            }
            JsonNode playable = browser.run("return document.querySelectorAll('.tile.playable').length");
            if (!looked && playable.asInt() > 0 && browser.run("return document.querySelectorAll('.line .tile').length")
                    .asInt() > 0) {
                looked = true;
                assertThat(browser.run("return document.getElementById('boneyard').textContent").asText())
                        .startsWith("Boneyard: ");
                browser.screenshot(SCREENS.resolve("dominoes.png"));
            }
            int step = step();
            browser.click(playable.asInt() > 0 ? ".ends button" : ".move-draw, .move-pass");
            awaitTaken(".ends button, .move-draw, .move-pass", step);
        }
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
    }

    /** The own hand's cards as the page draws them: each one's words, and its sign in its colour ("7♥ red"). */
    private static final String GIN_HAND = "return [...document.querySelectorAll('.seat.you .card')].map(c =>"
            + " c.classList.contains('back') ? 'back' : c.getAttribute('aria-label') + '|' + c.textContent + ' '"
            + " + (c.classList.contains('red') ? 'red' : 'black'))";

    /** The own hand as the seat's text view lists it ("your cards: 2c 7h ..."), in the page's card words and signs. */
    private static final String GIN_TEXT = "const RANK = {A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten',"
            + " 9: 'nine', 8: 'eight', 7: 'seven', 6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two'};"
            + "const SUIT = {s: ['spades', '♠', 'black'], h: ['hearts', '♥', 'red'], d: ['diamonds', '♦', 'red'],"
            + " c: ['clubs', '♣', 'black']};"
            + "return document.getElementById('text').textContent.match(/your cards: (.*)/)[1].split(' ').map(c =>"
            + " RANK[c[0]] + ' of ' + SUIT[c[1]][0] + '|' + (c[0] === 'T' ? '10' : c[0]) + SUIT[c[1]][1] + ' ' + SUIT[c[1]][2])";

    /**
     * The card to discard: the highest whose rank no other card shares and with no card of its suit next to it (it
     * is in no meld, nor near one); else the highest. A simple player, enough to knock within a hand.
     */
    private static final String GIN_DISCARD = "const ORDER = 'A23456789TJQK';"
            + "const cards = [...document.querySelectorAll('.seat.you .card:not(.back)')].map(c => c.getAttribute('aria-label'));"
            + "const key = w => ({ace: 'A', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8',"
            + " nine: '9', ten: 'T', jack: 'J', queen: 'Q', king: 'K'})[w.split(' of ')[0]];"
            + "const rank = w => ORDER.indexOf(key(w)); const suit = w => w.split(' of ')[1];"
            + "const lone = w => cards.filter(o => o !== w && (rank(o) === rank(w) || suit(o) === suit(w)"
            + " && Math.abs(rank(o) - rank(w)) <= 2)).length === 0;"
            + "const buttons = [...document.querySelectorAll('.card-button')].sort((a, b) =>"
            + " rank(b.getAttribute('aria-label').slice(12)) - rank(a.getAttribute('aria-label').slice(12)));"
            + "const pick = buttons.find(b => lone(b.getAttribute('aria-label').slice(12))) || buttons[0];"
            + "pick.dataset.pick = '1';";

    @Test
    void aGinRummyHandIsPlayedByItsCardsAndButtonsToTheMeldsAndVerified() throws Exception {
        sitDown("gin-rummy", "hands", "1");
        sitAndAwaitTable();
        boolean looked = false;
        while (true) {
            JsonNode now = browser.await("a move to make or the verdict", MOVE,
                    "if (!document.getElementById('verdict').hidden) return 'over';"
                    + "return document.querySelector('#buttons .move, .card-button') ? 'move' : null;");
            if (now.asText().equals("over")) {
                break;
            }
            // Own cards face up with suit signs in their colours, exactly the seat's hand; the bot's as backs, counted.
            assertThat(browser.run(GIN_HAND).toString()).isEqualTo(browser.run(GIN_TEXT).toString());
            int theirs = browser.run("return document.querySelectorAll('.seat:not(.you) .card').length").asInt();
            assertThat(browser.run("return document.querySelector('.seat:not(.you) .hint').textContent").asText())
                    .startsWith(theirs + " cards");
            boolean discarding = browser.run("return !!document.querySelector('.card-button')").asBoolean();
            if (!looked && discarding) {
                looked = true;
                assertThat(browser.run(GIN_HAND).toString()).doesNotContain("back").containsPattern("[♠♣] black")
                        .containsPattern("[♥♦] red");
                assertThat(browser.run("return document.querySelectorAll('.seat:not(.you) .card.back').length").asInt())
                        .isGreaterThanOrEqualTo(9);
                assertThat(browser.run("return document.querySelector('#stock').textContent").asText()).matches("Stock: \\d+");
                assertThat(browser.run("return document.querySelectorAll('#stock .card.back, #discard .card:not(.back)')"
                        + ".length").asInt()).isEqualTo(2);
                // The other legal moves are buttons: knock or gin naming the card; none to draw while discarding.
                assertThat(browser.run("return [...document.querySelectorAll('#buttons .move')].map(b => b.textContent)"
                        + ".filter(t => !/^\\d\\. (knock|gin), discarding /.test(t))").size()).isZero();
                browser.screenshot(SCREENS.resolve("gin-rummy.png"));
            }
            int step = step();
            String ends = browser.run("const b = [...document.querySelectorAll('.move-endturn')];"
                    + "const e = b.find(x => x.textContent.includes('gin,')) || b[0]; if (e) e.dataset.pick = '1';"
                    + "return !!e").asBoolean() ? "[data-pick='1']" : null;
            if (ends == null && discarding) {
                browser.run(GIN_DISCARD);
                ends = "[data-pick='1']";
            }
            browser.click(ends != null ? ends : ".move-pass, .move-drawstock");
            awaitTaken("#buttons .move, .card-button", step);
        }
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        String showdown = browser.run("return document.querySelector('#showdown p').textContent").asText();
        assertThat(showdown).matches("(alice|bot 1) (knocked|went gin).*scores \\d+\\.|The hand is drawn: .*");
        if (!showdown.startsWith("The hand is drawn")) { // rare: the bot knocks as soon as it may
            // Both hands shown: every card face up, and each seat's melds drawn from them.
            assertThat(browser.run("return document.querySelectorAll('#felt .seat .card.back').length").asInt()).isZero();
            assertThat(browser.run("return document.querySelectorAll('#showdown .meld .card').length").asInt())
                    .isGreaterThanOrEqualTo(3);
        }
        browser.screenshot(SCREENS.resolve("gin-rummy-verified.png"));
        atPhoneWidth("gin-rummy-phone.png");
        // The widest a hand's end can be, whatever this deal: ten more cards in one meld or deadwood frame still fit.
        if (browser.run("const f = document.querySelector('#showdown .meld, #showdown .deadwood');"
                + " if (!f) return false; const c = f.querySelector('.card');"
                + " for (let i = 0; i < 10; i++) f.appendChild(c.cloneNode(true)); return true;").asBoolean()) {
            assertThat(browser.run("return document.documentElement.scrollWidth <= window.innerWidth").asBoolean())
                    .as("ten more cards in one frame fit a phone's width").isTrue();
        }
    }

    @Test
    void threeDarkChessMovesByMouseDragTouchDragAndClicksNeverDrawAPieceInTheFog() throws Exception {
        browser.onEveryPage(RECORD_SENT);
        sitDown("dark-chess", "max-plies", "6");
        browser.click("#start");
        browser.await("the board", MOVE, "return document.querySelectorAll('.board8 .sq').length === 64");
        // From the start White sees its own half and the squares ahead: no black piece is in sight.
        browser.await("the first move", MOVE, "return document.querySelector('.sq.movable')");
        assertThat(browser.run("return document.querySelectorAll('.piece.white').length").asInt()).isEqualTo(16);
        assertThat(browser.run("return document.querySelectorAll('.piece.black').length").asInt()).isZero();
        assertThat(browser.run("return document.querySelectorAll('.sq.fog').length").asInt()).isPositive();
        browser.screenshot(SCREENS.resolve("dark-chess.png"));
        int moves = 0;
        while (true) {
            JsonNode now = browser.await("a move to make or the verdict", MOVE,
                    "if (!document.getElementById('verdict').hidden) return 'over';"
                    + "return document.querySelector('.sq.movable:not(:disabled)') ? 'move' : null;");
            // Never a piece, nor its words, on a fogged square; a black piece only where White sees.
            assertThat(browser.run("return [...document.querySelectorAll('.sq.fog')].filter(q => q.children.length"
                    + " || !q.getAttribute('aria-label').includes('fog')).length").asInt()).isZero();
            assertThat(browser.run("return [...document.querySelectorAll('.piece.black')]"
                    + ".filter(p => !p.parentElement.classList.contains('seen')).length").asInt()).isZero();
            if (now.asText().equals("over")) {
                break;
            }
            int step = step();
            if (moves == 0) {
                // By the mouse: a piece dragged shows its targets; let go where it has no move (a fogged square), it
                // is put back and nothing is sent; let go on a target, that move is sent.
                pressChessPiece();
                browser.release(".sq.fog");
                assertThat(browser.run("return [window.sent.length, document.querySelectorAll('.drag-ghost, .sq.selected,"
                        + " .sq.target').length]").toString()).isEqualTo("[0,0]");
                pressChessPiece();
                browser.screenshot(SCREENS.resolve("dark-chess-drag.png"));
                browser.release(".sq.target");
            } else if (moves == 1) {
                // By a finger, to a target the piece's click showed (the click again puts it back).
                browser.click(".sq.movable:not(:disabled)");
                String from = browser.run("return document.querySelector('.sq.selected').dataset.square").asText();
                String to = browser.run("return document.querySelector('.sq.target').dataset.square").asText();
                browser.click("[data-square=" + from + "]");
                assertThat(browser.run("return document.querySelectorAll('.sq.target').length").asInt()).isZero();
                browser.touchDrag("[data-square=" + from + "]", "[data-square=" + to + "]");
            } else {
                browser.click(".sq.movable:not(:disabled)");
                browser.await("the legal targets", MOVE, "return document.querySelector('.sq.target')");
                browser.click(".sq.target");
            }
            if (moves < 2) {
                assertThat(browser.run("return window.sent.map(m => Object.keys(JSON.parse(m)).join())").toString())
                        .as("one legal move sent per drop").isEqualTo(moves == 0 ? "[\"move\"]" : "[\"move\",\"move\"]");
            }
            moves++;
            awaitTaken(".sq.movable:not(:disabled)", step);
        }
        assertThat(moves).isEqualTo(3);
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        browser.screenshot(SCREENS.resolve("dark-chess-verified.png"));
    }

    /** Every message the page sends its node, recorded before the page's own scripts run. */
    private static final String RECORD_SENT = "window.sent = []; const send = WebSocket.prototype.send;"
            + "WebSocket.prototype.send = function (m) { window.sent.push(m); return send.call(this, m); };";

    /** Presses the mouse on a piece that can move and drags it: the board shows its legal targets, under a copy. */
    private void pressChessPiece() throws Exception {
        browser.press(".sq.movable:not(:disabled)", 20);
        assertThat(browser.run("return [document.querySelectorAll('.drag-ghost .piece').length,"
                + " document.querySelectorAll('.sq.selected').length, document.querySelectorAll('.sq.target').length > 0]")
                .toString()).as("dragging").isEqualTo("[1,1,true]");
    }

    /**
     * A draw White offers with its first move is taken by the bot, which can take nothing on its first move: the page
     * says "draw: agreed" and VERIFIED, and the signed transcript holds the offer (kind 3) and the acceptance (kind 4).
     * (The promotion dialog is played between two nodes, in {@link UiTwoNodesDarkChessBrowserTest}, where the test
     * plays both sides' moves: against the bot a pawn reaches the last rank only after dozens of moves.)
     */
    @Test
    void aDrawOfferedWithAMoveIsAcceptedByTheBotWhenItSeesNothingToTakeAndVerified() throws Exception {
        sitDown("dark-chess", "max-plies", "20");
        browser.click("#start");
        browser.await("the board", MOVE, "return document.querySelectorAll('.board8 .sq').length === 64");
        String id = browser.run("return new URLSearchParams(location.search).get('id')").asText();
        BrowserDarkChess table = (BrowserDarkChess) ui.table(id);
        browser.await("white's first move", MOVE, "return document.querySelector('.sq.movable:not(:disabled)')");
        browser.click("#offer-draw");
        browser.click("[data-square='e2']");
        browser.await("the legal targets", MOVE, "return document.querySelector('[data-square=\"e4\"].target')");
        browser.click("[data-square='e4']");
        browser.await("the verdict", MOVE, "return !document.getElementById('verdict').hidden");
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        assertThat(browser.run("return document.getElementById('status').textContent").asText())
                .contains("draw: agreed");
        assertThat(browser.run("return document.getElementById('history').textContent").asText())
                .contains("White (you): e2e4, offering a draw");
        // The signed transcript: White's move offered the draw (kind 3), Black's accepted it (kind 4).
        List<Integer> white = new ArrayList<>();
        List<Integer> black = new ArrayList<>();
        for (Envelope e : TranscriptFile.read(table.transcript()).messages()) {
            if (e.type().equals("move")) {
                (e.sender() == 0 ? white : black).add((int) new WireReader(e.body()).blob(1024, "the announcement")[0]);
            }
        }
        assertThat(white).containsExactly(3);
        assertThat(black).containsExactly(4);
        browser.screenshot(SCREENS.resolve("dark-chess-draw.png"));
    }

    @Test
    void darkChessAsBlackDrawsExactlyTheEnginesFogViewAndEndsVerifiedOnResigning() throws Exception {
        sitDown("dark-chess", "colour", "black");
        browser.click("#start");
        browser.await("the board", MOVE, "return document.querySelectorAll('.board8 .sq').length === 64");
        String id = browser.run("return new URLSearchParams(location.search).get('id')").asText();
        BrowserDarkChess table = (BrowserDarkChess) ui.table(id);
        int moves = 0;
        while (moves < 3) {
            browser.await("black's move", MOVE, "return document.querySelector('.sq.movable:not(:disabled)')");
            // Rank 1 at the top: Black sees the board from its own side.
            assertThat(browser.run("return document.querySelector('.board8 .sq').dataset.square").asText()).isEqualTo("h1");
            // Every square says exactly what the rules engine's view for Black says: fog stays fog.
            FogView truth = table.awaitedView();
            assertThat(truth).isNotNull();
            JsonNode labels = browser.run("const o = {}; for (const q of document.querySelectorAll('.board8 .sq'))"
                    + " o[q.dataset.square] = q.getAttribute('aria-label').split(',')[0]"
                    + " + '|' + (q.classList.contains('fog') ? 'fog' : q.querySelector('.piece') ? 'piece' : 'none');"
                    + " return o;");
            for (Square sq : Square.values()) {
                assertThat(labels.path(sq.algebraic()).asText()).as("square %s", sq).isEqualTo(sq.algebraic() + ": "
                        + expected(truth.at(sq)));
            }
            if (moves == 0) {
                // What Black learned before its first move, in the terminal's words.
                assertThat(browser.run("return document.getElementById('notices').textContent").asText())
                        .isEqualTo("White has moved.");
                browser.screenshot(SCREENS.resolve("dark-chess-black.png"));
            }
            int step = step();
            if (moves == 0) {
                // By the keyboard alone: Enter on a piece, then Enter on one of its targets.
                browser.type(".sq.movable:not(:disabled)", ENTER);
                browser.await("the legal targets", MOVE, "return document.querySelector('.sq.target')"
                        + " && document.activeElement.classList.contains('selected')");
                browser.type(".sq.target", ENTER);
            } else {
                browser.click(".sq.movable:not(:disabled)");
                browser.await("the legal targets", MOVE, "return document.querySelector('.sq.target')");
                browser.click(".sq.target");
            }
            moves++;
            awaitTaken(".sq.movable:not(:disabled)", step);
        }
        browser.await("black's fourth move", MOVE, "return document.querySelector('#resign')");
        browser.click("#resign");
        browser.await("the resignation to be confirmed", MOVE,
                "return document.getElementById('resign').textContent.includes('again')");
        browser.click("#resign");
        browser.await("the verdict", MOVE, "return !document.getElementById('verdict').hidden");
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        assertThat(browser.run("return document.getElementById('status').textContent").asText())
                .contains("white wins: black resigned");
        assertThat(browser.run("return document.getElementById('history').textContent").asText())
                .contains("Black (you): resign");
        atPhoneWidth("dark-chess-phone.png");
    }

    @Test
    void mahjongShogiFromARandomPlacementToABattleByDraggingAndClickingThenResignedAndVerified() throws Exception {
        sitDown("mahjong-shogi", "side", "east");
        browser.click("#start");
        browser.await("the arrangement", MOVE, "return document.querySelector('#mj-random')");
        String tiles = "return [...document.querySelectorAll('.mj-sq')].map(q => q.getAttribute('aria-label')).join(';')";
        String before = browser.run(tiles).asText();
        browser.click("#mj-random");
        browser.await("a new random placement", MOVE, "return (" + tiles.substring(7) + ") !== arguments[0]", before);
        // A swap of a tile with an empty home square moves it there: the node applies it, the page redraws.
        String from = browser.run("return [...document.querySelectorAll('.mj-sq.home')].find(q => q.querySelector("
                + "'.mj-tile')).dataset.square").asText();
        String to = browser.run("return [...document.querySelectorAll('.mj-sq.home')].find(q => !q.querySelector("
                + "'.mj-tile')).dataset.square").asText();
        String moved = browser.run("return document.querySelector('[data-square=\"' + arguments[0] + '\"]')"
                + ".getAttribute('aria-label').split(': ')[1]", from).asText();
        browser.click("[data-square='" + from + "']");
        browser.click("[data-square='" + to + "']");
        browser.await("the swap", MOVE, "return document.querySelector('[data-square=\"' + arguments[0] + '\"]')"
                + ".getAttribute('aria-label') === arguments[0] + ': ' + arguments[1]", to, moved);
        // Dragged back by the mouse, the tile swaps back.
        browser.press("[data-square='" + to + "']", 20);
        browser.release("[data-square='" + from + "']");
        browser.await("the swap back", MOVE, "return document.querySelector('[data-square=\"' + arguments[0] + '\"]')"
                + ".getAttribute('aria-label') === arguments[0] + ': ' + arguments[1]", from, moved);
        browser.screenshot(SCREENS.resolve("mahjong-shogi-arrange.png"));
        browser.click("#mj-start");
        String id = browser.run("return new URLSearchParams(location.search).get('id')").asText();
        BrowserMahjong table = (BrowserMahjong) ui.table(id);
        boolean battle = false;
        for (int moves = 0; moves < 30 && !battle; moves++) {
            browser.await("east's move", MOVE, "return document.querySelector('.mj-sq.movable')");
            // Each square says what the seat's own view holds: its tiles by kind, the bot's only as hidden.
            PlayerView truth = table.awaitedView();
            JsonNode labels = browser.run("const o = {}; for (const q of document.querySelectorAll('.mj-sq'))"
                    + " o[q.dataset.square] = q.getAttribute('aria-label').split(',')[0]"
                    + " + (q.querySelector('.mj-tile.back') ? '|back' : ''); return o;");
            for (int i = 0; i < Board.SQUARES; i++) {
                fairtable.games.mahjongshogi.Square sq = fairtable.games.mahjongshogi.Square.ofIndex(i);
                TileRef t = truth.state().tileAt(sq).orElse(null);
                String expected = t == null ? "empty" : t.owner() == 1 ? "the bot's hidden tile|back"
                        : "your " + kindWords(truth.placement().kindOf(t));
                assertThat(labels.path(sq.toString()).asText()).as("square %s", sq).isEqualTo(sq + ": " + expected);
            }
            if (moves == 0) {
                assertThat(browser.run("return document.querySelectorAll('.mj-tile.mine').length").asInt()).isEqualTo(25);
                assertThat(browser.run("return document.querySelectorAll('.mj-tile.back').length").asInt()).isEqualTo(25);
            }
            int step = step();
            // The most advanced tile that can move, then its attack if it has one, else its most forward square.
            browser.run("const m = [...document.querySelectorAll('.mj-sq.movable')].sort((a, b) =>"
                    + " Number(b.dataset.square.slice(1)) - Number(a.dataset.square.slice(1)))[0];"
                    + " m.setAttribute('data-pick', '1')");
            browser.click("[data-pick='1']");
            browser.await("the legal targets", MOVE, "return document.querySelector('.mj-sq.target')");
            browser.run("const t = document.querySelector('.mj-sq.target.attack') || [...document.querySelectorAll("
                    + "'.mj-sq.target')].sort((a, b) => Number(b.dataset.square.slice(1))"
                    + " - Number(a.dataset.square.slice(1)))[0]; t.setAttribute('data-go', '1')");
            if (moves == 0) {
                // The first move by a finger's drag to the square the click showed; the click again puts the tile back.
                String piece = browser.run("return document.querySelector('.mj-sq.selected').dataset.square").asText();
                String target = browser.run("return document.querySelector('[data-go]').dataset.square").asText();
                browser.click("[data-square=" + piece + "]");
                browser.touchDrag("[data-square=" + piece + "]", "[data-square=" + target + "]");
            } else {
                browser.click("[data-go='1']");
            }
            awaitTaken(".mj-sq.movable", step);
            battle = browser.run("return !!document.querySelector('#battles li:not(.hint)')").asBoolean();
        }
        assertThat(battle).as("a battle within 30 moves of this seeded game").isTrue();
        assertThat(browser.run("return document.getElementById('battles').textContent").asText())
                .containsPattern("Move \\d+, [a-i][1-9]-[a-i][1-9]: (my .* attacked \\?\\?|\\?\\? attacked my .*): ");
        browser.screenshot(SCREENS.resolve("mahjong-shogi.png"));
        browser.await("east's move", MOVE, "return document.querySelector('#resign')");
        browser.click("#resign");
        browser.await("the resignation to be confirmed", MOVE,
                "return document.getElementById('resign').textContent.includes('again')");
        browser.click("#resign");
        browser.await("the verdict", MOVE, "return !document.getElementById('verdict').hidden");
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        assertThat(browser.run("return document.getElementById('history').textContent").asText()).contains("You resigned");
        atPhoneWidth("mahjong-shogi-phone.png");
    }

    static String kindWords(int kind) {
        List<String> numbers = List.of("one", "two", "three", "four", "five", "six", "seven", "eight", "nine");
        return kind <= 9 ? numbers.get(kind - 1) + " of circles"
                : List.of("East wind", "White dragon", "Green dragon", "Red dragon").get(kind - 10);
    }

    @Test
    void anAllocationShowsOnlyOurNumbersWithTheirCsvAndTheVerdictAndTheCounterpartsOnlyWhenUnblinded() throws Exception {
        browser.open(ui.url().toString());
        browser.await("the home page", MOVE, "return document.getElementById('fingerprint').textContent");
        browser.click("a[href='/allocate']");
        browser.await("the allocation page", MOVE, "return document.getElementById('alloc-form')");
        browser.run("document.getElementById('items').value = 20; document.getElementById('each').value = 5;");
        browser.click("#alloc-start");
        browser.await("the verdict", MOVE, "if (document.getElementById('alloc-error').textContent) throw new Error("
                + "document.getElementById('alloc-error').textContent); return !document.getElementById('verdict').hidden");
        assertThat(browser.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        JsonNode mine = browser.run("return [...document.querySelectorAll('#mine li')].map(li => Number(li.textContent))");
        List<Integer> ours = new ArrayList<>();
        mine.forEach(n -> ours.add(n.asInt()));
        assertThat(ours).hasSize(5).doesNotHaveDuplicates().allMatch(n -> n >= 1 && n <= 20);
        // The CSV holds exactly these numbers; the node sends nothing of the counterpart's before unblinding.
        String id = browser.run("return document.getElementById('csv').getAttribute('href').split('/')[3]").asText();
        String csv = browser.run("return fetch('/api/allocations/' + arguments[0] + '/csv').then(r => r.text())", id)
                .asText();
        assertThat(csv.lines().skip(1).map(l -> Integer.parseInt(l.split(",")[1])).toList()).isEqualTo(ours);
        assertThat(csv).startsWith("institution,experiment\nalice,");
        JsonNode before = browser.run("return fetch('/api/allocations/' + arguments[0]).then(r => r.json())", id);
        assertThat(before.has("unblinded")).isFalse();
        assertThat(browser.run("return document.getElementById('theirs-box').hidden").asBoolean()).isTrue();
        browser.screenshot(SCREENS.resolve("allocation.png"));
        browser.click("#unblind");
        browser.await("the counterpart's numbers", MOVE, "return !document.getElementById('theirs-box').hidden");
        JsonNode theirs = browser.run("return [...document.querySelectorAll('#theirs li')].map(li => Number(li.textContent))");
        List<Integer> others = new ArrayList<>();
        theirs.forEach(n -> others.add(n.asInt()));
        assertThat(others).hasSize(5).doesNotHaveDuplicates().allMatch(n -> n >= 1 && n <= 20).doesNotContainAnyElementsOf(ours);
        browser.screenshot(SCREENS.resolve("allocation-unblinded.png"));
        atPhoneWidth("allocation-phone.png");
    }

    /** What the page must say of a square, from the rules engine's view alone. */
    static String expected(SquareView seen) {
        if (seen instanceof SquareView.Seen s) {
            return s.piece().map(p -> p.color().name().toLowerCase() + " " + p.type().name().toLowerCase() + "|piece")
                    .orElse("empty|none");
        }
        if (seen instanceof SquareView.Occupancy o) {
            return (o.occupied() ? "something stands here" : "empty") + "|none";
        }
        return "fog|fog";
    }

    /** Waits until the move just made from {@code step} is taken: no element {@code moves} left, or another step. */
    private void awaitTaken(String moves, int step) throws Exception {
        browser.await("the move to be taken", MOVE, "const m = document.getElementById('status').textContent"
                + ".match(/step (\\d+)/); return !document.querySelector(arguments[1])"
                + " || (m && Number(m[1]) !== arguments[0]);", step, moves);
    }

    /** At 390 px, a phone's width, nothing is wider than the screen; a screenshot in {@code png}. */
    private void atPhoneWidth(String png) throws Exception {
        browser.resize(390, 1100);
        String wider = browser.run("return [...document.querySelectorAll('body *')].filter(e =>"
                + " e.getBoundingClientRect().right > window.innerWidth + 0.5).slice(0, 5).map(e => e.tagName + '#' + e.id"
                + " + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')").asText();
        assertThat(browser.run("return document.documentElement.scrollWidth <= window.innerWidth").asBoolean())
                .as("readable at phone width: nothing wider than the screen; wider: %s", wider).isTrue();
        browser.screenshot(SCREENS.resolve(png));
    }

    private int step() throws Exception {
        return browser.run("return Number(document.getElementById('status').textContent.match(/step (\\d+)/)[1])").asInt();
    }

    @Test
    void aTamperedTranscriptDroppedOnTheAuditPageShowsFailedWithItsStepAndParty() throws Exception {
        browser.open(ui.url().toString());
        browser.await("the home page", MOVE, "return document.getElementById('fingerprint').textContent");
        // A bots-only hand, whose transcript the node offers for download once it is audited.
        String id = browser.run("return fetch('/api/tables', {method: 'POST', headers: {'Content-Type':"
                + " 'application/json'}, body: JSON.stringify({game: 'holdem', players: 2, bots: 2,"
                + " settings: {hands: '1'}})}).then(r => r.json()).then(j => j.id)").asText();
        browser.open("http://127.0.0.1:" + ui.port() + "/table?id=" + id);
        browser.await("the bots' hand to be audited", MOVE, "const v = document.getElementById('verdict');"
                + "return v && !v.hidden && v.textContent");
        String transcript = browser.run("return fetch('/api/tables/' + arguments[0] + '/transcript')"
                + ".then(r => r.text())", id).asText();
        List<String> lines = new ArrayList<>(transcript.lines().toList());
        // A hand folded at once still has its hellos, keys, shuffles, deal and the fold: 12 lines.
        assertThat(lines.size()).isGreaterThan(10);
        // One byte of the 11th message's signed body changed: its signature no longer holds.
        String line = lines.get(10);
        int body = line.indexOf("\"body\":\"") + 8;
        char c = line.charAt(body + 4);
        lines.set(10, line.substring(0, body + 4) + (c == 'A' ? 'B' : 'A') + line.substring(body + 5));
        Path tampered = home.resolve("tampered.jsonl");
        Files.write(tampered, lines);

        browser.open("http://127.0.0.1:" + ui.port() + "/audit");
        browser.type("#file", tampered.toAbsolutePath().toString());
        String verdict = browser.await("the verdict", MOVE, "const v = document.getElementById('verdict');"
                + "return v && !v.hidden && v.textContent").asText();
        assertThat(verdict).isEqualTo("FAILED");
        String said = browser.run("return document.getElementById('line').textContent").asText();
        JsonNode fault = browser.run("return [...document.querySelectorAll('.timeline .fault')].map(li => li.textContent)");
        assertThat(said).startsWith("FAILED: ").contains("step ");
        assertThat(fault.size()).as("the failing step's messages are highlighted").isPositive();
        assertThat(fault.toString()).contains("#10 ");
        browser.screenshot(SCREENS.resolve("audit-failed.png"));
        // The untouched transcript verifies on the same page.
        Path genuine = home.resolve("genuine.jsonl");
        Files.writeString(genuine, transcript);
        browser.type("#file", genuine.toAbsolutePath().toString());
        browser.await("the genuine file's verdict", MOVE, "return document.getElementById('verdict').textContent"
                + " === 'VERIFIED'");
    }

    /** Sits down at the table the home page's form describes and waits for its page. */
    private void sitAndAwaitTable() throws Exception {
        browser.click("#start");
        browser.await("the table page", MOVE, "if (document.getElementById('form-error')"
                + "&& document.getElementById('form-error').textContent) throw new Error('refused: '"
                + "+ document.getElementById('form-error').textContent);"
                + "return location.pathname === '/table' && !!document.getElementById('verdict')");
    }

    /** Opens the printed address and fills the home page's form for a heads-up table against one bot. */
    private void sitDown(String game, String setting, String value) throws Exception {
        browser.open(ui.url().toString());
        browser.await("the home page", MOVE, "return document.getElementById('fingerprint').textContent");
        assertThat(browser.run("return document.getElementById('name').textContent").asText()).isEqualTo("alice");
        browser.run("const g = document.getElementById('game'); g.value = arguments[0];"
                + "g.dispatchEvent(new Event('change'));"
                + "const p = document.getElementById('players'); p.value = 2; p.dispatchEvent(new Event('input'));"
                + "document.getElementById('bots').value = 1;"
                + "document.querySelector('[data-setting=' + arguments[1] + ']').value = arguments[2];",
                game, setting, value);
    }
}
