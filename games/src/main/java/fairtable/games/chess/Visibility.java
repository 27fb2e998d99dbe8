package fairtable.games.chess;

/** How much of a square a dark-chess player sees. */
public enum Visibility {
    /** Dark: nothing is known. */
    UNSEEN,
    /** Only whether the square is empty or occupied (the squares straight ahead of a pawn). */
    OCCUPANCY_ONLY,
    /** The square's content: empty, or which piece stands there. */
    FULL
}
