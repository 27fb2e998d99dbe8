package fairtable.protocol;

import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.List;
import java.util.Optional;

/**
 * A party that hands everything to another: the base of a wrapper that adds one thing around a party (a gate before
 * it takes a message, a clock around it) and otherwise is that party.
 */
public abstract class ForwardingParty implements Party {
    protected final Party party;

    protected ForwardingParty(Party party) {
        this.party = party;
    }

    @Override
    public List<Envelope> start() {
        return party.start();
    }

    @Override
    public List<Envelope> receive(Envelope message) throws ProtocolViolation {
        return party.receive(message);
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
