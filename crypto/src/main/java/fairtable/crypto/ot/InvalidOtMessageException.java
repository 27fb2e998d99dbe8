package fairtable.crypto.ot;

/**
 * A received oblivious-transfer message is malformed or invalid: wrong tag, wrong length, a count or index out of
 * range, a non-canonical or identity group element, an element outside the group, or a message that does not fit
 * the party's current step. The message says which check failed; the protocol layer turns it into a violation that
 * names the peer.
 */
public final class InvalidOtMessageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidOtMessageException(String message) {
        super(message);
    }
}
