package fairtable.protocol.allocation;

import fairtable.crypto.elgamal.EscrowedShare;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.protocol.PartyCore;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * An institution's own decryption shares of the positions it will be dealt, each encrypted to the board's
 * escrow key with a proof that it is that share ({@link EscrowedShare}), in the order of
 * {@link AllocationParameters#positionsOf}. The only message of allocation/v1 that is not a deck message.
 *
 * <p>The shares go in commitment form (224 bytes each, so an audit checks every proof of a transcript in one
 * batch) when every share has its commitments, as every share made by an institution does; a message read in the
 * earlier challenge form (160 bytes each) is written back in that form. The form is commitment iff the rest is
 * longer than n challenge-form shares.
 */
public record Escrow(List<EscrowedShare> shares) implements PartyCore.Message {
    public static final String TYPE = "escrow";

    public Escrow {
        shares = List.copyOf(shares);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public byte[] toBytes() {
        WireWriter w = new WireWriter().u32(shares.size());
        boolean committed = shares.stream().allMatch(EscrowedShare::hasCommitments);
        shares.forEach(s -> w.fixed(committed ? s.encodeCommitted() : s.encode()));
        return w.toBytes();
    }

    /** Reads a count that must be {@code expected}, then that many escrowed shares, each canonical. */
    static Escrow decode(byte[] body, int expected) throws MalformedMessageException {
        WireReader r = new WireReader(body);
        int n = r.count(Integer.MAX_VALUE, "the number of escrowed shares");
        if (n != expected) {
            throw new MalformedMessageException(n + " escrowed shares where " + expected + " are due");
        }
        boolean committed = r.remaining() > (long) n * EscrowedShare.ENCODED_LENGTH;
        List<EscrowedShare> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String what = "escrowed share " + (i + 1);
            try {
                out.add(committed ? EscrowedShare.decodeCommitted(r.fixed(EscrowedShare.COMMITTED_LENGTH, what))
                        : EscrowedShare.decode(r.fixed(EscrowedShare.ENCODED_LENGTH, what)));
            } catch (MalformedEncodingException e) {
                throw new MalformedMessageException(what + ": " + e.getMessage());
            }
        }
        r.end();
        return new Escrow(out);
    }
}
