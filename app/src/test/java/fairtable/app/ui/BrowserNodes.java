package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * People each with their own seeded node (`ui --seed`) and their own headless Chromium: alice and bob, and carol when
 * a table needs a third; and the way one invites the others from the home page's form: alice hosts, a guest pastes
 * her invitation into "Join a table", and alice accepts them by the fingerprint her page asks about.
 */
final class BrowserNodes implements AutoCloseable {
    static final Duration STEP = Duration.ofSeconds(60);
    static final Path SCREENS = Path.of("target", "ui-screens");

    final Profile bob;
    UiServer aliceNode;
    UiServer bobNode;
    final HeadlessChromium alicePage;
    final HeadlessChromium bobPage;
    private final Path homes;
    Profile carol;
    UiServer carolNode;
    HeadlessChromium carolPage;

    /** The nodes, with alice's and bob's browsers kept by the test class ({@link BrowserNodesTest}). */
    BrowserNodes(Path homes, HeadlessChromium alicePage, HeadlessChromium bobPage) throws Exception {
        this.homes = homes;
        this.alicePage = alicePage;
        this.bobPage = bobPage;
        Profile alice = Profile.open(homes.resolve("alice"), new SecureRandom());
        alice.setDisplayName("alice");
        bob = Profile.open(homes.resolve("bob"), new SecureRandom());
        bob.setDisplayName("bob");
        aliceNode = UiServer.start(alice, Games.ALL, 0, 600, new UiServer.Network("127.0.0.1", 16L));
        bobNode = UiServer.start(bob, Games.ALL, 0, 600, new UiServer.Network("127.0.0.1", 61L));
        Files.createDirectories(SCREENS);
    }

    /**
     * Alice hosts {@code game} with {@code settings} from her home page, bob joins with the invitation her page shows,
     * and alice accepts him by his fingerprint ({@code screens}: the names of the screenshots of the invitation and
     * the question, or null). Returns the invitation.
     */
    String hostAndJoin(String game, Map<String, String> settings, String screens) throws Exception {
        String invitation = host(game, settings, screens);
        join(invitation);
        accept(screens);
        return invitation;
    }

    /** Alice hosts {@code game} for two from her home page; returns the invitation her table page shows. */
    String host(String game, Map<String, String> settings, String screens) throws Exception {
        return host(game, settings, screens, 2);
    }

    /** Alice hosts {@code game} for {@code players}; returns the (first) invitation her table page shows. */
    String host(String game, Map<String, String> settings, String screens, int players) throws Exception {
        alicePage.open(aliceNode.url().toString());
        alicePage.await("alice's home page", STEP, "return document.getElementById('fingerprint').textContent");
        alicePage.run("const g = document.getElementById('game'); g.value = arguments[0];"
                + "g.dispatchEvent(new Event('change'));"
                + "for (const [k, v] of Object.entries(arguments[1]))"
                + " document.querySelector('[data-setting=' + k + ']').value = v;"
                + "document.getElementById('players').value = arguments[2];", game, settings, players);
        alicePage.click("#invite");
        alicePage.click("#start");
        String invitation = alicePage.await("the invitation on alice's table page", STEP,
                "if (document.getElementById('form-error') && document.getElementById('form-error').textContent)"
                + " throw new Error('refused: ' + document.getElementById('form-error').textContent);"
                + "const i = document.querySelector('#invitation:not(:empty), .seat-invitation');"
                + "return i && !document.getElementById('invite-box').hidden && i.textContent").asText();
        assertThat(alicePage.run("return document.getElementById('status').textContent").asText())
                .startsWith("Waiting for a player to join by your invitation (");
        if (screens != null) {
            alicePage.screenshot(SCREENS.resolve(screens + "-invitation.png"));
        }
        return invitation;
    }

    /** Closes alice's node ({@code host}) or bob's, as a person who stops `fairtable ui`. */
    void stop(boolean host) throws Exception {
        (host ? aliceNode : bobNode).close();
    }

