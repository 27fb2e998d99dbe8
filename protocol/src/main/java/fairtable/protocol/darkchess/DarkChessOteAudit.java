package fairtable.protocol.darkchess;

import fairtable.crypto.commit.Commitment;
import fairtable.crypto.ot.InvalidOtMessageException;
import fairtable.crypto.ot.KkrtAudit;
import fairtable.crypto.ot.KkrtQuerier;
import fairtable.crypto.ot.KkrtSealer;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessMessages.OteMove;
import fairtable.protocol.darkchess.DarkChessMessages.OteReply;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.List;

/**
 * The cryptographic half of the audit of a game in the OT-extension mode ({@link OtMode#OTE_TABLE}), called by
 * {@link DarkChessAudit}. The walk checks the order (move, reply, answer per ply; the base OTs in ply 1 only; choices
 * and openings after the end). At the end: every commitment opens, every sealer's PK_i follows from its revealed s and
 * b_i, every querier's R is r·G and every query is made from the revealed inputs. What is left (is each sealed entry
 * the truth, is each querier's input list its entitlement) goes to the rules half in a {@link DarkChessRecord.Slotted}.
 */
final class DarkChessOteAudit {
    private DarkChessOteAudit() {}

    /** One query: the message, where it was sent. */
    private record Query(byte[] message, int step) {}

    private static final class PlyLog {
        int mover;
        int step;
        boolean over;
        byte[] announcement;
        final byte[][] commitments = new byte[2][];
        final int[] commitIndex = {-1, -1};
        final byte[][] rebuilds = new byte[2][];
        /** Per querier seat. */
        final Query[] queries = new Query[2];
        /** Per sealer seat: the table sealed for the other's query. */
        final byte[][] tables = new byte[2][];

        PlyLog copy() {
            PlyLog c = new PlyLog();
            c.mover = mover;
            c.step = step;
            c.over = over;
            c.announcement = announcement;
            for (int s = 0; s < 2; s++) {
                c.commitments[s] = commitments[s];
                c.commitIndex[s] = commitIndex[s];
                c.rebuilds[s] = rebuilds[s];
                c.queries[s] = queries[s];
                c.tables[s] = tables[s];
            }
            return c;
        }

        /** Whether nothing of this ply is still due: the move ended the game, or the mover's answer came. */
        boolean complete() {
            return over || tables[mover] != null;
        }
    }

    private static final class Walk {
        final DarkChessParameters params;
        final List<String> names;
        final List<PlyLog> plies = new ArrayList<>();
        final int[] commits = new int[2];
        final byte[][] baseKeys = new byte[2][];
        final byte[][] baseSetups = new byte[2][];
        final int[] choiceStep = new int[2];
        EndOfGameReveals reveals = new EndOfGameReveals();

        Walk(DarkChessParameters params, List<String> names) {
            this.params = params;
            this.names = names;
        }

        Walk copy() {
            Walk c = new Walk(params, names);
            plies.forEach(p -> c.plies.add(p.copy()));
            for (int s = 0; s < 2; s++) {
                c.commits[s] = commits[s];
                c.baseKeys[s] = baseKeys[s];
                c.baseSetups[s] = baseSetups[s];
                c.choiceStep[s] = choiceStep[s];
            }
            c.reveals = reveals.copy();
            return c;
        }

        private boolean ended() {
            return !plies.isEmpty() && (plies.get(plies.size() - 1).over
                    || plies.size() >= params.maxPlies() && plies.get(plies.size() - 1).complete());
        }

        void apply(Envelope e) throws ProtocolViolation {
            int s = e.sender();
            String who = names.get(s);
            try {
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
                    case DarkChessMessages.CHOICES -> {
                        reveals.choices(e, who, s, ended(), DarkChessMessages.parseChoices(e.body()));
                        choiceStep[s] = e.step();
                    }
                    case DarkChessMessages.OPEN -> reveals.open(e, who, s, DarkChessMessages.parseOpen(e.body()));
                    default -> throw new ProtocolViolation(e.step(), who, "unknown message type " + e.type());
                }
            } catch (MalformedMessageException m) {
                throw new ProtocolViolation(e.step(), who, "malformed " + e.type() + ": " + m.getMessage());
            }
        }

