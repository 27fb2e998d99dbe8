package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A table through the relaying host plays every two-party protocol, not only the deck deal: the blind draw,
 * Mahjong Shogi and dark chess, over TLS, each seat signing with its profile key; both seats keep the same
 * transcript and it audits VERIFIED.
 */
class TableGamesTest {
    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    @ParameterizedTest
    @CsvSource({
        "draw, 'Your hand: ', VERIFIED: fr2823580/v1 patent-ristretto",
        "mahjong-shogi, What you see, VERIFIED: ristretto mode",
        "dark-chess, Your view at the end:, VERIFIED"})
    void twoSeatsPlayTheGameThroughTheRelay(String game, String shown, String verdict) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        String hostHome = dir.resolve("h0").toString();
        String fingerprint = run("id", "--home", hostHome).out().trim();
        CompletableFuture<Run> host = CompletableFuture.supplyAsync(() -> run("table", "host", "--game", game,
                "--players", "2", "--max-moves", "6", "--listen", Integer.toString(port), "--name", "ann",
                "--home", hostHome, "--transcript", dir.resolve("t0.jsonl").toString(), "--timeout", "60"));
        Run guest = null;
        for (int attempt = 0; attempt < 50; attempt++) {
            guest = run("table", "join", "--game", game, "--seat", "1", "--players", "2", "--max-moves", "6",
                    "--name", "ben", "--home", dir.resolve("h1").toString(),
                    "--connect", "fairtable://127.0.0.1:" + port + "/" + fingerprint,
                    "--transcript", dir.resolve("t1.jsonl").toString(), "--timeout", "60");
            if (!guest.out().contains("Connection refused")) {
                break;
            }
            Thread.sleep(100);
        }
        Run hosted = host.get(120, TimeUnit.SECONDS);
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(guest.code()).as(guest.out()).isZero();
        for (Run r : new Run[] {hosted, guest}) {
            assertThat(r.out()).contains("Players: ann (", "ben (", shown, "Audit: " + verdict);
        }
        assertThat(Files.readAllLines(dir.resolve("t0.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t1.jsonl")));
    }

    private Process start(Path log, String... args) throws Exception {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(
                ProcessHandle.current().info().command().orElse("java"), "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(java.util.List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    @org.junit.jupiter.api.Test
    void aJoinedSeatKilledMidGameResumesFromItsJournalThroughTheSameHost() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        String hostHome = dir.resolve("h0").toString();
        String fingerprint = run("id", "--home", hostHome).out().trim();
        Process host = start(dir.resolve("host.log"), "table", "host", "--game", "dark-chess", "--players", "2",
                "--max-moves", "12", "--listen", Integer.toString(port), "--name", "ann", "--home", hostHome,
                "--transcript", dir.resolve("t0.jsonl").toString(), "--timeout", "60");
        String[] guest = {"table", "join", "--game", "dark-chess", "--seat", "1", "--players", "2", "--max-moves", "12",
            "--name", "ben", "--home", dir.resolve("h1").toString(),
            "--connect", "fairtable://127.0.0.1:" + port + "/" + fingerprint, "--journal",
            dir.resolve("ben.journal").toString(), "--transcript", dir.resolve("t1.jsonl").toString(), "--timeout", "60"};
        Thread.sleep(800); // the host's JVM starts listening
        Process first = start(dir.resolve("ben-1.log"), guest);
        // Twelve plies of vision rebuilds take several seconds: the kill lands mid-game.
        Thread.sleep(3000 + new java.util.SplittableRandom(20261122).nextInt(1500));
        first.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        Process second = start(dir.resolve("ben-2.log"), guest);
        assertThat(second.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(host.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String logs = Files.readString(dir.resolve("host.log")) + Files.readString(dir.resolve("ben-1.log"))
                + Files.readString(dir.resolve("ben-2.log"));
        assertThat(Files.readString(dir.resolve("ben-2.log"))).as(logs).contains("Resuming from", "Audit: VERIFIED");
        assertThat(second.exitValue()).as(logs).isZero();
        assertThat(host.exitValue()).as(logs).isZero();
        assertThat(Files.readAllLines(dir.resolve("t0.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t1.jsonl")));
    }

    @org.junit.jupiter.api.Test
    void aHostKilledMidGameTakesTheTableUpAgainFromItsLogAndThePlayerReconnects() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        String hostHome = dir.resolve("h0").toString();
        String fingerprint = run("id", "--home", hostHome).out().trim();
        String[] host = {"table", "host", "--game", "dark-chess", "--players", "2", "--max-moves", "12", "--listen",
            Integer.toString(port), "--name", "ann", "--home", hostHome, "--journal", dir.resolve("ann.journal").toString(),
            "--transcript", dir.resolve("t0.jsonl").toString(), "--timeout", "60"};
        Process first = start(dir.resolve("host-1.log"), host);
        Thread.sleep(800); // the host's JVM starts listening
        Process guest = start(dir.resolve("ben.log"), "table", "join", "--game", "dark-chess", "--seat", "1",
                "--players", "2", "--max-moves", "12", "--name", "ben", "--home", dir.resolve("h1").toString(),
                "--connect", "fairtable://127.0.0.1:" + port + "/" + fingerprint,
                "--transcript", dir.resolve("t1.jsonl").toString(), "--timeout", "60");
        Thread.sleep(3000 + new java.util.SplittableRandom(20261123).nextInt(1500));
        first.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        Process second = start(dir.resolve("host-2.log"), host);
        assertThat(second.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(guest.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String logs = Files.readString(dir.resolve("host-1.log")) + Files.readString(dir.resolve("host-2.log"))
                + Files.readString(dir.resolve("ben.log"));
        assertThat(Files.readString(dir.resolve("host-2.log"))).as(logs).contains("Resuming from", "Audit: VERIFIED");
        assertThat(Files.readString(dir.resolve("ben.log"))).as(logs).contains("Audit: VERIFIED");
        assertThat(second.exitValue()).as(logs).isZero();
        assertThat(guest.exitValue()).as(logs).isZero();
        assertThat(Files.readAllLines(dir.resolve("t0.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t1.jsonl")));
    }
}
