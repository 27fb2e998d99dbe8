package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real processes, really killed: the listening side of a journaled draw in the slow safe-prime mode is killed with
 * SIGKILL mid-protocol, once its journal holds a seeded number of entries short of the end, and started again with the
 * same command. It must resume mid-game, and both must finish with identical transcripts that audit VERIFIED. (The
 * connecting side's resume through the same two-seat session code is BoardGamesOverNetworkTest's killed dark chess
 * seat.)
 */
class KillAndResumeTest {
    private static final long SEED = 20261122;

    @TempDir
    Path dir;

    private Process start(Path log, String... args) throws Exception {
        return ChildJvm.startLogging(log, Main.class, args);
    }

    @Test
    void aKilledPeerResumesFromItsJournalAndTheGameFinishes() throws Exception {
        // A finished draw leaves five entries in each journal: kill after the first, second or third.
        int entries = 1 + new SplittableRandom(SEED).nextInt(3);
        Supplier<String> logs = () -> "seed " + SEED + ", killing alice after " + entries + " journal entries\n"
                + logs(dir);
        // The slow 2048-bit mode takes a fraction of a second per step, so the kill lands between two steps.
        String[] alice = {"draw", "--listen", "0", "--insecure", "--mode", "patent-safe-prime",
            "--cards", "40", "--home", dir.resolve("alice").toString(),
            "--journal", dir.resolve("alice.journal").toString(),
            "--transcript", dir.resolve("alice.jsonl").toString(), "--timeout", "60"};
        Process a = start(dir.resolve("alice-1.log"), alice);
        // alice chooses her port and says which; bob connects to it, and the revived alice listens on it again.
        String port = MidGameKill.awaitOutput(a, dir.resolve("alice-1.log"),
                Pattern.compile("Listening on port (\\d+) "), logs).group(1);
        alice[2] = port;
        String[] bob = {"draw", "--connect", "127.0.0.1:" + port, "--insecure", "--mode", "patent-safe-prime",
            "--cards", "40", "--home", dir.resolve("bob").toString(),
            "--journal", dir.resolve("bob.journal").toString(),
            "--transcript", dir.resolve("bob.jsonl").toString(), "--timeout", "60"};
        Process b = start(dir.resolve("bob-1.log"), bob);
        MidGameKill.awaitJournalEntries(a, dir.resolve("alice.journal"), entries, logs);
        MidGameKill.kill(a, dir.resolve("alice-1.log"), logs);
        Process revived = start(dir.resolve("alice-2.log"), alice);
        assertThat(revived.waitFor(90, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        assertThat(b.waitFor(90, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("alice-2.log")), dir.resolve("alice.jsonl"),
                logs.get());
        assertThat(revived.exitValue()).as(logs.get()).isZero();
        assertThat(b.exitValue()).as(logs.get()).isZero();
        assertThat(Files.readAllLines(dir.resolve("alice.jsonl")))
                .isEqualTo(Files.readAllLines(dir.resolve("bob.jsonl")));
        java.io.StringWriter out = new java.io.StringWriter();
        assertThat(Main.run(new java.io.PrintWriter(out, true), new java.io.PrintWriter(out, true),
                "audit", dir.resolve("alice.jsonl").toString())).isZero();
        assertThat(out.toString()).startsWith("VERIFIED");
    }

    private static String logs(Path d) {
        try (var files = Files.list(d)) {
            StringBuilder all = new StringBuilder();
            for (Path p : files.filter(f -> f.toString().endsWith(".log")).sorted().toList()) {
                all.append("== ").append(p.getFileName()).append('\n').append(Files.readString(p));
            }
            return all.toString();
        } catch (Exception e) {
            return e.toString();
        }
    }
}
