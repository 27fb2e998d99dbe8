package fairtable.net.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileTest {
    @TempDir
    Path base;

    private Path home() {
        return base.resolve("profile");
    }

    private boolean posix() throws IOException {
        return Files.getFileStore(base).supportsFileAttributeView(PosixFileAttributeView.class);
    }

    @Test
    void theFirstOpenCreatesAnIdentityThatLaterOpensReload() throws IOException {
        Profile first = Profile.open(home(), new SecureRandom());
        Profile again = Profile.open(home(), new SecureRandom());
        assertThat(again.identity().verifyingKey()).isEqualTo(first.identity().verifyingKey());
        assertThat(again.identity().seed()).isEqualTo(first.identity().seed());
        assertThat(again.fingerprint()).isEqualTo(Fingerprint.of(first.identity().verifyingKey()));

        Profile other = Profile.open(base.resolve("someone-else"), new SecureRandom());
        assertThat(other.identity().verifyingKey()).isNotEqualTo(first.identity().verifyingKey());
    }

    @Test
    void theKeyFileHoldsTheSeedReadableOnlyByItsOwner() throws IOException {
        Profile profile = Profile.open(home(), new SecureRandom());
        Path keyFile = home().resolve(Profile.KEY_FILE);
        assertThat(Files.readAllLines(keyFile))
                .containsExactly(Profile.KEY_HEADER, HexFormat.of().formatHex(profile.identity().seed()));
        if (posix()) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home()))).isEqualTo("rwx------");
        }
        try (var leftovers = Files.list(home())) {
            assertThat(leftovers.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void aKeyFileOthersCanReadIsRefused() throws IOException {
        Profile.open(home(), new SecureRandom());
        assumeTrue(posix());
        Path keyFile = home().resolve(Profile.KEY_FILE);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> Profile.open(home(), new SecureRandom())).isInstanceOf(ProfileException.class)
                .hasMessageContaining("chmod 600");
    }

    @Test
    void aCorruptKeyFileIsReportedNotReplaced() throws IOException {
        Profile.open(home(), new SecureRandom());
        Path keyFile = home().resolve(Profile.KEY_FILE);
        String[] corruptions = {
            "",
            "garbage",
            Profile.KEY_HEADER + "\n",
            Profile.KEY_HEADER + "\n" + "ab".repeat(31) + "\n",
            Profile.KEY_HEADER + "\n" + "zz".repeat(32) + "\n",
            Profile.KEY_HEADER + "\n" + "ab".repeat(32) + "\nextra\n",
            "x".repeat(5000)
        };
        for (String corrupt : corruptions) {
            Files.writeString(keyFile, corrupt);
            assertThatThrownBy(() -> Profile.open(home(), new SecureRandom()))
                    .isInstanceOfSatisfying(ProfileException.class, e -> {
                        assertThat(e.file()).isEqualTo(keyFile);
                        assertThat(e.getMessage()).contains("identity key file is corrupt");
                    });
            assertThat(Files.readString(keyFile)).isEqualTo(corrupt);
        }
    }

    @Test
    void theDisplayNameDefaultsFromTheKeyAndPersists() throws IOException {
        Profile profile = Profile.open(home(), new SecureRandom());
        assertThat(profile.displayName()).isEqualTo("player-" + profile.fingerprint().toString().substring(0, 4));
        profile.setDisplayName("Ada Lovelace");
        assertThat(Profile.open(home(), new SecureRandom()).displayName()).isEqualTo("Ada Lovelace");
        assertThatThrownBy(() -> profile.setDisplayName("two\nlines")).isInstanceOf(IllegalArgumentException.class);
        assertThat(profile.displayName()).isEqualTo("Ada Lovelace");
    }

    @Test
    void pinsLiveInTheProfile() throws IOException {
        Profile profile = Profile.open(home(), new SecureRandom());
        profile.knownPeers().admit("alice", FingerprintTest.KEY_1, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
        assertThat(Profile.open(home(), new SecureRandom()).knownPeers().pinned("alice"))
                .contains(Fingerprint.of(FingerprintTest.KEY_1));
        assertThat(Files.exists(home().resolve(Profile.KNOWN_PEERS_FILE))).isTrue();
    }

    @Test
    void theDirectoryComesFromFairtableHomeOrTheUsersHome() {
        assertThat(Profile.defaultDirectory(Map.of("FAIRTABLE_HOME", "/srv/ft"), "/home/ada"))
                .isEqualTo(Path.of("/srv/ft"));
        assertThat(Profile.defaultDirectory(Map.of(), "/home/ada")).isEqualTo(Path.of("/home/ada", ".fairtable"));
        assertThat(Profile.defaultDirectory(Map.of("FAIRTABLE_HOME", " "), "/home/ada"))
                .isEqualTo(Path.of("/home/ada", ".fairtable"));
    }
}
