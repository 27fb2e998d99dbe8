package fairtable.net.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;

/**
 * The host's signed statement "at position {@code seq} of table {@code table} I relayed the message whose
 * hash is {@code head}". The hash of a message commits to the whole chain before it, so two receipts with
 * the same table and position but different heads are the host's own proof that it showed different
 * histories to different players: an honest host relays exactly one message per position.
 */
public record Receipt(byte[] table, long seq, byte[] head, byte[] signature) {
    private static final String DOMAIN = "fairtable/session/receipt/v1";

    public Receipt {
        table = table.clone();
        head = head.clone();
        signature = signature.clone();
    }

    /** The host signs its placement of {@code e}. */
    public static Receipt sign(SigningKey host, byte[] table, Envelope e) {
        byte[] head = e.hash();
        return new Receipt(table, e.seq(), head, host.sign(signedBytes(table, e.seq(), head)));
    }

    static byte[] signedBytes(byte[] table, long seq, byte[] head) {
        return new WireWriter().string(DOMAIN).fixed(table).u32(seq).fixed(head).toBytes();
    }

    public boolean isSignedBy(VerifyingKey host) {
        return host.verify(signedBytes(table, seq, head), signature);
    }

    /** Whether this receipt places exactly {@code e}. */
    public boolean places(Envelope e) {
        return seq == e.seq() && Arrays.equals(head, e.hash());
    }

    @Override
    public byte[] table() {
        return table.clone();
    }

    @Override
    public byte[] head() {
        return head.clone();
    }

    @Override
    public byte[] signature() {
        return signature.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Receipt r && Arrays.equals(r.table, table) && r.seq == seq && Arrays.equals(r.head, head)
                && Arrays.equals(r.signature, signature);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(head) * 31 + Long.hashCode(seq);
    }

    @Override
    public String toString() {
        return "Receipt[seq=" + seq + ", head=" + java.util.HexFormat.of().formatHex(head, 0, 8) + "]";
    }
}
