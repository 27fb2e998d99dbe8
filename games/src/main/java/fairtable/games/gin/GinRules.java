package fairtable.games.gin;

/**
 * The table rules of two-player gin rummy; {@link #standard()} is the common published game (Bicycle, pagat):
 * knock with at most 10 deadwood, gin bonus 25, undercut bonus 25, a game to 100 with a game bonus of 100, a
 * box (line) bonus of 25 per hand won, and a shutout (the loser scored nothing) doubling the winner's total.
 *
 * <p>Fixed by the game, not by these rules: two seats, ten cards each, one upcard, a hand drawn (no score)
 * once the stock is down to {@link #STOCK_LEFT_AT_DRAW} cards after a discard without a knock.
 */
public record GinRules(int knockLimit, int ginBonus, int undercutBonus, int targetScore, int gameBonus,
                       int boxBonus, boolean shutoutDoubles) {

    public static final int SEATS = 2;
    public static final int HAND_SIZE = 10;
    /** 52 cards less two hands and the upcard. */
    public static final int STOCK_SIZE = 52 - SEATS * HAND_SIZE - 1;
    public static final int STOCK_LEFT_AT_DRAW = 2;

    public GinRules {
        if (knockLimit < 1 || knockLimit > 10 * HAND_SIZE) {
            throw new IllegalArgumentException("knock limit must be 1 to 100, not " + knockLimit);
        }
        if (ginBonus < 0 || undercutBonus < 0 || gameBonus < 0 || boxBonus < 0) {
            throw new IllegalArgumentException("bonuses are not negative");
        }
        if (targetScore < 1) {
            throw new IllegalArgumentException("the target score must be positive, not " + targetScore);
        }
    }

    public static GinRules standard() {
        return new GinRules(10, 25, 25, 100, 100, 25, true);
    }

    public GinRules withTargetScore(int target) {
        return new GinRules(knockLimit, ginBonus, undercutBonus, target, gameBonus, boxBonus, shutoutDoubles);
    }

    static void checkSeat(int seat) {
        if (seat != 0 && seat != 1) {
            throw new IllegalArgumentException("gin has seats 0 and 1, not " + seat);
        }
    }
}
