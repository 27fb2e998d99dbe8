package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Draw poker and dominoes under `fairtable play`, bots only (split from PlayCommandTest to keep each class short). */
class PlayDrawAndDominoesTest {
    private static final Pattern STACKS = Pattern.compile("Final stacks: (.*) \\(total");

    @TempDir
    Path dir;

    String run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        assertThat(exit).as("exit code; out:%n%s%nerr:%n%s", out, err).isEqualTo(expectedExit);
        return out.toString();
    }

    static int chipsIn(String out) {
        Matcher m = STACKS.matcher(out);
        assertThat(m.find()).as(out).isTrue();
        int total = 0;
        for (String part : m.group(1).split(", ")) {
            total += Integer.parseInt(part.substring(part.lastIndexOf(' ') + 1));
        }
        return total;
    }

    @Test
    void dominoesBotsOnlyPlaysTheMatchAndAudits() throws Exception {
        Path file = dir.resolve("d.jsonl");
        String out = run(Main.OK, "play", "dominoes", "--players", "3", "--bots", "all", "--seed", "2",
                "--transcript", file.toString());
        assertThat(out).contains("Round 1:").containsPattern("(?m)^Result: alice \\d+, bob \\d+, carol \\d+; ");
        PlayedResult.assertAuditedAsPrinted(out, "dominoes", 3, file);
        assertThat(PlayedResult.totals(out).stream().mapToInt(Integer::intValue).max().orElseThrow())
                .as("the match is played to 100").isGreaterThanOrEqualTo(100);
    }

    @Test
    void drawPokerBotsOnlyOverTheDeckAndOverThePatentProtocol() throws Exception {
        Path file = dir.resolve("p.jsonl");
        String deck = run(Main.OK, "play", "draw-poker", "--players", "2", "--bots", "all", "--hands", "3", "--seed", "3",
                "--transcript", file.toString());
        assertThat(PlayedResult.totals(deck).stream().mapToInt(Integer::intValue).sum()).isEqualTo(2000);
        PlayedResult.assertAuditedAsPrinted(deck, "draw-poker", 2, file);
        // Heads-up over FR 2823580: the same one session, each hand dealt by the patent's blind draw.
        Path patentFile = dir.resolve("q.jsonl");
        String patent = run(Main.OK, "play", "draw-poker", "--protocol", "patent", "--bots", "all", "--hands", "2",
                "--seed", "3", "--transcript", patentFile.toString());
        assertThat(patent).contains("FR 2823580 blind draw (patent-ristretto, K=52, X=5)");
        assertThat(PlayedResult.totals(patent).stream().mapToInt(Integer::intValue).sum()).isEqualTo(2000);
        PlayedResult.assertAuditedAsPrinted(patent, "draw-poker", 2, patentFile);
    }
}
