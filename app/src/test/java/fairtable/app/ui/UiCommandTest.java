package fairtable.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `fairtable ui` refuses what it cannot serve with one plain line and exit code 2. */
class UiCommandTest {
    @TempDir
    Path home;

    @Test
    void aPortInUseIsNamedInOneLine() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.run(new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true),
                    new PrintWriter(err, true), "ui", "--home", home.toString(), "--no-browser",
                    "--port", Integer.toString(taken.getLocalPort()));
            assertThat(code).isEqualTo(Main.ERROR);
            assertThat(err.toString().strip()).startsWith("fairtable: cannot serve on 127.0.0.1:" + taken.getLocalPort())
                    .doesNotContain("\n").doesNotContain("Exception");
            assertThat(out.toString()).doesNotContain("token=");
        }
    }

    @Test
    void aPortOutOfRangeIsRefused() {
        StringWriter err = new StringWriter();
        int code = Main.run(new ByteArrayInputStream(new byte[0]), new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true), "ui", "--home", home.toString(), "--no-browser", "--port", "70000");
        assertThat(code).isEqualTo(Main.ERROR);
        assertThat(err.toString().strip()).isEqualTo("fairtable: --port must be 0 to 65535, not 70000");
    }
}
