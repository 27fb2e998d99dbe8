package fairtable.protocol.darkchess;

import fairtable.crypto.commit.Commitment;
import fairtable.crypto.ot.InvalidOtMessageException;
import fairtable.crypto.ot.ObliviousTransfer;
import fairtable.crypto.ot.OtSender;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessMessages.Choices;
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
 * the cryptography and then says that the moves cannot be checked.
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

    /** One OT query batch: who asked, in which phase, the messages and where they are. */
    private record Batch(int querier, int phase, byte[] query, byte[] answer, int step) {}

    private static final class PlyLog {
        int mover;
        int step;
        boolean over;
        byte[] announcement;
        final byte[][] commitments = new byte[2][];
        final int[] commitIndex = {-1, -1};
        final List<List<byte[]>> setups = new ArrayList<>(List.of(List.of(), List.of()));
        final byte[][] rebuilds = new byte[2][];
        final int[] senderIndex = {-1, -1};
        final List<Batch> batches = new ArrayList<>();

        PlyLog copy() {
            PlyLog c = new PlyLog();
            c.mover = mover;
            c.step = step;
            c.over = over;
            c.announcement = announcement;
            for (int s = 0; s < 2; s++) {
                c.commitments[s] = commitments[s];
                c.commitIndex[s] = commitIndex[s];
                c.setups.set(s, setups.get(s));
                c.rebuilds[s] = rebuilds[s];
                c.senderIndex[s] = senderIndex[s];
            }
            c.batches.addAll(batches);
            return c;
        }
    }

    /**
     * The public state of a game as the audit walks it: every message, accepted or refused, is checked against it
     * by {@link #apply}, a refused one on a {@link #copy}, so both meet the same checks (docs/evidence.md).
     */
    private static final class Walk {
        final DarkChessParameters params;
        final List<String> names;
        final List<PlyLog> plies = new ArrayList<>();
        final int[] commits = new int[2];
        final int[] senderSets = new int[2];
        EndOfGameReveals reveals = new EndOfGameReveals();
        final Batch[] outstanding = {null, null};

        Walk(DarkChessParameters params, List<String> names) {
            this.params = params;
            this.names = names;
        }

        Walk copy() {
            Walk c = new Walk(params, names);
            plies.forEach(p -> c.plies.add(p.copy()));
            for (int s = 0; s < 2; s++) {
                c.commits[s] = commits[s];
                c.senderSets[s] = senderSets[s];
                c.outstanding[s] = outstanding[s];
            }
            c.reveals = reveals.copy();
            return c;
        }

        /** Whether the game has ended: a move said so, or the ply cap is reached. */
        private boolean ended() {
            return !plies.isEmpty() && (plies.get(plies.size() - 1).over || plies.size() >= params.maxPlies());
        }

        /**
         * Checks {@code e} where it stands, as far as public data allow (who may send this type now, what it must
         * carry), and records it. The order a seat refuses live: the move of the seat whose turn it is, once the
         * last ply is replied to and no query is unanswered; one reply by the other seat; rounds that answer the
         * query outstanding (and only that) and never from a seat waiting for its own answer; then, once the game
         * has ended, white's choices, black's, white's opening, black's.
         */
        void apply(Envelope e) throws ProtocolViolation {
            int s = e.sender();
            String who = names.get(s);
            try {
                switch (e.type()) {
                    case DarkChessMessages.MOVE -> {
                        Move m = DarkChessMessages.parseMove(e.body());
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
                        if (!plies.isEmpty() && plies.get(plies.size() - 1).commitments[s] == null) {
                            throw new ProtocolViolation(e.step(), who, "sent 'move' before its reply to the last move");
                        }
                        requireNoQueryOutstanding(e, who);
                        PlyLog log = new PlyLog();
                        log.mover = s;
                        log.step = e.step();
                        log.over = m.over();
                        log.announcement = m.announcement();
                        log.commitments[s] = m.commitment();
                        log.commitIndex[s] = commits[s]++;
                        if (!m.over()) {
                            log.setups.set(s, m.setups());
                            log.rebuilds[s] = m.rebuild();
                            log.senderIndex[s] = senderSets[s]++;
                        }
                        plies.add(log);
                    }
                    case DarkChessMessages.REPLY -> {
                        Reply m = DarkChessMessages.parseReply(e.body());
                        PlyLog log = currentPly(plies, e, who);
                        if (log.mover == s || log.over || log.commitments[s] != null) {
                            throw new ProtocolViolation(e.step(), who, "sent 'reply' where no reply of its is due");
                        }
                        log.commitments[s] = m.commitment();
                        log.commitIndex[s] = commits[s]++;
                        log.setups.set(s, m.setups());
                        log.rebuilds[s] = m.rebuild();
                        log.senderIndex[s] = senderSets[s]++;
                        outstanding[s] = batch(s, m.query(), e.step());
                    }
                    case DarkChessMessages.ROUND -> {
                        Round m = DarkChessMessages.parseRound(e.body());
                        PlyLog log = currentPly(plies, e, who);
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
                    case DarkChessMessages.CHOICES -> {
                        Choices m = DarkChessMessages.parseChoices(e.body());
                        reveals.requireChoicesDue(e, who, s, ended());
                        requireNoQueryOutstanding(e, who);
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

        private void requireNoQueryOutstanding(Envelope e, String who) throws ProtocolViolation {
            for (int q = 0; q < 2; q++) {
                if (outstanding[q] != null) {
                    throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' while the query of "
                            + names.get(q) + " (step " + outstanding[q].step() + ") is unanswered");
                }
            }
        }
    }

    @Override
    public AuditVerdict audit(Transcript transcript, List<Envelope> refused) {
        try {
            return run(transcript, refused);
        } catch (ProtocolViolation v) {
            return AuditVerdict.failed(v);
        }
    }

    private AuditVerdict run(Transcript transcript, List<Envelope> refused) throws ProtocolViolation {
        DarkChessParameters params = ProtocolAudit.parameters(transcript, DarkChessParameters::fromBytes);
        ProtocolAudit.requireTwoPlayers(transcript);
        if (params.otMode().isKkrt()) {
            return DarkChessOteAudit.run(params, transcript, refused, verifier);
        }
        if (params.otMode().isTable()) {
            return DarkChessTableAudit.run(params, transcript, refused, verifier);
        }
        ObliviousTransfer ot = params.otMode().scheme(params.andosModulusBits());
        List<String> names = List.of(transcript.nameOf(0), transcript.nameOf(1));
        Walk walk = new Walk(params, names);
        List<Envelope> all = transcript.envelopes();
        List<Envelope> stoppedBy = new ArrayList<>();
        ProtocolAudit.walk(transcript, refused, e -> {
            judgeRefused(e, names.get(e.sender()), false);
            walk.copy().apply(e);
            if (e.seq() == all.size()) {
                stoppedBy.add(e);
            }
        }, walk::apply);
        List<PlyLog> plies = walk.plies;
        int[] commits = walk.commits;
        int[] senderSets = walk.senderSets;
        EndOfGameReveals reveals = walk.reveals;
        // A game stopped where the other seat refused this signer's message, which fits there and reads well: what
        // else a seat checks needs its own OT secrets, so the audit names where it stopped and why.
        reveals.requireBoth(stoppedBy, all, names);
        // Commitments.
        for (int s = 0; s < 2; s++) {
            if (reveals.opens[s].nonces().size() != commits[s] || reveals.opens[s].senderStates().size() != 3 * senderSets[s]) {
                throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "opens " + reveals.opens[s].nonces().size()
                        + " boards and " + reveals.opens[s].senderStates().size() + " OT secrets, committed " + commits[s]
                        + " and " + 3 * senderSets[s]);
            }
        }
        List<DarkChessRecord.Ply> record = new ArrayList<>();
        int[] receiverCursor = new int[2];
        for (PlyLog log : plies) {
            byte[][] boards = new byte[2][];
            byte[][][] offers = new byte[2][][];
            int[][][] asked = new int[2][][];
            for (int s = 0; s < 2; s++) {
                if (log.commitments[s] != null) {
                    int k = log.commitIndex[s];
                    Commitment.Opening opening = new Commitment.Opening(reveals.opens[s].nonces().get(k), reveals.opens[s].boards().get(k));
                    if (!Commitment.fromBytes(log.commitments[s]).isOpenedBy(DarkChessParty.COMMIT_DOMAIN, opening)) {
                        throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "board commitment " + k
                                + " (ply " + (record.size() + 1) + ") does not open");
                    }
                    boards[s] = opening.value();
                }
                if (log.senderIndex[s] >= 0) {
                    offers[s] = new byte[3][];
                    OtSender[] replay = new OtSender[3];
                    for (int p = 0; p < 3; p++) {
                        byte[] state = reveals.opens[s].senderStates().get(3 * log.senderIndex[s] + p);
                        try {
                            offers[s][p] = params.otMode().senderItems(ot, log.setups.get(s).get(p), state);
                            replay[p] = ot.restoreSender(state);
                        } catch (IllegalArgumentException | InvalidOtMessageException bad) {
                            throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "OT secret of phase " + p
                                    + " in ply " + (record.size() + 1) + ": " + bad.getMessage());
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
                                throw new ProtocolViolation(b.step(), names.get(s), "answered a query of ply "
                                        + (record.size() + 1) + " with something its revealed OT secret does not give");
                            }
                        }
                    }
                }
            }
            for (int q = 0; q < 2; q++) {
                if (log.senderIndex[1 - q] < 0) {
                    continue;
                }
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
                asked[q] = new int[3][];
                for (int p = 0; p < 3; p++) {
                    asked[q][p] = perPhase.get(p).stream().mapToInt(Integer::intValue).toArray();
                }
            }
            record.add(new DarkChessRecord.Ply(log.mover, log.announcement, boards, log.rebuilds, offers, asked));
        }
        for (int q = 0; q < 2; q++) {
            if (receiverCursor[q] != reveals.choices[q].receiverStates().size()) {
                throw new ProtocolViolation(reveals.revealStep[q], names.get(q), "reveals more OT choices than it made queries");
            }
        }
        boolean capped = !plies.isEmpty() && plies.size() >= params.maxPlies()
                && plies.get(plies.size() - 1).senderIndex[plies.get(plies.size() - 1).mover] >= 0;
        DarkChessRecord game = new DarkChessRecord(names, List.copyOf(record),
                List.of(reveals.choices[0].moves(), reveals.choices[1].moves()), capped);
        return reveals.rulesVerdict(verifier, game, plies.size(), ply -> plies.get(ply).step,
                params.otMode().label() + ", " + plies.size() + " plies, every commitment and OT answer checked");
    }

    /**
     * The public checks of a refused message that fits where it claims: it carries its own message number as its
     * step and reads as a message of its type. Failing them convicts its signer.
     */
    static void judgeRefused(Envelope e, String signer, boolean table) throws ProtocolViolation {
        judgeRefused(e, signer, table ? "/table" : "");
    }

    /** {@link #judgeRefused} for a mode's wire: "" the rounds protocol, "/table" oprf-table, "/ote" ote-table. */
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

    /** The ply a reply or a round belongs to; one sent before any move belongs to none, and its signer sent it there. */
    private static PlyLog currentPly(List<PlyLog> plies, Envelope e, String who) throws ProtocolViolation {
        if (plies.isEmpty()) {
            throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' before any move");
        }
        return plies.get(plies.size() - 1);
    }

    private static Batch batch(int querier, Query q, int step) {
        return q == null ? null : new Batch(querier, q.phase(), q.message(), null, step);
    }
}
