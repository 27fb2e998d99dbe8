package fairtable.app.net;

import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.KnownPeers;
import fairtable.net.identity.TrustDecision;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A party at a relayed table that answers only players its user trusts: before it takes another seat's hello,
 * the key that signed it must pass the profile's pinning policy under the name it signs, or be one the user
 * named. The host (seat 0) must be the key its invitation named. A refused hello stops the party before it
 * sends anything that depends on who is at the table, with the refusal naming the player; an accepted new
 * key is pinned, with a warning to compare fingerprints.
 *
 * <p>The relay has already checked that each player's messages are signed by the key its channel proved, and
 * the member that each hello is signed by the key inside it, so the key judged here is the player's own.
 */
public final class PinnedPlayers implements Party {
    /**
     * Whom to trust: the pins, the fingerprints the user named on the command line, whether to accept (and pin)
     * a new key, and the host's fingerprint from the invitation, if this seat joined by one.
     */
    public record Policy(KnownPeers pins, Set<Fingerprint> named, boolean acceptNew, Optional<Fingerprint> host,
            Consumer<String> warn) {}

    private final Party party;
    private final Policy policy;

    public PinnedPlayers(Party party, Policy policy) {
        this.party = party;
        this.policy = policy;
    }

    @Override
    public List<Envelope> receive(Envelope e) throws ProtocolViolation {
        Hello hello = helloOfAnotherSeat(e);
        if (hello == null) {
            return party.receive(e);
        }
        boolean named = check(hello);
        List<Envelope> replies = party.receive(e);
        try {
            KnownPeers.Admission admission = policy.pins().admit(hello.name(), hello.key(), TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING);
            if (admission == KnownPeers.Admission.NEWLY_PINNED && !named) {
                policy.warn().accept("WARNING: " + hello.name() + " is new: their key " + Fingerprint.of(hello.key())
                        + " is now pinned. Compare it with theirs by another channel (read it aloud).");
            }
        } catch (IOException unsaved) {
            policy.warn().accept("Could not pin " + hello.name() + "'s key: " + unsaved.getMessage());
        }
        return replies;
    }

    /** The hello in {@code e}, if it is another seat's hello during the introductions; else null. */
    private Hello helloOfAnotherSeat(Envelope e) {
        if (party.transcript().established() || !Hello.TYPE.equals(e.type())) {
            return null;
        }
        try {
            Hello hello = Hello.fromBytes(e.body());
            return hello.seat() == party.seat() ? null : hello;
        } catch (MalformedMessageException notAHello) {
            return null; // the party refuses it
        }
    }

    /**
     * Refuses the hello's key unless it is trusted; says whether the user named it (the invitation or a
     * fingerprint given), in which case pinning it needs no warning.
     */
    private boolean check(Hello hello) throws ProtocolViolation {
        Fingerprint fingerprint = Fingerprint.of(hello.key());
        boolean named = policy.named().contains(fingerprint);
        if (hello.seat() == 0 && policy.host().isPresent()) {
            if (!policy.host().get().equals(fingerprint)) {
                throw new ProtocolViolation(0, hello.name(), "the host's seat is signed by " + fingerprint
                        + ", not by the key the invitation names (" + policy.host().get() + ")");
            }
            named = true;
        }
        try {
            policy.pins().check(hello.name(), hello.key());
        } catch (IllegalArgumentException badName) {
            throw new ProtocolViolation(0, hello.name(), "its name cannot be pinned: " + badName.getMessage());
        } catch (UntrustedPeerException e) {
            boolean mayPinNew = e.reason() == UntrustedPeerException.Reason.UNKNOWN_KEY && (named || policy.acceptNew());
            if (!mayPinNew) {
                throw new ProtocolViolation(0, hello.name(), e.getMessage());
            }
        }
        return named;
    }

    @Override
    public List<Envelope> start() {
        return party.start();
    }

    @Override
    public String awaiting() {
        return party.awaiting();
    }

    @Override
    public int nextStep() {
        return party.nextStep();
    }

    @Override
    public boolean isFinished() {
        return party.isFinished();
    }

    @Override
    public Optional<ProtocolViolation> failure() {
        return party.failure();
    }

    @Override
    public Transcript transcript() {
        return party.transcript();
    }

    @Override
    public byte[] snapshot() {
        return party.snapshot();
    }

    @Override
    public List<Envelope> unacknowledged() {
        return party.unacknowledged();
    }

    @Override
    public int seat() {
        return party.seat();
    }

    @Override
    public List<Rejected> rejected() {
        return party.rejected();
    }
}
