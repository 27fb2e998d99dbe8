package fairtable.app.ui;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The set-up of every browser test of people on several nodes: alice's and bob's nodes and browsers
 * ({@link BrowserNodes}), each profile in its own temporary home. Skipped only where chromium or chromedriver is not
 * installed; .ci/run installs both.
 */
abstract class BrowserNodesTest {
    @TempDir
    Path homes;

    BrowserNodes nodes;

    @BeforeEach
    void startNodes() throws Exception {
        HeadlessChromium.assumeInstalled();
        nodes = new BrowserNodes(homes);
    }

    @AfterEach
    void stopNodes() throws Exception {
        if (nodes != null) {
            nodes.close();
        }
    }
}
