package fairtable.protocol.audit;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.Decoder;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Verifies what a transcript's messages mean, for one protocol; the chain and signatures are checked already. */
public interface ProtocolAudit {
    /** The protocol name found in the hellos. */
    String protocol();

    AuditVerdict audit(Transcript transcript, List<Envelope> refused);

    /** The parameters the first hello proposes, as {@code reader} reads them; unreadable, they convict that seat. */
    static <P> P parameters(Transcript transcript, Decoder<P> reader) throws ProtocolViolation {
        try {
            return reader.decode(transcript.hellos().get(0).parameters());
        } catch (MalformedMessageException e) {
            throw new ProtocolViolation(0, transcript.nameOf(0), "unreadable parameters: " + e.getMessage());
        }
    }

    /** Refuses a transcript of a two-player protocol in which another number of seats said hello. */
    static void requireTwoPlayers(Transcript transcript) throws ProtocolViolation {
        if (transcript.hellos().size() != 2) {
            throw new ProtocolViolation(0, transcript.nameOf(0), "this protocol has two players");
        }
    }

    /**
     * The refused messages offered as message number {@code index} that can convict their author there: signed
     * by the seat they name, for this session, right after message {@code index - 1}, and not in the transcript.
     * A forgery, a replay from another session or a message off the chain proves nothing and is left out.
     */
    static List<Envelope> attributableAt(Transcript transcript, List<Envelope> refused, int index) {
        byte[] previous = transcript.envelopes().get(index - 1).hash();
        Set<Envelope> accepted = new HashSet<>(transcript.envelopes());
        return refused.stream()
                .filter(e -> e.seq() == index && !accepted.contains(e) && e.sender() >= 0
                        && e.sender() < transcript.hellos().size() && Arrays.equals(e.session(), transcript.sessionId())
                        && Arrays.equals(e.prev(), previous) && e.isSignedBy(transcript.hellos().get(e.sender()).key()))
                .toList();
    }
}
