package fairtable.games.mahjongshogi;

/** One step of a tile to an orthogonally adjacent square; onto an opponent's tile it is an attack. */
public record Move(Square from, Square to) {
    public Move {
        if (!from.isAdjacentTo(to)) {
            throw new IllegalArgumentException("a tile moves one square orthogonally: " + from + "-" + to);
        }
    }

    /** Parses {@code e3-e4} or {@code e3e4}, the form {@link #toString()} prints. */
    public static Move parse(String text) {
        String t = text == null ? "" : text.strip().replace("-", "");
        if (t.length() != 4) {
            throw new IllegalArgumentException("not a move (like e3-e4): " + text);
        }
        return new Move(Square.parse(t.substring(0, 2)), Square.parse(t.substring(2)));
    }

    @Override
    public String toString() {
        return from + "-" + to;
    }
}
