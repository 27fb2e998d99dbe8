package fairtable.protocol.wire;

/** Bytes that do not parse as the message they claim to be: truncated, oversized, or not canonical. */
public final class MalformedMessageException extends Exception {
    public MalformedMessageException(String reason) {
        super(reason);
    }
}
