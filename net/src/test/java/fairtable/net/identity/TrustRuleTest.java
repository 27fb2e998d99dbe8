package fairtable.net.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one trust rule: a pinned key passes, a changed key never does, and a new key is pinned only when the user
 * named it, took new players (--accept-new) or said yes at the terminal; otherwise the refusal names the player,
 * the fingerprint and what to type to accept it.
 */
class TrustRuleTest {
    @TempDir
    Path dir;

    private final SplittableRandom random = new SplittableRandom(2026);
    private final VerifyingKey bob = key();
    private final List<String> warnings = new ArrayList<>();
    private final List<String> questions = new ArrayList<>();

    private VerifyingKey key() {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed).verifyingKey();
    }

    private KnownPeers pins() throws Exception {
        return KnownPeers.load(dir.resolve("known_peers"));
    }

    private TrustRule rule(Set<Fingerprint> named, boolean acceptNew, Optional<Boolean> answer) throws Exception {
        Optional<TrustRule.Asker> asker = answer.map(yes -> question -> {
            questions.add(question);
            return yes;
        });
        return new TrustRule(pins(), named, acceptNew, asker, warnings::add);
    }

    @Test
    void aStrangerIsRefusedWithItsFingerprintAndWhatToTypeToAcceptIt() throws Exception {
        Fingerprint fingerprint = Fingerprint.of(bob);
        assertThatThrownBy(() -> rule(Set.of(), false, Optional.empty()).admit("bob", bob, false))
                .isInstanceOf(UntrustedPeerException.class)
                .hasMessage("refused bob: key " + fingerprint + " is not pinned for this name. Compare this fingerprint"
                        + " with bob over another channel, then accept it: run the same command again with"
                        + " --accept-new, or answer y when asked at a terminal.");
        assertThat(pins().pinned("bob")).isEmpty();
        assertThat(rule(Set.of(), false, Optional.empty()).mayBeAdmitted(bob)).isFalse();
    }

    @Test
    void acceptNewAdmitsAndPinsWithAWarning() throws Exception {
        assertThat(rule(Set.of(), true, Optional.empty()).admit("bob", bob, false))
                .isEqualTo(KnownPeers.Admission.NEWLY_PINNED);
        assertThat(pins().pinned("bob")).contains(Fingerprint.of(bob));
        assertThat(warnings).containsExactly("WARNING: bob is new: their key " + Fingerprint.of(bob)
                + " is now pinned. Compare it with theirs by another channel (read it aloud).");
        // From now on bob is known to every command, with nothing accepted.
        assertThat(rule(Set.of(), false, Optional.empty()).admit("bob", bob, false))
                .isEqualTo(KnownPeers.Admission.ALREADY_PINNED);
        assertThat(rule(Set.of(), false, Optional.empty()).mayBeAdmitted(bob)).isTrue();
    }

    @Test
    void thePersonAtTheTerminalIsAskedAndOnlyYesPins() throws Exception {
        assertThatThrownBy(() -> rule(Set.of(), false, Optional.of(false)).admit("bob", bob, false))
                .isInstanceOf(UntrustedPeerException.class);
        assertThat(pins().pinned("bob")).isEmpty();
        rule(Set.of(), false, Optional.of(true)).admit("bob", bob, false);
        assertThat(questions).containsExactly("accept bob, fingerprint " + Fingerprint.of(bob) + "? y/N",
                "accept bob, fingerprint " + Fingerprint.of(bob) + "? y/N");
        assertThat(pins().pinned("bob")).contains(Fingerprint.of(bob));
        assertThat(warnings).isEmpty();
    }

    @Test
    void aNamedKeyOrTheInvitationsHostIsPinnedWithoutAskingOrWarning() throws Exception {
        rule(Set.of(Fingerprint.of(bob)), false, Optional.of(false)).admit("bob", bob, false);
        VerifyingKey host = key();
        rule(Set.of(), false, Optional.of(false)).admit("alice", host, true);
        assertThat(pins().pinned("bob")).contains(Fingerprint.of(bob));
        assertThat(pins().pinned("alice")).contains(Fingerprint.of(host));
        assertThat(questions).isEmpty();
        assertThat(warnings).isEmpty();
    }

    @Test
    void aNamePinnedToAnotherKeyIsRefusedWhateverTheUserAccepts() throws Exception {
        rule(Set.of(), true, Optional.empty()).admit("bob", bob, false);
        VerifyingKey impostor = key();
        assertThatThrownBy(() -> rule(Set.of(Fingerprint.of(impostor)), true, Optional.of(true))
                .admit("bob", impostor, true))
                .isInstanceOf(UntrustedPeerException.class)
                .hasMessageStartingWith("WARNING: POSSIBLE IMPERSONATION. bob is pinned to key " + Fingerprint.of(bob));
        assertThat(questions).isEmpty();
        assertThat(pins().pinned("bob")).contains(Fingerprint.of(bob));
    }
}
