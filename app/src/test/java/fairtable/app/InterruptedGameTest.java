package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.transcript.TranscriptFile;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stopping a game keeps what is finished and says so; a second game never writes over the first one's file. */
class InterruptedGameTest {

    @Test
    void aGameStoppedAtThePersonsPromptSavesItsTranscriptSoFarAndSaysWhere(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("holdem.jsonl");
        Process child = ChildJvm.start("play", "holdem", "--players", "2", "--seed", "5", "--hands", "3",
                "--transcript", file.toString());
        List<String> lines = new ArrayList<>();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        // Answer the first decision, so a round is under way, then stop the process at the next prompt.
        int prompts = 0;
        StringBuilder partial = new StringBuilder();
        for (int c; (c = out.read()) != -1; ) {
            partial.append((char) c);
            if (c == '\n') {
                lines.add(partial.toString().strip());
                partial.setLength(0);
            } else if (partial.toString().equals("alice> ")) {
                partial.setLength(0);
                if (++prompts == 2) {
                    break;
                }
                child.getOutputStream().write("fold\n".getBytes(StandardCharsets.UTF_8));
                child.getOutputStream().flush();
            }
        }
        assertThat(prompts).as(String.join("\n", lines)).isEqualTo(2);
        if (ignoresInterrupts(child.pid())) {
            child.destroyForcibly();
            // A job started in the background by a shell without job control inherits SIGINT ignored, as POSIX says.
            Assumptions.abort("SIGINT is ignored here (the build was started as a background job): no Ctrl-C to test");
        }
        // Ctrl-C at the terminal: SIGINT to the process (Process.destroy would close the streams read here).
        assertThat(new ProcessBuilder("kill", "-INT", Long.toString(child.pid())).start().waitFor()).isZero();
        boolean ended = child.waitFor(60, TimeUnit.SECONDS);
        if (!ended) {
            child.destroyForcibly(); // so the rest of the output ends, and the test reports instead of hanging
        }
        for (String line; (line = out.readLine()) != null; ) {
            lines.add(line);
        }
        assertThat(ended).as("the game ended within 60 s of SIGINT:%n%s", String.join("\n", lines)).isTrue();
        assertThat(lines).anySatisfy(line -> assertThat(line)
                .startsWith("Interrupted: the game so far is saved, every finished round with it: " + file));
        assertThat(TranscriptFile.read(file).messages()).isNotEmpty();
    }

    @Test
    void anExistingTranscriptIsNeverWrittenOver(@TempDir Path dir) throws Exception {
        Path earlier = Files.writeString(dir.resolve("earlier.jsonl"), "an earlier game's transcript\n");
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "play", "holdem",
                "--bots", "all", "--players", "2", "--hands", "1", "--seed", "1", "--transcript", earlier.toString());
        assertThat(code).isEqualTo(Main.ERROR);
        assertThat(err.toString()).contains(earlier.toString(), "already exists");
        assertThat(Files.readString(earlier)).isEqualTo("an earlier game's transcript\n");
    }

    /** Whether the process ignores SIGINT, from the kernel's signal mask (Linux); false where that cannot be read. */
    private static boolean ignoresInterrupts(long pid) throws java.io.IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                long ignored = Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16);
                return (ignored & (1L << (2 - 1))) != 0; // SIGINT is signal 2, bit 1
            }
        }
        return false;
    }
}
