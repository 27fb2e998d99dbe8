package fairtable.net.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What players and a relaying host say to each other, one per transport frame. Protocol messages travel
 * inside {@link Relay} (player to host) and {@link Deliver} (host to every player, sender included, with
 * the host's {@link Receipt}); {@link AckFrame}s travel outside the protocol transcript.
 */
public sealed interface SessionFrame {
    int MAX_PLAYERS = 255;

    /** Host to a new connection: who the host is and which table this is. */
    record Welcome(VerifyingKey host, byte[] table, String hostName) implements SessionFrame {
        public Welcome {
            table = table.clone();
        }

        @Override
        public byte[] table() {
            return table.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Welcome w && w.host.equals(host) && Arrays.equals(w.table, table)
                    && w.hostName.equals(hostName);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(table);
        }
    }

    /** Player to host: a name and a key, signed with that key over the table, so the join cannot be replayed elsewhere. */
    record Join(String name, VerifyingKey key, byte[] signature) implements SessionFrame {
        private static final String DOMAIN = "fairtable/session/join/v1";

        public static Join sign(SigningKey key, String name, Welcome welcome) {
            return new Join(name, key.verifyingKey(), key.sign(signedBytes(name, key.verifyingKey(), welcome)));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Join j && j.name.equals(name) && j.key.equals(key) && Arrays.equals(j.signature, signature);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(signature);
        }

        public boolean isValidFor(Welcome welcome) {
            return key.verify(signedBytes(name, key, welcome), signature);
        }

        private static byte[] signedBytes(String name, VerifyingKey key, Welcome w) {
            return new WireWriter().string(DOMAIN).fixed(w.table()).fixed(w.host().toBytes()).string(name)
                    .fixed(key.toBytes()).toBytes();
        }
    }

    /** One player as the host sees it. */
    record Member(String name, VerifyingKey key, boolean connected) {}

    /** Host to every player, whenever someone joins or goes away. */
    record Presence(List<Member> members) implements SessionFrame {
        public Presence {
            members = List.copyOf(members);
        }
    }

    /** Player to host: place this message next. */
    record Relay(Envelope envelope) implements SessionFrame {}

    /** Host to every player: the message at its position, with the host's signature on that placement. */
    record Deliver(Envelope envelope, byte[] receiptSignature) implements SessionFrame {
        public Receipt receipt(byte[] table) {
            return new Receipt(table, envelope.seq(), envelope.hash(), receiptSignature);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Deliver d && d.envelope.equals(envelope) && Arrays.equals(d.receiptSignature, receiptSignature);
        }

        @Override
        public int hashCode() {
            return envelope.hashCode();
        }
    }

    /** A player's acknowledgement, relayed by the host to every other player. */
    record AckFrame(Ack ack) implements SessionFrame {}

    /**
     * Player to a relay, first of all: which of its tables to join ({@code ""}: the one a host serves, or a relay's
     * default table). A host that serves one table accepts only {@code ""} before the join.
     */
    record Open(String session) implements SessionFrame {}

    /**
     * Host to a player: your message could not be placed (another already holds its position); or, at
     * {@link SessionHost#JOIN_REFUSED} before the player is listed, your join is refused (the reason says why).
     */
    record Refused(long seq, String reason) implements SessionFrame {}

    /** The frame's bytes on the wire. */
    static byte[] encode(SessionFrame frame) {
        WireWriter w = new WireWriter();
        if (frame instanceof Welcome f) {
            w.u8(1).fixed(f.host().toBytes()).fixed(f.table()).string(f.hostName());
        } else if (frame instanceof Join f) {
            w.u8(2).string(f.name()).fixed(f.key().toBytes()).blob(f.signature());
        } else if (frame instanceof Presence f) {
            w.u8(3).u32(f.members().size());
            f.members().forEach(m -> w.string(m.name()).fixed(m.key().toBytes()).u8(m.connected() ? 1 : 0));
        } else if (frame instanceof Relay f) {
            w.u8(4).blob(f.envelope().toBytes());
        } else if (frame instanceof Deliver f) {
            w.u8(DELIVER_TAG).blob(f.envelope().toBytes()).blob(f.receiptSignature());
        } else if (frame instanceof AckFrame f) {
            Receipt r = f.ack().receipt();
            w.u8(6).fixed(f.ack().player().toBytes()).fixed(r.table()).u32(r.seq()).fixed(r.head())
                    .blob(r.signature()).blob(f.ack().signature());
        } else if (frame instanceof Refused f) {
            w.u8(7).u32(f.seq()).string(f.reason());
        } else if (frame instanceof Open f) {
            w.u8(8).string(f.session());
        }
        return w.toBytes();
    }

    /** The first byte of a {@link Deliver} frame. */
    int DELIVER_TAG = 5;

    /** Whether {@code bytes} encode a {@link Deliver} frame, without decoding it. */
    static boolean isDeliver(byte[] bytes) {
        return bytes.length > 0 && bytes[0] == DELIVER_TAG;
    }

    static SessionFrame decode(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        SessionFrame frame = switch (r.u8()) {
            case 1 -> new Welcome(key(r, "the host key"), r.fixed(32, "the table id"), r.string(256, "the host name"));
            case 2 -> new Join(r.string(Hello.MAX_NAME_BYTES * 4, "the name"), key(r, "the player key"),
                    r.blob(64, "the signature"));
            case 3 -> {
                int count = r.count(MAX_PLAYERS * 4, "the number of members");
                List<Member> members = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    members.add(new Member(r.string(Hello.MAX_NAME_BYTES * 4, "a name"), key(r, "a key"), r.u8() == 1));
                }
                yield new Presence(members);
            }
            case 4 -> new Relay(Envelope.fromBytes(r.blob(Envelope.MAX_BODY + 4096, "the message")));
            case DELIVER_TAG -> new Deliver(Envelope.fromBytes(r.blob(Envelope.MAX_BODY + 4096, "the message")),
                    r.blob(64, "the receipt"));
            case 6 -> {
                VerifyingKey player = key(r, "the player key");
                Receipt receipt = new Receipt(r.fixed(32, "the table id"), r.u32(), r.fixed(32, "the head"),
                        r.blob(64, "the receipt"));
                yield new AckFrame(new Ack(player, receipt, r.blob(64, "the signature")));
            }
            case 7 -> new Refused(r.u32(), r.string(1024, "the reason"));
            case 8 -> new Open(r.string(32, "the table's name"));
            default -> throw new MalformedMessageException("unknown session frame");
        };
        r.end();
        return frame;
    }

    private static VerifyingKey key(WireReader r, String what) throws MalformedMessageException {
        try {
            return VerifyingKey.fromBytes(r.fixed(32, what));
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(what + ": " + e.getMessage());
        }
    }
}
