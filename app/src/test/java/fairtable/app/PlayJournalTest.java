package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A card game across processes over TLS survives a SIGKILL: the killed process (the relaying host, or a guest)
 * runs the same command again with its --journal, rebuilds its seat by replaying what it had consumed, the others
 * take their seats back, and the game ends with the same transcripts on both sides, audited VERIFIED. The games
 * are seeded (bots and secrets), so that each lasts the six hands the kills are timed against: an unseeded
 * table of bots sometimes went all-in in its first hand and ended before any kill.
 */
class PlayJournalTest {
    @TempDir
    Path dir;

    private Process start(Path log, List<String> args) throws IOException {
        return new ProcessBuilder(ChildJvm.command(args.toArray(String[]::new))).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    private String log(String name) throws IOException {
        Path file = dir.resolve(name);
        return Files.exists(file) ? Files.readString(file) : "";
    }

    /** N from "Audit: VERIFIED: N of N hand transcripts". */
    private static int handsVerified(String log, String logs) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Audit: VERIFIED: (\\d) of (\\d) hand transcripts").matcher(log);
        assertThat(m.find() && m.group(1).equals(m.group(2))).as(logs).isTrue();
        return Integer.parseInt(m.group(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"host 1", "guest 1", "host 2", "guest 2"})
    void aSeatKilledMidGameResumesFromItsJournalAndTheGameEndsVerified(String run) throws Exception {
        String victim = run.split(" ")[0];
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        String hostHome = dir.resolve("ann-home").toString();
        String fingerprint = MailDesk.run("id", "--home", hostHome).out().trim();
        List<String> host = List.of("play", "holdem", "--host", Integer.toString(port), "--home", hostHome,
                "--accept-new", "--bots", "all", "--hands", "6", "--stack", "1000000", "--seed", "1", "--name", "ann",
                "--timeout", "60",
                "--journal", dir.resolve("ann.journal").toString(), "--transcript", dir.resolve("ann.jsonl").toString());
        List<String> guest = List.of("play", "holdem", "--join", "fairtable://127.0.0.1:" + port + "/" + fingerprint,
                "--home", dir.resolve("ben-home").toString(), "--bots", "all", "--seed", "1", "--name", "ben",
                "--timeout", "60",
                "--journal", dir.resolve("ben.journal").toString(), "--transcript", dir.resolve("ben.jsonl").toString());
        List<Process> all = new ArrayList<>();
        try {
            Process annFirst = start(dir.resolve("ann-1.log"), host);
            all.add(annFirst);
            Thread.sleep(1500); // the host's JVM starts listening
            Process benFirst = start(dir.resolve("ben-1.log"), guest);
            all.add(benFirst);
            // Kill mid-game: as a seeded hand begins, after a seeded few milliseconds more.
            SplittableRandom random = new SplittableRandom(run.hashCode());
            String cue = "hand " + (2 + random.nextInt(3)) + ": stacks";
            String victimLog = victim.equals("host") ? "ann-1.log" : "ben-1.log";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!log(victimLog).contains(cue) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(random.nextInt(400));
            Process killed = victim.equals("host") ? annFirst : benFirst;
            killed.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            Process again = start(dir.resolve(victim.equals("host") ? "ann-2.log" : "ben-2.log"),
                    victim.equals("host") ? host : guest);
            all.add(again);
            Process annLast = victim.equals("host") ? again : annFirst;
            Process benLast = victim.equals("host") ? benFirst : again;
            boolean annDone = annLast.waitFor(180, TimeUnit.SECONDS);
            boolean benDone = benLast.waitFor(180, TimeUnit.SECONDS);
            String logs = log("ann-1.log") + "\n----\n" + log("ann-2.log") + "\n----\n" + log("ben-1.log") + "\n----\n"
                    + log("ben-2.log");
            assertThat(annDone && benDone).as(logs).isTrue();
            String first = log(victim.equals("host") ? "ann-1.log" : "ben-1.log");
            String second = log(victim.equals("host") ? "ann-2.log" : "ben-2.log");
            assertThat(first).as(logs).doesNotContain("Audit:"); // killed mid-game, not after it
            assertThat(second).as(logs).contains("Resuming from");
            assertThat(annLast.exitValue()).as(logs).isZero();
            assertThat(benLast.exitValue()).as(logs).isZero();
            String survivor = log(victim.equals("host") ? "ben-1.log" : "ann-1.log");
            int hands = handsVerified(second, logs);
            assertThat(hands).as(logs).isBetween(3, 6).isEqualTo(handsVerified(survivor, logs));
            for (int hand = 1; hand <= hands; hand++) {
                assertThat(Files.readAllLines(dir.resolve("ann-" + hand + ".jsonl")))
                        .isEqualTo(Files.readAllLines(dir.resolve("ben-" + hand + ".jsonl")));
            }
        } finally {
            all.forEach(Process::destroyForcibly);
        }
    }
}