    /**
     * Starts alice's node ({@code host}) or bob's again on the same home, after {@link #stop}, as a person who runs
     * `fairtable ui --home` again.
     */
    void startAgain(boolean host) throws Exception {
        if (host) {
            aliceNode = UiServer.start(Profile.open(homes.resolve("alice"), new SecureRandom()), Games.ALL, 0, 600,
                    new UiServer.Network("127.0.0.1", 16L));
        } else {
            bobNode = UiServer.start(Profile.open(homes.resolve("bob"), new SecureRandom()), Games.ALL, 0, 600,
                    new UiServer.Network("127.0.0.1", 61L));
        }
    }

    /** Starts carol's node and browser, for a table of three. */
    void startCarol() throws Exception {
        carol = Profile.open(homes.resolve("carol"), new SecureRandom());
        carol.setDisplayName("carol");
        carolNode = UiServer.start(carol, Games.ALL, 0, 600, new UiServer.Network("127.0.0.1", 77L));
        carolPage = new HeadlessChromium(1000, 900);
    }

    /** Bob pastes the invitation into his home page's "Join a table" and is taken to the table's page. */
    void join(String invitation) throws Exception {
        join(bobPage, bobNode, invitation);
    }

    /** A guest pastes the invitation into their home page's "Join a table" and is taken to the table's page. */
    static void join(HeadlessChromium page, UiServer node, String invitation) throws Exception {
        join(page, node, invitation, "/table");
    }

    /** As above, the invitation taking the guest to the page at {@code path} (the table's, or the allocation's). */
    static void join(HeadlessChromium page, UiServer node, String invitation, String path) throws Exception {
        page.open(node.url().toString());
        page.await("the guest's home page", STEP, "return document.getElementById('fingerprint').textContent");
        page.type("#invitation-text", invitation);
        page.click("#join");
        page.await("the guest's table page", STEP, "if (document.getElementById('join-error')"
                + "&& document.getElementById('join-error').textContent) throw new Error('refused: '"
                + "+ document.getElementById('join-error').textContent);"
                + "return location.pathname === arguments[0] && !!document.getElementById('verdict')", path);
    }

    /** Alice's page asks whether to accept bob, by his fingerprint, and she accepts. */
    void accept(String screens) throws Exception {
        String question = alicePage.await("alice to be asked about bob", STEP, "return !document"
                + ".getElementById('question-box').hidden && document.getElementById('question').textContent").asText();
        assertThat(question).isEqualTo("Accept bob, fingerprint " + bob.fingerprint() + "?");
        if (screens != null) {
            alicePage.screenshot(SCREENS.resolve(screens + "-accept.png"));
        }
        alicePage.click("#accept");
    }

    /**
     * Alice's person refuses bob when asked: his page says at once, in one line, that the host refused his key, with
     * nothing to play ({@code movable}: the page's movable pieces), and alice's table waits on for a player.
     */
    void refuseBob(String movable) throws Exception {
        alicePage.await("alice to be asked about bob", STEP, "return !document.getElementById('question-box').hidden");
        alicePage.click("#refuse");
        String told = bobPage.await("bob to be told he was refused", STEP,
                "const n = document.getElementById('status').textContent; return n.includes('refused') && n").asText();
        assertThat(told).startsWith("Stopped: the host at ")
                .contains(" refused you: your key " + bob.fingerprint() + " is not accepted there as bob.");
        assertThat(told.lines().count()).as("one line").isEqualTo(1);
        assertThat(bobPage.run("return document.getElementById('verdict').textContent").asText())
                .as("no audit ran: the game never started").isEqualTo("STOPPED");
        assertThat(bobPage.run("return document.querySelectorAll(arguments[0]).length", movable).asInt())
                .as("nothing to play for a refused guest").isZero();
        alicePage.await("alice's table to wait on", STEP, "return document.getElementById('question-box').hidden"
                + " && document.getElementById('status').textContent.startsWith('Waiting for a player to join')");
    }

    /** The table id a page shows. */
    static String tableId(HeadlessChromium page) throws Exception {
        return page.run("return new URLSearchParams(location.search).get('id')").asText();
    }

