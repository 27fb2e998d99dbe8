package fairtable.protocol.darkchess;

import fairtable.crypto.ot.InvalidOtMessageException;
import fairtable.crypto.ot.ObliviousTransfer;
import fairtable.crypto.ot.OtSender;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessMessages.Move;
import fairtable.protocol.darkchess.DarkChessMessages.Query;
import fairtable.protocol.darkchess.DarkChessMessages.Reply;
import fairtable.protocol.darkchess.DarkChessMessages.Round;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The audit of dark-chess/v1. The cryptographic half is here: every commitment opens, every OT sender's revealed
 * secret produces its setup and exactly the answers it sent (so the items it offered are known), every OT receiver's
 * revealed choices fit its queries. The rules half (every move legal, every board and offer as the rules say, every
 * query the honest one) is the {@link DarkChessVerifier} it is given, from the games layer. Without one it checks
 * the cryptography and then says that the moves cannot be checked. Each mode's audit is a mode of the one
 * {@link DarkChessWalk}: the rounds protocol's is here, the table modes' are {@link DarkChessTableAudit} and
 * {@link DarkChessOteAudit}.
 */
public final class DarkChessAudit implements ProtocolAudit {
    private final DarkChessVerifier verifier;

    /** The cryptographic half alone: a game's moves cannot be checked, and the verdict says so. */
    public DarkChessAudit() {
        this(null);
    }

    /** The whole audit, with {@code rules} as its rules half. */
    public DarkChessAudit(DarkChessVerifier rules) {
        this.verifier = rules;
    }

    @Override
    public String protocol() {
        return DarkChessParameters.PROTOCOL;
    }

    @Override
    public AuditVerdict audit(Transcript transcript, List<Envelope> refused) {
        try {
            DarkChessParameters params = ProtocolAudit.parameters(transcript, DarkChessParameters::fromBytes);
            ProtocolAudit.requireTwoPlayers(transcript);
            List<String> names = List.of(transcript.nameOf(0), transcript.nameOf(1));
            DarkChessWalk<?> walk = params.otMode().isKkrt()
                    ? new DarkChessOteAudit(params, names, transcript.sessionId())
                    : params.otMode().isTable() ? new DarkChessTableAudit(params, names, transcript.sessionId())
                    : new RoundsWalk(params, names);
            return walk.audit(transcript, refused, verifier);
        } catch (ProtocolViolation v) {
            return AuditVerdict.failed(v);
        }
    }

    /** One OT query batch: who asked, in which phase, the messages and where they are. */
    private record Batch(int querier, int phase, byte[] query, byte[] answer, int step) {}

    /**
     * The rounds protocol (Chou–Orlandi, ANDOS): per ply a move, one reply by the other seat, then rounds that answer
     * the query outstanding (and only that), never from a seat waiting for its own answer. At the end every OT
     * sender's revealed secret must produce its setup and exactly the answers it sent, and every receiver's revealed
     * choices must fit its queries.
     */
    private static final class RoundsWalk extends DarkChessWalk<RoundsWalk.PlyLog> {
        private static final class PlyLog extends DarkChessWalk.Ply<PlyLog> {
            final List<List<byte[]>> setups = new ArrayList<>(List.of(List.of(), List.of()));
            final int[] senderIndex = {-1, -1};
            final List<Batch> batches = new ArrayList<>();

            @Override
            PlyLog copy() {
                PlyLog c = copyInto(new PlyLog());
                for (int s = 0; s < 2; s++) {
                    c.setups.set(s, setups.get(s));
                    c.senderIndex[s] = senderIndex[s];
                }
                c.batches.addAll(batches);
                return c;
            }
        }

        private final ObliviousTransfer ot;
        private final int[] senderSets = new int[2];
        private final Batch[] outstanding = {null, null};
        private final int[] receiverCursor = new int[2];

        RoundsWalk(DarkChessParameters params, List<String> names) {
            super(params, names);
            this.ot = params.otMode().scheme(params.andosModulusBits());
        }

        @Override
        RoundsWalk copy() {
            RoundsWalk c = copyInto(new RoundsWalk(params, names));
            for (int s = 0; s < 2; s++) {
                c.senderSets[s] = senderSets[s];
                c.outstanding[s] = outstanding[s];
            }
            return c;
        }

        @Override
        String wire() {
            return "";
        }

