package fairtable.games.chess;

/**
 * The three phases in which a dark-chess player rebuilds vision after every move (Ou Yang, 5.4).
 * All three always run, whether needed or not, so that skipping one leaks nothing.
 */
public enum QueryPhase {
    /** Fully seen squares. The opponent answers each square with its piece or "empty". */
    GENERAL,
    /** Squares ahead of pawns. The opponent answers only "occupied" or "empty". */
    PAWN_AHEAD,
    /**
     * Squares beside pawns on their fifth rank. The opponent answers "pawn" only for the pawn that just
     * double-stepped (and only while the querier is to move), "empty" for every other square.
     */
    EN_PASSANT
}
