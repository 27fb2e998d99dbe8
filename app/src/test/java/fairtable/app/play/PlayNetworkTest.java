package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.InProcessHost;
import fairtable.app.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlayNetworkTest {
    @TempDir
    Path dir;

    private record Run(int exit, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(exit, out.toString());
    }

    @Test
    void twoBotsOverTlsPlayHoldemAsOneSessionAndBothSidesAuditTheSameResult() throws Exception {
        String hostHome = dir.resolve("ann-home").toString();
        String hostKey = run("id", "--home", hostHome).out().trim();
        InProcessHost host = InProcessHost.start("play", "holdem", "--host", "0", "--home", hostHome, "--accept-new",
                "--bots", "all", "--hands", "3", "--seed", "5", "--name", "ann",
                "--timeout", "60", "--transcript", dir.resolve("host.jsonl").toString());
        // The guest joins by the host's invitation: TLS, accepting only the host's key.
        Run guest = run("play", "holdem", "--join", "fairtable://127.0.0.1:" + host.port() + "/" + hostKey,
                "--home", dir.resolve("ben-home").toString(), "--bots", "all", "--seed", "6", "--name", "ben",
                "--timeout", "60", "--transcript", dir.resolve("guest.jsonl").toString());
        InProcessHost.Run hostRun = host.finish();
        assertThat(hostRun.code()).as(hostRun.out()).isZero();
        assertThat(guest.exit()).as(guest.out()).isZero();
        String result = PlayedResult.result(hostRun.out());
        assertThat(PlayedResult.result(guest.out())).isEqualTo(result);
        assertThat(PlayedResult.totals(hostRun.out()).stream().mapToInt(Integer::intValue).sum()).isEqualTo(2000);
        assertThat(result).matches("ann \\d+, ben \\d+; .*");
        PlayedResult.assertAuditedAsPrinted(hostRun.out(), "holdem", 2, dir.resolve("host.jsonl"));
        PlayedResult.assertAuditedAsPrinted(guest.out(), "holdem", 2, dir.resolve("guest.jsonl"));
        // Both processes recorded the very same signed messages: one session for the whole game.
        assertThat(java.nio.file.Files.readAllLines(dir.resolve("host.jsonl")))
                .isEqualTo(java.nio.file.Files.readAllLines(dir.resolve("guest.jsonl")));
        assertThat(hostRun.out()).contains("WARNING: ben is new");
        // The session is signed by the players' own identities, the keys that opened the TLS channels.
        String guestKey = run("id", "--home", dir.resolve("ben-home").toString()).out().trim();
        var hellos = fairtable.protocol.transcript.TranscriptFile.read(dir.resolve("host.jsonl")).messages();
        var ann = fairtable.protocol.transcript.Hello.fromBytes(hellos.get(0).body()).key();
        var ben = fairtable.protocol.transcript.Hello.fromBytes(hellos.get(1).body()).key();
        assertThat(fairtable.net.identity.Fingerprint.of(ann).toString()).isEqualTo(hostKey);
        assertThat(fairtable.net.identity.Fingerprint.of(ben).toString()).isEqualTo(guestKey);
    }

    @Test
    void aPersonAtTheTerminalPlaysASeatAgainstTheHostsBotAndBothAuditTheSameResult() throws Exception {
        InProcessHost host = InProcessHost.start("play", "holdem", "--host", "0", "--insecure", "--bots", "all",
                "--hands", "2", "--seed", "11", "--name", "ann", "--home", dir.resolve("a").toString(),
                "--timeout", "60", "--transcript", dir.resolve("a.jsonl").toString());
        // The person types a move per line; a line the rules refuse is answered and the next one read.
        byte[] typed = "check\ncall\nshow\n".repeat(200).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        StringWriter out = new StringWriter();
        int exit = Main.run(new java.io.ByteArrayInputStream(typed), new PrintWriter(out, true),
                new PrintWriter(out, true), "play", "holdem", "--join", "127.0.0.1:" + host.port(), "--insecure",
                "--name", "ben", "--home", dir.resolve("b").toString(), "--timeout", "60",
                "--transcript", dir.resolve("b.jsonl").toString());
        InProcessHost.Run hosted = host.finish();
        assertThat(exit).as(out.toString()).isZero();
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(out.toString()).contains("You are ben, seat 1. Type help for help.", "Your moves: ", "ben> ",
                "  ben: call");
        assertThat(PlayedResult.result(out.toString())).isEqualTo(PlayedResult.result(hosted.out()));
        PlayedResult.assertAuditedAsPrinted(out.toString(), "holdem", 2, dir.resolve("b.jsonl"));
        PlayedResult.assertAuditedAsPrinted(hosted.out(), "holdem", 2, dir.resolve("a.jsonl"));
    }

    @Test
    void headsUpDrawOverThePatentProtocolIsOneSessionAcrossProcesses() throws Exception {
        InProcessHost host = InProcessHost.start("play", "draw-poker", "--protocol", "patent", "--host", "0",
                "--insecure", "--bots", "all", "--hands", "2", "--seed", "3", "--name", "ann",
                "--home", dir.resolve("a").toString(), "--timeout", "60", "--transcript", dir.resolve("a.jsonl").toString());
        Run guest = run("play", "draw-poker", "--protocol", "patent", "--join", "127.0.0.1:" + host.port(),
                "--insecure", "--bots", "all", "--seed", "4", "--name", "ben", "--home", dir.resolve("b").toString(),
                "--timeout", "60", "--transcript", dir.resolve("b.jsonl").toString());
        InProcessHost.Run hosted = host.finish();
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(guest.exit()).as(guest.out()).isZero();
        for (String out : List.of(hosted.out(), guest.out())) {
            assertThat(out).contains("FR 2823580 blind draw (patent-ristretto, K=52, X=5)");
        }
        assertThat(PlayedResult.result(guest.out())).isEqualTo(PlayedResult.result(hosted.out()));
        PlayedResult.assertAuditedAsPrinted(hosted.out(), "draw-poker", 2, dir.resolve("a.jsonl"));
        PlayedResult.assertAuditedAsPrinted(guest.out(), "draw-poker", 2, dir.resolve("b.jsonl"));
        assertThat(java.nio.file.Files.readAllLines(dir.resolve("a.jsonl")))
                .isEqualTo(java.nio.file.Files.readAllLines(dir.resolve("b.jsonl")));
    }

    @Test
    void aHostRefusesAGuestWhoseKeyIsNotPinned() throws Exception {
        String hostHome = dir.resolve("ann-home").toString();
        String hostKey = run("id", "--home", hostHome).out().trim();
        InProcessHost host = InProcessHost.start("play", "holdem", "--host", "0", "--home", hostHome, "--bots", "all",
                "--hands", "1", "--name", "ann", "--timeout", "3", "--transcript", dir.resolve("host.jsonl").toString());
        Run guest = run("play", "holdem", "--join", "fairtable://127.0.0.1:" + host.port() + "/" + hostKey,
                "--home", dir.resolve("ben-home").toString(), "--bots", "all", "--name", "ben",
                "--timeout", "10", "--transcript", dir.resolve("guest.jsonl").toString());
        InProcessHost.Run hostRun = host.finish();
        String guestKey = run("id", "--home", dir.resolve("ben-home").toString()).out().trim();
        assertThat(hostRun.out()).contains("Refused ben: refused ben: key " + guestKey + " is not pinned for this name.");
        assertThat(hostRun.code()).isNotZero();
        assertThat(guest.exit()).as(guest.out()).isNotZero();
        assertThat(guest.out()).doesNotContain("Audit: VERIFIED");
    }

    @Test
    void threePlayersThroughTheHostsRelayPlayDominoesAndAgree() throws Exception {
        InProcessHost host = InProcessHost.start("play", "dominoes", "--host", "0", "--insecure", "--players", "3",
                "--bots", "all", "--hands", "2", "--seed", "7", "--name", "ann", "--home", dir.resolve("a").toString(),
                "--timeout", "60", "--transcript", dir.resolve("a.jsonl").toString());
        int port = host.port();
        CompletableFuture<Run> second = CompletableFuture.supplyAsync(() -> run("play", "dominoes", "--join",
                "127.0.0.1:" + port, "--insecure", "--bots", "all", "--seed", "8", "--name", "ben", "--timeout", "60",
                "--home", dir.resolve("b").toString(), "--transcript", dir.resolve("b.jsonl").toString()));
        Run third = run("play", "dominoes", "--join", "127.0.0.1:" + port, "--insecure", "--bots", "all", "--seed", "9",
                "--name", "ben", "--timeout", "60", "--home", dir.resolve("c").toString(),
                "--transcript", dir.resolve("c.jsonl").toString());
        InProcessHost.Run hosted = host.finish();
        List<Run> runs = List.of(new Run(hosted.code(), hosted.out()), second.get(120, TimeUnit.SECONDS), third);
        String result = null;
        for (Run r : runs) {
            assertThat(r.exit()).as(r.out()).isZero();
            assertThat(r.out()).contains("dominoes for 3 players (ann, ben, ben2)");
            assertThat(result == null || result.equals(PlayedResult.result(r.out()))).as(r.out()).isTrue();
            result = PlayedResult.result(r.out());
        }
        PlayedResult.assertAuditedAsPrinted(hosted.out(), "dominoes", 3, dir.resolve("a.jsonl"));
        assertThat(java.nio.file.Files.readAllLines(dir.resolve("a.jsonl")))
                .isEqualTo(java.nio.file.Files.readAllLines(dir.resolve("b.jsonl")))
                .isEqualTo(java.nio.file.Files.readAllLines(dir.resolve("c.jsonl")));
    }
}
