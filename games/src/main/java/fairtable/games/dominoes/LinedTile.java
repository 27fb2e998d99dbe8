package fairtable.games.dominoes;

/** A tile on the line of play, oriented: {@code left} faces the left end of the line, {@code right} the right end. */
public record LinedTile(Tile tile, int left, int right) {
    public LinedTile {
        if (!Tile.of(left, right).equals(tile)) {
            throw new IllegalArgumentException("orientation " + left + "|" + right + " does not match " + tile);
        }
    }
}
