package fairtable.protocol.darkchess;

import fairtable.crypto.commit.Commitment;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Scalars;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessMessages.Choices;
import fairtable.protocol.darkchess.DarkChessMessages.Open;
import fairtable.protocol.darkchess.DarkChessMessages.TableMove;
import fairtable.protocol.darkchess.DarkChessMessages.TableReply;
import fairtable.protocol.darkchess.DarkChessMessages.TableReveal;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The cryptographic half of the audit of a game in the one-round-trip mode ({@link OtMode#OPRF_TABLE}), called by
 * {@link DarkChessAudit}. The walk checks the order (move, reply, answer per ply; choices and openings after the end)
 * and every answer's proof from public data, so a false answer, live or in the evidence, names its signer. At the
 * end: every commitment opens, every revealed table key k is the one behind its K, and every revealed input with its
 * blind makes the point that was sent. What is left (is each sealed entry the truth, is each querier's input list its
 * entitlement) goes to the rules half in a {@link DarkChessRecord.Tables}.
 */
final class DarkChessTableAudit {
    private DarkChessTableAudit() {}

    /** One query batch: the querier's blinded points, the answer once given, and where they are. */
    private static final class Batch {
        final byte[] points;
        final int step;
        byte[] answer;

        Batch(byte[] points, int step) {
            this.points = points;
            this.step = step;
        }
    }

    private static final class PlyLog {
        int mover;
        int step;
        boolean over;
        byte[] announcement;
        final byte[][] commitments = new byte[2][];
        final int[] commitIndex = {-1, -1};
        final byte[][] keys = new byte[2][];
        final byte[][] tables = new byte[2][];
        final int[] keyIndex = {-1, -1};
        final byte[][] rebuilds = new byte[2][];
        /** Per querier seat. */
        final Batch[] batches = new Batch[2];

        PlyLog copy() {
            PlyLog c = new PlyLog();
            c.mover = mover;
            c.step = step;
            c.over = over;
            c.announcement = announcement;
            for (int s = 0; s < 2; s++) {
                c.commitments[s] = commitments[s];
                c.commitIndex[s] = commitIndex[s];
                c.keys[s] = keys[s];
                c.tables[s] = tables[s];
                c.keyIndex[s] = keyIndex[s];
                c.rebuilds[s] = rebuilds[s];
                if (batches[s] != null) {
                    c.batches[s] = new Batch(batches[s].points, batches[s].step);
                    c.batches[s].answer = batches[s].answer;
                }
            }
            return c;
        }

        /** Whether nothing of this ply is still due: the move ended the game, or both batches are answered. */
        boolean complete() {
            return over || (batches[0] != null && batches[0].answer != null && batches[1] != null
                    && batches[1].answer != null);
        }
    }

    private static final class Walk {
        final DarkChessParameters params;
        final List<String> names;
        final byte[] session;
        final List<PlyLog> plies = new ArrayList<>();
        final int[] commits = new int[2];
        final int[] keysSent = new int[2];
        final int[] batchesSent = new int[2];
        EndOfGameReveals reveals = new EndOfGameReveals();

        Walk(DarkChessParameters params, List<String> names, byte[] session) {
            this.params = params;
            this.names = names;
            this.session = session;
        }

        Walk copy() {
            Walk c = new Walk(params, names, session);
            plies.forEach(p -> c.plies.add(p.copy()));
            for (int s = 0; s < 2; s++) {
                c.commits[s] = commits[s];
                c.keysSent[s] = keysSent[s];
                c.batchesSent[s] = batchesSent[s];
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
                    case DarkChessMessages.MOVE -> {
                        TableMove m = DarkChessMessages.parseTableMove(e.body());
                        if (plies.size() >= params.maxPlies()) {
                            throw new ProtocolViolation(e.step(), who, "sent 'move' beyond the cap of "
                                    + params.maxPlies() + " plies");
                        }
                        if (ended() || reveals.choices[0] != null || reveals.choices[1] != null) {
                            throw new ProtocolViolation(e.step(), who, "sent 'move' after the game ended");
                        }
                        if (s != plies.size() % 2) {
                            throw new ProtocolViolation(e.step(), who, "sent 'move' when it is not its turn to move");
                        }
                        if (!plies.isEmpty() && !plies.get(plies.size() - 1).complete()) {
                            throw new ProtocolViolation(e.step(), who, "sent 'move' before the last ply's rebuilds"
                                    + " were answered");
                        }
                        PlyLog log = new PlyLog();
                        log.mover = s;
                        log.step = e.step();
                        log.over = m.over();
                        log.announcement = m.announcement();
                        log.commitments[s] = m.commitment();
                        log.commitIndex[s] = commits[s]++;
                        if (!m.over()) {
                            requireKey(e, who, m.key());
                            log.keys[s] = m.key();
                            log.tables[s] = m.table();
                            log.keyIndex[s] = keysSent[s]++;
                            log.rebuilds[s] = m.rebuild();
                            log.batches[s] = new Batch(m.batch(), e.step());
                            batchesSent[s]++;
                        }
                        plies.add(log);
                    }
                    case DarkChessMessages.REPLY -> {
                        TableReply m = DarkChessMessages.parseTableReply(e.body());
                        PlyLog log = current(e, who);
                        if (log.mover == s || log.over || log.commitments[s] != null) {
                            throw new ProtocolViolation(e.step(), who, "sent 'reply' where no reply of its is due");
                        }
                        requireKey(e, who, m.key());
                        requireProof(e, who, m.key(), log.batches[1 - s], m.answer(), plies.size() - 1);
                        log.commitments[s] = m.commitment();
                        log.commitIndex[s] = commits[s]++;
                        log.keys[s] = m.key();
                        log.tables[s] = m.table();
                        log.keyIndex[s] = keysSent[s]++;
                        log.rebuilds[s] = m.rebuild();
                        log.batches[1 - s].answer = m.answer();
                        log.batches[s] = new Batch(m.batch(), e.step());
                        batchesSent[s]++;
                    }
                    case DarkChessMessages.ANSWER -> {
                        byte[] answer = DarkChessMessages.parseAnswer(e.body());
                        PlyLog log = current(e, who);
                        if (log.mover != s || log.over || log.batches[1 - s] == null || log.batches[1 - s].answer != null) {
                            throw new ProtocolViolation(e.step(), who, "sent 'answer' where no answer of its is due");
                        }
                        requireProof(e, who, log.keys[s], log.batches[1 - s], answer, plies.size() - 1);
                        log.batches[1 - s].answer = answer;
                    }
                    case DarkChessMessages.CHOICES -> {
                        Choices m = DarkChessMessages.parseChoices(e.body());
                        reveals.choices(e, who, s, ended(), m);
                    }
                    case DarkChessMessages.OPEN -> {
                        reveals.open(e, who, s, DarkChessMessages.parseOpen(e.body()));
                    }
                    default -> throw new ProtocolViolation(e.step(), who, "unknown message type " + e.type());
                }
            } catch (MalformedMessageException m) {
                throw new ProtocolViolation(e.step(), who, "malformed " + e.type() + ": " + m.getMessage());
            }
        }

        private PlyLog current(Envelope e, String who) throws ProtocolViolation {
            if (plies.isEmpty()) {
                throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' before any move");
            }
            return plies.get(plies.size() - 1);
        }

        private static void requireKey(Envelope e, String who, byte[] key) throws ProtocolViolation {
            try {
                VisionOprf.checkPublicKey(key);
            } catch (IllegalArgumentException bad) {
                throw new ProtocolViolation(e.step(), who, bad.getMessage());
            }
        }

        private void requireProof(Envelope e, String who, byte[] key, Batch batch, byte[] answer, int ply)
                throws ProtocolViolation {
            try {
                VisionOprf.verify(key, batch.points, answer, DarkChessParty.tableContext(session, ply, e.sender()));
            } catch (IllegalArgumentException bad) {
                throw new ProtocolViolation(e.step(), who, "its answer to the batch of step " + batch.step + ": "
                        + bad.getMessage());
            }
        }
    }

    static AuditVerdict run(DarkChessParameters params, Transcript transcript, List<Envelope> refused,
            DarkChessVerifier rules) throws ProtocolViolation {
        List<String> names = List.of(transcript.nameOf(0), transcript.nameOf(1));
        Walk walk = new Walk(params, names, transcript.sessionId());
        List<Envelope> all = transcript.envelopes();
        List<Envelope> stoppedBy = new ArrayList<>();
        ProtocolAudit.walk(transcript, refused, e -> {
            DarkChessAudit.judgeRefused(e, names.get(e.sender()), true);
            walk.copy().apply(e);
            if (e.seq() == all.size()) {
                stoppedBy.add(e);
            }
        }, walk::apply);
        walk.reveals.requireBoth(stoppedBy, all, names);
        for (int s = 0; s < 2; s++) {
            Open open = walk.reveals.opens[s];
            if (open.nonces().size() != walk.commits[s] || open.senderStates().size() != walk.keysSent[s]) {
                throw new ProtocolViolation(walk.reveals.revealStep[s], names.get(s), "opens " + open.nonces().size()
                        + " boards and " + open.senderStates().size() + " table keys, committed " + walk.commits[s]
                        + " and sent " + walk.keysSent[s]);
            }
            if (walk.reveals.choices[s].receiverStates().size() != walk.batchesSent[s]) {
                throw new ProtocolViolation(walk.reveals.revealStep[s], names.get(s), "reveals "
                        + walk.reveals.choices[s].receiverStates().size() + " batches' inputs for " + walk.batchesSent[s]
                        + " batches sent");
            }
        }
        List<DarkChessRecord.Ply> record = new ArrayList<>();
        int[] batchCursor = new int[2];
        for (PlyLog log : walk.plies) {
            int plyNumber = record.size() + 1;
            byte[][] boards = new byte[2][];
            byte[][] keys = new byte[2][];
            List<List<byte[]>> inputs = new ArrayList<>(Arrays.asList(null, null));
            for (int s = 0; s < 2; s++) {
                if (log.commitments[s] != null) {
                    int k = log.commitIndex[s];
                    Commitment.Opening opening = new Commitment.Opening(walk.reveals.opens[s].nonces().get(k),
                            walk.reveals.opens[s].boards().get(k));
                    if (!Commitment.fromBytes(log.commitments[s]).isOpenedBy(DarkChessParty.COMMIT_DOMAIN, opening)) {
                        throw new ProtocolViolation(walk.reveals.revealStep[s], names.get(s), "board commitment " + k
                                + " (ply " + plyNumber + ") does not open");
                    }
                    boards[s] = opening.value();
                }
                if (log.keyIndex[s] >= 0) {
                    keys[s] = walk.reveals.opens[s].senderStates().get(log.keyIndex[s]);
                    Optional<String> wrong = keyMismatch(keys[s], log.keys[s]);
                    if (wrong.isPresent()) {
                        throw new ProtocolViolation(walk.reveals.revealStep[s], names.get(s), "the table key of ply "
                                + plyNumber + ": " + wrong.get());
                    }
                }
            }
            for (int q = 0; q < 2; q++) {
                Batch b = log.batches[q];
                if (b == null) {
                    continue;
                }
                byte[] revealed = walk.reveals.choices[q].receiverStates().get(batchCursor[q]++);
                try {
                    inputs.set(q, madeBatch(b.points, revealed));
                } catch (IllegalArgumentException | MalformedMessageException bad) {
                    throw new ProtocolViolation(b.step, names.get(q), "its revealed inputs of ply " + plyNumber + ": "
                            + bad.getMessage());
                }
            }
            boolean tables = log.keyIndex[0] >= 0 || log.keyIndex[1] >= 0;
            record.add(new DarkChessRecord.Ply(log.mover, log.announcement, boards, log.rebuilds, null, null,
                    tables ? new DarkChessRecord.Tables(log.tables, keys, inputs) : null));
        }
        PlyLog last = walk.plies.isEmpty() ? null : walk.plies.get(walk.plies.size() - 1);
        boolean capped = last != null && walk.plies.size() >= params.maxPlies() && !last.over;
        DarkChessRecord game = new DarkChessRecord(names, List.copyOf(record),
                List.of(walk.reveals.choices[0].moves(), walk.reveals.choices[1].moves()), capped);
        return walk.reveals.rulesVerdict(rules, game, walk.plies.size(), ply -> walk.plies.get(ply).step,
                params.otMode().label() + ", " + walk.plies.size() + " plies, every commitment and table answer checked");
    }

    /** Why the revealed secret {@code k} is not the key behind the {@code published} K, or empty if it is. */
    private static Optional<String> keyMismatch(byte[] k, byte[] published) {
        try {
            if (k.length != 32) {
                return Optional.of("a revealed key of " + k.length + " bytes");
            }
            if (!Arrays.equals(VisionOprf.Key.fromSecret(k).publicKey(), published)) {
                return Optional.of("the revealed key k does not give the K it sent (K is not k·G)");
            }
            return Optional.empty();
        } catch (MalformedEncodingException e) {
            return Optional.of("the revealed key is not a scalar: " + e.getMessage());
        }
    }

    /** The inputs a batch was made for: every point sent must be H1(x_i) + r_i·G for the revealed x_i and r_i. */
    private static List<byte[]> madeBatch(byte[] points, byte[] revealed) throws MalformedMessageException {
        TableReveal reveal = DarkChessMessages.parseTableReveal(revealed);
        int n = points.length / VisionOprf.POINT;
        if (reveal.inputs().size() != n) {
            throw new IllegalArgumentException(reveal.inputs().size() + " inputs revealed for " + n + " queries sent");
        }
        for (int i = 0; i < n; i++) {
            byte[] alpha = Arrays.copyOfRange(points, i * VisionOprf.POINT, (i + 1) * VisionOprf.POINT);
            boolean made;
            try {
                made = VisionOprf.blinds(reveal.inputs().get(i), Scalars.decode(reveal.blinds().get(i)), alpha);
            } catch (MalformedEncodingException e) {
                throw new IllegalArgumentException("blind " + i + " is not a scalar");
            }
            if (!made) {
                throw new IllegalArgumentException("query " + i + " was not made for the revealed input");
            }
        }
        return reveal.inputs();
    }
}
