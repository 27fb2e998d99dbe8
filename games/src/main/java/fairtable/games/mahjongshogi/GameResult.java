package fairtable.games.mahjongshogi;

import java.util.OptionalInt;

/** How a game ended; {@code winner} is empty for a draw. */
public record GameResult(OptionalInt winner, Reason reason) {

    public enum Reason {
        /** A player's king was removed in a battle (attacked, or attacking and losing): the other player wins. */
        KING_CAPTURED,
        /** Both kings removed each other in one battle: a draw. */
        BOTH_KINGS_REMOVED,
        /** The player to move had no legal move: they lose. */
        NO_LEGAL_MOVE,
        /** The move limit was reached: a draw. */
        MOVE_LIMIT
    }
}
