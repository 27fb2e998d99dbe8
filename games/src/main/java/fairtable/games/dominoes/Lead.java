package fairtable.games.dominoes;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Who opens a round, and with which tile if that is forced.
 *
 * <p>Convention: in the first round of a match (and after a tied round) the holder of the highest double leads
 * it; if nobody holds a double, the holder of the heaviest tile leads it (heaviest by pips, ties broken by the
 * higher half: 6-3 beats 5-4). In every later round the previous round's winner leads with any tile.
 */
public record Lead(int player, Optional<Tile> requiredTile) {

    private static final Comparator<Tile> OPENING_ORDER = Comparator
            .comparing(Tile::isDouble)
            .thenComparingInt(Tile::pips)
            .thenComparingInt(Tile::high);

    public Lead {
        if (player < 0) {
            throw new IllegalArgumentException("negative player");
        }
    }

    public static Lead free(int player) {
        return new Lead(player, Optional.empty());
    }

    public static Lead withTile(int player, Tile tile) {
        return new Lead(player, Optional.of(tile));
    }

    /** The opening of a first round, computed from fully known hands. */
    public static Lead opening(List<Hand> hands) {
        int bestPlayer = -1;
        Tile best = null;
        for (int p = 0; p < hands.size(); p++) {
            for (Tile tile : hands.get(p).knownTiles()) {
                if (best == null || OPENING_ORDER.compare(tile, best) > 0) {
                    best = tile;
                    bestPlayer = p;
                }
            }
            if (!hands.get(p).isFullyKnown()) {
                throw new IllegalArgumentException("the opening needs every hand fully known");
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no tiles dealt");
        }
        return withTile(bestPlayer, best);
    }
}
