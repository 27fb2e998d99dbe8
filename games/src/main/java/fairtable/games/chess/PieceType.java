package fairtable.games.chess;

/**
 * Piece kinds. The code (1..6) is the internal board encoding; {@link #value()} is the conventional
 * material value used by the bot, with the king worth more than everything else together.
 */
public enum PieceType {
    PAWN('p', 1),
    KNIGHT('n', 3),
    BISHOP('b', 3),
    ROOK('r', 5),
    QUEEN('q', 9),
    KING('k', 1000);

    private static final PieceType[] BY_CODE = {null, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING};

    private final char letter;
    private final int value;

    PieceType(char letter, int value) {
        this.letter = letter;
        this.value = value;
    }

    /** Lower-case FEN letter: p n b r q k. */
    public char letter() {
        return letter;
    }

    public int value() {
        return value;
    }

    /** Whether a pawn may promote to this type. */
    public boolean isPromotionTarget() {
        return this == KNIGHT || this == BISHOP || this == ROOK || this == QUEEN;
    }

    int code() {
        return ordinal() + 1;
    }

    static PieceType ofCode(int code) {
        return BY_CODE[code];
    }

    /** The type for a FEN letter of either case, or null if the letter names no piece. */
    static PieceType ofLetter(char c) {
        for (PieceType t : values()) {
            if (t.letter == Character.toLowerCase(c)) {
                return t;
            }
        }
        return null;
    }
}
