package fairtable.games.chess;

import java.util.Optional;

/**
 * How a dark-chess game stands. There is no check or mate: a game is won only by capturing the
 * opposing king. Draw rules (our choice; the report names none): the fifty-move rule applied
 * automatically, i.e. a draw as soon as 100 plies pass without a capture or pawn move (nobody could
 * claim it, as neither player sees the whole board), and a draw when the side to move has no move at all.
 * The fifty-move rule also guarantees that every game ends.
 */
public enum DarkChessResult {
    IN_PROGRESS,
    WHITE_WON_BY_KING_CAPTURE,
    BLACK_WON_BY_KING_CAPTURE,
    DRAW_BY_FIFTY_MOVES,
    DRAW_BY_NO_MOVES;

    public boolean isOver() {
        return this != IN_PROGRESS;
    }

    public Optional<Color> winner() {
        return switch (this) {
            case WHITE_WON_BY_KING_CAPTURE -> Optional.of(Color.WHITE);
            case BLACK_WON_BY_KING_CAPTURE -> Optional.of(Color.BLACK);
            default -> Optional.empty();
        };
    }
}
