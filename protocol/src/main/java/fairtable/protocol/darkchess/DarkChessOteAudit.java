package fairtable.protocol.darkchess;

import fairtable.crypto.ot.InvalidOtMessageException;
import fairtable.crypto.ot.KkrtAudit;
import fairtable.crypto.ot.KkrtQuerier;
import fairtable.crypto.ot.KkrtSealer;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessMessages.OteMove;
import fairtable.protocol.darkchess.DarkChessMessages.OteReply;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.List;

/**
 * The cryptographic half of the audit of a game in the OT-extension mode ({@link OtMode#OTE_TABLE}): its mode of the
 * shared {@link DarkChessWalk}, chosen by {@link DarkChessAudit}. The walk checks the order (move, reply, answer per
 * ply; the base OTs in ply 1 only; choices and openings after the end). At the end: every commitment opens, every
 * sealer's PK_i follows from its revealed s and b_i, every querier's R is r·G and every query is made from the
 * revealed inputs. What is left (is each sealed entry the truth, is each querier's input list its entitlement) goes
 * to the rules half in a {@link DarkChessRecord.Slotted}.
 */
final class DarkChessOteAudit extends DarkChessWalk<DarkChessOteAudit.PlyLog> {
    /** One query: the message, where it was sent. */
    private record Query(byte[] message, int step) {}

    static final class PlyLog extends DarkChessWalk.Ply<PlyLog> {
        /** Per querier seat. */
        final Query[] queries = new Query[2];
        /** Per sealer seat: the table sealed for the other's query. */
        final byte[][] tables = new byte[2][];

        @Override
        PlyLog copy() {
            PlyLog c = copyInto(new PlyLog());
            for (int s = 0; s < 2; s++) {
                c.queries[s] = queries[s];
                c.tables[s] = tables[s];
            }
            return c;
        }

        /** Whether nothing of this ply is still due: the move ended the game, or the mover's answer came. */
        @Override
        boolean complete() {
            return over || tables[mover] != null;
        }
    }

    private final byte[] session;
    private final byte[][] baseKeys = new byte[2][];
    private final byte[][] baseSetups = new byte[2][];
    private final KkrtSealer[] sealers = new KkrtSealer[2];
    private final KkrtQuerier[] queriers = new KkrtQuerier[2];
    private final int[] batchCursor = {1, 1};

    DarkChessOteAudit(DarkChessParameters params, List<String> names, byte[] session) {
        super(params, names);
        this.session = session;
    }

    @Override
    DarkChessOteAudit copy() {
        DarkChessOteAudit c = copyInto(new DarkChessOteAudit(params, names, session));
        for (int s = 0; s < 2; s++) {
            c.baseKeys[s] = baseKeys[s];
            c.baseSetups[s] = baseSetups[s];
        }
        return c;
    }

    @Override
    String wire() {
        return "/ote";
    }

    @Override
    void play(Envelope e, int s, String who) throws ProtocolViolation, MalformedMessageException {
        switch (e.type()) {
            case DarkChessMessages.MOVE -> move(e, s, who, DarkChessMessages.parseOteMove(e.body()));
            case DarkChessMessages.REPLY -> reply(e, s, who, DarkChessMessages.parseOteReply(e.body()));
            case DarkChessMessages.ANSWER -> {
                byte[] table = DarkChessMessages.parseOteAnswer(e.body());
                PlyLog log = current(e, who);
                if (log.mover != s || log.over || log.queries[1 - s] == null || log.tables[s] != null) {
                    throw new ProtocolViolation(e.step(), who, "sent 'answer' where no answer of its is due");
                }
                log.tables[s] = table;
            }
            default -> throw unknownType(e, who);
        }
    }

    private void move(Envelope e, int s, String who, OteMove m) throws ProtocolViolation {
        boolean first = plies.isEmpty();
        PlyLog log = startPly(e, s, who, new PlyLog(), m.over(), m.announcement(), m.commitment());
        if (!m.over()) {
            requireParts(e, who, first, m.baseKeys() != null, m.query() != null, "a query");
            if (first) {
                baseKeys[s] = m.baseKeys();
                baseSetups[s] = m.baseSetup();
            } else {
                log.rebuilds[s] = m.rebuild();
                log.queries[s] = new Query(m.query(), e.step());
            }
        }
        plies.add(log);
    }

