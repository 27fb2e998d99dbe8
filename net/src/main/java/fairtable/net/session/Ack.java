package fairtable.net.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;

/**
 * A player's signed statement "I hold the host's receipt for position {@code seq}, and the message there
 * has hash {@code head}", carrying that receipt. Sent to every other player through the host after each
 * message, outside the protocol transcript. A player who holds a receipt for a different head at the same
 * position has caught the host equivocating; one who has no message at that position yet knows the host
 * is withholding it from them.
 */
public record Ack(VerifyingKey player, Receipt receipt, byte[] signature) {
    private static final String DOMAIN = "fairtable/session/ack/v1";

    public Ack {
        signature = signature.clone();
    }

    public static Ack sign(SigningKey player, Receipt receipt) {
        return new Ack(player.verifyingKey(), receipt, player.sign(signedBytes(receipt)));
    }

    static byte[] signedBytes(Receipt r) {
        return new WireWriter().string(DOMAIN).fixed(r.table()).u32(r.seq()).fixed(r.head()).blob(r.signature())
                .toBytes();
    }

    /** The player signed it, and the receipt in it is the host's. */
    public boolean isValid(VerifyingKey host) {
        return isSignedByItsPlayer() && receipt.isSignedBy(host);
    }

    /** The player signed it (whether the receipt in it is the host's is for the caller to know). */
    boolean isSignedByItsPlayer() {
        return player.verify(signedBytes(receipt), signature);
    }

    public long seq() {
        return receipt.seq();
    }

    @Override
    public byte[] signature() {
        return signature.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ack a && a.player.equals(player) && a.receipt.equals(receipt)
                && Arrays.equals(a.signature, signature);
    }

    @Override
    public int hashCode() {
        return receipt.hashCode();
    }
}
