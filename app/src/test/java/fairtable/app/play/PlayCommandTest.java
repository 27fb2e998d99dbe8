package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Main;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlayCommandTest {
    private static final Pattern STACKS = Pattern.compile("Final stacks: (.*) \\(total");

    @TempDir
    Path dir;

    private String run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        assertThat(exit).as("exit code; out:%n%s%nerr:%n%s", out, err).isEqualTo(expectedExit);
        return out.toString();
    }

    private static int chipsIn(String out) {
        Matcher m = STACKS.matcher(out);
        assertThat(m.find()).as(out).isTrue();
        int total = 0;
        for (String part : m.group(1).split(", ")) {
            total += Integer.parseInt(part.substring(part.lastIndexOf(' ') + 1));
        }
        return total;
    }

    @Test
    void holdemBotsOnlyPlaysAuditsAndConservesChips() throws Exception {
        Path file = dir.resolve("h.jsonl");
        String out = run(Main.OK, "play", "holdem", "--players", "4", "--bots", "all", "--hands", "5", "--seed", "1",
                "--transcript", file.toString());
        assertThat(out).contains("hand 1: pot").contains("hand 5: pot");
        assertThat(chipsIn(out)).isEqualTo(4000);
        assertThat(out).containsPattern("(?m)^Audit: VERIFIED: 5 of 5 hand transcripts");
        // A third party's recomputation from the files alone gives the same stacks.
        String stacks = out.substring(out.indexOf("Final stacks: ") + "Final stacks: ".length(), out.indexOf(" (total"));
        assertThat(out).contains("Chips: VERIFIED: recomputed from the transcripts and the signed decisions alone, "
                + "every private hand hidden: " + stacks);
        // The files on disk are what a third party audits.
        assertThat(Auditor.audit(TranscriptFile.read(dir.resolve("h-3.jsonl"))).line()).startsWith("VERIFIED");
        // Next to it, the hand's signed decisions, in order.
        assertThat(java.nio.file.Files.readAllLines(dir.resolve("h-3.decisions.jsonl")))
                .isNotEmpty().allSatisfy(line -> assertThat(line).startsWith("{\"round\":3,\"seq\":").contains("\"signature\":\""));
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
