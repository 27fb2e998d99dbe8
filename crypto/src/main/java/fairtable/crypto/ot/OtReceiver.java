package fairtable.crypto.ot;

import java.util.List;

/** The party choosing one item per query. Alternates {@link #query} and {@link #finish}. Not thread-safe. */
public interface OtReceiver {
    /**
     * Starts a batch of queries, one per choice (each in [0, n)).
     *
     * @throws IllegalArgumentException if a choice is out of range or there are no choices or more than 65535
     * @throws IllegalStateException if the previous batch has not been finished
     */
    byte[] query(int... choices);

    /**
     * Reads the sender's answer to the outstanding batch and returns the chosen items in query order.
     *
     * @throws InvalidOtMessageException if the answer is malformed or does not answer the outstanding batch
     * @throws IllegalStateException if no batch is outstanding
     */
    List<byte[]> finish(byte[] answerMessage);

    /**
     * The receiver's whole state (including an outstanding batch and its secrets) for
     * {@link ObliviousTransfer#restoreReceiver}; it reveals the choices, so keep it secret.
     */
    byte[] state();
}
