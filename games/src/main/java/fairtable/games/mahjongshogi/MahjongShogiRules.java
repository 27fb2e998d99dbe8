package fairtable.games.mahjongshogi;

/**
 * Rules of a game: the tile set and the move limit. Once {@code moveLimit} moves (counting both players' moves)
 * have been completed without a result, the game is drawn. Default limit: 400 moves.
 */
public record MahjongShogiRules(TileSet tileSet, int moveLimit) {

    public static final int DEFAULT_MOVE_LIMIT = 400;

    public MahjongShogiRules {
        if (tileSet == null) {
            throw new IllegalArgumentException("no tile set");
        }
        if (moveLimit < 1) {
            throw new IllegalArgumentException("move limit must be positive: " + moveLimit);
        }
    }

    public static MahjongShogiRules standard() {
        return new MahjongShogiRules(TileSet.standard(), DEFAULT_MOVE_LIMIT);
    }

    public MahjongShogiRules withMoveLimit(int limit) {
        return new MahjongShogiRules(tileSet, limit);
    }
}