        @Override
        void play(Envelope e, int s, String who) throws ProtocolViolation, MalformedMessageException {
            switch (e.type()) {
                case DarkChessMessages.MOVE -> {
                    Move m = DarkChessMessages.parseMove(e.body());
                    PlyLog log = startPly(e, s, who, new PlyLog(), m.over(), m.announcement(), m.commitment());
                    if (!m.over()) {
                        log.setups.set(s, m.setups());
                        log.rebuilds[s] = m.rebuild();
                        log.senderIndex[s] = senderSets[s]++;
                    }
                    plies.add(log);
                }
                case DarkChessMessages.REPLY -> {
                    Reply m = DarkChessMessages.parseReply(e.body());
                    PlyLog log = replyDue(e, s, who);
                    commit(log, s, m.commitment());
                    log.setups.set(s, m.setups());
                    log.rebuilds[s] = m.rebuild();
                    log.senderIndex[s] = senderSets[s]++;
                    outstanding[s] = batch(s, m.query(), e.step());
                }
                case DarkChessMessages.ROUND -> {
                    Round m = DarkChessMessages.parseRound(e.body());
                    PlyLog log = current(e, who);
                    if (log.over || reveals.choices[0] != null) {
                        throw new ProtocolViolation(e.step(), who, "sent 'round' after the game ended");
                    }
                    if (outstanding[s] != null) {
                        throw new ProtocolViolation(e.step(), who, "sent 'round' while its own query is unanswered");
                    }
                    if (m.answer() != null) {
                        Batch b = outstanding[1 - s];
                        if (b == null) {
                            throw new ProtocolViolation(e.step(), who, "answers a query that was not made");
                        }
                        log.batches.add(new Batch(b.querier(), b.phase(), b.query(), m.answer(), b.step()));
                        outstanding[1 - s] = null;
                    } else if (log.commitments[1 - log.mover] == null) {
                        throw new ProtocolViolation(e.step(), who, "sent 'round' where the reply of "
                                + names.get(1 - log.mover) + " is due");
                    } else if (outstanding[1 - s] != null) {
                        throw new ProtocolViolation(e.step(), who, "does not answer the query of "
                                + names.get(1 - s) + " outstanding since step " + outstanding[1 - s].step());
                    } else if (m.query() == null) {
                        throw new ProtocolViolation(e.step(), who, "sent a round with neither an answer nor a query");
                    }
                    outstanding[s] = batch(s, m.query(), e.step());
                }
                default -> throw unknownType(e, who);
            }
        }

        /** The move of the seat whose turn it is comes once the last ply is replied to and no query is unanswered. */
        @Override
        void requireLastPlyDone(Envelope e, String who, int s) throws ProtocolViolation {
            if (!plies.isEmpty() && last().commitments[s] == null) {
                throw new ProtocolViolation(e.step(), who, "sent 'move' before its reply to the last move");
            }
            requireNothingOutstanding(e, who);
        }

        @Override
        void requireNothingOutstanding(Envelope e, String who) throws ProtocolViolation {
            for (int q = 0; q < 2; q++) {
                if (outstanding[q] != null) {
                    throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' while the query of "
                            + names.get(q) + " (step " + outstanding[q].step() + ") is unanswered");
                }
            }
        }

