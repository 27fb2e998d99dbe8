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
        Path whiteFile = dir.resolve("white.jsonl");
        Path blackFile = dir.resolve("black.jsonl");
        fairtable.app.InProcessHost host = fairtable.app.InProcessHost.start("play-dark-chess", "--bots", "all",
                "--host", "0", "--insecure", "--home", dir.resolve("white").toString(), "--max-moves", "1",
                "--seed", "3", "--timeout", "60", "--transcript", whiteFile.toString());
        String[] black = run("play-dark-chess", "--bots", "all", "--join", "127.0.0.1:" + host.port(), "--insecure",
                "--home", dir.resolve("black").toString(), "--max-moves", "1", "--seed", "3", "--timeout", "60",
                "--transcript", blackFile.toString());
        fairtable.app.InProcessHost.Run hosted = host.finish();
        String[] white = {Integer.toString(hosted.code()), hosted.out()};
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
