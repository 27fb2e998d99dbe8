package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.InProcessHost;
import fairtable.app.Main;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fairtable table --seed`: a bots-only Hold'em table for two, host and guest each in its own command, played twice
 * with the same profiles and the same seeds, makes the same moves: the two games' transcripts are the same, line for
 * line (each seat's secrets and its bot's decisions come from its seed; its signatures from its profile's key).
 */
class SeededTableTest {
    @TempDir
    Path dir;

    private List<String> play(String run) throws Exception {
        Path transcript = dir.resolve(run + "-ann.jsonl");
        InProcessHost host = InProcessHost.start("table", "host", "--game", "holdem", "--players", "2",
                "--set", "hands=3", "--listen", "0", "--name", "ann", "--home", dir.resolve("ann").toString(),
                "--accept-new", "--seed", "11", "--transcript", transcript.toString(), "--timeout", "120");
        StringWriter out = new StringWriter();
        int code = Main.run(new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true), new PrintWriter(out, true),
                "table", "join", "--name", "ben", "--home", dir.resolve("ben").toString(), "--seed", "12",
                "--connect", host.invitation(), "--transcript", dir.resolve(run + "-ben.jsonl").toString(),
                "--timeout", "120");
        InProcessHost.Run hosted = host.finish();
        assertThat(code).as(out.toString()).isZero();
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(hosted.out()).contains("Audit: VERIFIED").contains("Seeded with 11: ");
        assertThat(Files.readAllLines(dir.resolve(run + "-ben.jsonl"))).isEqualTo(Files.readAllLines(transcript));
        return Files.readAllLines(transcript);
    }

    @Test
    void twoRunsWithTheSameSeedsMakeTheSameMoves() throws Exception {
        List<String> first = play("first");
        List<String> second = play("second");
        assertThat(second).hasSizeGreaterThan(10).isEqualTo(first);
    }
}
