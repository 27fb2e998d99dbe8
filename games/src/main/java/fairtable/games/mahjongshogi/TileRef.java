package fairtable.games.mahjongshogi;

/**
 * A tile on the board, named without its kind: its owner and its id, the index of its square in the owner's
 * starting squares sorted by {@link Square#index()}. Ids therefore carry no information about kinds.
 */
public record TileRef(int owner, int id) {
    public TileRef {
        Board.checkPlayer(owner);
        if (id < 0 || id >= Board.HOME_SQUARES) {
            throw new IllegalArgumentException("tile id out of range: " + id);
        }
    }
}
