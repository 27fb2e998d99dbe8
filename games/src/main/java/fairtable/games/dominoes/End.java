package fairtable.games.dominoes;

/** The two open ends of the line of play. The first tile of a round is always played to {@link #LEFT}. */
public enum End {
    LEFT, RIGHT
}
