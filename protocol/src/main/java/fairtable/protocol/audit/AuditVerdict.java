package fairtable.protocol.audit;

import fairtable.protocol.ProtocolViolation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of an audit: verified with a summary of who holds what, or failed at a step, naming the
 * party at fault and why.
 */
public record AuditVerdict(boolean verified, ProtocolViolation failure, String summary,
        Map<String, List<Integer>> holdings) {

    public static AuditVerdict verified(String summary, Map<String, List<Integer>> holdings) {
        return new AuditVerdict(true, null, summary, new LinkedHashMap<>(holdings));
    }

    public static AuditVerdict failed(ProtocolViolation failure) {
        return new AuditVerdict(false, failure, "", Map.of());
    }

    /** The one line the audit command prints. */
    public String line() {
        return verified ? "VERIFIED: " + summary : "FAILED: " + failure.getMessage();
    }
}
