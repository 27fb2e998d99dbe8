package fairtable.protocol.darkchess;

import fairtable.crypto.commit.Commitment;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.List;

/**
 * The one walk over a dark-chess transcript that the audits of the three modes share ({@link DarkChessAudit}'s
 * rounds, {@link DarkChessTableAudit}, {@link DarkChessOteAudit}). It holds the public state of the game: the plies
 * with their moves and board commitments, and the reveals once the game has ended. It checks what every mode checks
 * (whose move it is, the ply cap, whose reply is due, the order of the reveals) and every commitment against its
 * opening, and hands the rules half the record. A mode plugs in its messages' wire, what it keeps of a ply, what is
 * due before the next move, and its cryptographic checks of the reveals.
 *
 * <p>Every message, accepted or refused, meets the same checks: a refused one is applied to a {@link #copy}
 * (docs/evidence.md).
 */
abstract class DarkChessWalk<P extends DarkChessWalk.Ply<P>> {
    /** What every mode keeps of a ply; a mode's ply adds its own. */
    abstract static class Ply<P> {
        int mover;
        int step;
        boolean over;
        byte[] announcement;
        final byte[][] commitments = new byte[2][];
        final int[] commitIndex = {-1, -1};
        final byte[][] rebuilds = new byte[2][];

        abstract P copy();

        /** Copies the fields every mode has into {@code c}, a fresh ply of the mode, and returns it. */
        <T extends Ply<P>> T copyInto(T c) {
            c.mover = mover;
            c.step = step;
            c.over = over;
            c.announcement = announcement;
            for (int s = 0; s < 2; s++) {
                c.commitments[s] = commitments[s];
                c.commitIndex[s] = commitIndex[s];
                c.rebuilds[s] = rebuilds[s];
            }
            return c;
        }

        /** Whether nothing of this ply is still due before the next move (a table mode's answers). */
        boolean complete() {
            return true;
        }
    }

    final DarkChessParameters params;
    final List<String> names;
    final List<P> plies = new ArrayList<>();
    final int[] commits = new int[2];
    EndOfGameReveals reveals = new EndOfGameReveals();

    DarkChessWalk(DarkChessParameters params, List<String> names) {
        this.params = params;
        this.names = names;
    }

    /** A copy to try a refused message on: the mode makes a fresh walk, copies its own state and calls this. */
    abstract DarkChessWalk<P> copy();

    <W extends DarkChessWalk<P>> W copyInto(W c) {
        plies.forEach(p -> c.plies.add(p.copy()));
        for (int s = 0; s < 2; s++) {
            c.commits[s] = commits[s];
        }
        c.reveals = reveals.copy();
        return c;
    }

    /** The suffix of {@link DarkChessAudit#judgeRefused}'s wire: "" the rounds protocol, "/table", "/ote". */
    abstract String wire();

    /** Takes a mode's message other than the reveals (move, reply, round or answer) where it stands, or refuses it. */
    abstract void play(Envelope e, int s, String who) throws ProtocolViolation, MalformedMessageException;

    /** Refuses a move while something of the last ply is still due from {@code who}'s side or the other's. */
    void requireLastPlyDone(Envelope e, String who, int s) throws ProtocolViolation {
        if (!plies.isEmpty() && !last().complete()) {
            throw new ProtocolViolation(e.step(), who, "sent 'move' before the last ply's rebuilds were answered");
        }
    }

    /** Refuses choices while something is still due before them (the rounds protocol's unanswered query). */
    void requireNothingOutstanding(Envelope e, String who) throws ProtocolViolation {
    }

    /** Checks what the reveals hold as a whole (their counts, the mode's long-lived secrets) before the plies. */
    abstract void checkReveals() throws ProtocolViolation;

    /** The rules half's record of ply {@code index}, its cryptography checked, given its opened {@code boards}. */
    abstract DarkChessRecord.Ply record(int index, P log, byte[][] boards) throws ProtocolViolation;

    /** Checks what is left once every ply is recorded (every revealed choice used). */
    void checkRest() throws ProtocolViolation {
    }

    /** What the verdict says was checked, after the mode and the plies. */
    abstract String checked();

    final P last() {
        return plies.get(plies.size() - 1);
    }

    /** Whether the game has ended: a move said so, or the ply cap is reached with the last ply complete. */
    final boolean ended() {
        return !plies.isEmpty() && (last().over || plies.size() >= params.maxPlies() && last().complete());
    }

    /**
     * Checks {@code e} where it stands, as far as public data allow (who may send this type now, what it must carry),
     * and records it. Once the game has ended: white's choices, black's, white's opening, black's.
     */
    final void apply(Envelope e) throws ProtocolViolation {
        int s = e.sender();
        String who = names.get(s);
        try {
            switch (e.type()) {
                case DarkChessMessages.CHOICES -> {
                    DarkChessMessages.Choices m = DarkChessMessages.parseChoices(e.body());
                    reveals.requireChoicesDue(e, who, s, ended());
                    requireNothingOutstanding(e, who);
                    reveals.choices(e, who, s, ended(), m);
                }
                case DarkChessMessages.OPEN -> reveals.open(e, who, s, DarkChessMessages.parseOpen(e.body()));
                default -> play(e, s, who);
            }
        } catch (MalformedMessageException m) {
            throw new ProtocolViolation(e.step(), who, "malformed " + e.type() + ": " + m.getMessage());
        }
    }

