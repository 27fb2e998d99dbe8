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
 * Real processes, really killed: one side of a journaled draw is killed with SIGKILL mid-protocol, once its journal
 * holds a seeded number of entries short of the end, and started again with the same command. It must resume
 * mid-game, and both must finish with identical transcripts that audit VERIFIED.
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
        SplittableRandom random = new SplittableRandom(SEED);
        for (int round = 0; round < 2; round++) {
            Path d = Files.createDirectories(dir.resolve("round" + round));
            boolean killAlice = round == 0;
            // A finished draw leaves five entries in each journal: kill after the first, second or third.
            int entries = 1 + random.nextInt(3);
            Supplier<String> logs = () -> "seed " + SEED + ", killing " + (killAlice ? "alice" : "bob") + " after "
                    + entries + " journal entries\n" + logs(d);
            // The slow 2048-bit mode takes a fraction of a second per step, so the kill lands between two steps.
            String[] alice = {"draw", "--listen", "0", "--insecure", "--mode", "patent-safe-prime",
                "--cards", "40", "--home", d.resolve("alice").toString(), "--journal", d.resolve("alice.journal").toString(),
                "--transcript", d.resolve("alice.jsonl").toString(), "--timeout", "60"};
            Process a = start(d.resolve("alice-1.log"), alice);
            // alice chooses her port and says which; bob connects to it, and a revived alice listens on it again.
            String port = MidGameKill.awaitOutput(a, d.resolve("alice-1.log"), Pattern.compile("Listening on port (\\d+) "),
                    logs).group(1);
            alice[2] = port;
            String[] bob = {"draw", "--connect", "127.0.0.1:" + port, "--insecure", "--mode", "patent-safe-prime",
                "--cards", "40", "--home", d.resolve("bob").toString(), "--journal", d.resolve("bob.journal").toString(),
                "--transcript", d.resolve("bob.jsonl").toString(), "--timeout", "60"};
            Process b = start(d.resolve("bob-1.log"), bob);
            String victimName = killAlice ? "alice" : "bob";
            Process victim = killAlice ? a : b;
            MidGameKill.awaitJournalEntries(victim, d.resolve(victimName + ".journal"), entries, logs);
            MidGameKill.kill(victim, d.resolve(victimName + "-1.log"), logs);
            Process revived = start(d.resolve(victimName + "-2.log"), killAlice ? alice : bob);
            Process survivor = killAlice ? b : a;
            assertThat(revived.waitFor(90, TimeUnit.SECONDS)).as(logs.get()).isTrue();
            assertThat(survivor.waitFor(90, TimeUnit.SECONDS)).as(logs.get()).isTrue();
            MidGameKill.assertResumedMidGame(Files.readString(d.resolve(victimName + "-2.log")),
                    d.resolve(victimName + ".jsonl"), logs.get());
            assertThat(revived.exitValue()).as(logs.get()).isZero();
            assertThat(survivor.exitValue()).as(logs.get()).isZero();
            assertThat(Files.readAllLines(d.resolve("alice.jsonl"))).isEqualTo(Files.readAllLines(d.resolve("bob.jsonl")));
            java.io.StringWriter out = new java.io.StringWriter();
            assertThat(Main.run(new java.io.PrintWriter(out, true), new java.io.PrintWriter(out, true),
                    "audit", d.resolve("alice.jsonl").toString())).isZero();
            assertThat(out.toString()).startsWith("VERIFIED");
        }
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
