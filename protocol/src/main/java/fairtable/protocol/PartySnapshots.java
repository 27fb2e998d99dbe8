package fairtable.protocol;

import fairtable.protocol.Party.Rejected;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of every party's snapshot that is not protocol-specific: its accepted messages, which a restored
 * party replays to rebuild its public state, and its refused messages, which are evidence to keep.
 */
public final class PartySnapshots {
    private static final int MAX_MESSAGES = 1 << 20;
    private static final int MAX_MESSAGE_BYTES = Envelope.MAX_BODY + 4096;

    private PartySnapshots() {}

    public static void writeMessages(WireWriter w, List<Envelope> messages) {
        w.u32(messages.size());
        messages.forEach(e -> w.blob(e.toBytes()));
    }

    public static List<Envelope> readMessages(WireReader r) throws MalformedMessageException {
        int count = r.count(MAX_MESSAGES, "the number of messages");
        List<Envelope> messages = new ArrayList<>(Math.min(count, 1024));
        for (int i = 0; i < count; i++) {
            messages.add(Envelope.fromBytes(r.blob(MAX_MESSAGE_BYTES, "a message")));
        }
        return messages;
    }

    public static void writeRefused(WireWriter w, List<Rejected> refused) {
        w.u32(refused.size());
        for (Rejected r : refused) {
            w.blob(r.envelope().toBytes()).u32(r.reason().step()).string(r.reason().party()).string(r.reason().reason());
        }
    }

    public static List<Rejected> readRefused(WireReader r) throws MalformedMessageException {
        int count = r.count(MAX_MESSAGES, "the number of refused messages");
        List<Rejected> refused = new ArrayList<>(Math.min(count, 1024));
        for (int i = 0; i < count; i++) {
            Envelope e = Envelope.fromBytes(r.blob(MAX_MESSAGE_BYTES, "a refused message"));
            refused.add(new Rejected(e, new ProtocolViolation(r.count(Integer.MAX_VALUE, "step"),
                    r.string(256, "party"), r.string(1 << 16, "reason"))));
        }
        return refused;
    }

    /** The cheat a party caught and stopped on, if any (a flag, then the violation). */
    public static void writeFailure(WireWriter w, ProtocolViolation failure) {
        w.u8(failure == null ? 0 : 1);
        if (failure != null) {
            w.u32(failure.step()).string(failure.party()).string(failure.reason());
        }
    }

    /** What {@link #writeFailure} wrote: the violation, or null. */
    public static ProtocolViolation readFailure(WireReader r) throws MalformedMessageException {
        return r.u8() == 0 ? null
                : new ProtocolViolation(r.count(Integer.MAX_VALUE, "step"), r.string(256, "party"), r.string(1 << 16, "reason"));
    }
}
