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
        InProcessHost host = InProcessHost.start("table", "host", "--accept-new", "--game", game, "--players", "2", "--max-moves", "6",
                "--listen", "0", "--name", "ann", "--home", hostHome, "--transcript", dir.resolve("t0.jsonl").toString(),
                "--timeout", "60");
        Run guest = run("table", "join", "--accept-new", "--game", game, "--seat", "1", "--players", "2", "--max-moves", "6",
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

    @org.junit.jupiter.api.Test
    void aJoinedSeatKilledMidGameResumesFromItsJournalThroughTheSameHost() throws Exception {
        // ben is killed once his journal holds 2 to 6 entries (seeded): under way, and eight plies write a dozen.
        long seed = 20261122;
        int entries = 2 + new SplittableRandom(seed).nextInt(5);
        Supplier<String> logs = () -> "seed " + seed + ", ben killed after " + entries + " journal entries\n"
                + logs("host.log", "ben-1.log", "ben-2.log");
        String hostHome = dir.resolve("h0").toString();
        Process host = start(dir.resolve("host.log"), "table", "host", "--accept-new", "--game", "dark-chess", "--players", "2",
                "--max-moves", "8", "--listen", "0", "--name", "ann", "--home", hostHome,
                "--transcript", dir.resolve("t0.jsonl").toString(), "--timeout", "60");
        String invitation = MidGameKill.awaitOutput(host, dir.resolve("host.log"),
                Pattern.compile("Invitation: (fairtable://\\S+)"), logs).group(1);
        String[] guest = {"table", "join", "--accept-new", "--game", "dark-chess", "--seat", "1", "--players", "2", "--max-moves", "8",
            "--name", "ben", "--home", dir.resolve("h1").toString(), "--connect", invitation, "--journal",
            dir.resolve("ben.journal").toString(), "--transcript", dir.resolve("t1.jsonl").toString(), "--timeout", "60"};
        Process first = start(dir.resolve("ben-1.log"), guest);
        MidGameKill.awaitJournalEntries(first, dir.resolve("ben.journal"), entries, logs);
        MidGameKill.kill(first, dir.resolve("ben-1.log"), logs);
        Process second = start(dir.resolve("ben-2.log"), guest);
        assertThat(second.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        assertThat(host.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("ben-2.log")), dir.resolve("t1.jsonl"), logs.get());
        assertThat(Files.readString(dir.resolve("ben-2.log"))).as(logs.get()).contains("Audit: VERIFIED");
        assertThat(second.exitValue()).as(logs.get()).isZero();
        assertThat(host.exitValue()).as(logs.get()).isZero();
        assertThat(Files.readAllLines(dir.resolve("t0.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t1.jsonl")));
    }

    @org.junit.jupiter.api.Test
    void aHostKilledMidGameTakesTheTableUpAgainFromItsLogAndThePlayerReconnects() throws Exception {
        // ann, the host, is killed once her seat's journal holds 2 to 6 entries (seeded) of about a dozen.
        long seed = 20261123;
        int entries = 2 + new SplittableRandom(seed).nextInt(5);
        Supplier<String> logs = () -> "seed " + seed + ", the host killed after " + entries + " journal entries\n"
                + logs("host-1.log", "host-2.log", "ben.log");
        String hostHome = dir.resolve("h0").toString();
        String[] host = {"table", "host", "--accept-new", "--game", "dark-chess", "--players", "2", "--max-moves", "8", "--listen",
            "0", "--name", "ann", "--home", hostHome, "--journal", dir.resolve("ann.journal").toString(),
            "--transcript", dir.resolve("t0.jsonl").toString(), "--timeout", "60"};
        Process first = start(dir.resolve("host-1.log"), host);
        // The host picks its port; taken up again, it listens on that same port, where the player reconnects.
        MatchResult hosting = MidGameKill.awaitOutput(first, dir.resolve("host-1.log"), HOSTING, logs);
        host[List.of(host).indexOf("--listen") + 1] = hosting.group(1);
        Process guest = start(dir.resolve("ben.log"), "table", "join", "--accept-new", "--game", "dark-chess", "--seat", "1",
                "--players", "2", "--max-moves", "8", "--name", "ben", "--home", dir.resolve("h1").toString(),
                "--connect", hosting.group(2), "--transcript", dir.resolve("t1.jsonl").toString(), "--timeout", "60");
        MidGameKill.awaitJournalEntries(first, dir.resolve("ann.journal"), entries, logs);
        MidGameKill.kill(first, dir.resolve("host-1.log"), logs);
        Process second = start(dir.resolve("host-2.log"), host);
        assertThat(second.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        assertThat(guest.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("host-2.log")), dir.resolve("t0.jsonl"),
                logs.get());
        assertThat(Files.readString(dir.resolve("host-2.log"))).as(logs.get()).contains("Audit: VERIFIED");
        assertThat(Files.readString(dir.resolve("ben.log"))).as(logs.get()).contains("Audit: VERIFIED");
        assertThat(second.exitValue()).as(logs.get()).isZero();
        assertThat(guest.exitValue()).as(logs.get()).isZero();
        assertThat(Files.readAllLines(dir.resolve("t0.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t1.jsonl")));
    }
}
