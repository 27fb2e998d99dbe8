package fairtable.games.mahjongshogi;

/** Board geometry: 9x9, each player's home is the three ranks nearest them. */
public final class Board {

    public static final int SIZE = 9;
    public static final int SQUARES = SIZE * SIZE;
    public static final int HOME_RANKS = 3;
    public static final int HOME_SQUARES = HOME_RANKS * SIZE;

    private Board() {
    }

    public static boolean isHome(int player, Square square) {
        checkPlayer(player);
        return player == 0 ? square.rank() < HOME_RANKS : square.rank() >= SIZE - HOME_RANKS;
    }

    /** +1 for player 0 (towards rank 8), -1 for player 1. */
    public static int forward(int player) {
        checkPlayer(player);
        return player == 0 ? 1 : -1;
    }

    static void checkPlayer(int player) {
        if (player != 0 && player != 1) {
            throw new IllegalArgumentException("players are 0 and 1, not " + player);
        }
    }
}
