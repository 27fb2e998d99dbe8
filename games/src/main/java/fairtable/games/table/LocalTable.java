package fairtable.games.table;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * Every seat of a table in one process, with in-memory delivery: each message goes to every other seat,
 * in one global order (first sent, first delivered), as a broadcast relay would deliver it.
 */
public final class LocalTable {
    private final List<? extends TableNode> seats;

    public LocalTable(List<? extends TableNode> seats) {
        for (int i = 0; i < seats.size(); i++) {
            if (seats.get(i).seat() != i) {
                throw new IllegalArgumentException("seat " + i + " is " + seats.get(i).seat());
            }
        }
        this.seats = List.copyOf(seats);
    }

    /** Plays until every seat has finished; a refused message stops the table with the violation. */
    public void play() throws ProtocolViolation {
        play(message -> { });
    }

    /** Plays, calling {@code afterDelivery} after each message has reached every other seat. */
    public void play(Consumer<TableMessage> afterDelivery) throws ProtocolViolation {
        Deque<TableMessage> queue = new ArrayDeque<>();
        for (TableNode s : seats) {
            queue.addAll(s.start());
        }
        while (!queue.isEmpty()) {
            TableMessage m = queue.poll();
            for (TableNode to : seats) {
                if (to.seat() != m.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(m));
                }
            }
            afterDelivery.accept(m);
        }
        for (TableNode s : seats) {
            if (!s.isFinished()) {
                throw new IllegalStateException(s.nameOf(s.seat()) + " is stuck waiting for " + s.awaiting());
            }
        }
    }

    /** Audits every round's transcript as every seat recorded it; the first failure, or the last verdict. */
    public List<AuditVerdict> audit() {
        List<AuditVerdict> verdicts = new ArrayList<>();
        for (TableNode s : seats) {
            for (Seat.Session session : s.sessions()) {
                verdicts.add(audit(session));
            }
        }
        return verdicts;
    }

    /** Audits one round's deck session from its messages and refused messages, as a file would hold them. */
    public static AuditVerdict audit(Seat.Session session) {
        List<Envelope> refused = session.refused().stream().map(r -> r.envelope()).toList();
        return Auditor.audit(new TranscriptFile.Contents(session.messages(), refused));
    }
}
