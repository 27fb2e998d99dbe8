package fairtable.net.session;

import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

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
    private static final String FORMAT = "fairtable/equivocation-evidence/v1";

    /** Whether this is genuine proof: both receipts signed by the host, same table and position, different heads. */
    public boolean verify() {
        return mine.isSignedBy(host) && other.isSignedBy(host) && Arrays.equals(mine.table(), other.table())
                && mine.seq() == other.seq() && !Arrays.equals(mine.head(), other.head());
    }

    /** The evidence as bytes, to keep or publish; {@link #fromBytes} reads it back (check it with {@link #verify()}). */
    public byte[] toBytes() {
        WireWriter w = new WireWriter().string(FORMAT).fixed(host.toBytes()).string(otherPlayer);
        for (Receipt r : List.of(mine, other)) {
            w.fixed(r.table()).u32(r.seq()).fixed(r.head()).blob(r.signature());
        }
        return w.toBytes();
    }

    public static EquivocationEvidence fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        if (!FORMAT.equals(r.string(64, "the format"))) {
            throw new MalformedMessageException("not equivocation evidence");
        }
        VerifyingKey host;
        try {
            host = VerifyingKey.fromBytes(r.fixed(32, "the host key"));
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException("the host key: " + e.getMessage());
        }
        String otherPlayer = r.string(1024, "the other player");
        Receipt[] receipts = new Receipt[2];
        for (int i = 0; i < 2; i++) {
            receipts[i] = new Receipt(r.fixed(32, "the table id"), r.u32(), r.fixed(32, "the head"),
                    r.blob(64, "the signature"));
        }
        r.end();
        return new EquivocationEvidence(host, receipts[0], receipts[1], otherPlayer);
    }

    public String describe() {
        return "the host (" + host.fingerprint() + ") signed two different messages at position " + mine.seq() + ": "
                + HexFormat.of().formatHex(mine.head(), 0, 8) + " to me and "
                + HexFormat.of().formatHex(other.head(), 0, 8) + " to " + otherPlayer;
    }
}
