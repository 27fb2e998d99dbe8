package fairtable.protocol.audit;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.allocation.AllocationAudit;
import fairtable.protocol.darkchess.DarkChessAudit;
import fairtable.protocol.deck.DeckAudit;
import fairtable.protocol.mahjong.MahjongAudit;
import fairtable.protocol.patent.PatentAudit;
import fairtable.protocol.permutation.PermutationAudit;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.List;

/**
 * Third-party verification of a transcript: every signature, the hash chain and the session, then the
 * protocol's own checks. Needs nothing but the file. A message of the transcript that does not fit the chain
 * where it stands fails the file but convicts nobody, as a refused one would not (docs/evidence.md).
 */
public final class Auditor {
    private static final List<ProtocolAudit> AUDITS =
            List.of(new PatentAudit(), new DeckAudit(), new PermutationAudit(), new MahjongAudit(), new DarkChessAudit(),
                    new AllocationAudit());

    private Auditor() {}

    public static AuditVerdict audit(TranscriptFile.Contents contents) {
        return audit(contents, List.of());
    }

    /**
     * Audits a transcript of any protocol, with {@code more} taking precedence over this layer's own audits: the
     * audits that need the games layer (the table protocol's, which finds the game named in the hellos, and dark
     * chess with its rules half).
     */
    public static AuditVerdict audit(TranscriptFile.Contents contents, List<ProtocolAudit> more) {
        Transcript transcript = new Transcript();
        for (Envelope e : contents.messages()) {
            Transcript.Misfit misfit = transcript.established() ? transcript.misfitAt(e, transcript.size())
                    : transcript.helloMisfit(e);
            if (misfit != null) {
                // Whoever wrote the file put it there: like a refused message that does not fit, it convicts nobody.
                return AuditVerdict.failed(ProtocolViolation.provingNothing(e.step(), "message " + transcript.size()
                        + " of the transcript is " + misfit.what() + ", so the file is not one signed chain; it proves"
                        + " nothing against " + misfit.against()));
            }
            try {
                transcript.append(e);
            } catch (ProtocolViolation v) {
                return AuditVerdict.failed(v);
            }
        }
        if (!transcript.established()) {
            int missing = transcript.hellos().size();
            return AuditVerdict.failed(new ProtocolViolation(0, "at seat " + missing,
                    "the transcript ends before every player said hello"));
        }
        String protocol = transcript.hellos().get(0).protocol();
        for (ProtocolAudit audit : java.util.stream.Stream.concat(more.stream(), AUDITS.stream()).toList()) {
            if (audit.protocol().equals(protocol)) {
                return audit.audit(transcript, contents.refused());
            }
        }
        return AuditVerdict.failed(new ProtocolViolation(0, transcript.nameOf(0), "unknown protocol '" + protocol + "'"));
    }
}
