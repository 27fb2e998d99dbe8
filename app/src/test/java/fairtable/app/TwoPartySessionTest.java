package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.identity.Profile;
import fairtable.net.session.SessionFrame;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two-party commands run through the session layer, as tables do: the host plays seat 0 at its own relay, and
 * every message reaches the joiner as a placement under the host's signed receipt. So a draw ends VERIFIED on both
 * sides with the relay's log on disk, and a host that keeps one placed message from the joiner is blamed for it.
 */
class TwoPartySessionTest {
    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(out, true), args);
        return new Run(code, out.toString());
    }

    private String home(String who) throws IOException {
        Path home = dir.resolve(who);
        Profile.open(home, new SecureRandom()).setDisplayName(who);
        return home.toString();
    }

    @Test
    void aDrawThroughTheHostsRelayEndsVerifiedOnBothSidesWithTheRelaysLogOnDisk() throws Exception {
        Path aFile = dir.resolve("a.jsonl");
        Path bFile = dir.resolve("b.jsonl");
        Path journal = dir.resolve("alice.journal");
        InProcessHost alice = InProcessHost.start("draw", "--listen", "0", "--home", home("alice"), "--accept-new",
                "--cards", "20", "--each", "3", "--timeout", "60", "--journal", journal.toString(),
                "--transcript", aFile.toString());
        Run bob = run("draw", "--connect", alice.invitation(), "--home", home("bob"), "--cards", "20", "--each", "3",
                "--timeout", "60", "--transcript", bFile.toString());
        InProcessHost.Run a = alice.finish();
        assertThat(bob.code()).as(bob.out()).isZero();
        assertThat(a.code()).as(a.out()).isZero();
        assertThat(a.out()).contains("Audit: VERIFIED");
        assertThat(bob.out()).contains("Audit: VERIFIED");
        assertThat(Files.readAllLines(aFile)).isEqualTo(Files.readAllLines(bFile));
        // The host relayed the game: its relay log, next to its journal, holds what it placed.
        Path relayLog = dir.resolve("alice.journal.host");
        assertThat(relayLog).isNotEmptyFile();
        assertThat(Files.getPosixFilePermissions(relayLog)).hasSize(2); // owner read and write only
    }

    @Test
    void aHostThatKeepsAPlacedMessageFromTheJoinerIsBlamedForWithholdingIt() throws Exception {
        InProcessHost alice = InProcessHost.start("draw", "--listen", "0", "--insecure", "--home", home("alice"),
                "--cards", "20", "--each", "3", "--timeout", "10", "--transcript", dir.resolve("a.jsonl").toString());
        // What bob meets at the host's address: the host's frames, less its placement of alice's first message after
        // the hellos. The host's own seat acknowledges it, and that acknowledgement, relayed to bob, carries the host's
        // signed receipt for it.
        try (WithholdingHost host = new WithholdingHost(alice.port())) {
            Path bFile = dir.resolve("b.jsonl");
            Run bob = run("draw", "--connect", "127.0.0.1:" + host.port(), "--insecure", "--home", home("bob"),
                    "--cards", "20", "--each", "3", "--timeout", "5", "--transcript", bFile.toString());
            long dropped = host.dropped();
            assertThat(dropped).as(bob.out()).isGreaterThanOrEqualTo(2);
            assertThat(bob.code()).as(bob.out()).isEqualTo(Main.FAILED);
            assertThat(bob.out()).contains("Stopped, the host is to blame: the host withheld message #" + dropped
                    + ": ").contains("holds the host's receipt for #").doesNotContain("Audit:");
            // bob kept what he had: the chain up to the withheld message, nothing after it.
            assertThat(TranscriptFile.read(bFile).messages()).hasSize((int) dropped);
        }
        assertThat(alice.finish().code()).isNotZero();
    }

    /**
     * Stands between a joiner and the host's port over plain TCP, passing every frame on except the host's delivery of
     * seat 0's first message after the hellos: from the joiner's side, a host that withholds one placement.
     */
    private static final class WithholdingHost implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        private final AtomicLong dropped = new AtomicLong(-1);
        private final Thread thread;

        WithholdingHost(int hostPort) throws IOException {
            thread = new Thread(() -> {
                try (Socket joiner = server.accept(); Socket host = new Socket(InetAddress.getLoopbackAddress(), hostPort)) {
                    Thread up = new Thread(() -> copy(joiner, host));
                    up.setDaemon(true);
                    up.start();
                    DataInputStream in = new DataInputStream(host.getInputStream());
                    DataOutputStream out = new DataOutputStream(joiner.getOutputStream());
                    while (true) {
                        byte[] frame = new byte[in.readInt()];
                        in.readFully(frame);
                        if (dropped.get() < 0 && SessionFrame.decode(frame) instanceof SessionFrame.Deliver d
                                && d.envelope().seq() >= 2 && d.envelope().sender() == 0) {
                            dropped.set(d.envelope().seq());
                            continue;
                        }
                        out.writeInt(frame.length);
                        out.write(frame);
                        out.flush();
                    }
                } catch (Exception ended) {
                    // either side hung up: the game is over for this test
                }
            }, "withholding-host");
            thread.setDaemon(true);
            thread.start();
        }

        private static void copy(Socket from, Socket to) {
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                in.transferTo(out);
            } catch (IOException ended) {
                // either side hung up
            }
        }

        int port() {
            return server.getLocalPort();
        }

        /** The number of the message kept from the joiner, or -1. */
        long dropped() {
            return dropped.get();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
