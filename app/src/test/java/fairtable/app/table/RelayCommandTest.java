package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.app.InProcessHost;
import fairtable.app.Main;
import fairtable.app.net.TableLink;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Profile;
import fairtable.net.session.SessionFrame;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fairtable relay` plays no seat: both seats of a high-card table, 0 and 1, join it with `table join --relay` over
 * TLS on loopback, each its own identity; both finish with the same transcript, audited VERIFIED, and the relay
 * ends once both have left. One relay serves several tables at once, each with its own seats.
 */
class RelayCommandTest {
    @TempDir
    Path dir;

    private record Run(int code, String out) {}

    private Run join(int seat, String name, String invitation) {
        return join(seat, name, invitation, "h" + seat, "t" + seat + ".jsonl");
    }

    /** A seat with its own profile in {@code home} and its transcript in {@code transcript}, both under the test's directory. */
    private Run join(int seat, String name, String invitation, String home, String transcript) {
        return join(seat, name, invitation, home, transcript, 2, 60);
    }

    private Run join(int seat, String name, String invitation, String home, String transcript, int rounds,
            int timeout) {
        StringWriter out = new StringWriter();
        int code = Main.run(HighCardDefinition.CATALOG, new ByteArrayInputStream(new byte[0]), new PrintWriter(out, true),
                new PrintWriter(out, true), "table", "join", "--relay", "--accept-new", "--game", "high-card",
                "--players", "2", "--set", "rounds=" + rounds, "--seat", Integer.toString(seat), "--name", name,
                "--home", dir.resolve(home).toString(), "--connect", invitation,
                "--transcript", dir.resolve(transcript).toString(), "--timeout", Integer.toString(timeout));
        return new Run(code, out.toString());
    }

    /**
     * A relay's invitation carries no settings, so two players may ask for different games there: the seat that meets
     * the other's hello says in words what it proposes, never a record's text ("Violation[violation=...]").
     */
    @Test
    void playersAtARelayWhoAskedForDifferentGamesAreToldWhatTheOtherProposes() throws Exception {
        InProcessHost relay = InProcessHost.start(HighCardDefinition.CATALOG, "relay", "--accept-new", "--listen", "0",
                "--home", dir.resolve("relay").toString(), "--timeout", "9");
        String invitation = relay.invitation();
        CompletableFuture<Run> ann = CompletableFuture.supplyAsync(() -> join(0, "ann", invitation, "ann", "a.jsonl", 2, 8));
        CompletableFuture<Run> ben = CompletableFuture.supplyAsync(() -> join(1, "ben", invitation, "ben", "b.jsonl", 3, 8));
        java.util.List<Run> runs = java.util.List.of(ann.get(180, TimeUnit.SECONDS), ben.get(180, TimeUnit.SECONDS));
        relay.finish();
        String both = runs.get(0).out() + runs.get(1).out();
        assertThat(both).containsPattern("\nStopped: protocol violation: step 0, party (ann|ben): proposes "
                + "table/v1 high-card for 2, not table/v1 high-card for 2 \\(the same game with other settings\\)\n")
                .doesNotContain("Violation[", "Exception");
    }

    private static String players(Run seat) {
        return seat.out().lines().filter(l -> l.startsWith("Players: ")).findFirst().orElseThrow();
    }

    @Test
    void twoTablesWithTheirOwnSeatsShareOneRelayAtOnceAndEachAuditsVerified() throws Exception {
        // Three tables: red and blue at once, then ann tries to join blue, then red's players play a third, green.
        InProcessHost relay = InProcessHost.start(HighCardDefinition.CATALOG, "relay", "--accept-new", "--tables", "3",
                "--listen", "0", "--home", dir.resolve("relay").toString(), "--timeout", "120");
        String invitation = relay.invitation();
        relay.awaitOutput("Another table at this relay: its players add /NAME to the invitation");
        java.util.List<CompletableFuture<Run>> seats = java.util.List.of(
                CompletableFuture.supplyAsync(() -> join(0, "ann", invitation + "/red", "ann", "red0.jsonl")),
                CompletableFuture.supplyAsync(() -> join(1, "ben", invitation + "/red", "ben", "red1.jsonl")),
                CompletableFuture.supplyAsync(() -> join(0, "cat", invitation + "/blue", "cat", "blue0.jsonl")),
                CompletableFuture.supplyAsync(() -> join(1, "dan", invitation + "/blue", "dan", "blue1.jsonl")));
        for (CompletableFuture<Run> seat : seats) {
            Run r = seat.get(180, TimeUnit.SECONDS);
            assertThat(r.code()).as(r.out()).isZero();
            assertThat(r.out()).contains("Audit: VERIFIED: high-card for 2, 2 rounds: ");
        }
        assertThat(players(seats.get(1).get())).startsWith("Players: ann (").contains(", ben (")
                .doesNotContain("cat (", "dan (");
        assertThat(players(seats.get(3).get())).startsWith("Players: cat (").contains(", dan (")
                .doesNotContain("ann (", "ben (");
        assertThat(Files.readAllLines(dir.resolve("red1.jsonl"))).isNotEmpty()
                .isEqualTo(Files.readAllLines(dir.resolve("red0.jsonl")));
        assertThat(Files.readAllLines(dir.resolve("blue1.jsonl"))).isNotEmpty()
                .isEqualTo(Files.readAllLines(dir.resolve("blue0.jsonl")))
                .doesNotContainAnyElementsOf(Files.readAllLines(dir.resolve("red0.jsonl")));

        // ann, seated at red, over TLS with her own key: blue's seats are taken, so she is turned away and named.
        SigningKey ann = Profile.open(dir.resolve("ann"), new SecureRandom()).identity();
        Transport intruder = TableLink.join(invitation + "/blue", ann, false).connect(Duration.ofSeconds(30));
        SessionFrame.Welcome blue = (SessionFrame.Welcome) SessionFrame.decode(intruder.receive(Duration.ofSeconds(30)));
        intruder.send(SessionFrame.encode(SessionFrame.Join.sign(ann, "ann", blue)));
        assertThatThrownBy(() -> intruder.receive(Duration.ofSeconds(30))).isInstanceOf(Transport.PeerGoneException.class);
        relay.awaitOutput("table blue: hung up on \"ann\" [" + Fingerprint.of(ann.verifyingKey()) + "]");
        assertThat(relay.output()).contains("every seat is taken");

        CompletableFuture<Run> ann3 = CompletableFuture.supplyAsync(() -> join(0, "ann", invitation + "/green", "ann",
                "green0.jsonl"));
        Run ben3 = join(1, "ben", invitation + "/green", "ben", "green1.jsonl");
        assertThat(ben3.code()).as(ben3.out()).isZero();
        assertThat(ann3.get(180, TimeUnit.SECONDS).code()).isZero();
        InProcessHost.Run relayed = relay.finish();
        assertThat(relayed.code()).as(relayed.out()).isZero();
        assertThat(relayed.out()).contains("3 tables ended: at each every seat was taken and every player has left");
    }

    /**
     * A relay run at a terminal judges no names, so it asks nobody: a stranger's key, neither pinned nor named, is
     * refused in the handshake without --accept-new, however willing the person at the terminal (who used to be the
     * reason every key got through, for a question that never came).
     */
    @Test
    void aRelayAtATerminalLetsInNoStrangerWithoutAcceptNew() throws Exception {
        java.util.List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        // --tables 0 serves until --timeout, so the test lasts that long: 10 s leaves the stranger's one handshake
        // (well under a second) ample room on a loaded machine; ending early would fail the test, never pass it.
        InProcessHost relay = InProcessHost.startAsking(HighCardDefinition.CATALOG, question -> asked.add(question),
                "relay", "--tables", "0", "--timeout", "10", "--listen", "0", "--home", dir.resolve("relay").toString());
        String invitation = relay.invitation();
        SigningKey stranger = SigningKey.generate(new SecureRandom());
        String fingerprint = Fingerprint.of(stranger.verifyingKey()).toString();
        assertThatThrownBy(() -> TableLink.join(invitation, stranger, false).connect(Duration.ofSeconds(30))
                .receive(Duration.ofSeconds(30))).isInstanceOf(Transport.RefusedException.class)
                .hasMessageContaining("refused you: your key " + fingerprint + " is not accepted there");
        relay.awaitOutput("refused a player with key " + fingerprint + ": it is pinned under no name");
        assertThat(asked).isEmpty();
        assertThat(relay.finish().code()).isZero();
    }

    @Test
    void twoSeatsJoinARelayThatPlaysNoSeatAndBothAuditVerified() throws Exception {
        InProcessHost relay = InProcessHost.start(HighCardDefinition.CATALOG, "relay", "--accept-new", "--game",
                "high-card", "--players", "2", "--set", "rounds=2", "--listen", "0",
                "--home", dir.resolve("relay").toString(), "--timeout", "120");
        String invitation = relay.invitation();
        CompletableFuture<Run> ann = CompletableFuture.supplyAsync(() -> join(0, "ann", invitation));
        CompletableFuture<Run> ben = CompletableFuture.supplyAsync(() -> join(1, "ben", invitation));
        Run a = ann.get(180, TimeUnit.SECONDS);
        Run b = ben.get(180, TimeUnit.SECONDS);
        assertThat(a.code()).as(a.out()).isZero();
        assertThat(b.code()).as(b.out()).isZero();
        String verdict = a.out().lines().filter(l -> l.startsWith("Audit: ")).findFirst().orElseThrow();
        assertThat(verdict).startsWith("Audit: VERIFIED: high-card for 2, 2 rounds: ann ");
        assertThat(b.out()).contains(verdict, "Players: ann (", "ben (");
        assertThat(Files.readAllLines(dir.resolve("t1.jsonl"))).isNotEmpty()
                .isEqualTo(Files.readAllLines(dir.resolve("t0.jsonl")));
        InProcessHost.Run relayed = relay.finish();
        assertThat(relayed.code()).as(relayed.out()).isZero();
        assertThat(relayed.out()).contains("every seat was taken and every player has left");
    }
}
