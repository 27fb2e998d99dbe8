package fairtable.protocol.darkchess;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.darkchess.DarkChessMessages.Choices;
import fairtable.protocol.darkchess.DarkChessMessages.Open;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntUnaryOperator;

/**
 * What each side reveals once a dark-chess game has ended, in either rebuild mode, and the one order the audits
 * accept: both sides' choices (white first), then both sides' board openings (white first).
 */
final class EndOfGameReveals {
    final Choices[] choices = new Choices[2];
    final Open[] opens = new Open[2];
    final int[] revealStep = new int[2];
    final int[] choiceStep = new int[2];

    EndOfGameReveals copy() {
        EndOfGameReveals c = new EndOfGameReveals();
        for (int s = 0; s < 2; s++) {
            c.choices[s] = choices[s];
            c.opens[s] = opens[s];
            c.revealStep[s] = revealStep[s];
            c.choiceStep[s] = choiceStep[s];
        }
        return c;
    }

    /** Refuses seat {@code s}'s choices unless the game has {@code ended} and they are its turn to reveal. */
    void requireChoicesDue(Envelope e, String who, int s, boolean ended) throws ProtocolViolation {
        if (!ended || choices[s] != null || (s == 1 && choices[0] == null)) {
            throw new ProtocolViolation(e.step(), who, "sent 'choices' where they are not due");
        }
    }

    /** Records seat {@code s}'s choices, due only once the game has {@code ended}. */
    void choices(Envelope e, String who, int s, boolean ended, Choices m) throws ProtocolViolation {
        requireChoicesDue(e, who, s, ended);
        choices[s] = m;
        choiceStep[s] = e.step();
    }

    /** Records seat {@code s}'s board openings, due only after both sides' choices. */
    void open(Envelope e, String who, int s, Open m) throws ProtocolViolation {
        if (choices[0] == null || choices[1] == null || opens[s] != null || (s == 1 && opens[0] == null)) {
            throw new ProtocolViolation(e.step(), who, "sent 'open' where it is not due");
        }
        opens[s] = m;
        revealStep[s] = e.step();
    }

    /**
     * After the walk, both sides' reveals must be there: else the game stopped where a refused message of
     * {@code stoppedBy} (the signer's, which the other seat checked with its own secrets) fits, or the transcript
     * ({@code all}) ends before a reveal (the seat that owes it).
     */
    void requireBoth(List<Envelope> stoppedBy, List<Envelope> all, List<String> names) throws ProtocolViolation {
        boolean complete = choices[0] != null && choices[1] != null && opens[0] != null && opens[1] != null;
        if (!stoppedBy.isEmpty() && !complete) {
            Envelope e = stoppedBy.get(0);
            String signer = names.get(e.sender());
            throw new ProtocolViolation(e.step(), signer, "the game stopped here: " + names.get(1 - e.sender())
                    + " refused its " + e.type() + " (a check that needs " + names.get(1 - e.sender())
                    + "'s own secrets, which this audit cannot repeat), and the transcript ends before the reveal");
        }
        for (int s = 0; s < 2; s++) {
            if (choices[s] == null || opens[s] == null) {
                throw new ProtocolViolation(all.get(all.size() - 1).step(), names.get(s),
                        "the transcript ends before this player revealed its secrets (game unfinished)");
            }
        }
    }

    /**
     * The rules half's verdict on {@code game}: a blame names its seat at the step of its ply's move
     * ({@code moveStep}) or, past the last ply, at the seat's reveal; else VERIFIED with {@code checked} said.
     */
    AuditVerdict rulesVerdict(DarkChessVerifier rules, DarkChessRecord game, int plies, IntUnaryOperator moveStep,
            String checked) throws ProtocolViolation {
        if (rules == null) {
            throw new ProtocolViolation(0, game.names().get(0),
                    "no dark-chess rules were given to this audit; the moves cannot be checked");
        }
        Optional<DarkChessVerifier.Blame> blame = rules.verify(game);
        if (blame.isPresent()) {
            DarkChessVerifier.Blame b = blame.get();
            int step = b.ply() < plies ? moveStep.applyAsInt(b.ply()) : revealStep[b.seat()];
            throw new ProtocolViolation(step, game.names().get(b.seat()), b.reason());
        }
        return AuditVerdict.verified(rules.summary(game) + " (" + checked + ")", Map.of());
    }
}
