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
    void onlyBotsOnlyGamesAreSupported() {
        String[] result = run("play-dark-chess", "--bots", "white", "--max-moves", "1");
        assertThat(result[0]).isEqualTo("2");
        assertThat(result[1]).contains("--bots all");
    }

    @Test
    void anUnknownObliviousTransferIsAnError() {
        String[] result = run("play-dark-chess", "--bots", "all", "--ot", "rabin", "--max-moves", "1");
        assertThat(result[0]).isEqualTo("2");
        assertThat(result[1]).contains("unknown OT 'rabin'");
    }
}
