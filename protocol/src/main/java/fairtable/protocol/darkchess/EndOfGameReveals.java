package fairtable.protocol.darkchess;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessMessages.Choices;
import fairtable.protocol.darkchess.DarkChessMessages.Open;
import fairtable.protocol.transcript.Envelope;

/**
 * What each side reveals once a dark-chess game has ended, in either rebuild mode, and the one order the audits
 * accept: both sides' choices (white first), then both sides' board openings (white first).
 */
final class EndOfGameReveals {
    final Choices[] choices = new Choices[2];
    final Open[] opens = new Open[2];
    final int[] revealStep = new int[2];

    EndOfGameReveals copy() {
        EndOfGameReveals c = new EndOfGameReveals();
        for (int s = 0; s < 2; s++) {
            c.choices[s] = choices[s];
            c.opens[s] = opens[s];
            c.revealStep[s] = revealStep[s];
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
    }

    /** Records seat {@code s}'s board openings, due only after both sides' choices. */
    void open(Envelope e, String who, int s, Open m) throws ProtocolViolation {
        if (choices[0] == null || choices[1] == null || opens[s] != null || (s == 1 && opens[0] == null)) {
            throw new ProtocolViolation(e.step(), who, "sent 'open' where it is not due");
        }
        opens[s] = m;
        revealStep[s] = e.step();
    }
}