        private void move(Envelope e, int s, String who, OteMove m) throws ProtocolViolation {
            if (plies.size() >= params.maxPlies()) {
                throw new ProtocolViolation(e.step(), who, "sent 'move' beyond the cap of " + params.maxPlies()
                        + " plies");
            }
            if (ended() || reveals.choices[0] != null || reveals.choices[1] != null) {
                throw new ProtocolViolation(e.step(), who, "sent 'move' after the game ended");
            }
            if (s != plies.size() % 2) {
                throw new ProtocolViolation(e.step(), who, "sent 'move' when it is not its turn to move");
            }
            if (!plies.isEmpty() && !plies.get(plies.size() - 1).complete()) {
                throw new ProtocolViolation(e.step(), who, "sent 'move' before the last ply's rebuilds were answered");
            }
            PlyLog log = new PlyLog();
            log.mover = s;
            log.step = e.step();
            log.over = m.over();
            log.announcement = m.announcement();
            log.commitments[s] = m.commitment();
            log.commitIndex[s] = commits[s]++;
            if (!m.over()) {
                boolean first = plies.isEmpty();
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
            PlyLog log = current(e, who);
            if (log.mover == s || log.over || log.commitments[s] != null) {
                throw new ProtocolViolation(e.step(), who, "sent 'reply' where no reply of its is due");
            }
            boolean first = plies.size() == 1;
            requireParts(e, who, first, m.baseKeys() != null, m.table() != null, "a table");
            if (first) {
                baseKeys[s] = m.baseKeys();
                baseSetups[s] = m.baseSetup();
            } else {
                log.tables[s] = m.table();
            }
            log.commitments[s] = m.commitment();
            log.commitIndex[s] = commits[s]++;
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

        private PlyLog current(Envelope e, String who) throws ProtocolViolation {
            if (plies.isEmpty()) {
                throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' before any move");
            }
            return plies.get(plies.size() - 1);
        }
    }

    static AuditVerdict run(DarkChessParameters params, Transcript transcript, List<Envelope> refused,
            DarkChessVerifier rules) throws ProtocolViolation {
        List<String> names = List.of(transcript.nameOf(0), transcript.nameOf(1));
        byte[] session = transcript.sessionId();
        Walk walk = new Walk(params, names);
        List<Envelope> all = transcript.envelopes();
        List<Envelope> stoppedBy = new ArrayList<>();
        ProtocolAudit.walk(transcript, refused, e -> {
            DarkChessAudit.judgeRefused(e, names.get(e.sender()), "/ote");
            walk.copy().apply(e);
            if (e.seq() == all.size()) {
                stoppedBy.add(e);
            }
        }, walk::apply);
        EndOfGameReveals reveals = walk.reveals;
        reveals.requireBoth(stoppedBy, all, names);
        boolean bases = walk.baseKeys[0] != null && walk.baseKeys[1] != null;
        int[] batches = new int[2];
        for (PlyLog log : walk.plies) {
            for (int q = 0; q < 2; q++) {
                batches[q] += log.queries[q] == null ? 0 : 1;
            }
        }
        for (int s = 0; s < 2; s++) {
            int secrets = bases ? 1 : 0;
            if (reveals.opens[s].nonces().size() != walk.commits[s] || reveals.opens[s].senderStates().size() != secrets) {
                throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "opens " + reveals.opens[s].nonces()
                        .size() + " boards and " + reveals.opens[s].senderStates().size() + " querier secrets, committed "
                        + walk.commits[s] + " and owes " + secrets);
            }
            if (reveals.choices[s].receiverStates().size() != secrets + batches[s]) {
                throw new ProtocolViolation(walk.choiceStep[s], names.get(s), "reveals "
                        + reveals.choices[s].receiverStates().size() + " secrets and inputs for " + batches[s]
                        + " batches sent");
            }
        }
        // The base OTs against the revealed secrets: the sealers' s and b_i (revealed first), the queriers' r.
        KkrtSealer[] sealers = new KkrtSealer[2];
        KkrtQuerier[] queriers = new KkrtQuerier[2];
        if (bases) {
            for (int s = 0; s < 2; s++) {
                try {
                    sealers[s] = KkrtAudit.replaySealer(VisionKkrt.pairContext(session, s), walk.baseKeys[s],
                            walk.baseSetups[1 - s], reveals.choices[s].receiverStates().get(0));
                } catch (InvalidOtMessageException bad) {
                    throw new ProtocolViolation(walk.choiceStep[s], names.get(s), "its sealer's base keys: "
                            + bad.getMessage());
                }
                try {
                    queriers[s] = KkrtAudit.replayQuerier(VisionKkrt.pairContext(session, 1 - s),
                            walk.baseKeys[1 - s], walk.baseSetups[s], reveals.opens[s].senderStates().get(0));
                } catch (InvalidOtMessageException bad) {
                    throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "its querier's base setup: "
                            + bad.getMessage());
                }
            }
        }
        List<DarkChessRecord.Ply> record = new ArrayList<>();
        int[] batchCursor = {1, 1};
        for (PlyLog log : walk.plies) {
            int plyIndex = record.size();
            byte[][] boards = new byte[2][];
            for (int s = 0; s < 2; s++) {
                if (log.commitments[s] != null) {
                    int k = log.commitIndex[s];
                    Commitment.Opening opening = new Commitment.Opening(reveals.opens[s].nonces().get(k),
                            reveals.opens[s].boards().get(k));
                    if (!Commitment.fromBytes(log.commitments[s]).isOpenedBy(DarkChessParty.COMMIT_DOMAIN, opening)) {
                        throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "board commitment " + k
                                + " (ply " + (plyIndex + 1) + ") does not open");
                    }
                    boards[s] = opening.value();
                }
            }
            int[][] inputs = new int[2][];
            KkrtSealer[] after = new KkrtSealer[2];
            for (int q = 0; q < 2; q++) {
                Query query = log.queries[q];
                if (query == null) {
                    continue;
                }
                byte[] context = VisionKkrt.batchContext(session, plyIndex, q);
                try {
                    inputs[q] = VisionKkrt.readRevealedInputs(reveals.choices[q].receiverStates()
                            .get(batchCursor[q]++));
                    KkrtAudit.checkQuery(queriers[q], VisionKkrt.pairContext(session, 1 - q), context, inputs[q],
                            query.message());
                    sealers[1 - q].receiveQuery(context, query.message());
                } catch (IllegalArgumentException | InvalidOtMessageException bad) {
                    throw new ProtocolViolation(query.step(), names.get(q), "its query of ply " + (plyIndex + 1) + ": "
                            + bad.getMessage());
                }
                if (log.tables[1 - q] != null) {
                    after[1 - q] = KkrtSealer.restore(sealers[1 - q].state());
                }
            }
            record.add(new DarkChessRecord.Ply(log.mover, log.announcement, boards, log.rebuilds, null, null, null,
                    new DarkChessRecord.Slotted(log.tables, after, inputs)));
        }
        PlyLog last = walk.plies.isEmpty() ? null : walk.plies.get(walk.plies.size() - 1);
        boolean capped = last != null && walk.plies.size() >= params.maxPlies() && !last.over;
        DarkChessRecord game = new DarkChessRecord(names, List.copyOf(record),
                List.of(reveals.choices[0].moves(), reveals.choices[1].moves()), capped);
        return reveals.rulesVerdict(rules, game, walk.plies.size(), ply -> walk.plies.get(ply).step,
                params.otMode().label() + ", " + walk.plies.size() + " plies, every commitment, base OT and query checked");
    }
}
