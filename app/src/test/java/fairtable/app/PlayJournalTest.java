package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A card game across processes over TLS survives a SIGKILL: the killed process (the relaying host, or a guest)
 * runs the same command again with its --journal, rebuilds its seat by replaying what it had consumed, the others
 * take their seats back through the host's relay, and the game, one table/v1 session, ends with the same transcript
 * on both sides, audited VERIFIED with the result both printed. The stacks are deep, so that the game lasts beyond
 * the hand after the kill. The kill waits for the victim's first move of a hand, never for a clock.
 */
class PlayJournalTest {
    @TempDir
    Path dir;

    private Process start(Path log, List<String> args) throws IOException {
        return new ProcessBuilder(ChildJvm.command(args.toArray(String[]::new))).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    private String log(String name) {
        Path file = dir.resolve(name);
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The result a seat printed, which its audit of the session's one transcript must repeat. */
    private static String verifiedResult(String log, String logs) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^Result: (.*)$").matcher(log);
        assertThat(m.find()).as(logs).isTrue();
        assertThat(log).as(logs).containsPattern("(?m)^Audit: VERIFIED: holdem for 2, \\d rounds: "
                + java.util.regex.Pattern.quote(m.group(1)) + "; game over$");
        return m.group(1);
    }

    /**
     * Each role once: the relaying host and a guest resume by different paths (the host listens again on its port,
     * the guest reconnects). The run's name seeds the hand the kill lands in (hand 2 for both).
     */
    @ParameterizedTest
    @ValueSource(strings = {"host 1", "guest 1"})
    void aSeatKilledMidGameResumesFromItsJournalAndTheGameEndsVerified(String run) throws Exception {
        String victim = run.split(" ")[0];
        // Kill mid-game: as the victim makes its first move of hand 2, 3 or 4, never after a clock. The game is one
        // hand longer than that, the fewest that still has the revived process play a hand after the one it died in.
        int seed = run.hashCode();
        int killedAtHand = 2 + new SplittableRandom(seed).nextInt(3);
        int hands = killedAtHand + 1;
        Supplier<String> logs = () -> "seed " + seed + ", " + victim + " killed as hand " + killedAtHand + " began\n"
                + log("ann-1.log") + "\n----\n" + log("ann-2.log") + "\n----\n" + log("ben-1.log") + "\n----\n"
                + log("ben-2.log");
        String hostHome = dir.resolve("ann-home").toString();
        List<String> host = new ArrayList<>(List.of("play", "holdem", "--host", "0", "--home", hostHome,
                "--accept-new", "--bots", "all", "--hands", Integer.toString(hands), "--stack", "1000000", "--seed", "1",
                "--name", "ann",
                "--timeout", "60",
                "--journal", dir.resolve("ann.journal").toString(), "--transcript", dir.resolve("ann.jsonl").toString()));
        List<Process> all = new ArrayList<>();
        try {
            Process annFirst = start(dir.resolve("ann-1.log"), host);
            all.add(annFirst);
            // The host picks its port and names it in its invitation; taken up again, it listens on that port.
            String invitation = MidGameKill.awaitOutput(annFirst, dir.resolve("ann-1.log"),
                    java.util.regex.Pattern.compile("Invitation: (fairtable://\\S+)"), logs).group(1);
            host.set(host.indexOf("--host") + 1, invitation.replaceAll(".*:(\\d+)/.*", "$1"));
            List<String> guest = List.of("play", "holdem", "--join", invitation,
                    "--home", dir.resolve("ben-home").toString(), "--bots", "all", "--seed", "1", "--name", "ben",
                    "--timeout", "60",
                    "--journal", dir.resolve("ben.journal").toString(), "--transcript", dir.resolve("ben.jsonl").toString());
            Process benFirst = start(dir.resolve("ben-1.log"), guest);
            all.add(benFirst);
            Process killed = victim.equals("host") ? annFirst : benFirst;
            Path victimLog = dir.resolve(victim.equals("host") ? "ann-1.log" : "ben-1.log");
            MidGameKill.awaitOutput(killed, victimLog,
                    java.util.regex.Pattern.compile("(Round " + killedAtHand + ":)"), logs);
            MidGameKill.kill(killed, victimLog, logs);
            Process again = start(dir.resolve(victim.equals("host") ? "ann-2.log" : "ben-2.log"),
                    victim.equals("host") ? host : guest);
            all.add(again);
            Process annLast = victim.equals("host") ? again : annFirst;
            Process benLast = victim.equals("host") ? benFirst : again;
            boolean annDone = annLast.waitFor(180, TimeUnit.SECONDS);
            boolean benDone = benLast.waitFor(180, TimeUnit.SECONDS);
            assertThat(annDone && benDone).as(logs.get()).isTrue();
            String second = log(victim.equals("host") ? "ann-2.log" : "ben-2.log");
            // Resumed from the journal's messages, not started afresh.
            java.util.regex.Matcher resumed = java.util.regex.Pattern.compile("Resuming from \\S+ after (\\d+) messages")
                    .matcher(second);
            assertThat(resumed.find()).as(logs.get()).isTrue();
            assertThat(Integer.parseInt(resumed.group(1))).as(logs.get()).isPositive();
            // ... mid-game: the revived process itself played the hand after the one it was killed in.
            assertThat(second).as(logs.get()).contains("Round " + (killedAtHand + 1) + ":");
            assertThat(annLast.exitValue()).as(logs.get()).isZero();
            assertThat(benLast.exitValue()).as(logs.get()).isZero();
            String survivor = log(victim.equals("host") ? "ben-1.log" : "ann-1.log");
            assertThat(verifiedResult(second, logs.get())).isEqualTo(verifiedResult(survivor, logs.get()));
            assertThat(Files.readAllLines(dir.resolve("ann.jsonl"))).as(logs.get())
                    .isEqualTo(Files.readAllLines(dir.resolve("ben.jsonl")));
            // The revived seat's own record for "as I saw it" holds the hands before its death too: its journal's
            // snapshot carried them.
            Path victimFile = dir.resolve(victim.equals("host") ? "ann.jsonl" : "ben.jsonl");
            SeenCards seen = SeenCards.parse(Files.readString(SeenCards.beside(victimFile)), "the record");
            assertThat(seen.rounds().keySet()).as(logs.get())
                    .containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, hands).boxed().toList());
        } finally {
            all.forEach(Process::destroyForcibly);
        }
    }
}
