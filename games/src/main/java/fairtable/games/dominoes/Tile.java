package fairtable.games.dominoes;

import java.util.List;
import java.util.stream.IntStream;

/**
 * A double-six domino. Every tile has a stable index in 0..27 so that a deck protocol can deal tile numbers:
 * {@code index = high * (high + 1) / 2 + low} with {@code 0 <= low <= high <= 6}, hence 0-0 is 0, 0-1 is 1,
 * 1-1 is 2, 0-2 is 3, ... and 6-6 is 27.
 */
public record Tile(int low, int high) {

    public static final int COUNT = 28;
    public static final int MAX_PIPS = 6;

    private static final List<Tile> ALL = IntStream.rangeClosed(0, MAX_PIPS).boxed()
            .flatMap(high -> IntStream.rangeClosed(0, high).mapToObj(low -> new Tile(low, high)))
            .toList();

    public Tile {
        if (low < 0 || high > MAX_PIPS || low > high) {
            throw new IllegalArgumentException("not a canonical double-six tile: " + low + "-" + high);
        }
    }

    /** The tile showing {@code a} and {@code b}, in either order. */
    public static Tile of(int a, int b) {
        return new Tile(Math.min(a, b), Math.max(a, b));
    }

    public static Tile ofIndex(int index) {
        if (index < 0 || index >= COUNT) {
            throw new IllegalArgumentException("tile index out of range 0..27: " + index);
        }
        return ALL.get(index);
    }

    /** All 28 tiles in index order. */
    public static List<Tile> all() {
        return ALL;
    }

    public int index() {
        return high * (high + 1) / 2 + low;
    }

    public int pips() {
        return low + high;
    }

    public boolean isDouble() {
        return low == high;
    }

    public boolean shows(int pips) {
        return low == pips || high == pips;
    }

    /** The number on the other half when {@code pips} is matched. */
    public int otherEnd(int pips) {
        if (!shows(pips)) {
            throw new IllegalArgumentException(this + " does not show " + pips);
        }
        return low == pips ? high : low;
    }

    @Override
    public String toString() {
        return high + "-" + low;
    }
}
