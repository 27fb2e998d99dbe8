package fairtable.games.mahjongshogi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The tiles each player places: how many of each kind, and which kind is the king (exactly one king per
 * player). The default set is two of each kind except 東, plus one 東 (the king): 12 x 2 + 1 = 25 tiles.
 *
 * @param counts counts.get(k - 1) is the number of tiles of kind k
 */
public record TileSet(List<Integer> counts, int kingKind) {

    public TileSet {
        counts = List.copyOf(counts);
        if (counts.size() != Kinds.COUNT) {
            throw new IllegalArgumentException("a count for each of the 13 kinds is needed");
        }
        Kinds.check(kingKind);
        if (counts.stream().anyMatch(c -> c < 0)) {
            throw new IllegalArgumentException("negative count");
        }
        if (counts.get(kingKind - 1) != 1) {
            throw new IllegalArgumentException("exactly one king tile is needed");
        }
        int size = counts.stream().mapToInt(Integer::intValue).sum();
        if (size > Board.HOME_SQUARES) {
            throw new IllegalArgumentException(size + " tiles do not fit on " + Board.HOME_SQUARES + " home squares");
        }
    }

    public static TileSet standard() {
        List<Integer> counts = new ArrayList<>(Collections.nCopies(Kinds.COUNT, 2));
        counts.set(Kinds.EAST - 1, 1);
        return new TileSet(counts, Kinds.EAST);
    }

    public int count(int kind) {
        Kinds.check(kind);
        return counts.get(kind - 1);
    }

    public int size() {
        return counts.stream().mapToInt(Integer::intValue).sum();
    }
}
