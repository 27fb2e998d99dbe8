package fairtable.protocol;

/**
 * A received message broke the protocol. Names the step and the party that sent it, so that the error a
 * user sees and the audit verdict both point at the cheater (or the broken peer).
 */
public final class ProtocolViolation extends Exception {
    private final int step;
    private final String party;
    private final String reason;

    public ProtocolViolation(int step, String party, String reason) {
        super("step " + step + ", party " + party + ": " + reason);
        this.step = step;
        this.party = party;
        this.reason = reason;
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