        @Override
        void checkReveals() throws ProtocolViolation {
            for (int s = 0; s < 2; s++) {
                if (reveals.opens[s].nonces().size() != commits[s]
                        || reveals.opens[s].senderStates().size() != 3 * senderSets[s]) {
                    throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "opens "
                            + reveals.opens[s].nonces().size() + " boards and " + reveals.opens[s].senderStates().size()
                            + " OT secrets, committed " + commits[s] + " and " + 3 * senderSets[s]);
                }
            }
        }

        @Override
        DarkChessRecord.Ply record(int index, PlyLog log, byte[][] boards) throws ProtocolViolation {
            byte[][][] offers = new byte[2][][];
            int[][][] asked = new int[2][][];
            for (int s = 0; s < 2; s++) {
                if (log.senderIndex[s] >= 0) {
                    offers[s] = offers(index, log, s);
                }
            }
            for (int q = 0; q < 2; q++) {
                if (log.senderIndex[1 - q] >= 0) {
                    asked[q] = asked(index, log, q);
                }
            }
            return new DarkChessRecord.Ply(log.mover, log.announcement, boards, log.rebuilds, offers, asked);
        }

        /** The items seat {@code s} offered in each phase of ply {@code index}, its answers replayed from its secrets. */
        private byte[][] offers(int index, PlyLog log, int s) throws ProtocolViolation {
            byte[][] offers = new byte[3][];
            OtSender[] replay = new OtSender[3];
            for (int p = 0; p < 3; p++) {
                byte[] state = reveals.opens[s].senderStates().get(3 * log.senderIndex[s] + p);
                try {
                    offers[p] = params.otMode().senderItems(ot, log.setups.get(s).get(p), state);
                    replay[p] = ot.restoreSender(state);
                } catch (IllegalArgumentException | InvalidOtMessageException bad) {
                    throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "OT secret of phase " + p
                            + " in ply " + (index + 1) + ": " + bad.getMessage());
                }
            }
            for (Batch b : log.batches) {
                if (b.querier() == 1 - s) {
                    byte[] expected;
                    try {
                        expected = replay[b.phase()].answer(b.query());
                    } catch (InvalidOtMessageException bad) {
                        expected = null;
                    }
                    if (expected == null || !Arrays.equals(expected, b.answer())) {
                        throw new ProtocolViolation(b.step(), names.get(s), "answered a query of ply " + (index + 1)
                                + " with something its revealed OT secret does not give");
                    }
                }
            }
            return offers;
        }

        /** The squares seat {@code q} asked in each phase of ply {@code index}, read from its revealed choices. */
        private int[][] asked(int index, PlyLog log, int q) throws ProtocolViolation {
            List<List<Integer>> perPhase = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            for (Batch b : log.batches) {
                if (b.querier() != q) {
                    continue;
                }
                int c = receiverCursor[q]++;
                if (c >= reveals.choices[q].receiverStates().size()) {
                    throw new ProtocolViolation(b.step(), names.get(q), "reveals fewer OT choices than it made queries");
                }
                int[] made;
                try {
                    made = params.otMode().receiverChoices(log.setups.get(1 - q).get(b.phase()), b.query(),
                            reveals.choices[q].receiverStates().get(c));
                } catch (IllegalArgumentException bad) {
                    throw new ProtocolViolation(b.step(), names.get(q), "its revealed OT choices: " + bad.getMessage());
                }
                for (int x : made) {
                    perPhase.get(b.phase()).add(x);
                }
            }
            int[][] asked = new int[3][];
            for (int p = 0; p < 3; p++) {
                asked[p] = perPhase.get(p).stream().mapToInt(Integer::intValue).toArray();
            }
            return asked;
        }

        @Override
        void checkRest() throws ProtocolViolation {
            for (int q = 0; q < 2; q++) {
                if (receiverCursor[q] != reveals.choices[q].receiverStates().size()) {
                    throw new ProtocolViolation(reveals.revealStep[q], names.get(q),
                            "reveals more OT choices than it made queries");
                }
            }
        }

        @Override
        String checked() {
            return "every commitment and OT answer checked";
        }

        private static Batch batch(int querier, Query q, int step) {
            return q == null ? null : new Batch(querier, q.phase(), q.message(), null, step);
        }
    }

    /**
     * The public checks of a refused message that fits where it claims: it carries its own message number as its
     * step and reads as a message of its type on its mode's {@code wire} ("" the rounds protocol, "/table"
     * oprf-table, "/ote" ote-table). Failing them convicts its signer.
     */
    static void judgeRefused(Envelope e, String signer, String wire) throws ProtocolViolation {
        if (e.step() != e.seq()) {
            throw new ProtocolViolation(e.step(), signer, "step " + e.step() + " where " + e.seq() + " was due");
        }
        try {
            switch (e.type() + wire) {
                case DarkChessMessages.MOVE -> DarkChessMessages.parseMove(e.body());
                case DarkChessMessages.REPLY -> DarkChessMessages.parseReply(e.body());
                case DarkChessMessages.ROUND -> DarkChessMessages.parseRound(e.body());
                case DarkChessMessages.MOVE + "/table" -> DarkChessMessages.parseTableMove(e.body());
                case DarkChessMessages.REPLY + "/table" -> DarkChessMessages.parseTableReply(e.body());
                case DarkChessMessages.ANSWER + "/table" -> DarkChessMessages.parseAnswer(e.body());
                case DarkChessMessages.MOVE + "/ote" -> DarkChessMessages.parseOteMove(e.body());
                case DarkChessMessages.REPLY + "/ote" -> DarkChessMessages.parseOteReply(e.body());
                case DarkChessMessages.ANSWER + "/ote" -> DarkChessMessages.parseOteAnswer(e.body());
                case DarkChessMessages.CHOICES, DarkChessMessages.CHOICES + "/table", DarkChessMessages.CHOICES + "/ote"
                        -> DarkChessMessages.parseChoices(e.body());
                case DarkChessMessages.OPEN, DarkChessMessages.OPEN + "/table", DarkChessMessages.OPEN + "/ote"
                        -> DarkChessMessages.parseOpen(e.body());
                default -> throw new ProtocolViolation(e.step(), signer, "unknown message type " + e.type());
            }
        } catch (MalformedMessageException m) {
            throw new ProtocolViolation(e.step(), signer, "malformed " + e.type() + ": " + m.getMessage());
        }
    }
}
