package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Map;

/**
 * Two people, alice and bob, each with their own seeded node (`ui --seed`) and their own headless Chromium, and the
 * way one invites the other from the home page's form: alice hosts, bob pastes her invitation into "Join a table",
 * and alice accepts him by the fingerprint her page asks about.
 */
final class TwoBrowserNodes implements AutoCloseable {
    static final Duration STEP = Duration.ofSeconds(60);
    static final Path SCREENS = Path.of("target", "ui-screens");

    final Profile bob;
    UiServer aliceNode;
    UiServer bobNode;
    final HeadlessChromium alicePage;
    final HeadlessChromium bobPage;

    TwoBrowserNodes(Path homes) throws Exception {
        Profile alice = Profile.open(homes.resolve("alice"), new SecureRandom());
        alice.setDisplayName("alice");
        bob = Profile.open(homes.resolve("bob"), new SecureRandom());
        bob.setDisplayName("bob");
        aliceNode = UiServer.start(alice, Games.ALL, 0, 600, new UiServer.Network("127.0.0.1", 16L));
        bobNode = UiServer.start(bob, Games.ALL, 0, 600, new UiServer.Network("127.0.0.1", 61L));
        alicePage = new HeadlessChromium(1000, 900);
        bobPage = new HeadlessChromium(1000, 900);
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

    /** Alice hosts {@code game} from her home page; returns the invitation her table page shows. */
    String host(String game, Map<String, String> settings, String screens) throws Exception {
        alicePage.open(aliceNode.url().toString());
        alicePage.await("alice's home page", STEP, "return document.getElementById('fingerprint').textContent");
        alicePage.run("const g = document.getElementById('game'); g.value = arguments[0];"
                + "g.dispatchEvent(new Event('change'));"
                + "for (const [k, v] of Object.entries(arguments[1]))"
                + " document.querySelector('[data-setting=' + k + ']').value = v;", game, settings);
        alicePage.click("#invite");
        alicePage.click("#start");
        String invitation = alicePage.await("the invitation on alice's table page", STEP,
                "if (document.getElementById('form-error') && document.getElementById('form-error').textContent)"
                + " throw new Error('refused: ' + document.getElementById('form-error').textContent);"
                + "const i = document.getElementById('invitation'); return i && !document.getElementById('invite-box')"
                + ".hidden && i.textContent").asText();
        assertThat(alicePage.run("return document.getElementById('status').textContent").asText())
                .startsWith("Waiting for a player to join by your invitation (");
        if (screens != null) {
            alicePage.screenshot(SCREENS.resolve(screens + "-invitation.png"));
        }
        return invitation;
    }

    /** Bob pastes the invitation into his home page's "Join a table" and is taken to the table's page. */
    void join(String invitation) throws Exception {
        bobPage.open(bobNode.url().toString());
        bobPage.await("bob's home page", STEP, "return document.getElementById('fingerprint').textContent");
        bobPage.type("#invitation-text", invitation);
        bobPage.click("#join");
        bobPage.await("bob's table page", STEP, "if (document.getElementById('join-error')"
                + "&& document.getElementById('join-error').textContent) throw new Error('refused: '"
                + "+ document.getElementById('join-error').textContent);"
                + "return location.pathname === '/table' && !!document.getElementById('verdict')");
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

    /** The table id a page shows. */
    static String tableId(HeadlessChromium page) throws Exception {
        return page.run("return new URLSearchParams(location.search).get('id')").asText();
    }

    /** The step the page's status line names. */
    static int step(HeadlessChromium page) throws Exception {
        return page.run("return Number(document.getElementById('status').textContent.match(/step (\\d+)/)[1])")
                .asInt();
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable c : new AutoCloseable[] {alicePage, bobPage, aliceNode, bobNode}) {
            if (c != null) {
                c.close();
            }
        }
    }
}
