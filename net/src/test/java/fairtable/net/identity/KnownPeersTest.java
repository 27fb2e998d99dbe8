package fairtable.net.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.net.identity.KnownPeers.Admission;
import fairtable.net.identity.UntrustedPeerException.Reason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KnownPeersTest {
    @TempDir
    Path home;

    private Path file() {
        return home.resolve("known_peers");
    }

    @Test
    void anUnknownKeyIsRefusedUnlessExplicitlyAccepted() throws IOException {
        KnownPeers peers = KnownPeers.load(file());
        assertThatThrownBy(() -> peers.admit("alice", FingerprintTest.KEY_1, TrustDecision.REQUIRE_KNOWN_KEY))
                .isInstanceOfSatisfying(UntrustedPeerException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_KEY);
                    assertThat(e.presented()).contains(Fingerprint.of(FingerprintTest.KEY_1));
                    assertThat(e.getMessage()).contains(Fingerprint.of(FingerprintTest.KEY_1).toString());
                });
        assertThat(peers.all()).isEmpty();
        assertThat(Files.exists(file())).isFalse();

        assertThat(peers.admit("alice", FingerprintTest.KEY_1, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING))
                .isEqualTo(Admission.NEWLY_PINNED);
        assertThat(peers.admit("alice", FingerprintTest.KEY_1, TrustDecision.REQUIRE_KNOWN_KEY))
                .isEqualTo(Admission.ALREADY_PINNED);
    }

    @Test
    void acceptanceIsRecordedInTheFile() throws IOException {
        KnownPeers peers = KnownPeers.load(file());
        peers.admit("alice", FingerprintTest.KEY_1, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
        peers.admit("Bob Smith", FingerprintTest.KEY_2, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);

        assertThat(Files.readAllLines(file())).contains(
                Fingerprint.of(FingerprintTest.KEY_1) + " alice", Fingerprint.of(FingerprintTest.KEY_2) + " Bob Smith");
        KnownPeers reloaded = KnownPeers.load(file());
        assertThat(reloaded.pinned("alice")).contains(Fingerprint.of(FingerprintTest.KEY_1));
        assertThat(reloaded.pinned("Bob Smith")).contains(Fingerprint.of(FingerprintTest.KEY_2));
        reloaded.check("bob smith", FingerprintTest.KEY_2);
    }

    @Test
    void aChangedKeyForAKnownNameIsAlwaysRefused() throws IOException {
        KnownPeers peers = KnownPeers.load(file());
        peers.admit("alice", FingerprintTest.KEY_1, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
        for (String name : new String[] {"alice", "ALICE"}) {
            assertThatThrownBy(() -> peers.admit(name, FingerprintTest.KEY_2, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING))
                    .isInstanceOfSatisfying(UntrustedPeerException.class, e -> {
                        assertThat(e.reason()).isEqualTo(Reason.KEY_CHANGED);
                        assertThat(e.presented()).contains(Fingerprint.of(FingerprintTest.KEY_2));
                        assertThat(e.expected()).contains(Fingerprint.of(FingerprintTest.KEY_1));
                        assertThat(e.getMessage()).contains("IMPERSONATION");
                    });
        }
        assertThat(KnownPeers.load(file()).pinned("alice")).contains(Fingerprint.of(FingerprintTest.KEY_1));
    }

    @Test
    void forgettingAPinIsTheOnlyWayToANewKey() throws IOException {
        KnownPeers peers = KnownPeers.load(file());
        peers.admit("alice", FingerprintTest.KEY_1, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
        assertThat(peers.forget("Alice")).isTrue();
        assertThat(peers.forget("alice")).isFalse();
        assertThat(KnownPeers.load(file()).all()).isEmpty();
        assertThat(peers.admit("alice", FingerprintTest.KEY_2, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING))
                .isEqualTo(Admission.NEWLY_PINNED);
    }

    @Test
    void checkNeverRecords() throws IOException {
        KnownPeers peers = KnownPeers.load(file());
        assertThatThrownBy(() -> peers.check("alice", FingerprintTest.KEY_1))
                .isInstanceOfSatisfying(UntrustedPeerException.class,
                        e -> assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_KEY));
        assertThat(peers.pinned("alice")).isEmpty();
    }

    @Test
    void handEditedFilesAreReadAndCorruptOnesNamedWithTheLine() throws IOException {
        Files.writeString(file(), "# mine\n\n  1A2B-3C4D-5E6F-7A8B-9C0D   carol  \n");
        assertThat(KnownPeers.load(file()).pinned("carol")).contains(Fingerprint.parse("1a2b3c4d5e6f7a8b9c0d"));

        Files.writeString(file(), "1a2b-3c4d-5e6f-7a8b-9c0d carol\nnot-a-fingerprint dave\n");
        assertThatThrownBy(() -> KnownPeers.load(file())).isInstanceOf(ProfileException.class)
                .hasMessageContaining("line 2");

        Files.writeString(file(), "1a2b-3c4d-5e6f-7a8b-9c0d carol\n0000-0000-0000-0000-0000 Carol\n");
        assertThatThrownBy(() -> KnownPeers.load(file())).isInstanceOf(ProfileException.class)
                .hasMessageContaining("second time");

        Files.writeString(file(), "1a2b-3c4d-5e6f-7a8b-9c0d\n");
        assertThatThrownBy(() -> KnownPeers.load(file())).isInstanceOf(ProfileException.class)
                .hasMessageContaining("line 1");
    }

    @Test
    void namesThatCouldHideInMessagesAreRefused() throws IOException {
        KnownPeers peers = KnownPeers.load(file());
        for (String name : new String[] {"", " alice", "alice ", "al\nice", "a".repeat(65)}) {
            assertThatThrownBy(() -> peers.admit(name, FingerprintTest.KEY_1, TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING))
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(peers.all()).isEmpty();
    }
}
