package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `kill -9` at a relay that plays no seat (`fairtable relay --log DIR`), mid-hand of bots-only Hold'em: the relay
 * itself, then a seat. The relay run again with the same command takes the table up from its own log and the seats
 * reconnect to it; a seat run again resumes from its journal through the relay. Either way both seats finish with
 * the same transcript, which `fairtable audit` finds VERIFIED.
 */
class RelayKillTest {
    private static final long SEED = 20261128;
    private static final Pattern PORT = Pattern.compile("on port (\\d+)\\. Invitation: (fairtable://\\S+)");

    @TempDir
    Path dir;

    private String[] relay(String port) {
        return new String[] {"relay", "--accept-new", "--game", "holdem", "--players", "2", "--set", "hands=1",
            "--listen", port, "--home", dir.resolve("relay").toString(), "--log", dir.resolve("relay-log").toString(),
            "--timeout", "120"};
    }

    private String[] seat(int seat, String invitation, boolean journal) {
        List<String> args = new java.util.ArrayList<>(List.of("table", "join", "--relay", "--accept-new", "--game",
                "holdem", "--players", "2", "--set", "hands=1", "--seat", Integer.toString(seat), "--name",
                seat == 0 ? "ann" : "ben", "--home", dir.resolve("h" + seat).toString(), "--connect", invitation,
                "--transcript", dir.resolve("t" + seat + ".jsonl").toString(), "--timeout", "60"));
        if (journal) {
            args.addAll(List.of("--journal", dir.resolve("seat" + seat + ".journal").toString()));
        }
        return args.toArray(String[]::new);
    }

    private String logs(InProcessHost... seats) {
        StringBuilder all = new StringBuilder(ChildJvm.logs(dir, "relay-1.log", "relay-2.log", "ben-1.log", "ben-2.log"));
        for (InProcessHost s : seats) {
            all.append("== in-process seat\n").append(s.output()).append('\n');
        }
        return all.toString();
    }

    @Test
    void aRelayKilledMidHandTakesTheTableUpFromItsLogAndTheSeatsReconnectAndFinish() throws Exception {
        // A hand of Hold'em for two places some forty messages; the relay dies once its log holds 4 to 15 entries
        // (the first entry is the empty table, then one per placed message).
        int entries = 4 + new SplittableRandom(SEED).nextInt(12);
        Path relayLog = dir.resolve("relay-log").resolve("table.log");
        Process first = ChildJvm.startLogging(dir.resolve("relay-1.log"), Main.class, relay("0"));
        InProcessHost[] seats = new InProcessHost[2];
        Supplier<String> logs = () -> "seed " + SEED + ", relay killed after " + entries + " log entries\n"
                + logs(seats[0] == null ? new InProcessHost[0] : seats);
        var listening = MidGameKill.awaitOutput(first, dir.resolve("relay-1.log"), PORT, logs);
        String port = listening.group(1);
        String invitation = listening.group(2);
        seats[0] = InProcessHost.start(seat(0, invitation, false));
        seats[1] = InProcessHost.start(seat(1, invitation, false));

        MidGameKill.awaitJournalEntries(first, relayLog, entries, logs);
        assertThat(Files.readString(dir.resolve("relay-1.log"))).as(logs.get()).doesNotContain("The table ended");
        MidGameKill.kill(first, dir.resolve("relay-1.log"), logs);
        assertThat(Files.getPosixFilePermissions(relayLog)).as("the relay log is owner-only")
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        assertThat(Files.getPosixFilePermissions(relayLog.getParent())).as("so is its directory")
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));

        Process second = ChildJvm.startLogging(dir.resolve("relay-2.log"), Main.class, relay(port));
        InProcessHost.Run ann = seats[0].finish();
        InProcessHost.Run ben = seats[1].finish();
        assertThat(second.waitFor(60, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        assertThat(second.exitValue()).as(logs.get()).isZero();
        assertThat(Files.readString(dir.resolve("relay-2.log"))).as(logs.get()).contains("The table ended");
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("relay-2.log")), dir.resolve("t0.jsonl"),
                logs.get());
        for (InProcessHost.Run seat : List.of(ann, ben)) {
            assertThat(seat.code()).as(logs.get()).isZero();
            assertThat(seat.out()).as(logs.get()).contains("The host is gone (", "); retrying for up to 60 s ...")
                    .containsPattern("Audit: VERIFIED: holdem for 2");
        }
        assertVerifiedAndIdentical();
    }

    @Test
    void aSeatKilledMidHandAtARelayResumesFromItsJournalAndTheHandEndsVerified() throws Exception {
        int entries = 2 + new SplittableRandom(SEED + 1).nextInt(6);
        InProcessHost relay = InProcessHost.start(relay("0"));
        String invitation = relay.invitation();
        InProcessHost ann = InProcessHost.start(seat(0, invitation, false));
        Supplier<String> logs = () -> "seed " + (SEED + 1) + ", ben killed after " + entries + " journal entries\n"
                + logs(relay, ann);
        String[] ben = seat(1, invitation, true);
        Process first = ChildJvm.startLogging(dir.resolve("ben-1.log"), Main.class, ben);
        MidGameKill.awaitJournalEntries(first, dir.resolve("seat1.journal"), entries, logs);
        MidGameKill.kill(first, dir.resolve("ben-1.log"), logs);
        Process second = ChildJvm.startLogging(dir.resolve("ben-2.log"), Main.class, ben);
        assertThat(second.waitFor(60, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        InProcessHost.Run annRun = ann.finish();
        InProcessHost.Run relayRun = relay.finish();
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("ben-2.log")), dir.resolve("t1.jsonl"), logs.get());
        assertThat(second.exitValue()).as(logs.get()).isZero();
        assertThat(annRun.code()).as(logs.get()).isZero();
        assertThat(relayRun.code()).as(logs.get()).isZero();
        assertThat(Files.readString(dir.resolve("ben-2.log"))).as(logs.get())
                .containsPattern("Audit: VERIFIED: holdem for 2");
        assertVerifiedAndIdentical();
    }

    /** Both seats kept the same transcript, and the third-party audit of it is VERIFIED. */
    private void assertVerifiedAndIdentical() throws Exception {
        assertThat(Files.readAllLines(dir.resolve("t1.jsonl"))).isNotEmpty()
                .isEqualTo(Files.readAllLines(dir.resolve("t0.jsonl")));
        StringWriter out = new StringWriter();
        assertThat(Main.run(new PrintWriter(out, true), new PrintWriter(out, true), "audit",
                dir.resolve("t0.jsonl").toString())).as(out.toString()).isZero();
        assertThat(out.toString()).startsWith("VERIFIED");
    }
}
