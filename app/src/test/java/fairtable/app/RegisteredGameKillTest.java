package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.table.HighCardMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A registered game's seat is one table/v1 party, so the session layer's journal takes it up again: a joined seat
 * killed (SIGKILL) mid-game runs the same command again, resumes through the same host, and both seats end with
 * the same transcript, VERIFIED.
 */
class RegisteredGameKillTest {
    @TempDir
    Path dir;

    private Process start(Path log, String... args) throws Exception {
        return ChildJvm.startLogging(log, HighCardMain.class, args);
    }

    private String logs(String... names) {
        return ChildJvm.logs(dir, names);
    }

    @Test
    void aJoinedSeatKilledMidGameResumesFromItsJournalAndTheGameEndsVerified() throws Exception {
        // ben is killed once his journal holds 3 to 9 entries (seeded): under way, of some sixty steps in 4 rounds.
        long seed = 20261127;
        int entries = 3 + new SplittableRandom(seed).nextInt(7);
        Supplier<String> logs = () -> "seed " + seed + ", ben killed after " + entries + " journal entries\n"
                + logs("host.log", "ben-1.log", "ben-2.log");
        Process host = start(dir.resolve("host.log"), "table", "host", "--accept-new", "--game", "high-card", "--players", "2",
                "--set", "rounds=4", "--listen", "0", "--name", "ann", "--home", dir.resolve("h0").toString(),
                "--transcript", dir.resolve("t0.jsonl").toString(), "--timeout", "60");
        String invitation = MidGameKill.awaitOutput(host, dir.resolve("host.log"),
                Pattern.compile("Invitation: (fairtable://\\S+)"), logs).group(1);
        String[] guest = {"table", "join", "--accept-new", "--game", "high-card", "--seat", "1", "--players", "2", "--set", "rounds=4",
            "--name", "ben", "--home", dir.resolve("h1").toString(), "--connect", invitation, "--journal",
            dir.resolve("ben.journal").toString(), "--transcript", dir.resolve("t1.jsonl").toString(), "--timeout", "60"};
        Process first = start(dir.resolve("ben-1.log"), guest);
        MidGameKill.awaitJournalEntries(first, dir.resolve("ben.journal"), entries, logs);
        MidGameKill.kill(first, dir.resolve("ben-1.log"), logs);
        Process second = start(dir.resolve("ben-2.log"), guest);
        assertThat(second.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        assertThat(host.waitFor(180, TimeUnit.SECONDS)).as(logs.get()).isTrue();
        assertThat(dir.resolve("t1.jsonl")).as(logs.get()).exists();
        MidGameKill.assertResumedMidGame(Files.readString(dir.resolve("ben-2.log")), dir.resolve("t1.jsonl"), logs.get());
        for (String log : new String[] {"ben-2.log", "host.log"}) {
            assertThat(Files.readString(dir.resolve(log))).as(logs.get())
                    .containsPattern("Audit: VERIFIED: high-card for 2, 4 rounds: ann \\d, ben \\d; .*; game over");
        }
        assertThat(second.exitValue()).as(logs.get()).isZero();
        assertThat(host.exitValue()).as(logs.get()).isZero();
        assertThat(Files.readAllLines(dir.resolve("t0.jsonl"))).isEqualTo(Files.readAllLines(dir.resolve("t1.jsonl")));
    }
}
