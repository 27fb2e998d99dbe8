package fairtable.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.journal.Journal;
import fairtable.net.session.SessionHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file the net layer writes that holds a secret (a party's journal, the host's relay log, which is a journal
 * too) is created readable by its owner alone whatever the umask, stays so through a journal's compaction, and
 * one that others can read is refused with the chmod that fixes it. The game directories of correspondence are
 * checked in {@code CorrespondenceGameTest}.
 */
public class SecretsAtRestTest {
    @TempDir
    Path dir;

    private final SigningKey key = key(new SplittableRandom(14));

    @BeforeEach
    void onPosix() throws IOException {
        assumeTrue(OwnerOnlyFiles.posix(dir), "file modes exist only on POSIX file systems");
    }

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    /** The file's mode as ls shows it, e.g. rw-------. */
    public static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }

    /** Asserts that {@code root}, every directory under it and every file in them is its owner's alone. */
    public static void assertOwnerOnlyTree(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                assertThat(mode(p)).as(p.toString()).isEqualTo(Files.isDirectory(p) ? "rwx------" : "rw-------");
            }
        }
    }

    @Test
    void aJournalIsOwnerOnlyAndStaysSoWhenCompacted() throws Exception {
        Path file = dir.resolve("seat.journal");
        SplittableRandom random = new SplittableRandom(3);
        try (Journal journal = Journal.open(file, key)) {
            journal.record(new byte[] {1}, List.of());
            assertThat(mode(file)).isEqualTo("rw-------");
            // States with nothing in common: the file is compacted (rewritten and moved over) within a few steps.
            for (int step = 0; step < 8; step++) {
                byte[] state = new byte[300_000];
                random.nextBytes(state);
                journal.record(state, List.of());
            }
        }
        assertThat(Files.readAllLines(file)).hasSizeLessThan(9); // it was compacted
        assertThat(mode(file)).isEqualTo("rw-------");
    }

    @Test
    void theHostsRelayLogIsOwnerOnly() throws Exception {
        Path file = dir.resolve("relay.log");
        SessionHost host = SessionHost.persistent(file, "relay", key, new SplittableRandom(5));
        host.close();
        assertThat(mode(file)).isEqualTo("rw-------");
    }

    @Test
    void aJournalOthersCanReadIsRefusedWithTheChmodThatFixesIt() throws Exception {
        Path file = dir.resolve("seat.journal");
        try (Journal journal = Journal.open(file, key)) {
            journal.record(new byte[] {1}, List.of());
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> Journal.open(file, key)).isInstanceOf(OwnerOnlyFiles.ExposedException.class)
                .hasMessage("refused " + file + ": it holds secrets of your games, but other users can read it"
                        + " (rw-r--r--). Run: chmod 600 " + file);

        // Readable by others alone, not the group, is refused as well; and the relay's log is refused like any journal.
        Path log = dir.resolve("relay.log");
        SessionHost.persistent(log, "relay", key, new SplittableRandom(6)).close();
        Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw----r--"));
        assertThatThrownBy(() -> SessionHost.persistent(log, "relay", key, new SplittableRandom(7)))
                .isInstanceOf(OwnerOnlyFiles.ExposedException.class).hasMessageEndingWith("Run: chmod 600 " + log);

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        try (Journal journal = Journal.open(file, key)) {
            assertThat(journal.last().orElseThrow().state()).containsExactly(1);
        }
    }

    @Test
    void aDirectoryOthersCanEnterIsRefused() throws Exception {
        Path game = Files.createDirectory(dir.resolve("game"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-x---")));
        assertThatThrownBy(() -> OwnerOnlyFiles.directory(game))
                .hasMessage("refused " + game + ": it holds secrets of your games, but other users can enter it"
                        + " (rwxr-x---). Run: chmod -R go-rwx " + game);
        assertThat(OwnerOnlyFiles.directory(dir.resolve("new/deeper"))).isDirectory();
        assertThat(mode(dir.resolve("new"))).isEqualTo("rwx------");
        assertThat(mode(dir.resolve("new/deeper"))).isEqualTo("rwx------");
    }
}
