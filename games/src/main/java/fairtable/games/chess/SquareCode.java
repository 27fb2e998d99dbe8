package fairtable.games.chess;

import java.util.Optional;

/**
 * The report's 4-bit square secret (Ou Yang, 5.1): colour bit 8 (set for black) and a 3-bit content,
 * 0 empty, 1..6 pawn, knight, bishop, rook, queen, king, 7 unknown ("occupied, not saying by what").
 * Empty and unknown carry the answering player's colour.
 */
public final class SquareCode {

    public static final int EMPTY = 0;
    public static final int UNKNOWN = 7;

    private SquareCode() {
    }

    public static int of(Piece piece) {
        return piece.code();
    }

    public static int empty(Color answerer) {
        return Rules.colorBit(answerer) | EMPTY;
    }

    public static int unknown(Color answerer) {
        return Rules.colorBit(answerer) | UNKNOWN;
    }

    /** The piece a code names, or empty for the empty and unknown codes. */
    public static Optional<Piece> piece(int code) {
        requireValid(code);
        int content = code & 7;
        return content == EMPTY || content == UNKNOWN ? Optional.empty() : Optional.of(Piece.ofCode(code));
    }

    public static Color color(int code) {
        requireValid(code);
        return (code & 8) != 0 ? Color.BLACK : Color.WHITE;
    }

    public static int content(int code) {
        requireValid(code);
        return code & 7;
    }

    private static void requireValid(int code) {
        if (code < 0 || code > 15) {
            throw new IllegalArgumentException("a square code has 4 bits: " + code);
        }
    }
}
