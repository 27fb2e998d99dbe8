package fairtable.protocol.permutation;

import fairtable.crypto.commit.Commitment;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.seal.Sealed;
import fairtable.crypto.seal.SealingPublicKey;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of the permutation deal. A private message ({@link Handout}, or a {@link Forward} to one
 * seat) travels as a {@link SealedMessage}: its recipient in clear, then its encoding sealed to the
 * recipient's announced sealing key, so the shared signed transcript carries it without showing it to
 * anyone else. Decoding checks the shape (counts, ranges, permutations, box sizes); what is expected where
 * is the {@link PermutationObserver}'s business.
 */
public sealed interface PermutationMessage {
    /** The recipient field of a message meant for every player. */
    int EVERYONE = 255;

    String type();

    byte[] toBytes();

    /**
     * Public, first message of every seat after the hellos: the key that private messages to it are sealed
     * to, with a proof that the seat knows its secret (bound to the session and the seat). A proof made here
     * goes in commitment form (a form byte, then A and s), so that an audit can check every seat's proof in one
     * batch; the challenge form (e and s, no form byte) is still read.
     */
    record SealingKeyAnnouncement(SealingPublicKey key, SchnorrProof proof) implements PermutationMessage {
        public static final String TYPE = "sealing-key";
        static final int COMMITMENT_FORM = 1;

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            WireWriter w = new WireWriter().fixed(key.toBytes());
            return (proof.hasCommitment() ? w.u8(COMMITMENT_FORM).fixed(proof.encodeCommitted()) : w.fixed(proof.encode()))
                    .toBytes();
        }
    }

    /**
     * A private message on the wire: its type ({@link Handout#TYPE} or {@link Forward#TYPE}), its recipient,
     * and the box holding the message's own encoding, sealed by the sender to the recipient.
     */
    record SealedMessage(String type, int to, Sealed box) implements PermutationMessage {
        public byte[] toBytes() {
            return new WireWriter().u8(to).fixed(box.toBytes()).toBytes();
        }
    }

    /** Which half of the last player's permutation a factor is: A_N = outer ∘ inner. */
    enum Half { OUTER, INNER }

    /** One half of the split of A_N used for reveals to the player at seat {@code target}. */
    record Factor(int target, Half half, Permutation permutation) {}

    /** Private (sealed), from the last player: the halves of its permutation that the recipient will apply. */
    record Handout(int to, List<Factor> factors) implements PermutationMessage {
        public static final String TYPE = "handout";

        public Handout {
            factors = List.copyOf(factors);
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            WireWriter w = new WireWriter().u8(to).u32(factors.size());
            for (Factor f : factors) {
                w.u8(f.target()).u8(f.half().ordinal());
                f.permutation().write(w);
            }
            return w.toBytes();
        }
    }

    /** Public: one commitment per permutation the sender holds, its own first, then the halves it was handed. */
    record Commitments(List<Commitment> commitments) implements PermutationMessage {
        public static final String TYPE = "commit";

        public Commitments {
            commitments = List.copyOf(commitments);
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            WireWriter w = new WireWriter().u32(commitments.size());
            commitments.forEach(c -> w.fixed(c.toBytes()));
            return w.toBytes();
        }
    }

    /** Public: asks for the card at {@code position} to be shown to one seat or to {@link #EVERYONE}. */
    record Request(int position, int audience) implements PermutationMessage {
        public static final String TYPE = "request";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().u32(position).u8(audience).toBytes();
        }
    }

    /**
     * One hop of a reveal: the value the sender received (or the position, for the first hop) with the
     * sender's permutation applied. Private to {@code to} (sealed), except the last hop of a public reveal,
     * which is sent to {@link #EVERYONE} in clear and is the card itself.
     */
    record Forward(int to, int value) implements PermutationMessage {
        public static final String TYPE = "forward";

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().u8(to).u32(value).toBytes();
        }
    }

    /**
     * Public, at the end: the opening of every commitment, in the order committed, and the secret of the
     * sealing key, so that anyone can open every box sealed to this seat and check it.
     */
    record Opening(List<Opened> opened, byte[] sealingSecret) implements PermutationMessage {
        public static final String TYPE = "opening";

        public Opening {
            opened = List.copyOf(opened);
            if (sealingSecret.length != 32) {
                throw new IllegalArgumentException("a sealing secret key is 32 bytes");
            }
            sealingSecret = sealingSecret.clone();
        }

        @Override
        public byte[] sealingSecret() {
            return sealingSecret.clone();
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            WireWriter w = new WireWriter().u32(opened.size());
            for (Opened o : opened) {
                w.fixed(o.nonce());
                o.permutation().write(w);
            }
            return w.fixed(sealingSecret).toBytes();
        }
    }

    /**
     * Public, from the recipient of a sealed message that does not open or holds something malformed: the
     * step of that message and the recipient's sealing secret, so that everyone can open the box and see
     * the sender's fault for themselves. It ends the game.
     */
    record Accusation(int step, byte[] sealingSecret) implements PermutationMessage {
        public static final String TYPE = "accusation";

        public Accusation {
            if (sealingSecret.length != 32) {
                throw new IllegalArgumentException("a sealing secret key is 32 bytes");
            }
            sealingSecret = sealingSecret.clone();
        }

        @Override
        public byte[] sealingSecret() {
            return sealingSecret.clone();
        }

        public String type() {
            return TYPE;
        }

        public byte[] toBytes() {
            return new WireWriter().u32(step).fixed(sealingSecret).toBytes();
        }
    }

    /** A commitment's nonce and the permutation committed. */
    record Opened(byte[] nonce, Permutation permutation) {
        public Opened {
            if (nonce.length != Commitment.NONCE_LENGTH) {
                throw new IllegalArgumentException("a nonce is " + Commitment.NONCE_LENGTH + " bytes");
            }
            nonce = nonce.clone();
        }

        @Override
        public byte[] nonce() {
            return nonce.clone();
        }
    }

    /** Decoding of each type; sizes and ranges come from the parameters and the public state. */
    final class Codec {
        private Codec() {}

        static SealingKeyAnnouncement sealingKey(byte[] body) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            byte[] key = r.fixed(SealingPublicKey.ENCODED_LENGTH, "the sealing key");
            boolean committed = r.remaining() > SchnorrProof.ENCODED_LENGTH;
            if (committed && r.u8() != SealingKeyAnnouncement.COMMITMENT_FORM) {
                throw new MalformedMessageException("the proof of the sealing key is in an unknown form");
            }
            byte[] proof = r.fixed(committed ? SchnorrProof.COMMITTED_LENGTH : SchnorrProof.ENCODED_LENGTH,
                    "the proof of the sealing key");
            r.end();
            try {
                return new SealingKeyAnnouncement(SealingPublicKey.fromBytes(key),
                        committed ? SchnorrProof.decodeCommitted(proof) : SchnorrProof.decode(proof));
            } catch (MalformedEncodingException e) {
                throw new MalformedMessageException("the sealing key or its proof: " + e.getMessage());
            }
        }

        /** A sealed message whose plaintext must be {@code plaintextLength} bytes. */
        static SealedMessage sealed(String type, byte[] body, int plaintextLength) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            int to = r.u8();
            if (to == EVERYONE) {
                throw new MalformedMessageException("a sealed " + type + " is addressed to everyone");
            }
            if (body.length - 1 != plaintextLength + Sealed.OVERHEAD) {
                throw new MalformedMessageException("the sealed " + type + " is " + (body.length - 1) + " bytes, expected "
                        + (plaintextLength + Sealed.OVERHEAD));
            }
            byte[] box = r.fixed(plaintextLength + Sealed.OVERHEAD, "the sealed box");
            r.end();
            try {
                return new SealedMessage(type, to, Sealed.fromBytes(box));
            } catch (MalformedEncodingException e) {
                throw new MalformedMessageException("the sealed " + type + ": " + e.getMessage());
            }
        }

        /** The length of a handout's encoding with {@code factors} halves of n cards. */
        static int handoutLength(int cards, int factors) {
            return 1 + 4 + factors * (2 + 4 + 4 * cards);
        }

        /** The length of a forward's encoding. */
        static final int FORWARD_LENGTH = 5;

        /** Whether a forward's body is addressed to everyone (and so is in clear). */
        static boolean isPublicForward(byte[] body) {
            return body.length > 0 && (body[0] & 0xff) == EVERYONE;
        }

        static Handout handout(byte[] body, int cards, int maxFactors) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            int to = r.u8();
            int count = r.count(maxFactors, "the number of halves");
            List<Factor> factors = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int target = r.u8();
                int half = r.u8();
                if (half >= Half.values().length) {
                    throw new MalformedMessageException("half " + (i + 1) + " is of unknown kind " + half);
                }
                factors.add(new Factor(target, Half.values()[half],
                        Permutation.read(r, cards, "half " + (i + 1))));
            }
            r.end();
            return new Handout(to, factors);
        }

        static Commitments commitments(byte[] body, int expected) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            int count = r.count(Integer.MAX_VALUE, "the number of commitments");
            if (count != expected) {
                throw new MalformedMessageException("holds " + count + " commitments, expected " + expected);
            }
            List<Commitment> list = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                list.add(Commitment.fromBytes(r.fixed(32, "commitment " + (i + 1))));
            }
            r.end();
            return new Commitments(list);
        }

        static Request request(byte[] body, int cards) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            long position = r.u32();
            int audience = r.u8();
            r.end();
            if (position >= cards) {
                throw new MalformedMessageException("position " + position + " is outside 0.." + (cards - 1));
            }
            return new Request((int) position, audience);
        }

        static Forward forward(byte[] body, int cards) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            int to = r.u8();
            long value = r.u32();
            r.end();
            if (value >= cards) {
                throw new MalformedMessageException("value " + value + " is outside 0.." + (cards - 1));
            }
            return new Forward(to, (int) value);
        }

        static Accusation accusation(byte[] body) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            long step = r.u32();
            byte[] secret = r.fixed(32, "the sealing secret key");
            r.end();
            if (step > Integer.MAX_VALUE) {
                throw new MalformedMessageException("accuses step " + step + ", which does not exist");
            }
            return new Accusation((int) step, secret);
        }

        static Opening opening(byte[] body, int cards, int expected) throws MalformedMessageException {
            WireReader r = new WireReader(body);
            int count = r.count(Integer.MAX_VALUE, "the number of openings");
            if (count != expected) {
                throw new MalformedMessageException("holds " + count + " openings, expected " + expected);
            }
            List<Opened> list = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                byte[] nonce = r.fixed(Commitment.NONCE_LENGTH, "the nonce of opening " + (i + 1));
                list.add(new Opened(nonce, Permutation.read(r, cards, "the permutation of opening " + (i + 1))));
            }
            byte[] secret = r.fixed(32, "the sealing secret key");
            r.end();
            return new Opening(list, secret);
        }
    }
}
