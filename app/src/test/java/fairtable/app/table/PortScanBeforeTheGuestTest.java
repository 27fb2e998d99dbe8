package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Audits;
import fairtable.app.InProcessHost;
import fairtable.app.Main;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.identity.Invitation;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fairtable table host` for two, its port scanned before the guest joins: connections that open and close,
 * garbage instead of a TLS handshake, a silent connection held open, and a stranger's TLS connection that closes
 * after its handshake. The host logs each and keeps listening; the guest then joins, the game completes, and both
 * transcripts audit VERIFIED.
 */
class PortScanBeforeTheGuestTest {
    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    /**
     * What a port scan does: connections that open and close, garbage where a TLS handshake belongs, and a stranger
     * that completes a handshake with a fresh key and leaves.
     */
    private static void scan(Invitation host, SplittableRandom random) throws Exception {
        for (int i = 0; i < 5; i++) {
            new Socket(host.host(), host.port()).close();
            try (Socket garbage = new Socket(host.host(), host.port())) {
                byte[] junk = new byte[200];
                random.nextBytes(junk);
                OutputStream out = garbage.getOutputStream();
                out.write(junk);
                out.flush();
            }
        }
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        TlsTransport.connect(host, TlsIdentity.of(SigningKey.fromSeed(seed)), Duration.ofSeconds(10)).close();
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    /** The two-player path of `play --host`, which used to end on the first failed handshake. */
    @Test
    void aPortScanBeforeTheGuestOfATwoPlayerPlayLeavesTheGameToComplete() throws Exception {
        String hostHome = dir.resolve("ann-home").toString();
        InProcessHost host = InProcessHost.start("play", "holdem", "--host", "0", "--home", hostHome, "--accept-new",
                "--bots", "all", "--hands", "2", "--seed", "5", "--name", "ann",
                "--timeout", "60", "--transcript", dir.resolve("host.jsonl").toString());
        String invitation = host.invitation();
        scan(Invitation.parse(invitation), new SplittableRandom(78));
        Run guest = run("play", "holdem", "--join", invitation, "--home", dir.resolve("ben-home").toString(),
                "--bots", "all", "--seed", "6", "--name", "ben", "--timeout", "60",
                "--transcript", dir.resolve("guest.jsonl").toString());
        InProcessHost.Run hosted = host.finish();
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(guest.code()).as(guest.out()).isZero();
        assertThat(hosted.out()).contains("Audit: VERIFIED");
        assertThat(guest.out()).contains("Audit: VERIFIED");
        assertThat(Files.readAllLines(dir.resolve("guest.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("host.jsonl")));
    }

    @Test
    void aPortScanBeforeTheGuestJoinsLeavesTheGameToComplete() throws Exception {
        InProcessHost host = InProcessHost.start(HighCardDefinition.CATALOG, "table", "host", "--game", "high-card",
                "--players", "2", "--set", "rounds=2", "--listen", "0", "--name", "ann",
                "--home", dir.resolve("h0").toString(), "--accept-new", "--transcript", dir.resolve("t0.jsonl").toString(),
                "--timeout", "60");
        String invitation = host.invitation();
        Invitation parsed = Invitation.parse(invitation);
        int port = parsed.port();
        scan(parsed, new SplittableRandom(77));
        try (Socket silent = new Socket(parsed.host(), port)) {
            StringWriter guestOut = new StringWriter();
            CompletableFuture<Run> ben = CompletableFuture.supplyAsync(() -> new Run(Main.run(HighCardDefinition.CATALOG,
                    new ByteArrayInputStream(new byte[0]), new PrintWriter(guestOut, true), new PrintWriter(guestOut, true),
                    "table", "join", "--game", "high-card", "--players", "2", "--set", "rounds=2", "--seat", "1",
                    "--name", "ben", "--home", dir.resolve("h1").toString(), "--connect", invitation,
                    "--transcript", dir.resolve("t1.jsonl").toString(), "--timeout", "60"), guestOut.toString()));
            InProcessHost.Run hosted = host.finish();
            Run guest = ben.get(180, TimeUnit.SECONDS);
            assertThat(hosted.code()).as(hosted.out()).isZero();
            assertThat(guest.code()).as(guest.out()).isZero();
            for (String out : new String[] {hosted.out(), guest.out()}) {
                assertThat(out).contains("Audit: VERIFIED: high-card for 2, 2 rounds: ");
            }
        }
        assertThat(Files.readAllLines(dir.resolve("t1.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t0.jsonl")));
        assertThat(Audits.audit(TranscriptFile.read(dir.resolve("t0.jsonl")), HighCardDefinition.CATALOG).line())
                .startsWith("VERIFIED: high-card for 2, 2 rounds: ");
    }
}
