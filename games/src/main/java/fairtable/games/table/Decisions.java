package fairtable.games.table;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;

/**
 * One round's signed decisions. Each is signed with the sender's Ed25519 key over the round's session id,
 * the hash of the deck transcript at that moment, the round, the sender, its number in the round and its
 * words: so it cannot be forged by a relay, replayed in another hand or moved to another moment of this one.
 */
public final class Decisions {
    private static final String DOMAIN = "fairtable/play/decision/v1";

    private final List<TableMessage.Declaration> accepted = new ArrayList<>();

    /** The decisions of the round so far, in order. */
    public List<TableMessage.Declaration> list() {
        return Collections.unmodifiableList(accepted);
    }

    /** Signs this seat's next decision, bound to {@code deck}'s session and current head, and records it. */
    TableMessage.Declaration sign(Transcript deck, SigningKey key, int round, int sender, String words) {
        int seq = accepted.size();
        int after = deck.size();
        byte[] signature = key.sign(signedBytes(deck.sessionId(), deck.head(), round, sender, seq, words));
        TableMessage.Declaration d = new TableMessage.Declaration(round, sender, seq, after, words, signature);
        accepted.add(d);
        return d;
    }

    /** The same decision with other words, signed again: for the tests' dishonest players only. */
    static TableMessage.Declaration reword(Transcript deck, SigningKey key, TableMessage.Declaration d, String words) {
        return new TableMessage.Declaration(d.round(), d.sender(), d.seq(), d.after(), words,
                key.sign(signedBytes(deck.sessionId(), deck.head(), d.round(), d.sender(), d.seq(), words)));
    }

    /** Checks another seat's decision: its number, and its signature by the key in that seat's hello. */
    void check(Transcript deck, TableMessage.Declaration d) throws ProtocolViolation {
        String who = deck.established() ? deck.nameOf(d.sender()) : "seat " + d.sender();
        if (!deck.established()) {
            throw new ProtocolViolation(0, who, "a decision before every player said hello");
        }
        if (d.seq() != accepted.size()) {
            throw new ProtocolViolation(0, who, "decision number " + d.seq() + " where " + accepted.size() + " is due");
        }
        if (d.after() != deck.size()) {
            throw new ProtocolViolation(0, who, "a decision made after message " + d.after() + ", here at " + deck.size());
        }
        verify(deck, d);
    }

    /** Checks a decision's signature, made after the first {@code d.after()} messages of {@code deck}. */
    static void verify(Transcript deck, TableMessage.Declaration d) throws ProtocolViolation {
        String who = deck.nameOf(d.sender());
        if (d.after() < deck.hellos().size() || d.after() > deck.size()) {
            throw new ProtocolViolation(0, who, "a decision made after message " + d.after() + " of " + deck.size());
        }
        byte[] head = deck.envelopes().get(d.after() - 1).hash();
        if (!deck.hellos().get(d.sender()).key().verify(
                signedBytes(deck.sessionId(), head, d.round(), d.sender(), d.seq(), d.words()), d.signature())) {
            throw new ProtocolViolation(0, who, "the decision \"" + d.words() + "\" is not signed by its sender's key");
        }
    }

    /** Records a decision that was checked and accepted by the rules. */
    void accept(TableMessage.Declaration d) {
        accepted.add(d);
    }

    private static byte[] signedBytes(byte[] sessionId, byte[] head, int round, int sender, int seq, String words) {
        return new WireWriter().string(DOMAIN).fixed(sessionId).fixed(head).u32(round).u8(sender).u32(seq)
                .string(words).toBytes();
    }

    private static final java.util.regex.Pattern LINE = java.util.regex.Pattern.compile(
            "\\{\"round\":(\\d{1,9}),\"seq\":(\\d{1,9}),\"after\":(\\d{1,9}),\"sender\":(\\d{1,2}),"
                    + "\"words\":\"([a-zA-Z0-9 .-]{1,200})\",\"signature\":\"([0-9a-f]{128})\"}");

    /** Reads a line written by {@link #jsonLine}; anything else is refused. */
    public static TableMessage.Declaration parseLine(String line) {
        java.util.regex.Matcher m = LINE.matcher(line.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a decision line: " + line);
        }
        return new TableMessage.Declaration(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(4)),
                Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), m.group(5), HexFormat.of().parseHex(m.group(6)));
    }

    /** One decision as a JSON line, for the decisions file written next to a hand's transcript. */
    public static String jsonLine(TableMessage.Declaration d) {
        return "{\"round\":" + d.round() + ",\"seq\":" + d.seq() + ",\"after\":" + d.after() + ",\"sender\":"
                + d.sender() + ",\"words\":\""
                + d.words().replace("\\", "\\\\").replace("\"", "\\\"") + "\",\"signature\":\""
                + HexFormat.of().formatHex(d.signature()) + "\"}";
    }
}
