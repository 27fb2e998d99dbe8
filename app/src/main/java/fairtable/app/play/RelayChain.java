package fairtable.app.play;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The order in which a card table's host relayed its messages, as a hash chain the host signs link by link, so
 * that a host cannot show two players two different tables unnoticed. The host places every message (its own
 * and each guest's) at the next position and sends the placed message, with its signed head, to every guest,
 * its author included. Each guest checks the chain, and every message a guest sends carries its acknowledgement:
 * how many positions it had seen, the host's signed head there, and the guest's own signature. A player who is
 * shown another player's acknowledgement of a head the host signed differently at the same position holds two
 * host signatures on two tables: proof that the host equivocated.
 *
 * <p>On a plain-TCP table ({@code --insecure}) nothing is signed: the chain still catches a gap, a repeat or a
 * reordering between what the guests saw, but it proves nothing against anyone.
 */
final class RelayChain {
    private static final String DOMAIN = "fairtable/play-relay/v1";
    private static final int MAX_PAYLOAD = 1 << 24;

    /** One relayed message at its position, with the chain's head after it and the host's signature of that head. */
    record Placed(int index, int from, byte[] payload, byte[] ack, byte[] head, byte[] signature) {
        byte[] toBytes() {
            return new WireWriter().u32(index).u8(from).blob(payload).blob(ack).fixed(head).blob(signature).toBytes();
        }

        static Placed fromBytes(byte[] bytes) throws MalformedMessageException {
            WireReader r = new WireReader(bytes);
            Placed p = new Placed(r.count(Integer.MAX_VALUE, "the position"), r.u8(), r.blob(MAX_PAYLOAD, "a relayed message"),
                    r.blob(1024, "an acknowledgement"), r.fixed(32, "the head"), r.blob(128, "the host's signature"));
            r.end();
            return p;
        }
    }

    /** What a guest sends: its message and its acknowledgement of the chain as it has seen it. */
    record Said(byte[] payload, byte[] ack) {
        byte[] toBytes() {
            return new WireWriter().blob(payload).blob(ack).toBytes();
        }

        static Said fromBytes(byte[] bytes) throws MalformedMessageException {
            WireReader r = new WireReader(bytes);
            Said s = new Said(r.blob(MAX_PAYLOAD, "a message"), r.blob(1024, "an acknowledgement"));
            r.end();
            return s;
        }
    }

    /**
     * A guest's acknowledgement: it had seen {@code seen} positions, the last with this head and host signature,
     * and had said {@code said} messages before the one this goes with (so that the host can neither drop, nor
     * repeat, nor reorder a guest's messages without the others noticing).
     */
    record Ack(int seen, int said, byte[] head, byte[] hostSignature, byte[] guestSignature) {
        byte[] toBytes() {
            return new WireWriter().u32(seen).u32(said).fixed(head).blob(hostSignature).blob(guestSignature).toBytes();
        }

        static Ack fromBytes(byte[] bytes) throws MalformedMessageException {
            WireReader r = new WireReader(bytes);
            Ack a = new Ack(r.count(Integer.MAX_VALUE, "the positions seen"),
                    r.count(Integer.MAX_VALUE, "the messages said"), r.fixed(32, "the acknowledged head"),
                    r.blob(128, "the host's signature"), r.blob(128, "the guest's signature"));
            r.end();
            return a;
        }
    }

    private final byte[] genesis;
    private final List<VerifyingKey> keys;
    private final int players;
    private final List<byte[]> heads = new ArrayList<>();
    private final List<byte[]> signatures = new ArrayList<>();
    private final List<Placed> placed = new ArrayList<>();
    /** How many messages of each seat are placed. */
    private final int[] placedFrom;

    /** The chain of a table with these terms (every seat computes the same genesis) and seat keys (empty: unsigned). */
    RelayChain(NetworkTable.Terms terms) {
        // Every seat's terms differ only in the seat: the genesis names the table, not the seat.
        this.genesis = Hashes.sha256(DOMAIN + "/genesis",
                terms.withSeat(0).line().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        this.keys = terms.keys();
        this.players = terms.names().size();
        this.placedFrom = new int[players];
    }

    int size() {
        return placed.size();
    }

    List<Placed> placed() {
        return List.copyOf(placed);
    }

    /** The head after {@code seen} positions (the genesis for none). */
    byte[] head(int seen) {
        return seen == 0 ? genesis.clone() : heads.get(seen - 1).clone();
    }

    private byte[] hostSignature(int seen) {
        return seen == 0 ? new byte[0] : signatures.get(seen - 1).clone();
    }

    private byte[] link(int index, int from, byte[] payload, byte[] ack) {
        return Hashes.sha256(DOMAIN + "/link", head(index), Hashes.int32(index), Hashes.int32(from), payload, ack);
    }

    private static byte[] signed(String what, byte[] head, int seen) {
        return Hashes.sha256(DOMAIN + "/" + what, head, Hashes.int32(seen));
    }

    /** The host places a message; {@code hostKey} is null on an unsigned table. */
    Placed place(int from, byte[] payload, byte[] ack, SigningKey hostKey) {
        int index = placed.size();
        byte[] head = link(index, from, payload, ack);
        byte[] signature = keys.isEmpty() ? new byte[0] : hostKey.sign(signed("head", head, index + 1));
        Placed p = new Placed(index, from, payload.clone(), ack.clone(), head, signature);
        append(p);
        return p;
    }

    private void append(Placed p) {
        placedFrom[p.from()]++;
        placed.add(p);
        heads.add(p.head());
        signatures.add(p.signature());
    }

    /**
     * A guest's acknowledgement of everything it has seen, to go with {@code payload}, the message it sends: signed
     * with its key (null on an unsigned table) over the head and the message together, so that the host can
     * neither attach it to another message nor attach an older one to this message.
     */
    byte[] ack(SigningKey guestKey, int said, byte[] payload) {
        int seen = placed.size();
        byte[] head = head(seen);
        byte[] guestSignature = keys.isEmpty() ? new byte[0]
                : guestKey.sign(acknowledged(head, seen, said, payload));
        return new Ack(seen, said, head, hostSignature(seen), guestSignature).toBytes();
    }

    private static byte[] acknowledged(byte[] head, int seen, int said, byte[] payload) {
        return Hashes.sha256(DOMAIN + "/ack", head, Hashes.int32(seen), Hashes.int32(said),
                Hashes.sha256(DOMAIN + "/said", payload));
    }

    /**
     * A guest takes the next placed message: at the next position, linked to the head before it, signed by the
     * host, and carrying (from a guest) that guest's acknowledgement, which must agree with this guest's own view.
     * Whatever is wrong here the host placed, and signed: every refusal names the host.
     *
     * @throws ProtocolViolation naming the host: a broken chain, a message without its author's acknowledgement,
     *     or, when the acknowledgement names a head other than the one this guest was shown, proof of equivocation
     */
    void accept(Placed p, IntFunction<String> names) throws ProtocolViolation {
        String host = names.apply(0);
        int index = placed.size();
        if (p.index() != index) {
            throw new ProtocolViolation(0, host, "relayed position " + p.index() + " where " + index + " was next");
        }
        if (p.from() < 0 || p.from() >= players) {
            throw new ProtocolViolation(0, host, "relayed a message from seat " + p.from() + ", which is not at the table");
        }
        if (!Arrays.equals(p.head(), link(index, p.from(), p.payload(), p.ack()))) {
            throw new ProtocolViolation(0, host, "broke the relay's hash chain at position " + index);
        }
        if (!keys.isEmpty() && !keys.get(0).verify(signed("head", p.head(), index + 1), p.signature())) {
            throw new ProtocolViolation(0, host, "did not sign the relay's head at position " + index);
        }
        if (p.from() != 0) {
            String author = names.apply(p.from());
            if (p.ack().length == 0) {
                throw new ProtocolViolation(0, host, "relayed " + author + "'s message at position " + index
                        + " without " + author + "'s acknowledgement");
            }
            Ack ack = read(p.ack(), host, "relayed an unreadable acknowledgement from " + author);
            String fault = fault(ack, p.from(), index, p.payload());
            if (fault != null) {
                throw new ProtocolViolation(0, host, "relayed " + author + "'s message at position " + index
                        + " with an acknowledgement " + fault);
            }
            if (!Arrays.equals(ack.head(), head(ack.seen()))) {
                HexFormat hex = HexFormat.of();
                throw new ProtocolViolation(0, host, "equivocated: it signed two different tables at position "
                        + ack.seen() + ", head " + hex.formatHex(head(ack.seen())) + " (signature "
                        + hex.formatHex(hostSignature(ack.seen())) + ") shown here and head "
                        + hex.formatHex(ack.head()) + " (signature " + hex.formatHex(ack.hostSignature())
                        + ") shown to " + author);
            }
        }
        append(p);
    }

    /**
     * The host checks the acknowledgement a guest sent with {@code payload}, before placing it: it must be signed by
     * the guest, over a head the host signed at a position it has placed.
     *
     * @throws ProtocolViolation naming the guest
     */
    void checkAck(byte[] ackBytes, int from, byte[] payload, IntFunction<String> names) throws ProtocolViolation {
        String author = names.apply(from);
        Ack ack = read(ackBytes, author, "sent an unreadable acknowledgement");
        String fault = fault(ack, from, placed.size(), payload);
        if (fault == null && !Arrays.equals(ack.head(), head(ack.seen()))) {
            fault = "of a head this table never had at position " + ack.seen();
        }
        if (fault != null) {
            throw new ProtocolViolation(0, author, "sent an acknowledgement " + fault);
        }
    }

    /** What is wrong with an acknowledgement found at position {@code index}, or null. */
    private String fault(Ack ack, int from, int index, byte[] payload) {
        if (ack.seen() > index) {
            return "of position " + ack.seen() + ", beyond position " + index;
        }
        if (ack.said() != placedFrom[from]) {
            return "for its message #" + ack.said() + " where #" + placedFrom[from] + " was next";
        }
        if (keys.isEmpty()) {
            return null;
        }
        if (!keys.get(from).verify(acknowledged(ack.head(), ack.seen(), ack.said(), payload), ack.guestSignature())) {
            return "that its author did not sign for this message";
        }
        boolean hostSigned = ack.seen() == 0
                ? ack.hostSignature().length == 0
                : keys.get(0).verify(signed("head", ack.head(), ack.seen()), ack.hostSignature());
        return hostSigned ? null : "of a head the host did not sign";
    }

    private static Ack read(byte[] bytes, String culprit, String what) throws ProtocolViolation {
        try {
            return Ack.fromBytes(bytes);
        } catch (MalformedMessageException e) {
            throw new ProtocolViolation(0, culprit, what + ": " + e.getMessage());
        }
    }
}
