package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real processes, really killed: one side of a journaled draw is killed with SIGKILL at a seeded random
 * moment mid-protocol and started again with the same command. Both must finish, with identical
 * transcripts that audit VERIFIED.
 */
class KillAndResumeTest {
    @TempDir
    Path dir;

    private Process start(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve(args[1] + "-" + System.nanoTime() + ".log").toFile()).start();
    }

    @Test
    void aKilledPeerResumesFromItsJournalAndTheGameFinishes() throws Exception {
        SplittableRandom random = new SplittableRandom(20261122);
        for (int round = 0; round < 2; round++) {
            Path d = Files.createDirectories(dir.resolve("round" + round));
            int port;
            try (ServerSocket probe = new ServerSocket(0)) {
                port = probe.getLocalPort();
            }
            // The slow 2048-bit mode stretches the game over a second or so, so the kill lands mid-protocol.
            String[] alice = {"draw", "--listen", Integer.toString(port), "--insecure", "--mode", "patent-safe-prime",
                "--cards", "40", "--home", d.resolve("alice").toString(), "--journal", d.resolve("alice.journal").toString(),
                "--transcript", d.resolve("alice.jsonl").toString(), "--timeout", "60"};
            String[] bob = {"draw", "--connect", "127.0.0.1:" + port, "--insecure", "--mode", "patent-safe-prime",
                "--cards", "40", "--home", d.resolve("bob").toString(), "--journal", d.resolve("bob.journal").toString(),
                "--transcript", d.resolve("bob.jsonl").toString(), "--timeout", "60"};
            boolean killAlice = round == 0;
            Process a = start(alice);
            Process b = start(bob);
            Thread.sleep(700 + random.nextInt(900));
            Process victim = killAlice ? a : b;
            victim.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            Process revived = start(killAlice ? alice : bob);
            Process survivor = killAlice ? b : a;
            assertThat(revived.waitFor(90, TimeUnit.SECONDS)).isTrue();
            assertThat(survivor.waitFor(90, TimeUnit.SECONDS)).isTrue();
            assertThat(revived.exitValue()).as(logs(d)).isZero();
            assertThat(survivor.exitValue()).as(logs(d)).isZero();
            assertThat(Files.readAllLines(d.resolve("alice.jsonl"))).isEqualTo(Files.readAllLines(d.resolve("bob.jsonl")));
            java.io.StringWriter out = new java.io.StringWriter();
            assertThat(Main.run(new java.io.PrintWriter(out, true), new java.io.PrintWriter(out, true),
                    "audit", d.resolve("alice.jsonl").toString())).isZero();
            assertThat(out.toString()).startsWith("VERIFIED");
        }
    }

    private String logs(Path d) {
        try (var files = Files.list(dir)) {
            StringBuilder all = new StringBuilder();
            for (Path p : files.filter(f -> f.toString().endsWith(".log")).toList()) {
                all.append("== ").append(p.getFileName()).append('\n').append(Files.readString(p));
            }
            return all.toString();
        } catch (Exception e) {
            return e.toString();
        }
    }
}
