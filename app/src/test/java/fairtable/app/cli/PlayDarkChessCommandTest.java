package fairtable.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlayDarkChessCommandTest {
    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new String[] {Integer.toString(code), out.toString()};
    }

    @Test
    void aSeededBotsGamePrintsViewsWritesTheTranscriptAndAuditsVerified(@TempDir Path dir) {
        Path file = dir.resolve("dark.jsonl");
        String[] result = run("play-dark-chess", "--bots", "all", "--seed", "3", "--max-moves", "2", "--show-every", "1",
                "--transcript", file.toString());
        assertThat(result[0]).isEqualTo("0");
        assertThat(result[1]).contains("White's view after ply 1:", "Black's view at the end:",
                "Result: draw: the cap of 2 plies was reached", "Audit", "VERIFIED");
        assertThat(Files.exists(file)).isTrue();
        String[] audit = run("audit", file.toString());
        assertThat(audit[0]).isEqualTo("0");
        assertThat(audit[1]).contains("VERIFIED");
    }

    @Test
    void twoProcessesPlayOverPlainTcpWithInsecureAndBothAuditVerified(@TempDir Path dir) throws Exception {
        int port;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Path whiteFile = dir.resolve("white.jsonl");
        Path blackFile = dir.resolve("black.jsonl");
        java.util.concurrent.CompletableFuture<String[]> host = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> run("play-dark-chess", "--bots", "all", "--host", Integer.toString(port), "--insecure",
                        "--home", dir.resolve("white").toString(), "--max-moves", "1",
                        "--timeout", "60", "--transcript", whiteFile.toString()));
        String[] black = null;
        for (int attempt = 0; attempt < 50 && black == null; attempt++) {
            Thread.sleep(100);
            String[] tried = run("play-dark-chess", "--bots", "all", "--join", "127.0.0.1:" + port, "--insecure",
                    "--home", dir.resolve("black").toString(), "--max-moves",
                    "1", "--timeout", "60", "--transcript", blackFile.toString());
            if (!tried[1].contains("Connection refused")) {
                black = tried;
            }
        }
        String[] white = host.get(120, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(black).isNotNull();
        assertThat(black[1]).contains("Joining", "Black's view at the end:", "Audit: VERIFIED");
        assertThat(black[0]).isEqualTo("0");
        assertThat(white[1]).contains("Hosting", "White's view at the end:", "Audit: VERIFIED");
        assertThat(white[0]).isEqualTo("0");
        assertThat(Files.readAllLines(whiteFile)).isEqualTo(Files.readAllLines(blackFile));
    }

    @Test
    void anUnknownObliviousTransferIsAnError() {
        String[] result = run("play-dark-chess", "--bots", "all", "--ot", "rabin", "--max-moves", "1");
        assertThat(result[0]).isEqualTo("2");
        assertThat(result[1]).contains("unknown OT 'rabin'");
    }
}
