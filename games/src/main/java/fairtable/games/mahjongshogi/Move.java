package fairtable.games.mahjongshogi;

/** One step of a tile to an orthogonally adjacent square; onto an opponent's tile it is an attack. */
public record Move(Square from, Square to) {
    public Move {
        if (!from.isAdjacentTo(to)) {
            throw new IllegalArgumentException("a tile moves one square orthogonally: " + from + "-" + to);
        }
    }

    @Override
    public String toString() {
        return from + "-" + to;
    }
}
