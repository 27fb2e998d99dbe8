package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a kill test proves that it killed mid-game: it kills only once a condition shows the game under way (entries
 * in the victim's journal, or a line of its output), only while the victim still runs and has printed no verdict,
 * and then checks that the revived process resumed before the end ("Resuming from FILE after N messages: ...",
 * with N short of the finished transcript and nothing saying the game is over).
 */
final class MidGameKill {
    private static final Pattern RESUMED = Pattern.compile("Resuming from \\S+ after (\\d+) messages: (.*)");

    private MidGameKill() {}

    /** Complete entries (lines) in a journal, 0 while it does not exist. A torn last line is not counted. */
    static int journalEntries(Path journal) throws IOException {
        if (!Files.exists(journal)) {
            return 0;
        }
        int lines = 0;
        for (byte b : Files.readAllBytes(journal)) {
            if (b == '\n') {
                lines++;
            }
        }
        return lines;
    }

    /**
     * Waits, polling every 20 ms for at most two minutes, until {@code journal} holds at least {@code entries}
     * entries; fails with {@code logs} if the process ends first. (A journal is compacted to one line only once it
     * has grown past a megabyte, well after the few entries the tests wait for.)
     */
    static void awaitJournalEntries(Process p, Path journal, int entries, Supplier<String> logs) throws Exception {
        await(p, () -> journalEntries(journal) >= entries, entries + " entries in " + journal, logs);
    }

    /**
     * Waits until the output written to {@code log} has a whole line matching {@code pattern}, and returns the
     * match; fails if the process ends first.
     */
    static MatchResult awaitOutput(Process p, Path log, Pattern pattern, Supplier<String> logs) throws Exception {
        MatchResult[] found = {null};
        await(p, () -> {
            if (Files.exists(log)) {
                // Only lines already ended, so that a line being written is not read half-way.
                String text = Files.readString(log);
                Matcher m = pattern.matcher(text.substring(0, text.lastIndexOf('\n') + 1));
                if (m.find()) {
                    found[0] = m.toMatchResult();
                }
            }
            return found[0] != null;
        }, "'" + pattern + "' in " + log, logs);
        return found[0];
    }

    private interface Condition {
        boolean holds() throws IOException;
    }

    private static void await(Process p, Condition condition, String what, Supplier<String> logs) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!condition.holds()) {
            // Waiting on the process itself both paces the polling and notices at once if it ends.
            if (p.waitFor(20, TimeUnit.MILLISECONDS)) {
                throw new AssertionError("the process ended (exit " + p.exitValue() + ") before " + what + ":\n"
                        + logs.get());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + what + " within 120 s:\n" + logs.get());
            }
        }
    }

    /** Kills {@code p} with SIGKILL, first checking that it still runs and has printed no audit verdict. */
    static void kill(Process p, Path log, Supplier<String> logs) throws Exception {
        assertThat(p.isAlive()).as("the victim must still run when killed:\n%s", logs.get()).isTrue();
        assertThat(Files.readString(log)).as("the victim must not have finished:\n%s", logs.get())
                .doesNotContain("Audit:");
        p.destroyForcibly();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    /**
     * Asserts that the revived process's output shows a resume mid-game: its journal held some messages, fewer than
     * the finished {@code transcript}, and the game was not over. Returns how many messages it resumed after.
     */
    static int assertResumedMidGame(String revivedOutput, Path transcript, String logs) throws Exception {
        Matcher m = RESUMED.matcher(revivedOutput);
        assertThat(m.find()).as("no resume line in the revived output:\n%s", logs).isTrue();
        int after = Integer.parseInt(m.group(1));
        int total = TranscriptFile.read(transcript).messages().size();
        assertThat(m.group(2)).as(logs).doesNotContain("is over");
        assertThat(after).as("resumed after %d of %d messages:\n%s", after, total, logs).isPositive().isLessThan(total);
        return after;
    }
}
