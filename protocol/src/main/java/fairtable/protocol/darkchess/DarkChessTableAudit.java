package fairtable.protocol.darkchess;

import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Scalars;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessMessages.Open;
import fairtable.protocol.darkchess.DarkChessMessages.TableMove;
import fairtable.protocol.darkchess.DarkChessMessages.TableReply;
import fairtable.protocol.darkchess.DarkChessMessages.TableReveal;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The cryptographic half of the audit of a game in the one-round-trip mode ({@link OtMode#OPRF_TABLE}): its mode of
 * the shared {@link DarkChessWalk}, chosen by {@link DarkChessAudit}. The walk checks the order (move, reply, answer
 * per ply; choices and openings after the end) and every answer's proof from public data, so a false answer, live or
 * in the evidence, names its signer. At the end: every commitment opens, every revealed table key k is the one behind its K, and every revealed input with its
 * blind makes the point that was sent. What is left (is each sealed entry the truth, is each querier's input list its
 * entitlement) goes to the rules half in a {@link DarkChessRecord.Tables}.
 */
final class DarkChessTableAudit extends DarkChessWalk<DarkChessTableAudit.PlyLog> {
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

    static final class PlyLog extends DarkChessWalk.Ply<PlyLog> {
        final byte[][] keys = new byte[2][];
        final byte[][] tables = new byte[2][];
        final int[] keyIndex = {-1, -1};
        /** Per querier seat. */
        final Batch[] batches = new Batch[2];

        @Override
        PlyLog copy() {
            PlyLog c = copyInto(new PlyLog());
            for (int s = 0; s < 2; s++) {
                c.keys[s] = keys[s];
                c.tables[s] = tables[s];
                c.keyIndex[s] = keyIndex[s];
                if (batches[s] != null) {
                    c.batches[s] = new Batch(batches[s].points, batches[s].step);
                    c.batches[s].answer = batches[s].answer;
                }
            }
            return c;
        }

        /** Whether nothing of this ply is still due: the move ended the game, or both batches are answered. */
        @Override
        boolean complete() {
            return over || (batches[0] != null && batches[0].answer != null && batches[1] != null
                    && batches[1].answer != null);
        }
    }

    private final byte[] session;
    private final int[] keysSent = new int[2];
    private final int[] batchesSent = new int[2];
    private final int[] batchCursor = new int[2];

    DarkChessTableAudit(DarkChessParameters params, List<String> names, byte[] session) {
        super(params, names);
        this.session = session;
    }

    @Override
    DarkChessTableAudit copy() {
        DarkChessTableAudit c = copyInto(new DarkChessTableAudit(params, names, session));
        for (int s = 0; s < 2; s++) {
            c.keysSent[s] = keysSent[s];
            c.batchesSent[s] = batchesSent[s];
        }
        return c;
    }

    @Override
    String wire() {
        return "/table";
    }

    @Override
    void play(Envelope e, int s, String who) throws ProtocolViolation, MalformedMessageException {
        switch (e.type()) {
            case DarkChessMessages.MOVE -> {
                TableMove m = DarkChessMessages.parseTableMove(e.body());
                PlyLog log = startPly(e, s, who, new PlyLog(), m.over(), m.announcement(), m.commitment());
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
                PlyLog log = replyDue(e, s, who);
                requireKey(e, who, m.key());
                requireProof(e, who, m.key(), log.batches[1 - s], m.answer(), plies.size() - 1);
                commit(log, s, m.commitment());
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
            default -> throw unknownType(e, who);
        }
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

    @Override
    void checkReveals() throws ProtocolViolation {
        for (int s = 0; s < 2; s++) {
            Open open = reveals.opens[s];
            if (open.nonces().size() != commits[s] || open.senderStates().size() != keysSent[s]) {
                throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "opens " + open.nonces().size()
                        + " boards and " + open.senderStates().size() + " table keys, committed " + commits[s]
                        + " and sent " + keysSent[s]);
            }
            if (reveals.choices[s].receiverStates().size() != batchesSent[s]) {
                throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "reveals "
                        + reveals.choices[s].receiverStates().size() + " batches' inputs for " + batchesSent[s]
                        + " batches sent");
            }
        }
    }

    @Override
    DarkChessRecord.Ply record(int index, PlyLog log, byte[][] boards) throws ProtocolViolation {
        int plyNumber = index + 1;
        byte[][] keys = new byte[2][];
        List<List<byte[]>> inputs = new ArrayList<>(Arrays.asList(null, null));
        for (int s = 0; s < 2; s++) {
            if (log.keyIndex[s] >= 0) {
                keys[s] = reveals.opens[s].senderStates().get(log.keyIndex[s]);
                Optional<String> wrong = keyMismatch(keys[s], log.keys[s]);
                if (wrong.isPresent()) {
                    throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "the table key of ply "
                            + plyNumber + ": " + wrong.get());
                }
            }
        }
        for (int q = 0; q < 2; q++) {
            Batch b = log.batches[q];
            if (b == null) {
                continue;
            }
            byte[] revealed = reveals.choices[q].receiverStates().get(batchCursor[q]++);
            try {
                inputs.set(q, madeBatch(b.points, revealed));
            } catch (IllegalArgumentException | MalformedMessageException bad) {
                throw new ProtocolViolation(b.step, names.get(q), "its revealed inputs of ply " + plyNumber + ": "
                        + bad.getMessage());
            }
        }
        boolean tables = log.keyIndex[0] >= 0 || log.keyIndex[1] >= 0;
        return new DarkChessRecord.Ply(log.mover, log.announcement, boards, log.rebuilds, null, null,
                tables ? new DarkChessRecord.Tables(log.tables, keys, inputs) : null);
    }

    @Override
    String checked() {
        return "every commitment and table answer checked";
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
