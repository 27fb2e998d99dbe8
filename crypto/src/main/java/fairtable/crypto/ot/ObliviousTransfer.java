package fairtable.crypto.ot;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A 1-out-of-n oblivious transfer scheme with fixed public parameters: the number of items and their byte length.
 * Both parties must construct the scheme with the same parameters; every message is checked against them.
 */
public interface ObliviousTransfer {
    /** The number n of items the sender offers. */
    int itemCount();

    /** The byte length shared by all items. */
    int itemLength();

    /**
     * A sender offering {@code items} (exactly {@link #itemCount()} arrays of {@link #itemLength()} bytes, copied).
     *
     * @throws IllegalArgumentException if the items do not fit the parameters
     */
    OtSender newSender(List<byte[]> items, byte[] sessionId, RandomGenerator random);

    /**
     * A receiver for the sender's setup message.
     *
     * @throws InvalidOtMessageException if the setup message is invalid or belongs to another session
     */
    OtReceiver newReceiver(byte[] setupMessage, byte[] sessionId, RandomGenerator random);

    /**
     * The sender whose {@link OtSender#state()} this is.
     *
     * @throws InvalidOtMessageException if the state is malformed or belongs to other parameters
     */
    OtSender restoreSender(byte[] state);

    /**
     * The receiver whose {@link OtReceiver#state()} this is, drawing fresh randomness from {@code random}.
     *
     * @throws InvalidOtMessageException if the state is malformed or belongs to other parameters
     */
    OtReceiver restoreReceiver(byte[] state, RandomGenerator random);
}
