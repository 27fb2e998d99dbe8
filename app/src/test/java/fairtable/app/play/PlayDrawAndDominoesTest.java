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

/** The two other games of `fairtable play`, bots only (split from PlayCommandTest to keep each class short). */
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
    void dominoesBotsOnlyPlaysTheMatchAndAudits() {
        String out = run(Main.OK, "play", "dominoes", "--players", "3", "--bots", "all", "--seed", "2",
                "--transcript", dir.resolve("d.jsonl").toString());
        assertThat(out).contains("round 1: ").containsPattern("Final scores: alice \\d+, bob \\d+, carol \\d+");
        assertThat(out).containsPattern("(?m)^Audit: VERIFIED: \\d+ of \\d+ round transcripts");
        Matcher scores = Pattern.compile("Final scores: alice (\\d+), bob (\\d+), carol (\\d+)").matcher(out);
        assertThat(scores.find()).isTrue();
        int best = Math.max(Integer.parseInt(scores.group(1)), Math.max(Integer.parseInt(scores.group(2)),
                Integer.parseInt(scores.group(3))));
        assertThat(best).as("the match is played to 100").isGreaterThanOrEqualTo(100);
    }

    @Test
    void drawPokerBotsOnlyOverTheDeckAndOverThePatentProtocol() {
        String deck = run(Main.OK, "play", "draw-poker", "--players", "2", "--bots", "all", "--hands", "3", "--seed", "3",
                "--transcript", dir.resolve("p.jsonl").toString());
        assertThat(chipsIn(deck)).isEqualTo(2000);
        assertThat(deck).contains("Audit: VERIFIED: 3 of 3 hand transcripts").contains("Chips: VERIFIED: recomputed");
        String patent = run(Main.OK, "play", "draw-poker", "--protocol", "patent", "--bots", "all", "--hands", "2",
                "--seed", "3", "--transcript", dir.resolve("q.jsonl").toString());
        assertThat(chipsIn(patent)).isEqualTo(2000);
        assertThat(patent).contains("FR 2823580").contains("Audit: VERIFIED: 2 of 2 hand transcripts");
    }
}
