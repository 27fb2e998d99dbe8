package fairtable.net.session;

import fairtable.crypto.sign.VerifyingKey;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Proof that a relaying host equivocated: two receipts it signed for the same table and position naming
 * different messages. Anyone holding the host's key can check it; no player's word is needed, so a
 * player cannot frame an honest host with it.
 *
 * @param host  the host's key, as announced to the player who found the conflict
 * @param mine  the receipt the finder holds
 * @param other the conflicting receipt, seen in another player's acknowledgement
 * @param otherPlayer who acknowledged the conflicting receipt
 */
public record EquivocationEvidence(VerifyingKey host, Receipt mine, Receipt other, String otherPlayer) {
    /** Whether this is genuine proof: both receipts signed by the host, same table and position, different heads. */
    public boolean verify() {
        return mine.isSignedBy(host) && other.isSignedBy(host) && Arrays.equals(mine.table(), other.table())
                && mine.seq() == other.seq() && !Arrays.equals(mine.head(), other.head());
    }

    public String describe() {
        return "the host (" + host.fingerprint() + ") signed two different messages at position " + mine.seq() + ": "
                + HexFormat.of().formatHex(mine.head(), 0, 8) + " to me and "
                + HexFormat.of().formatHex(other.head(), 0, 8) + " to " + otherPlayer;
    }
}