    private void reply(Envelope e, int s, String who, OteReply m) throws ProtocolViolation {
        PlyLog log = replyDue(e, s, who);
        boolean first = plies.size() == 1;
        requireParts(e, who, first, m.baseKeys() != null, m.table() != null, "a table");
        if (first) {
            baseKeys[s] = m.baseKeys();
            baseSetups[s] = m.baseSetup();
        } else {
            log.tables[s] = m.table();
        }
        commit(log, s, m.commitment());
        log.rebuilds[s] = m.rebuild();
        log.queries[s] = new Query(m.query(), e.step());
    }

    /** Base OTs in ply 1 only; a move's query and a reply's table in every later ply only. */
    private static void requireParts(Envelope e, String who, boolean first, boolean bases, boolean laterPart,
            String part) throws ProtocolViolation {
        if (bases != first) {
            throw new ProtocolViolation(e.step(), who, first ? "sent no base keys in ply 1"
                    : "sent base keys after ply 1");
        }
        if (laterPart == first) {
            throw new ProtocolViolation(e.step(), who, first ? "sent " + part + " in ply 1, where none is due"
                    : "sent no " + part.substring(2));
        }
    }

    /** The counts, then the base OTs against the revealed secrets: the sealers' s and b_i (revealed first), queriers' r. */
    @Override
    void checkReveals() throws ProtocolViolation {
        boolean bases = baseKeys[0] != null && baseKeys[1] != null;
        int[] batches = new int[2];
        for (PlyLog log : plies) {
            for (int q = 0; q < 2; q++) {
                batches[q] += log.queries[q] == null ? 0 : 1;
            }
        }
        for (int s = 0; s < 2; s++) {
            int secrets = bases ? 1 : 0;
            if (reveals.opens[s].nonces().size() != commits[s] || reveals.opens[s].senderStates().size() != secrets) {
                throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "opens " + reveals.opens[s].nonces()
                        .size() + " boards and " + reveals.opens[s].senderStates().size() + " querier secrets, committed "
                        + commits[s] + " and owes " + secrets);
            }
            if (reveals.choices[s].receiverStates().size() != secrets + batches[s]) {
                throw new ProtocolViolation(reveals.choiceStep[s], names.get(s), "reveals "
                        + reveals.choices[s].receiverStates().size() + " secrets and inputs for " + batches[s]
                        + " batches sent");
            }
        }
        if (!bases) {
            return;
        }
        for (int s = 0; s < 2; s++) {
            try {
                sealers[s] = KkrtAudit.replaySealer(VisionKkrt.pairContext(session, s), baseKeys[s],
                        baseSetups[1 - s], reveals.choices[s].receiverStates().get(0));
            } catch (InvalidOtMessageException bad) {
                throw new ProtocolViolation(reveals.choiceStep[s], names.get(s), "its sealer's base keys: "
                        + bad.getMessage());
            }
            try {
                queriers[s] = KkrtAudit.replayQuerier(VisionKkrt.pairContext(session, 1 - s),
                        baseKeys[1 - s], baseSetups[s], reveals.opens[s].senderStates().get(0));
            } catch (InvalidOtMessageException bad) {
                throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "its querier's base setup: "
                        + bad.getMessage());
            }
        }
    }

    @Override
    DarkChessRecord.Ply record(int index, PlyLog log, byte[][] boards) throws ProtocolViolation {
        int[][] inputs = new int[2][];
        KkrtSealer[] after = new KkrtSealer[2];
        for (int q = 0; q < 2; q++) {
            Query query = log.queries[q];
            if (query == null) {
                continue;
            }
            byte[] context = VisionKkrt.batchContext(session, index, q);
            try {
                inputs[q] = VisionKkrt.readRevealedInputs(reveals.choices[q].receiverStates().get(batchCursor[q]++));
                KkrtAudit.checkQuery(queriers[q], VisionKkrt.pairContext(session, 1 - q), context, inputs[q],
                        query.message());
                sealers[1 - q].receiveQuery(context, query.message());
            } catch (IllegalArgumentException | InvalidOtMessageException bad) {
                throw new ProtocolViolation(query.step(), names.get(q), "its query of ply " + (index + 1) + ": "
                        + bad.getMessage());
            }
            if (log.tables[1 - q] != null) {
                after[1 - q] = KkrtSealer.restore(sealers[1 - q].state());
            }
        }
        return new DarkChessRecord.Ply(log.mover, log.announcement, boards, log.rebuilds, null, null, null,
                new DarkChessRecord.Slotted(log.tables, after, inputs));
    }

    @Override
    String checked() {
        return "every commitment, base OT and query checked";
    }
}
