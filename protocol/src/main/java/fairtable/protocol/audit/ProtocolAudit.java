package fairtable.protocol.audit;

import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.List;

/** Verifies what a transcript's messages mean, for one protocol; the chain and signatures are checked already. */
public interface ProtocolAudit {
    /** The protocol name found in the hellos. */
    String protocol();

    AuditVerdict audit(Transcript transcript, List<Envelope> refused);
}
