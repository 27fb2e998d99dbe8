package fairtable.app.ui;

import fairtable.games.definitions.Games;
import fairtable.net.identity.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The set-up of the browser tests of one person on their own node: one headless Chromium for the whole class
 * (starting one costs seconds), and for each test a new node of alice's, seeded, in its own temporary home, and a
 * blank page at the window's first size. Skipped only where chromium or chromedriver is not installed; .ci/run
 * installs both. Screenshots go to app/target/ui-screens for docs/.
 */
abstract class OneNodeBrowserTest {
    static final Path SCREENS = Path.of("target", "ui-screens");
    static HeadlessChromium browser;

    @TempDir
    Path home;

    UiServer ui;
    private final int actionSeconds;

    /** {@code actionSeconds}: the person's clock for each decision, after which the game's bot decides for them. */
    OneNodeBrowserTest(int actionSeconds) {
        this.actionSeconds = actionSeconds;
    }

    @BeforeAll
    static void startBrowser() throws Exception {
        HeadlessChromium.assumeAvailable();
        browser = new HeadlessChromium(1100, 1000);
        Files.createDirectories(SCREENS);
    }

    @AfterAll
    static void stopBrowser() {
        HeadlessChromium.closeAll(browser);
    }

    @BeforeEach
    void startNode() throws Exception {
        Profile profile = Profile.open(home, new SecureRandom());
        profile.setDisplayName("alice");
        ui = UiServer.start(profile, Games.ALL, 0, actionSeconds, new SplittableRandom(16));
    }

    @AfterEach
    void stopNode() throws Exception {
        try {
            browser.blank();
        } finally {
            if (ui != null) {
                ui.close();
            }
        }
    }
}
