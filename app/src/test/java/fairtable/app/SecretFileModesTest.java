package fairtable.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import fairtable.app.MailDesk.Run;
import fairtable.net.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the commands leave on disk that holds a player's secrets is theirs alone: every mail game's directory
 * (0700) and every file in it (0600), whichever way the game is kept; and a journal another user can read is
 * refused by the command with one line naming it and the chmod that fixes it. (The journal, event-log and
 * relay-log files themselves, which every `--journal` and `--relay-log` goes through, are checked in net's
 * SecretsAtRestTest.)
 */
class SecretFileModesTest {
    @TempDir
    Path temp;

    private MailDesk desk;

    @BeforeEach
    void onPosix() throws IOException {
        assumeTrue(OwnerOnlyFiles.posix(temp), "file modes exist only on POSIX file systems");
        desk = new MailDesk(temp);
    }

    private static void assertOwnerOnlyTree(Path root) throws IOException {
        assertThat(root).isDirectory();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(p))).as(p.toString())
                        .isEqualTo(Files.isDirectory(p) ? "rwx------" : "rw-------");
            }
        }
    }

    @Test
    void bothSidesOfADrawByMailKeepTheirGameToThemselves() throws Exception {
        MailDesk.Sent started = desk.mail("new", "alice", "--cards", "10", "--each", "2", "--name", "alice");
        assertThat(started.run().code()).as(started.run().err()).isZero();
        MailDesk.Sent joined = desk.mail("join", "bob", "--in", desk.file(started.text()).toString(), "--name", "bob");
        assertThat(joined.run().code()).as(joined.run().err()).isZero();
        MailDesk.Sent answered = desk.receive("alice", joined.text());
        assertThat(answered.run().code()).as(answered.run().err()).isZero();

        assertOwnerOnlyTree(desk.game("alice"));
        assertOwnerOnlyTree(desk.game("bob"));
    }

    @Test
    void aRegisteredGamePlayedByItsBotKeepsItsDirectoryToItsOwner() throws Exception {
        MailDesk.Sent started = desk.mail("new", "alice", "--game", "holdem", "--players", "2", "--set", "hands=1",
                "--bot", "--name", "alice");
        assertThat(started.run().code()).as(started.run().err()).isZero();
        assertOwnerOnlyTree(desk.game("alice"));
    }

    @Test
    void aCardTableByMailKeepsItsDirectoryToItsOwner() throws Exception {
        MailDesk.Sent started = desk.mail("new", "alice", "--game", "draw-poker", "--mode", "patent", "--players", "2",
                "--name", "alice");
        assertThat(started.run().code()).as(started.run().err()).isZero();
        MailDesk.Sent joined = desk.mail("join", "bob", "--in", desk.file(started.text()).toString(), "--name", "bob");
        assertThat(joined.run().code()).as(joined.run().err()).isZero();

        assertOwnerOnlyTree(desk.game("alice"));
        assertOwnerOnlyTree(desk.game("bob"));
    }

    @Test
    void aGameOthersCanReadIsRefusedWithTheChmodThatFixesIt() throws Exception {
        MailDesk.Sent started = desk.mail("new", "alice", "--cards", "10", "--each", "2", "--name", "alice");
        MailDesk.Sent joined = desk.mail("join", "bob", "--in", desk.file(started.text()).toString(), "--name", "bob");
        Path journal = desk.game("alice").resolve("journal");
        Files.setPosixFilePermissions(journal, PosixFilePermissions.fromString("rw-r--r--"));

        MailDesk.Sent refused = desk.receive("alice", joined.text());

        assertThat(refused.run().code()).isNotZero();
        assertThat(refused.run().err()).isEqualTo("fairtable: refused " + journal + ": it holds secrets of your games,"
                + " but other users can read it (rw-r--r--). Run: chmod 600 " + journal + "\n");
        Files.setPosixFilePermissions(journal, PosixFilePermissions.fromString("rw-------"));
        assertThat(desk.receive("alice", joined.text()).run().code()).isZero();
    }

    @Test
    void aJournalGivenOnTheCommandLineThatOthersCanReadIsRefused() throws Exception {
        Path journal = temp.resolve("allocation.journal");
        Files.writeString(journal, "");
        Files.setPosixFilePermissions(journal, PosixFilePermissions.fromString("rw-rw----"));

        Run refused = MailDesk.run("unblind", "--mine", "--journal", journal.toString(), "--home", desk.home("alice"));

        assertThat(refused.code()).isNotZero();
        assertThat(refused.err()).isEqualTo("fairtable: refused " + journal + ": it holds secrets of your games,"
                + " but other users can read it (rw-rw----). Run: chmod 600 " + journal + "\n");
    }
}
