package fairtable.protocol;

/**
 * A received message broke the protocol. Names the step and the party that sent it, so that the error a
 * user sees and the audit verdict both point at the cheater (or the broken peer).
 *
 * <p>A refusal that names no party ({@link #provesNothing}) is a message that does not fit the chain where it
 * arrived (another session, another place, a bad signature): it is refused and kept, but it convicts nobody
 * (see docs/evidence.md).
 */
public final class ProtocolViolation extends Exception {
    private final int step;
    private final String party;
    private final String reason;

    /** A violation by {@code party}; an empty {@code party} names nobody (see {@link #provingNothing}). */
    public ProtocolViolation(int step, String party, String reason) {
        super(party.isEmpty() ? "step " + step + ": " + reason : "step " + step + ", party " + party + ": " + reason);
        this.step = step;
        this.party = party;
        this.reason = reason;
    }

    /** The refusal of a message that convicts nobody: "step N: reason", naming no party. */
    public static ProtocolViolation provingNothing(int step, String reason) {
        return new ProtocolViolation(step, "", reason);
    }

    /** Whether this refusal names nobody: the message did not fit where it arrived, so it proves nothing. */
    public boolean provesNothing() {
        return party.isEmpty();
    }

    public int step() {
        return step;
    }

    public String party() {
        return party;
    }

    public String reason() {
        return reason;
    }
}
