package fairtable.games.chess;

/** The two sides. */
public enum Color {
    WHITE,
    BLACK;

    public Color opposite() {
        return this == WHITE ? BLACK : WHITE;
    }

    /** +1 for white (pawns move up the board), -1 for black. */
    int forward() {
        return this == WHITE ? 1 : -1;
    }
}