    /**
     * Starts the ply of the move {@code e} with {@code ply}, a fresh ply of the mode, if the move is due: the seat
     * whose turn it is, within the cap, before the game ended and once the last ply is done. Records the mover's
     * commitment.
     */
    final P startPly(Envelope e, int s, String who, P ply, boolean over, byte[] announcement, byte[] commitment)
            throws ProtocolViolation {
        if (plies.size() >= params.maxPlies()) {
            throw new ProtocolViolation(e.step(), who, "sent 'move' beyond the cap of " + params.maxPlies() + " plies");
        }
        if (ended() || reveals.choices[0] != null || reveals.choices[1] != null) {
            throw new ProtocolViolation(e.step(), who, "sent 'move' after the game ended");
        }
        if (s != plies.size() % 2) {
            throw new ProtocolViolation(e.step(), who, "sent 'move' when it is not its turn to move");
        }
        requireLastPlyDone(e, who, s);
        ply.mover = s;
        ply.step = e.step();
        ply.over = over;
        ply.announcement = announcement;
        commit(ply, s, commitment);
        return ply;
    }

    /** The ply that seat {@code s}'s reply {@code e} answers, if a reply of its is due there. */
    final P replyDue(Envelope e, int s, String who) throws ProtocolViolation {
        P log = current(e, who);
        if (log.mover == s || log.over || log.commitments[s] != null) {
            throw new ProtocolViolation(e.step(), who, "sent 'reply' where no reply of its is due");
        }
        return log;
    }

    /** The ply a reply, a round or an answer belongs to; one sent before any move belongs to none. */
    final P current(Envelope e, String who) throws ProtocolViolation {
        if (plies.isEmpty()) {
            throw new ProtocolViolation(e.step(), who, "sent '" + e.type() + "' before any move");
        }
        return last();
    }

    final void commit(P log, int s, byte[] commitment) {
        log.commitments[s] = commitment;
        log.commitIndex[s] = commits[s]++;
    }

    static ProtocolViolation unknownType(Envelope e, String who) {
        return new ProtocolViolation(e.step(), who, "unknown message type " + e.type());
    }

    /**
     * The whole audit: walks {@code transcript} (each of {@code refused} judged where it claims to stand), requires
     * the reveals, checks them, opens every commitment, records every ply and gives the record to {@code rules}.
     */
    final AuditVerdict audit(Transcript transcript, List<Envelope> refused, DarkChessVerifier rules)
            throws ProtocolViolation {
        List<Envelope> all = transcript.envelopes();
        List<Envelope> stoppedBy = new ArrayList<>();
        ProtocolAudit.walk(transcript, refused, e -> {
            DarkChessAudit.judgeRefused(e, names.get(e.sender()), wire());
            copy().apply(e);
            if (e.seq() == all.size()) {
                stoppedBy.add(e);
            }
        }, this::apply);
        // A game stopped where the other seat refused this signer's message, which fits there and reads well: what
        // else a seat checks needs its own secrets, so the audit names where it stopped and why.
        reveals.requireBoth(stoppedBy, all, names);
        checkReveals();
        List<DarkChessRecord.Ply> record = new ArrayList<>();
        for (P log : plies) {
            record.add(record(record.size(), log, openBoards(record.size(), log)));
        }
        checkRest();
        boolean capped = !plies.isEmpty() && plies.size() >= params.maxPlies() && !last().over;
        DarkChessRecord game = new DarkChessRecord(names, List.copyOf(record),
                List.of(reveals.choices[0].moves(), reveals.choices[1].moves()), capped);
        return reveals.rulesVerdict(rules, game, plies.size(), ply -> plies.get(ply).step,
                params.otMode().label() + ", " + plies.size() + " plies, " + checked());
    }

    /** The boards committed in ply {@code index}, each opened by its revealed nonce; null where none was committed. */
    private byte[][] openBoards(int index, P log) throws ProtocolViolation {
        byte[][] boards = new byte[2][];
        for (int s = 0; s < 2; s++) {
            if (log.commitments[s] != null) {
                int k = log.commitIndex[s];
                Commitment.Opening opening = new Commitment.Opening(reveals.opens[s].nonces().get(k),
                        reveals.opens[s].boards().get(k));
                if (!Commitment.fromBytes(log.commitments[s]).isOpenedBy(DarkChessParty.COMMIT_DOMAIN, opening)) {
                    throw new ProtocolViolation(reveals.revealStep[s], names.get(s), "board commitment " + k
                            + " (ply " + (index + 1) + ") does not open");
                }
                boards[s] = opening.value();
            }
        }
        return boards;
    }
}
