package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairtable.games.definitions.Games;
import fairtable.net.correspondence.GameStatus;
import fairtable.net.identity.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Games by correspondence in the browser: two nodes (two profiles, two {@code UiServer}s) and two headless Chromiums.
 * One page starts a game and shows its invitation text; the test copies each page's text to send into the other
 * page's paste box, as a person copies a mail, and plays by clicking the legal moves shown, until both pages show the
 * audit's VERIFIED. The games are written where {@code fairtable mail} reads them. Garbage pasted into either box is
 * answered by one plain line. Skipped only where chromium or chromedriver is not installed; .ci/run installs both.
 */
class UiMailBrowserTest {
    private static final Duration STEP = Duration.ofSeconds(90);
    private static final Path SCREENS = Path.of("target", "ui-screens");
    /**
     * A card table's move buttons, in the order the test prefers them: a fold first, so the hand ends at its first
     * decision once the deck's keys, shuffles and deal have travelled by paste (a hand played by mail to its showdown
     * is RegisteredGameByMailTest's, through the same MailGames the page uses).
     */
    private static final String CARD_MOVES = ".move-fold, .move-check, .move-call, .move-show, #buttons .move";
    private static final List<String> PREFERRED = List.of(".move-fold", ".move-check", ".move-call", ".move-show",
            "#buttons .move");
    private static final String CHESS_PIECE = ".sq.movable";

    @TempDir
    Path homes;

    private UiServer aliceNode;
    private UiServer bobNode;
    /** Alice's and bob's browsers, one each for the class (starting Chromium costs seconds); new nodes each test. */
    private static HeadlessChromium alicePage;
    private static HeadlessChromium bobPage;
    /** The invitation bob answered on his home page: already given to him. */
    private String invitation = "";

    @BeforeAll
    static void startBrowsers() throws Exception {
        HeadlessChromium.assumeAvailable();
        alicePage = new HeadlessChromium(1000, 1000);
        bobPage = new HeadlessChromium(1000, 1000);
        Files.createDirectories(SCREENS);
    }

    @AfterAll
    static void stopBrowsers() {
        HeadlessChromium.closeAll(alicePage, bobPage);
    }

    @BeforeEach
    void start() throws Exception {
        Profile alice = Profile.open(homes.resolve("alice"), new SecureRandom());
        alice.setDisplayName("alice");
        Profile bob = Profile.open(homes.resolve("bob"), new SecureRandom());
        bob.setDisplayName("bob");
        aliceNode = UiServer.start(alice, Games.ALL, 0, 600);
        bobNode = UiServer.start(bob, Games.ALL, 0, 600);
    }

    @AfterEach
    void stop() throws Exception {
        try {
            alicePage.blank();
            bobPage.blank();
        } finally {
            for (AutoCloseable c : new AutoCloseable[] {aliceNode, bobNode}) {
                if (c != null) {
                    c.close();
                }
            }
        }
    }