    /** The step the page's status line names. */
    static int step(HeadlessChromium page) throws Exception {
        return page.run("return Number(document.getElementById('status').textContent.match(/step (\\d+)/)[1])")
                .asInt();
    }

    /**
     * Clicks the first of the page's pieces or tiles ({@code piece}) that can move, then the first of its highlighted
     * targets ({@code target}), and waits until the node has taken the move.
     */
    static void move(HeadlessChromium page, String piece, String target) throws Exception {
        int step = step(page);
        page.click(piece);
        page.await("the legal targets", STEP, "return document.querySelector(arguments[0])", target);
        page.click(target);
        page.await("the move to be taken", STEP, "const m = document.getElementById('status').textContent"
                + ".match(/step (\\d+)/); return !document.querySelector(arguments[1])"
                + " || (m && Number(m[1]) !== arguments[0]);", step, piece);
    }

    /** "over" once the page shows the verdict, "move" while it offers one of {@code moves} to click, else "wait". */
    static String situation(HeadlessChromium page, String moves) throws Exception {
        return page.run("const v = document.getElementById('verdict');"
                + "if (v && !v.hidden) return 'over';"
                + "return document.querySelector(arguments[0]) ? 'move' : 'wait';", moves).asText();
    }

    /** Clicks the first of the page's {@code moves}, and waits until the node has taken the move. */
    static void play(HeadlessChromium page, String moves) throws Exception {
        int step = step(page);
        page.click(moves);
        page.await("the move to be taken", STEP, "const m = document.getElementById('status').textContent"
                + ".match(/step (\\d+)/); return !document.querySelector(arguments[1])"
                + " || (m && Number(m[1]) !== arguments[0]);", step, moves);
    }

    /** One move made on the page whose turn it is. */
    interface PageMove {
        void make(HeadlessChromium page) throws Exception;
    }

    /**
     * Makes each page's moves with {@code move} as its turn comes (the first page to move first), until every page
     * shows its verdict; fails if the game has not ended within {@code limit}. {@code moves} is what
     * {@link #situation} looks for.
     */
    static void playUntilOver(String moves, PageMove move, Duration limit, HeadlessChromium... pages)
            throws Exception {
        Instant deadline = Instant.now().plus(limit);
        while (true) {
            List<String> situations = new ArrayList<>();
            HeadlessChromium toMove = null;
            for (HeadlessChromium page : pages) {
                String situation = situation(page, moves);
                situations.add(situation);
                if (toMove == null && situation.equals("move")) {
                    toMove = page;
                }
            }
            if (situations.stream().allMatch("over"::equals)) {
                return;
            }
            assertThat(Instant.now()).as("the game to end (pages: %s)", situations).isBefore(deadline);
            if (toMove != null) {
                move.make(toMove);
            } else {
                Thread.sleep(100); // polling the pages for the next move or the verdicts, the condition awaited
            }
        }
    }

    /**
     * Opens {@code node}'s home page in {@code page}, waits until it lists table {@code id} as in progress (a table
     * taken up after a restart), opens the table from that link, and returns the line the home page listed.
     */
    static String openTakenUp(HeadlessChromium page, UiServer node, String id) throws Exception {
        page.open(node.url().toString());
        String listed = page.await("the game listed as in progress", STEP,
                "const a = document.querySelector('#tables a[href=\"/table?id=' + arguments[0] + '\"]');"
                + "return a && a.parentElement.textContent.includes('in progress') && a.parentElement.textContent",
                id).asText();
        page.click("#tables a[href=\"/table?id=" + id + "\"]");
        return listed;
    }

    /** Leaves alice's and bob's pages blank for the next test, and stops carol's browser and the nodes. */
    @Override
    public void close() throws Exception {
        try {
            alicePage.blank();
            bobPage.blank();
        } finally {
            for (AutoCloseable c : new AutoCloseable[] {carolPage, aliceNode, bobNode, carolNode}) {
                if (c != null) {
                    c.close();
                }
            }
        }
    }
}
