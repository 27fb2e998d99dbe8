package fairtable.crypto.ot;

/** The party holding the n items. Not thread-safe. */
public interface OtSender {
    /** The first message, sent once; the same bytes on every call. */
    byte[] setupMessage();

    /**
     * Answers one batch of queries. Batches must arrive in order (each continues the query numbering).
     *
     * @throws InvalidOtMessageException if the query is malformed, invalid, or not the next batch
     */
    byte[] answer(byte[] queryMessage);

    /**
     * The sender's whole state, secrets included, for {@link ObliviousTransfer#restoreSender}; keep it as secret as
     * the items themselves.
     */
    byte[] state();
}
