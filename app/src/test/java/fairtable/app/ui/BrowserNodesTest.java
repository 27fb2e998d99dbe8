package fairtable.app.ui;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The set-up of every browser test of people on several nodes: alice's and bob's nodes and browsers
 * ({@link BrowserNodes}), each profile in its own temporary home; new nodes for each test, the browsers kept for the
 * class and left on a blank page between tests. Skipped only where chromium or chromedriver is not
 * installed; .ci/run installs both.
 */
abstract class BrowserNodesTest {
    @TempDir
    Path homes;

    BrowserNodes nodes;
    /** Alice's and bob's browsers, one each for the whole class: starting Chromium costs seconds. */
    private static HeadlessChromium alicePage;
    private static HeadlessChromium bobPage;

    @BeforeAll
    static void startBrowsers() throws Exception {
        HeadlessChromium.assumeAvailable();
        alicePage = new HeadlessChromium(1000, 900);
        bobPage = new HeadlessChromium(1000, 900);
    }

    @AfterAll
    static void stopBrowsers() {
        HeadlessChromium.closeAll(alicePage, bobPage);
    }

    @BeforeEach
    void startNodes() throws Exception {
        nodes = new BrowserNodes(homes, alicePage, bobPage);
    }

    @AfterEach
    void stopNodes() throws Exception {
        if (nodes != null) {
            nodes.close();
        }
    }
}
