package fairtable.protocol.audit;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.Decoder;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.List;

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
}