    @Test
    void aHoldemHandByMailIsPlayedByCopyingTextsBetweenTwoPagesUntilBothShowVerified() throws Exception {
        String game = startAndAnswer("holdem", "hands", "1");
        int pastes = exchangeUntilOver(CARD_MOVES, null);
        assertThat(pastes).as("the deck's steps and the moves travel in several texts").isGreaterThan(4);
        for (HeadlessChromium page : new HeadlessChromium[] {alicePage, bobPage}) {
            assertThat(page.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
            assertThat(page.run("return document.getElementById('status').textContent").asText())
                    .startsWith("Game over");
            assertThat(page.run("return document.getElementById('download').hidden").asBoolean()).isFalse();
        }
        alicePage.screenshot(SCREENS.resolve("mail-holdem-alice-verified.png"));
        bobPage.screenshot(SCREENS.resolve("mail-holdem-bob-verified.png"));
        // The game is where `fairtable mail` reads it, owner-only, with the same verdict.
        Path dir = homes.resolve("alice").resolve(UiServer.MAIL_DIRECTORY).resolve(game);
        assertThat(GameStatus.read(dir).verdict()).startsWith("VERIFIED");
        assertThat(Files.getPosixFilePermissions(dir)).isEqualTo(Set.of(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE));
        // Alice's home page lists it, finished, as bob's lists his.
        alicePage.open(aliceNode.url().toString());
        assertThat(alicePage.await("alice's games by mail", STEP, "const li = document.querySelector('[data-mail]');"
                + " return li && li.textContent").asText()).contains(game).contains("alice vs bob").contains("VERIFIED");
    }

    @Test
    void aDarkChessGameByMailIsPlayedToItsPlyCapByCopyingTextsAndBothPagesShowVerified() throws Exception {
        startAndAnswer("dark-chess", "move-limit", "2");
        // Before anything is played, bob sees only his own half of the board and fog beyond it.
        JsonNode fog = bobPage.await("bob's board", STEP, "return document.querySelectorAll('.sq').length === 64"
                + " && [...document.querySelectorAll('.sq.fog')].map(b => b.dataset.square)");
        assertThat(fog.toString()).contains("\"e1\"");
        fog.forEach(square -> assertThat(square.asText()).doesNotEndWith("8").doesNotEndWith("7"));
        exchangeUntilOver(CHESS_PIECE, ".sq.target");
        for (HeadlessChromium page : new HeadlessChromium[] {alicePage, bobPage}) {
            assertThat(page.run("return document.getElementById('verdict').textContent").asText()).isEqualTo("VERIFIED");
        }
        assertThat(alicePage.run("return document.getElementById('status').textContent").asText())
                .startsWith("Game over");
        alicePage.screenshot(SCREENS.resolve("mail-dark-chess-verified.png"));
        bobPage.resize(390, 1100);
        assertThat(bobPage.run("return document.documentElement.scrollWidth <= window.innerWidth").asBoolean())
                .as("readable at phone width: nothing wider than the screen").isTrue();
        bobPage.screenshot(SCREENS.resolve("mail-dark-chess-phone.png"));
    }

    @Test
    void garbagePastedIntoEitherBoxIsAnsweredByOnePlainLineAndChangesNothing() throws Exception {
        String hello = startAndShowInvitation("holdem", "hands", "1");
        // On the home page's answer box.
        bobPage.open(bobNode.url().toString());
        bobPage.await("bob's home page", STEP, "return document.getElementById('mail-games').children.length > 0");
        setValue(bobPage, "#mail-text", "Hi bob, here is my move: raise 60");
        bobPage.click("#join-mail-button");
        String refused = bobPage.await("the refusal on bob's page", STEP,
                "return document.getElementById('join-mail-error').textContent").asText();
        assertThat(refused).startsWith("cannot read the text: no fairtable message found");
        assertPlain(refused);
        // On the game's page: no message at all, then one whose body was damaged in transit.
        int before = alicePage.run("return Number(document.body.dataset.messages)").asInt();
        setValue(alicePage, "#paste", "\u0000\u00ff garbage { \"seq\": 3 }");
        alicePage.click("#take");
        refused = alicePage.await("the refusal on alice's page", STEP,
                "return document.getElementById('error').textContent").asText();
        assertThat(refused).startsWith("cannot read the text: no fairtable message found");
        assertPlain(refused);
        String damaged = damage(hello);
        setValue(alicePage, "#paste", damaged);
        alicePage.click("#take");
        refused = alicePage.await("the second refusal", STEP, "const e = document.getElementById('error').textContent;"
                + " return e.includes('damaged') && e").asText();
        assertThat(refused).startsWith("cannot read the text: message 1 is damaged");
        assertPlain(refused);
        // Her own invitation pasted back into her own page is refused by name, not taken in.
        setValue(alicePage, "#paste", hello);
        alicePage.click("#take");
        refused = alicePage.await("the third refusal", STEP, "const e = document.getElementById('error').textContent;"
                + " return e.includes('own name') && e").asText();
        assertPlain(refused);
        assertThat(alicePage.run("return Number(document.body.dataset.messages)").asInt()).isEqualTo(before);
        assertThat(alicePage.run("return document.getElementById('send').value").asText()).isEqualTo(hello);
        alicePage.screenshot(SCREENS.resolve("mail-refused.png"));
    }

    /** Alice starts {@code game} by mail from her home page; returns the invitation text her mail page shows. */
    private String startAndShowInvitation(String game, String setting, String value) throws Exception {
        alicePage.open(aliceNode.url().toString());
        alicePage.await("alice's home page", STEP, "return document.querySelectorAll('#mail-game option').length > 0");
        alicePage.run("const g = document.getElementById('mail-game'); g.value = arguments[0];"
                + " g.dispatchEvent(new Event('change'));"
                + " document.querySelector('[data-mail-setting=\"' + arguments[1] + '\"]').value = arguments[2];",
                game, setting, value);
        alicePage.click("#start-mail");
        String hello = alicePage.await("alice's invitation to send", STEP, "const e = document.getElementById("
                + "'mail-error'); if (e && e.textContent) throw new Error('refused: ' + e.textContent);"
                + " const s = document.getElementById('send'); return location.pathname === '/mail' && s && s.value")
                .asText();
        assertThat(hello).startsWith("-----BEGIN FAIRTABLE MESSAGE-----").contains("From: 0 (alice)");
        assertThat(alicePage.run("return document.getElementById('copy-send').textContent").asText()).isEqualTo("Copy");
        return hello;
    }

    /** Alice starts the game, bob answers her invitation on his home page; returns alice's game's name. */
    private String startAndAnswer(String game, String setting, String value) throws Exception {
        String hello = startAndShowInvitation(game, setting, value);
        invitation = hello;
        alicePage.screenshot(SCREENS.resolve("mail-" + game + "-invitation.png"));
        bobPage.open(bobNode.url().toString());
        bobPage.await("bob's home page", STEP, "return document.querySelectorAll('#mail-game option').length > 0");
        setValue(bobPage, "#mail-text", hello);
        bobPage.click("#join-mail-button");
        bobPage.await("bob's game page", STEP, "const e = document.getElementById('join-mail-error');"
                + " if (e && e.textContent) throw new Error('refused: ' + e.textContent);"
                + " return location.pathname === '/mail' && Number(document.body.dataset.messages) > 1");
        return alicePage.run("return new URLSearchParams(location.search).get('game')").asText();
    }

    /**
     * Until both pages show a verdict: the page whose move it is clicks {@code move} (and then {@code target}, for a
     * board), and a text a page shows that the other has not yet been given is copied into the other's paste box.
     * Returns how many texts were pasted.
     */
    private int exchangeUntilOver(String move, String target) throws Exception {
        String fromAlice = invitation;
        String fromBob = "";
        int pastes = 0;
        for (int turn = 0; ; turn++) {
            assertThat(turn).as("the game to end within 400 steps").isLessThan(400);
            JsonNode a = situation(alicePage, move);
            JsonNode b = situation(bobPage, move);
            if (a.path("over").asBoolean() && b.path("over").asBoolean()) {
                return pastes;
            }
            if (a.path("move").asBoolean()) {
                play(alicePage, move, target);
            } else if (b.path("move").asBoolean()) {
                play(bobPage, move, target);
            } else if (!a.path("send").asText().isEmpty() && !a.path("send").asText().equals(fromAlice)) {
                fromAlice = a.path("send").asText();
                paste(bobPage, fromAlice);
                pastes++;
            } else if (!b.path("send").asText().isEmpty() && !b.path("send").asText().equals(fromBob)) {
                fromBob = b.path("send").asText();
                paste(alicePage, fromBob);
                pastes++;
            } else {
                throw new AssertionError("neither page has a move or a new text (alice: " + a + ", bob: " + b + ")");
            }
        }
    }

    private static JsonNode situation(HeadlessChromium page, String move) throws Exception {
        return page.run("const v = document.getElementById('verdict');"
                + " return {over: !v.hidden, move: !!document.querySelector(arguments[0]),"
                + " send: document.getElementById('send-box').hidden ? '' : document.getElementById('send').value}",
                move);
    }

    /** Clicks a move (a piece, then its first target), and waits until the node took it. */
    private static void play(HeadlessChromium page, String move, String target) throws Exception {
        int before = page.run("return Number(document.body.dataset.messages)").asInt();
        if (move.equals(CARD_MOVES)) {
            move = page.run("return arguments[0].find(css => document.querySelector(css))", PREFERRED).asText();
        }
        page.click(move);
        if (target != null) {
            page.await("the piece's targets", STEP, "return !!document.querySelector(arguments[0])", target);
            page.click(target);
        }
        awaitStep(page, before);
    }

    /** Pastes {@code text} into the page's box, takes it in, and waits until the node took it. */
    private static void paste(HeadlessChromium page, String text) throws Exception {
        int before = page.run("return Number(document.body.dataset.messages)").asInt();
        setValue(page, "#paste", text);
        page.click("#take");
        awaitStep(page, before);
    }

    private static void awaitStep(HeadlessChromium page, int before) throws Exception {
        String outcome = page.await("the step to be taken", STEP, "const e = document.getElementById('error')"
                + ".textContent; if (e) return 'refused: ' + e;"
                + " return Number(document.body.dataset.messages) > arguments[0] && 'taken'", before).asText();
        assertThat(outcome).isEqualTo("taken");
    }

    /** Puts text into a box as a paste does (typing a long text key by key would only be slower). */
    private static void setValue(HeadlessChromium page, String css, String text) throws Exception {
        page.run("document.querySelector(arguments[0]).value = arguments[1]", css, text);
    }

    /** The first base64 line of the first message, one character changed: a text damaged in transit. */
    private static String damage(String armored) {
        String[] lines = armored.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].isEmpty() && !lines[i].contains(":") && !lines[i].startsWith("-----")) {
                char c = lines[i].charAt(0);
                lines[i] = (c == 'A' ? 'B' : 'A') + lines[i].substring(1);
                return String.join("\n", lines);
            }
        }
        throw new AssertionError("no base64 line in " + armored);
    }

    /** One plain line: no Java exception's class names, no stack. */
    private static void assertPlain(String line) {
        assertThat(line).doesNotContain("Exception").doesNotContain("java.").doesNotContain("\n").isNotBlank();
    }
}
