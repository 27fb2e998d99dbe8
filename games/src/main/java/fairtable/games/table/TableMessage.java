package fairtable.games.table;

import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;

/**
 * What a seat sends to every other seat: a signed message of the round's deck protocol, or a public game
 * decision (a bet, a fold, a domino played), signed, that the deck does not carry. Both name the round they belong
 * to, so a message from another hand is refused.
 */
public sealed interface TableMessage {

    /** The round (hand) this message belongs to, from 1. */
    int round();

    int sender();

    byte[] toBytes();

    /** A message of this round's deck protocol session. */
    record DeckStep(int round, Envelope envelope) implements TableMessage {
        @Override
        public int sender() {
            return envelope.sender();
        }

        @Override
        public byte[] toBytes() {
            return new WireWriter().u8(DECK).u32(round).blob(envelope.toBytes()).toBytes();
        }
    }

    /**
     * A public decision in words ("call", "raise 40", "show As Kd", "play 6-4 left"), the {@code seq}-th of
     * its round, made when the round's deck transcript held {@code after} messages, and signed by its sender's
     * Ed25519 key (the one in its hello) together with the round's session and that transcript's hash: see
     * {@link Decisions}.
     */
    record Declaration(int round, int sender, int seq, int after, String words, byte[] signature)
            implements TableMessage {
        public Declaration {
            signature = signature.clone();
        }

        @Override
        public byte[] signature() {
            return signature.clone();
        }

        @Override
        public byte[] toBytes() {
            return new WireWriter().u8(DECLARATION).u32(round).u8(sender).u32(seq).u32(after).string(words)
                    .fixed(signature).toBytes();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Declaration d && d.round == round && d.sender == sender && d.seq == seq
                    && d.after == after && d.words.equals(words) && java.util.Arrays.equals(d.signature, signature);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(round, sender, seq, after, words) * 31 + java.util.Arrays.hashCode(signature);
        }
    }

    int DECK = 1;
    int DECLARATION = 2;

    static TableMessage fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int kind = r.u8();
        int round = r.count(Integer.MAX_VALUE, "the round");
        TableMessage m = switch (kind) {
            case DECK -> new DeckStep(round, Envelope.fromBytes(r.blob(Envelope.MAX_BODY + 4096, "the envelope")));
            case DECLARATION -> new Declaration(round, r.u8(), r.count(1 << 20, "the decision number"),
                    r.count(1 << 20, "the transcript length"), r.string(256, "the decision"), r.fixed(64, "the signature"));
            default -> throw new MalformedMessageException("unknown table message kind " + kind);
        };
        r.end();
        return m;
    }
}
