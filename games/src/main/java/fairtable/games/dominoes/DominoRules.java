package fairtable.games.dominoes;

/**
 * Table rules of the double-six draw game.
 *
 * <p>Convention ({@link #standard}): 2 players hold 7 tiles each, 3 or 4 players hold 5 each; the rest is the
 * boneyard. A match is played to {@code targetScore} points (default 100). With 4 players, {@code partnerships}
 * seats players 0 and 2 against 1 and 3; otherwise every player is their own side.
 */
public record DominoRules(int players, int handSize, int targetScore, boolean partnerships) {

    public static final int DEFAULT_TARGET = 100;

    public DominoRules {
        if (players < 2 || players > 4) {
            throw new IllegalArgumentException("the draw game is for 2 to 4 players, not " + players);
        }
        if (handSize < 1 || handSize * players > Tile.COUNT) {
            throw new IllegalArgumentException("cannot deal " + handSize + " tiles to " + players + " players");
        }
        if (targetScore < 1) {
            throw new IllegalArgumentException("target score must be positive: " + targetScore);
        }
        if (partnerships && players != 4) {
            throw new IllegalArgumentException("partnerships need exactly 4 players");
        }
    }

    public static DominoRules standard(int players) {
        return new DominoRules(players, players == 2 ? 7 : 5, DEFAULT_TARGET, false);
    }

    public DominoRules withTargetScore(int target) {
        return new DominoRules(players, handSize, target, partnerships);
    }

    public DominoRules withPartnerships() {
        return new DominoRules(players, handSize, targetScore, true);
    }

    public DominoRules withHandSize(int size) {
        return new DominoRules(players, size, targetScore, partnerships);
    }

    public int sides() {
        return partnerships ? 2 : players;
    }

    public int sideOf(int player) {
        checkPlayer(player);
        return partnerships ? player % 2 : player;
    }

    public int initialBoneyard() {
        return Tile.COUNT - players * handSize;
    }

    void checkPlayer(int player) {
        if (player < 0 || player >= players) {
            throw new IllegalArgumentException("no player " + player + " at a table of " + players);
        }
    }
}
