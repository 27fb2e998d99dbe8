package fairtable.protocol.allocation;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The public audit of an allocation/v1 transcript or evidence file, which unblinds nothing. It replays every
 * message through a fresh {@link AllocationObserver} (every key, shuffle, escrow and decryption share is
 * verified again, as one batch) and judges each refused message where it was offered. A verified allocation is complete:
 * every institution holds X numbers, all distinct (they are distinct positions of a deck of distinct cards),
 * each readable by its holder, and, with a board, by the board; and no number is readable from the transcript.
 * The verdict names who took part and how many numbers each holds, and no number.
 */
public final class AllocationAudit implements ProtocolAudit {
    @Override
    public String protocol() {
        return AllocationParameters.PROTOCOL;
    }

    /**
     * Audits with every proof of the transcript (keys, shuffles, decryption and escrowed shares) kept for one batch at
     * the end; if the batch fails (or the unchecked proofs led the replay astray), audits again checking each proof in
     * its message, so the verdict names the same message and party as checking one by one always would.
     */
    @Override
    public AuditVerdict audit(Transcript transcript, List<Envelope> refused) {
        return DeferredProofs.batchedOrOneByOne(pending -> audit(transcript, refused, pending));
    }

    /** The audit, with every proof kept in {@code pending}, or checked in each message when it is null. */
    static AuditVerdict audit(Transcript transcript, List<Envelope> refused, DeferredProofs pending) {
        try {
            AllocationObserver observer = AllocationObserver.afterHellos(transcript);
            if (pending != null) {
                observer.deferProofsTo(pending);
            }
            // A refused message that fits convicts its author if it really breaks the allocation there.
            ProtocolAudit.walk(transcript, refused, observer::parse, e -> observer.apply(observer.parse(e)));
            if (!observer.isDone()) {
                throw new ProtocolViolation(observer.nextStep(), observer.nameOf(observer.awaitedSeat().orElse(0)),
                        "the transcript ends before the allocation is complete: awaiting " + observer.awaiting());
            }
            return verdict(observer);
        } catch (ProtocolViolation v) {
            return AuditVerdict.failed(v);
        }
    }

    private static AuditVerdict verdict(AllocationObserver observer) throws ProtocolViolation {
        AllocationParameters params = observer.parameters();
        if (observer.publiclyReadable() != 0) {
            throw new ProtocolViolation(observer.nextStep() - 1, "the institutions",
                    observer.publiclyReadable() + " numbers are readable from the transcript");
        }
        Map<String, List<Integer>> holdings = new LinkedHashMap<>();
        List<String> parts = new ArrayList<>();
        for (int s = 0; s < params.institutions(); s++) {
            String name = observer.nameOf(s);
            holdings.put(name, List.of()); // the numbers are the holders' (and the board's) to read, not the audit's
            parts.add(name + " holds " + params.positionsOf(s).size());
        }
        String board = params.board().map(b -> "escrowed to the board " + b + ", " + observer.escrowsVerified()
                + " escrowed shares verified").orElse("escrowed to no board");
        String summary = AllocationParameters.PROTOCOL + ": " + params.institutions() + " institutions drew " + params.each()
                + " numbers each out of 1.." + params.items() + ": " + String.join(", ", parts) + "; "
                + observer.deck().sharesVerified() + " decryption shares verified; " + board
                + "; no number is readable from the transcript";
        return AuditVerdict.verified(summary, holdings);
    }
}
