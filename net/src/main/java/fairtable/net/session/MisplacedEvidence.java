package fairtable.net.session;

import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.Arrays;
import java.util.List;

/**
 * Proof that a relaying host placed a message where it does not fit the chain: its signed receipt for
 * {@code misplaced} at position {@code receipt.seq()}, and the messages before that position with its receipt for
 * the last of them (whose hash commits to all of them). An honest host places only a message that fits there
 * (this session, the next number, following the previous message, signed by the seat it names), so only the
 * host can be blamed for this delivery; the message's signer proves nothing by it (anyone can offer an old signed
 * message anywhere). Anyone holding the host's key can check it with {@link #verify()}.
 *
 * @param host the host's key
 * @param before the messages at positions 0 to {@code receipt.seq() - 1}, as placed by the host
 * @param beforeReceipt the host's receipt for the last of {@code before}, or null when it is empty
 * @param misplaced the message the host placed next
 * @param receipt the host's receipt for {@code misplaced}
 */
public record MisplacedEvidence(VerifyingKey host, List<Envelope> before, Receipt beforeReceipt, Envelope misplaced,
        Receipt receipt) {
    public MisplacedEvidence {
        before = List.copyOf(before);
    }

    /** Why the message does not fit where the host placed it, or null if it does (then this proves nothing). */
    public String misfit() {
        Transcript chain = new Transcript();
        try {
            for (Envelope e : before) {
                chain.append(e);
            }
        } catch (ProtocolViolation v) {
            return null; // not one chain: no proof of where the message should have fitted
        }
        Transcript.Misfit misfit = chain.established() ? chain.misfitAt(misplaced, chain.size())
                : chain.helloMisfit(misplaced);
        return misfit == null ? null : misfit.what();
    }

    /**
     * Whether this is genuine proof: both receipts signed by the host for the same table, the earlier one placing
     * the last message of {@code before} at the position before, the later one placing {@code misplaced} right after
     * it, and {@code misplaced} not fitting the chain there.
     */
    public boolean verify() {
        long seq = before.size();
        if (!receipt.isSignedBy(host) || receipt.seq() != seq || !receipt.places(misplaced)) {
            return false;
        }
        if (seq > 0) {
            Envelope last = before.get(before.size() - 1);
            if (beforeReceipt == null || !beforeReceipt.isSignedBy(host) || !beforeReceipt.places(last)
                    || !Arrays.equals(beforeReceipt.table(), receipt.table())) {
                return false;
            }
        }
        return misfit() != null;
    }

    public String describe() {
        String why = misfit();
        return "the host (" + host.fingerprint() + ") placed at position " + receipt.seq() + " "
                + (why == null ? "a message that fits there" : why) + ", which no honest host places there";
    }
}
