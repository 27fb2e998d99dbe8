package fairtable.games.dominoes;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The tiles one player holds, as seen by one observer: the tiles the observer knows, plus a number of tiles
 * the observer cannot see (an opponent's tiles in a player's own view). A fully known hand has no hidden tiles.
 */
public final class Hand {

    private final int knownMask;
    private final int hiddenCount;

    private Hand(int knownMask, int hiddenCount) {
        if (hiddenCount < 0) {
            throw new IllegalArgumentException("negative hidden count");
        }
        this.knownMask = knownMask;
        this.hiddenCount = hiddenCount;
    }

    public static Hand of(Collection<Tile> tiles) {
        return partlyHidden(tiles, 0);
    }

    public static Hand hidden(int count) {
        return new Hand(0, count);
    }

    public static Hand partlyHidden(Collection<Tile> known, int hiddenCount) {
        int mask = 0;
        for (Tile tile : known) {
            int bit = 1 << tile.index();
            if ((mask & bit) != 0) {
                throw new IllegalArgumentException("tile " + tile + " given twice");
            }
            mask |= bit;
        }
        return new Hand(mask, hiddenCount);
    }

    /** The known tiles in index order. */
    public Set<Tile> knownTiles() {
        Set<Tile> tiles = new LinkedHashSet<>();
        for (int i = 0; i < Tile.COUNT; i++) {
            if ((knownMask & (1 << i)) != 0) {
                tiles.add(Tile.ofIndex(i));
            }
        }
        return Collections.unmodifiableSet(tiles);
    }

    public int hiddenCount() {
        return hiddenCount;
    }

    public int size() {
        return Integer.bitCount(knownMask) + hiddenCount;
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    public boolean isFullyKnown() {
        return hiddenCount == 0;
    }

    public boolean contains(Tile tile) {
        return (knownMask & (1 << tile.index())) != 0;
    }

    /** Sum of the pips; only defined when every tile is known. */
    public int pips() {
        if (!isFullyKnown()) {
            throw new IllegalStateException("pips of a hand with hidden tiles are unknown");
        }
        return knownTiles().stream().mapToInt(Tile::pips).sum();
    }

    int knownMask() {
        return knownMask;
    }

    Hand with(Tile tile) {
        if (contains(tile)) {
            throw new IllegalArgumentException("already holds " + tile);
        }
        return new Hand(knownMask | (1 << tile.index()), hiddenCount);
    }

    Hand withHidden() {
        return new Hand(knownMask, hiddenCount + 1);
    }

    /** Removes a known tile, or else one hidden tile standing for it. */
    Hand without(Tile tile) {
        if (contains(tile)) {
            return new Hand(knownMask & ~(1 << tile.index()), hiddenCount);
        }
        if (hiddenCount == 0) {
            throw new IllegalArgumentException("does not hold " + tile);
        }
        return new Hand(knownMask, hiddenCount - 1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Hand h && h.knownMask == knownMask && h.hiddenCount == hiddenCount;
    }

    @Override
    public int hashCode() {
        return knownMask * 31 + hiddenCount;
    }

    @Override
    public String toString() {
        return knownTiles() + (hiddenCount == 0 ? "" : " +" + hiddenCount + " hidden");
    }
}
