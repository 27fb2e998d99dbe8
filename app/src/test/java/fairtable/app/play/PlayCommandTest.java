package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlayCommandTest {
    @TempDir
    Path dir;

    private String run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        assertThat(exit).as("exit code; out:%n%s%nerr:%n%s", out, err).isEqualTo(expectedExit);
        return out.toString();
    }

    @Test
    void holdemBotsOnlyPlaysAuditsAndConservesChips() throws Exception {
        Path file = dir.resolve("h.jsonl");
        String out = run(Main.OK, "play", "holdem", "--players", "4", "--bots", "all", "--hands", "5", "--seed", "1",
                "--transcript", file.toString());
        assertThat(out).contains("Round 1:").contains("Settings: players=4, hands=5");
        assertThat(PlayedResult.totals(out)).hasSize(4);
        assertThat(PlayedResult.totals(out).stream().mapToInt(Integer::intValue).sum()).isEqualTo(4000);
        // One transcript for the whole session; the audit of the file alone recomputes the stacks printed.
        PlayedResult.assertAuditedAsPrinted(out, "holdem", 4, file);
    }

    @Test
    void impossibleTablesAreRefused() {
        run(Main.ERROR, "play", "holdem", "--players", "10", "--bots", "all");
        run(Main.ERROR, "play", "dominoes", "--players", "5", "--bots", "all");
        run(Main.ERROR, "play", "draw-poker", "--players", "3", "--protocol", "patent", "--bots", "all");
        run(Main.ERROR, "play", "chess", "--bots", "all");
        run(Main.ERROR, "play", "holdem", "--players", "4", "--bots", "1");
    }
}
