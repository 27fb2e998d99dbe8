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
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
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
        String hostHome = dir.resolve("h0").toString();
        InProcessHost host = InProcessHost.start("table", "host", "--accept-new", "--game", game, "--players", "2", "--max-moves", "2",
                "--listen", "0", "--name", "ann", "--home", hostHome, "--transcript", dir.resolve("t0.jsonl").toString(),
                "--timeout", "60");
        Run guest = run("table", "join", "--accept-new", "--game", game, "--seat", "1", "--players", "2", "--max-moves", "2",
                "--name", "ben", "--home", dir.resolve("h1").toString(), "--connect", host.invitation(),
                "--transcript", dir.resolve("t1.jsonl").toString(), "--timeout", "60");
        InProcessHost.Run hosted = host.finish();
        assertThat(hosted.code()).as(hosted.out()).isZero();
        assertThat(guest.code()).as(guest.out()).isZero();
        for (String out : new String[] {hosted.out(), guest.out()}) {
            assertThat(out).contains("Players: ann (", "ben (", shown, "Audit: " + verdict);
        }
        assertThat(Files.readAllLines(dir.resolve("t0.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t1.jsonl")));
    }

    private Process start(Path log, String... args) throws Exception {
        return ChildJvm.startLogging(log, Main.class, args);
    }

    private String logs(String... names) {
        return ChildJvm.logs(dir, names);
    }

    /** The host's line "Hosting a table for 2 on port N. Invitation: ..." once printed: group 1 the port, 2 the invitation. */
    private static final Pattern HOSTING = Pattern.compile("on port (\\d+)\\. Invitation: (fairtable://\\S+)");

    /**
     * Both ends of one table die mid-game, one after the other: ben, a joined seat, is killed and resumes from his
     * journal through the same host; then ann, the host, is killed and takes the table up again from her log on the
     * same port, where the revived ben reconnects. Each revived process resumes mid-game and both end VERIFIED with
     * the same transcript. (One game for both kills: each kill is what the other's game would check again.)
     */
    @org.junit.jupiter.api.Test
    void aJoinedSeatAndThenTheHostKilledMidGameEachResumeAndTheTableEndsVerified() throws Exception {
        // ben is killed once his journal holds 2 to 6 entries (seeded) of the sixteen or so that eight plies write.
        long seed = 20261122;
        int benEntries = 2 + new SplittableRandom(seed).nextInt(5);
        int[] hostEntries = {0};
        Supplier<String> logs = () -> "seed " + seed + ", ben killed after " + benEntries + " journal entries, the host"
                + " after " + hostEntries[0] + "\n" + logs("host-1.log", "host-2.log", "ben-1.log", "ben-2.log");
        String hostHome = dir.resolve("h0").toString();
        String[] host = {"table", "host", "--accept-new", "--game", "dark-chess", "--players", "2", "--max-moves", "8",
            "--listen", "0", "--name", "ann", "--home", hostHome, "--journal", dir.resolve("ann.journal").toString(),
            "--transcript", dir.resolve("t0.jsonl").toString(), "--timeout", "60"};
        Process firstHost = start(dir.resolve("host-1.log"), host);
        // The host picks its port; taken up again, it listens on that same port, where the player reconnects.
        MatchResult hosting = MidGameKill.awaitOutput(firstHost, dir.resolve("host-1.log"), HOSTING, logs);
        host[List.of(host).indexOf("--listen") + 1] = hosting.group(1);
        String[] guest = {"table", "join", "--accept-new", "--game", "dark-chess", "--seat", "1", "--players", "2",
            "--max-moves", "8", "--name", "ben", "--home", dir.resolve("h1").toString(), "--connect", hosting.group(2),
            "--journal", dir.resolve("ben.journal").toString(), "--transcript", dir.resolve("t1.jsonl").toString(),
            "--timeout", "60"};
        Process firstBen = start(dir.resolve("ben-1.log"), guest);
        MidGameKill.awaitJournalEntries(firstBen, dir.resolve("ben.journal"), benEntries, logs);
        MidGameKill.kill(firstBen, dir.resolve("ben-1.log"), logs);
        Process secondBen = start(dir.resolve("ben-2.log"), guest);
        MidGameKill.awaitOutput(secondBen, dir.resolve("ben-2.log"), Pattern.compile("Resuming from "), logs);
        // The host dies once the table has moved on by two entries with the revived ben.
        hostEntries[0] = MidGameKill.journalEntries(dir.resolve("ann.journal")) + 2;
        MidGameKill.awaitJournalEntries(firstHost, dir.resolve("ann.journal"), hostEntries[0], logs);
        MidGameKill.kill(firstHost, dir.resolve("host-1.log"), logs);
        Process secondHost = start(dir.resolve("host-2.log"), host);
        assertThat(secondHost.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        assertThat(secondBen.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("ben-2.log")), dir.resolve("t1.jsonl"), logs.get());
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("host-2.log")), dir.resolve("t0.jsonl"),
                logs.get());
        assertThat(Files.readString(dir.resolve("ben-2.log"))).as(logs.get()).contains("Audit: VERIFIED");
        assertThat(Files.readString(dir.resolve("host-2.log"))).as(logs.get()).contains("Audit: VERIFIED");
        assertThat(secondBen.exitValue()).as(logs.get()).isZero();
        assertThat(secondHost.exitValue()).as(logs.get()).isZero();
        assertThat(Files.readAllLines(dir.resolve("t0.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t1.jsonl")));
    }
}
