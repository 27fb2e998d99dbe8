package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A two-party game whose players both join a relay that plays no seat (`fairtable relay --log DIR`, `--relay` on each
 * side), and `kill -9` at the relay mid-game: run again with the same command, it takes the game up from its log, both
 * players reconnect, and they finish with the same transcript, which `fairtable audit` finds VERIFIED. Once for a board
 * game (dark chess), once for a deal (the FR 2823580 draw).
 */
class TwoPartyRelayKillTest {
    private static final long SEED = 20261128;
    private static final Pattern PORT = Pattern.compile("on port (\\d+)\\. Invitation: (fairtable://\\S+)");

    @TempDir
    Path dir;

    private String[] relay(String port) {
        return new String[] {"relay", "--accept-new", "--listen", port, "--home", dir.resolve("relay").toString(),
            "--log", dir.resolve("relay-log").toString(), "--timeout", "120"};
    }

    private List<String> player(int seat) {
        return List.of("--seat", Integer.toString(seat), "--accept-new", "--home", dir.resolve("h" + seat).toString(),
                "--timeout", "60", "--transcript", dir.resolve("t" + seat + ".jsonl").toString());
    }

    private String[] darkChess(int seat, String invitation) {
        List<String> args = new ArrayList<>(List.of("play", "dark-chess", "--bots", "all", "--max-plies", "8", "--seed",
                Long.toString(SEED), "--join", invitation, "--relay"));
        args.addAll(player(seat));
        return args.toArray(String[]::new);
    }

    private String[] draw(int seat, String invitation) {
        List<String> args = new ArrayList<>(List.of("draw", "--cards", "20", "--each", "3", "--name",
                seat == 0 ? "ann" : "ben", "--connect", invitation, "--relay"));
        args.addAll(player(seat));
        return args.toArray(String[]::new);
    }

    @Test
    void aRelayKilledMidDarkChessTakesTheGameUpFromItsLogAndBothPlayersFinishVerified() throws Exception {
        // Eight plies of dark chess place some thirty messages; the relay dies once its log holds 4 to 11 entries
        // (the first is the empty table, then one per placed message).
        killTheRelayMidGame(4 + new SplittableRandom(SEED).nextInt(8), this::darkChess);
    }

    @Test
    void aRelayKilledMidDrawTakesTheDealUpFromItsLogAndBothPlayersFinishVerified() throws Exception {
        // A draw of three cards each from twenty places a dozen messages; the relay dies after 3 to 5 log entries.
        killTheRelayMidGame(3 + new SplittableRandom(SEED + 1).nextInt(3), this::draw);
    }

    /** {@code seat.apply(s)} gives seat s's command, given the relay's invitation. */
    private void killTheRelayMidGame(int entries, java.util.function.BiFunction<Integer, String, String[]> seat)
            throws Exception {
        Path relayLog = dir.resolve("relay-log").resolve("table.log");
        Process first = ChildJvm.startLogging(dir.resolve("relay-1.log"), Main.class, relay("0"));
        InProcessHost[] seats = new InProcessHost[2];
        Supplier<String> logs = () -> "seed " + SEED + ", relay killed after " + entries + " log entries\n"
                + logs(seats);
        var listening = MidGameKill.awaitOutput(first, dir.resolve("relay-1.log"), PORT, logs);
        String port = listening.group(1);
        String invitation = listening.group(2);
        IntFunction<String[]> command = s -> seat.apply(s, invitation);
        seats[0] = InProcessHost.start(command.apply(0));
        seats[1] = InProcessHost.start(command.apply(1));

        MidGameKill.awaitJournalEntries(first, relayLog, entries, logs);
        assertThat(Files.readString(dir.resolve("relay-1.log"))).as(logs.get()).doesNotContain("The table ended");
        MidGameKill.kill(first, dir.resolve("relay-1.log"), logs);

        Process second = ChildJvm.startLogging(dir.resolve("relay-2.log"), Main.class, relay(port));
        InProcessHost.Run a = seats[0].finish();
        InProcessHost.Run b = seats[1].finish();
        assertThat(second.waitFor(60, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        assertThat(second.exitValue()).as(logs.get()).isZero();
        assertThat(Files.readString(dir.resolve("relay-2.log"))).as(logs.get()).contains("The table ended");
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("relay-2.log")), dir.resolve("t0.jsonl"),
                logs.get());
        for (InProcessHost.Run player : List.of(a, b)) {
            assertThat(player.code()).as(logs.get()).isZero();
            assertThat(player.out()).as(logs.get()).contains("The host is gone (", "); retrying for up to 60 s ...",
                    "Audit: VERIFIED");
        }
        assertThat(Files.readAllLines(dir.resolve("t1.jsonl"))).isNotEmpty()
                .isEqualTo(Files.readAllLines(dir.resolve("t0.jsonl")));
        StringWriter out = new StringWriter();
        assertThat(Main.run(new PrintWriter(out, true), new PrintWriter(out, true), "audit",
                dir.resolve("t0.jsonl").toString())).as(out.toString()).isZero();
        assertThat(out.toString()).startsWith("VERIFIED");
    }

    private String logs(InProcessHost... seats) {
        StringBuilder all = new StringBuilder(ChildJvm.logs(dir, "relay-1.log", "relay-2.log"));
        for (InProcessHost s : seats) {
            if (s != null) {
                all.append("== in-process seat\n").append(s.output()).append('\n');
            }
        }
        return all.toString();
    }
}
