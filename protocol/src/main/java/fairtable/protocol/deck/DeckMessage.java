package fairtable.protocol.deck;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.PublicKey;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.shuffle.ShuffleProof;
import fairtable.protocol.PartyCore;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * The messages of verifiable-deck/v1. Positions are indices into the deck as it left the last shuffle.
 * Decoding checks exact counts and canonical encodings; what the proofs say is for {@link DeckObserver}.
 */
public sealed interface DeckMessage extends PartyCore.Message {
    String type();

    byte[] toBytes();

    /**
     * Key generation, each seat in turn: its ElGamal key H_i and a Schnorr proof of knowing x_i, written
     * H_i || 1 || A || s (97 bytes, the proof in commitment form, so that an audit checks every seat's key proof of
     * every round in one batch). A proof read in the earlier form H_i || e || s (96 bytes, the form of messages
     * written before key proofs were batched, still read so that older transcripts audit) is written back in it.
     */
    record KeyShare(PublicKey key, SchnorrProof proof) implements DeckMessage {
        public static final String TYPE = "key";
        /** The byte after the key that says the proof is in commitment form; the earlier form has no such byte. */
        static final int COMMITMENT_FORM = 1;

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            WireWriter w = new WireWriter().fixed(key.encode());
            return (proof.hasCommitment() ? w.u8(COMMITMENT_FORM).fixed(proof.encodeCommitted()) : w.fixed(proof.encode()))
                    .toBytes();
        }
    }

    /** The shuffle, each seat in turn: the whole deck permuted and re-randomised, with the shuffle proof. */
    record Shuffle(List<Ciphertext> deck, ShuffleProof proof) implements DeckMessage {
        public static final String TYPE = "shuffle";

        public Shuffle {
            deck = List.copyOf(deck);
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().blob(Ciphertext.encodeList(deck)).blob(proof.encode()).toBytes();
        }
    }

    /**
     * Starts dealing {@code count} cards face-down to each recipient from the top of the stock, round-robin
     * as at a real table (the i-th card taken goes to recipient i mod r). A draw is a deal to oneself alone.
     */
    record Deal(List<Integer> recipients, int count) implements DeckMessage {
        public static final String TYPE = "deal";

        public Deal {
            recipients = List.copyOf(recipients);
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().ints(recipients).u32(count).toBytes();
        }
    }

    /** Starts turning the top {@code count} cards of the stock face-up on the table. */
    record Open(int count) implements DeckMessage {
        public static final String TYPE = "open";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().u32(count).toBytes();
        }
    }

    /** Cuts the stock: the card at stock index {@code index} becomes the top, the ones above it go to the bottom. */
    record Cut(int index) implements DeckMessage {
        public static final String TYPE = "cut";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().u32(index).toBytes();
        }
    }

    /**
     * Discards a held card. Face-down: nothing else. Face-up: with the holder's own decryption share, which
     * completes the shares already public from the deal, so everyone reads it.
     */
    record Discard(int position, DecryptionShare faceUpShare) implements DeckMessage {
        public static final String TYPE = "discard";

        public boolean faceUp() {
            return faceUpShare != null;
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            if (!faceUp()) {
                return new WireWriter().u32(position).u8(0).toBytes();
            }
            return Codec.writeShareList(new WireWriter().u32(position).u8(1), List.of(faceUpShare)).toBytes();
        }
    }

    /** Showdown: the holder proves held cards by publishing its own shares for them; no key is revealed. */
    record Show(List<Integer> positions, List<DecryptionShare> shares) implements DeckMessage {
        public static final String TYPE = "show";

        public Show {
            positions = List.copyOf(positions);
            shares = List.copyOf(shares);
            if (positions.size() != shares.size()) {
                throw new IllegalArgumentException("one share per position");
            }
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return Codec.writeShareList(new WireWriter().ints(positions), shares).toBytes();
        }
    }

    /** Starts the end of the game: every seat in turn publishes every share it has not published yet. */
    record Reveal() implements DeckMessage {
        public static final String TYPE = "reveal";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new byte[0];
        }
    }

    /** One seat's decryption shares for the positions the operation under way needs from it, in order. */
    record Shares(List<DecryptionShare> shares) implements DeckMessage {
        public static final String TYPE = "shares";

        public Shares {
            shares = List.copyOf(shares);
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return Codec.writeShares(new WireWriter(), shares).toBytes();
        }
    }

    /**
     * A seat leaves the game: its shares for every card still in the stock (in stock order), so the others
     * can go on dealing and opening without it. Its own hand stays private.
     */
    record Leave(List<DecryptionShare> stockShares) implements DeckMessage {
        public static final String TYPE = "leave";

        public Leave {
            stockShares = List.copyOf(stockShares);
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return Codec.writeShares(new WireWriter(), stockShares).toBytes();
        }
    }

    /** Decoders that trust nothing: every count is bounded before anything is read. */
    final class Codec {
        private Codec() {}

        static WireWriter writeShares(WireWriter w, List<DecryptionShare> shares) {
            return writeShareList(w.u32(shares.size()), shares);
        }

        /**
         * The shares back to back, in commitment form (128 bytes each, batch-verifiable) when every share
         * has its commitments, as every share made by a seat does; a list read in the earlier challenge form
         * (96 bytes each) is written back in that form, so a relayed or replayed message keeps its bytes.
         */
        static WireWriter writeShareList(WireWriter w, List<DecryptionShare> shares) {
            boolean committed = shares.stream().allMatch(DecryptionShare::hasCommitments);
            shares.forEach(s -> w.fixed(committed ? s.encodeCommitted() : s.encode()));
            return w;
        }

        /**
         * {@code n} shares, all in one form told by the length of the rest of the message: 128 bytes each
         * (commitment form) when at least that much is left, else 96 (challenge form, the form of messages
         * written before shares were batch-verified, still read so that older transcripts audit). The
         * caller's {@code end()} then refuses any trailing bytes.
         */
        private static List<DecryptionShare> shareList(WireReader r, int n) throws MalformedMessageException {
            boolean committed = n > 0 && r.remaining() >= (long) n * DecryptionShare.COMMITTED_LENGTH;
            List<DecryptionShare> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(share(r, "share " + (i + 1), committed));
            }
            return out;
        }

        static KeyShare keyShare(byte[] body) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            byte[] key = r.fixed(32, "the public key");
            boolean committed = r.remaining() > SchnorrProof.ENCODED_LENGTH;
            if (committed && r.u8() != KeyShare.COMMITMENT_FORM) {
                throw new MalformedMessageException("the proof of knowledge is in an unknown form");
            }
            byte[] proof = r.fixed(committed ? SchnorrProof.COMMITTED_LENGTH : SchnorrProof.ENCODED_LENGTH,
                    "the proof of knowledge");
            r.end();
            try {
                return new KeyShare(PublicKey.decode(key),
                        committed ? SchnorrProof.decodeCommitted(proof) : SchnorrProof.decode(proof));
            } catch (MalformedEncodingException e) {
                throw new MalformedMessageException(e.getMessage());
            }
        }

        static Shuffle shuffle(byte[] body, int cards) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            byte[] deck = r.blob(4 + cards * Ciphertext.ENCODED_LENGTH, "the shuffled deck");
            byte[] proof = r.blob(4 + 32 * (5 * cards + 9), "the shuffle proof");
            r.end();
            try {
                List<Ciphertext> list = Ciphertext.decodeList(deck);
                if (list.size() != cards) {
                    throw new MalformedMessageException("the shuffled deck has " + list.size() + " cards, expected " + cards);
                }
                ShuffleProof p = ShuffleProof.decode(proof);
                if (p.size() != cards) {
                    throw new MalformedMessageException("the shuffle proof is for " + p.size() + " cards, expected " + cards);
                }
                return new Shuffle(list, p);
            } catch (MalformedEncodingException e) {
                throw new MalformedMessageException(e.getMessage());
            }
        }

        static Deal deal(byte[] body, int players) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            List<Integer> recipients = r.ints(players, "the recipients");
            int count = r.count(Integer.MAX_VALUE, "the number of cards each");
            r.end();
            if (recipients.isEmpty()) {
                throw new MalformedMessageException("deals to nobody");
            }
            if (new HashSet<>(recipients).size() != recipients.size()) {
                throw new MalformedMessageException("names a recipient twice");
            }
            return new Deal(recipients, count);
        }

        static Open open(byte[] body) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            Open o = new Open(r.count(Integer.MAX_VALUE, "the number of cards"));
            r.end();
            return o;
        }

        static Cut cut(byte[] body) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            Cut c = new Cut(r.count(Integer.MAX_VALUE, "the cut index"));
            r.end();
            return c;
        }

        static Discard discard(byte[] body, int cards) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            int position = r.count(cards - 1, "the position");
            int flag = r.u8();
            if (flag > 1) {
                throw new MalformedMessageException("the face-up flag is " + flag + ", not 0 or 1");
            }
            DecryptionShare share = flag == 1 ? shareList(r, 1).get(0) : null;
            r.end();
            return new Discard(position, share);
        }

        static Show show(byte[] body, int cards) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            List<Integer> positions = r.ints(cards, "the shown positions");
            if (positions.isEmpty()) {
                throw new MalformedMessageException("shows no card");
            }
            if (new HashSet<>(positions).size() != positions.size()) {
                throw new MalformedMessageException("shows a position twice");
            }
            List<DecryptionShare> shares = shareList(r, positions.size());
            r.end();
            return new Show(positions, shares);
        }

        static Reveal reveal(byte[] body) throws MalformedMessageException {
            new WireReader(body).end();
            return new Reveal();
        }

        /** A count that must equal {@code expected}, then that many shares. */
        static List<DecryptionShare> shares(byte[] body, int expected) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            int n = r.count(Integer.MAX_VALUE, "the number of shares");
            if (n != expected) {
                throw new MalformedMessageException(n + " shares where " + expected + " are due");
            }
            List<DecryptionShare> out = shareList(r, n);
            r.end();
            return out;
        }

        private static DecryptionShare share(WireReader r, String what, boolean committed) throws MalformedMessageException {
            byte[] raw = r.fixed(committed ? DecryptionShare.COMMITTED_LENGTH : DecryptionShare.ENCODED_LENGTH, what);
            try {
                return committed ? DecryptionShare.decodeCommitted(raw) : DecryptionShare.decode(raw);
            } catch (MalformedEncodingException e) {
                throw new MalformedMessageException(what + ": " + e.getMessage());
            }
        }
    }
}
