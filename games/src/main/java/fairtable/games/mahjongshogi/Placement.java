package fairtable.games.mahjongshogi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * One player's secret setup: which kind stands on which of their home squares. Tile ids follow the sorted order
 * of the squares (see {@link TileRef}); the set of squares is public once play starts, the kinds are not.
 */
public final class Placement {

    private final int owner;
    private final TileSet tileSet;
    private final TreeMap<Square, Integer> kinds;
    private final List<Square> squares;

    private Placement(int owner, TileSet tileSet, TreeMap<Square, Integer> kinds) {
        this.owner = owner;
        this.tileSet = tileSet;
        this.kinds = kinds;
        this.squares = List.copyOf(kinds.keySet());
    }

    /**
     * Validates a setup: every tile on the owner's three home ranks, one tile per square, and the kinds
     * counted exactly as in the tile set.
     */
    public static Placement of(int owner, TileSet tileSet, Map<Square, Integer> kindBySquare) {
        Board.checkPlayer(owner);
        int[] counts = new int[Kinds.COUNT + 1];
        for (Map.Entry<Square, Integer> entry : kindBySquare.entrySet()) {
            if (!Board.isHome(owner, entry.getKey())) {
                throw new IllegalArgumentException("player " + owner + " may not place on " + entry.getKey());
            }
            Kinds.check(entry.getValue());
            counts[entry.getValue()]++;
        }
        for (int kind = Kinds.WEAKEST; kind <= Kinds.STRONGEST; kind++) {
            if (counts[kind] != tileSet.count(kind)) {
                throw new IllegalArgumentException("placed " + counts[kind] + " of kind " + kind + " ("
                        + Kinds.name(kind) + "), the tile set has " + tileSet.count(kind));
            }
        }
        return new Placement(owner, tileSet, new TreeMap<>(kindBySquare));
    }

    /**
     * A random setup: the king on a random square of the back rank, the other tiles on random home squares.
     */
    public static Placement random(int owner, TileSet tileSet, RandomGenerator random) {
        Board.checkPlayer(owner);
        List<Square> home = new ArrayList<>();
        List<Square> backRank = new ArrayList<>();
        int back = owner == 0 ? 0 : Board.SIZE - 1;
        for (int index = 0; index < Board.SQUARES; index++) {
            Square square = Square.ofIndex(index);
            if (Board.isHome(owner, square)) {
                (square.rank() == back ? backRank : home).add(square);
            }
        }
        Square kingSquare = backRank.remove(random.nextInt(backRank.size()));
        home.addAll(backRank);
        shuffle(home, random);
        Map<Square, Integer> kinds = new TreeMap<>();
        kinds.put(kingSquare, tileSet.kingKind());
        int next = 0;
        for (int kind = Kinds.WEAKEST; kind <= Kinds.STRONGEST; kind++) {
            int count = kind == tileSet.kingKind() ? tileSet.count(kind) - 1 : tileSet.count(kind);
            for (int i = 0; i < count; i++) {
                kinds.put(home.get(next++), kind);
            }
        }
        return of(owner, tileSet, kinds);
    }

    private static void shuffle(List<Square> list, RandomGenerator random) {
        for (int i = list.size() - 1; i > 0; i--) {
            Collections.swap(list, i, random.nextInt(i + 1));
        }
    }

    public int owner() {
        return owner;
    }

    public TileSet tileSet() {
        return tileSet;
    }

    /** The occupied home squares, in id order: this is the public part of the setup. */
    public SortedSet<Square> squares() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(squares));
    }

    public int size() {
        return squares.size();
    }

    public int kindOf(int id) {
        return kinds.get(squares.get(id));
    }

    public int kindOf(TileRef tile) {
        if (tile.owner() != owner) {
            throw new IllegalArgumentException(tile + " is not player " + owner + "'s");
        }
        return kindOf(tile.id());
    }

    public Square startSquare(int id) {
        return squares.get(id);
    }

    public boolean isKing(int id) {
        return kindOf(id) == tileSet.kingKind();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Placement p && p.owner == owner && p.tileSet.equals(tileSet) && p.kinds.equals(kinds);
    }

    @Override
    public int hashCode() {
        return kinds.hashCode() * 31 + owner;
    }
}
