package fairtable.app.net;

import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.TrustRule;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.protocol.ForwardingParty;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A party at a relayed table that answers only players its user trusts: before it takes another seat's hello,
 * the key that signed it must pass the {@link TrustRule} under the name it signs. The host (seat 0) must be the
 * key its invitation named. A refused hello stops the party before it sends anything that depends on who is at
 * the table, with the refusal naming the player; an accepted new key is pinned.
 *
 * <p>The relay has already checked that each player's messages are signed by the key its channel proved, and
 * the member that each hello is signed by the key inside it, so the key judged here is the player's own.
 */
public final class PinnedPlayers extends ForwardingParty {
    /** Whom to trust: the trust rule, and the host's fingerprint from the invitation, if this seat joined by one. */
    public record Policy(TrustRule rule, Optional<Fingerprint> host) {}

    /** Decides on another seat's hello before the party sees it: returns to let it in, throws to refuse it. */
    @FunctionalInterface
    public interface Gate {
        void admit(Hello hello) throws ProtocolViolation;
    }

    private final Gate gate;

    public PinnedPlayers(Party party, Policy policy) {
        this(party, hello -> admit(policy, hello));
    }

    /** {@code party}, whose other seats' hellos must first pass {@code gate}. */
    public PinnedPlayers(Party party, Gate gate) {
        super(party);
        this.gate = gate;
    }

    @Override
    public List<Envelope> receive(Envelope e) throws ProtocolViolation {
        Hello hello = helloOfAnotherSeat(e);
        if (hello != null) {
            gate.admit(hello);
        }
        return party.receive(e);
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
     * Refuses the hello's key unless the trust rule lets it in (the invitation's key at the host's seat counts as
     * named), pinning it if it is new and accepted, before the party takes anything from it.
     */
    private static void admit(Policy policy, Hello hello) throws ProtocolViolation {
        Fingerprint fingerprint = Fingerprint.of(hello.key());
        boolean invited = false;
        if (hello.seat() == 0 && policy.host().isPresent()) {
            if (!policy.host().get().equals(fingerprint)) {
                throw new ProtocolViolation(0, hello.name(), "the host's seat is signed by " + fingerprint
                        + ", not by the key the invitation names (" + policy.host().get() + ")");
            }
            invited = true;
        }
        try {
            policy.rule().admit(hello.name(), hello.key(), invited);
        } catch (IllegalArgumentException badName) {
            throw new ProtocolViolation(0, hello.name(), "its name cannot be pinned: " + badName.getMessage());
        } catch (UntrustedPeerException e) {
            throw new ProtocolViolation(0, hello.name(), e.getMessage());
        } catch (IOException unsaved) {
            throw new ProtocolViolation(0, hello.name(), "its key could not be pinned: " + unsaved.getMessage());
        }
    }
}
