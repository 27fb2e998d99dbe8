package fairtable.games.chess;

/** The four castling rights, with the squares each one involves. */
public enum CastlingRight {
    WHITE_KINGSIDE('K', Color.WHITE, Square.E1, Square.H1, Square.G1, Square.F1),
    WHITE_QUEENSIDE('Q', Color.WHITE, Square.E1, Square.A1, Square.C1, Square.D1),
    BLACK_KINGSIDE('k', Color.BLACK, Square.E8, Square.H8, Square.G8, Square.F8),
    BLACK_QUEENSIDE('q', Color.BLACK, Square.E8, Square.A8, Square.C8, Square.D8);

    private final char fenLetter;
    private final Color color;
    private final Square kingFrom;
    private final Square rookFrom;
    private final Square kingTo;
    private final Square rookTo;

    CastlingRight(char fenLetter, Color color, Square kingFrom, Square rookFrom, Square kingTo, Square rookTo) {
        this.fenLetter = fenLetter;
        this.color = color;
        this.kingFrom = kingFrom;
        this.rookFrom = rookFrom;
        this.kingTo = kingTo;
        this.rookTo = rookTo;
    }

    public char fenLetter() {
        return fenLetter;
    }

    public Color color() {
        return color;
    }

    public Square kingFrom() {
        return kingFrom;
    }

    public Square rookFrom() {
        return rookFrom;
    }

    public Square kingTo() {
        return kingTo;
    }

    public Square rookTo() {
        return rookTo;
    }

    int bit() {
        return 1 << ordinal();
    }
}
