package fairtable.app.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.KnownPeers;
import fairtable.net.identity.TrustDecision;
import fairtable.net.identity.TrustRule;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.allocation.AllocationParameters;
import fairtable.protocol.allocation.AllocationParty;
import fairtable.protocol.transcript.Envelope;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trust rule of a relayed allocation: another institution's hello is taken only if its key is pinned under
 * the name it signs, named by the user, or new and accepted; the host's must be the invitation's key. A refusal
 * names the institution and leaves the party as it was.
 */
class PinnedPlayersTest {
    private static final AllocationParameters PARAMS = new AllocationParameters(2, 10, 2, Optional.empty());

    @TempDir
    Path dir;

    private final SplittableRandom random = new SplittableRandom(7);
    private final SigningKey alphaKey = key();
    private final SigningKey betaKey = key();
    private final List<String> warnings = new ArrayList<>();

    private SigningKey key() {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    private KnownPeers pins(String file) throws Exception {
        return KnownPeers.load(dir.resolve(file));
    }

    /** Alpha, the host, judging beta's hello under {@code policy}; returns beta's hello. */
    private Envelope betasHelloTo(AllocationParty alpha) throws Exception {
        AllocationParty beta = AllocationParty.create(PARAMS, 1, "beta", betaKey, random.split());
        return beta.receive(alpha.start().get(0)).get(0);
    }

    private PinnedPlayers.Policy policy(KnownPeers pins, Set<Fingerprint> named, boolean acceptNew,
            Optional<Fingerprint> host) {
        return new PinnedPlayers.Policy(new TrustRule(pins, named, acceptNew, Optional.empty(), warnings::add), host);
    }

    @Test
    void anUnpinnedInstitutionIsRefusedByName() throws Exception {
        AllocationParty alpha = AllocationParty.create(PARAMS, 0, "alpha", alphaKey, random.split());
        PinnedPlayers pinned = new PinnedPlayers(alpha, policy(pins("a"), Set.of(), false, Optional.empty()));
        Envelope hello = betasHelloTo(alpha);
        assertThatThrownBy(() -> pinned.receive(hello)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 0, party beta: refused beta: key " + Fingerprint.of(betaKey.verifyingKey())
                        + " is not pinned for this name. Compare this fingerprint with beta over another channel, then "
                        + "accept it: run the same command again with --accept-new, or answer y when asked at a terminal.");
        assertThat(alpha.transcript().size()).isEqualTo(1);
        assertThat(pins("a").pinned("beta")).isEmpty();
    }

    @Test
    void aNamePinnedToAnotherKeyIsRefusedAsAPossibleImpersonation() throws Exception {
        KnownPeers pins = pins("b");
        pins.admit("beta", key().verifyingKey(), TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
        AllocationParty alpha = AllocationParty.create(PARAMS, 0, "alpha", alphaKey, random.split());
        PinnedPlayers pinned = new PinnedPlayers(alpha, policy(pins, Set.of(), true, Optional.empty()));
        Envelope hello = betasHelloTo(alpha);
        assertThatThrownBy(() -> pinned.receive(hello)).isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step 0, party beta: WARNING: POSSIBLE IMPERSONATION. beta is pinned to key ");
    }

    @Test
    void aNewInstitutionAcceptedOnFirstUseIsPinnedWithAWarning() throws Exception {
        AllocationParty alpha = AllocationParty.create(PARAMS, 0, "alpha", alphaKey, random.split());
        PinnedPlayers pinned = new PinnedPlayers(alpha, policy(pins("c"), Set.of(), true, Optional.empty()));
        assertThat(pinned.receive(betasHelloTo(alpha))).isNotEmpty(); // alpha's key follows at once
        assertThat(pins("c").pinned("beta")).contains(Fingerprint.of(betaKey.verifyingKey()));
        assertThat(warnings).containsExactly("WARNING: beta is new: their key " + Fingerprint.of(betaKey.verifyingKey())
                + " is now pinned. Compare it with theirs by another channel (read it aloud).");
    }

    @Test
    void anInstitutionNamedByItsFingerprintIsPinnedWithoutAWarning() throws Exception {
        AllocationParty alpha = AllocationParty.create(PARAMS, 0, "alpha", alphaKey, random.split());
        PinnedPlayers pinned = new PinnedPlayers(alpha, policy(pins("d"), Set.of(Fingerprint.of(betaKey.verifyingKey())),
                false, Optional.empty()));
        pinned.receive(betasHelloTo(alpha));
        assertThat(pins("d").pinned("beta")).contains(Fingerprint.of(betaKey.verifyingKey()));
        assertThat(warnings).isEmpty();
    }

    @Test
    void aHostWhoseSeatIsNotTheInvitationsKeyIsRefused() throws Exception {
        AllocationParty alpha = AllocationParty.create(PARAMS, 0, "alpha", alphaKey, random.split());
        AllocationParty beta = AllocationParty.create(PARAMS, 1, "beta", betaKey, random.split());
        Fingerprint invited = Fingerprint.of(key().verifyingKey());
        PinnedPlayers pinned = new PinnedPlayers(beta, policy(pins("e"), Set.of(), true, Optional.of(invited)));
        Envelope hello = alpha.start().get(0);
        assertThatThrownBy(() -> pinned.receive(hello)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 0, party alpha: the host's seat is signed by " + Fingerprint.of(alphaKey.verifyingKey())
                        + ", not by the key the invitation names (" + invited + ")");
        assertThat(beta.transcript().size()).isZero();
    }

    /** A name the pins cannot hold is refused like an unknown key, naming the player, and nothing escapes receive. */
    @Test
    void aNameThatCannotBePinnedIsRefused() throws Exception {
        AllocationParty alpha = AllocationParty.create(PARAMS, 0, "alpha", alphaKey, random.split());
        AllocationParty beta = AllocationParty.create(PARAMS, 1, "beta ", betaKey, random.split());
        PinnedPlayers pinned = new PinnedPlayers(alpha, policy(pins("f"), Set.of(), true, Optional.empty()));
        Envelope hello = beta.receive(alpha.start().get(0)).get(0);
        assertThatThrownBy(() -> pinned.receive(hello)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 0, party beta : its name cannot be pinned: a player name cannot start or end with a space");
    }
}
