package fairtable.games.poker;

/**
 * Stakes of a no-limit five-card draw game: an ante from every player, or blinds, or both. Bets and
 * raises are no-limit with {@code minimumBet} as the smallest bet and raise (the big blind when there
 * are blinds).
 */
public record DrawRules(int ante, int smallBlind, int bigBlind, int minimumBet) {
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 6;
    public static final int HAND_SIZE = 5;
    public static final int MAX_DISCARDS = 3;

    public DrawRules {
        if (ante < 0 || smallBlind < 0 || bigBlind < smallBlind || minimumBet <= 0) {
            throw new IllegalArgumentException("invalid stakes: ante " + ante + ", blinds " + smallBlind + "/"
                    + bigBlind + ", minimum bet " + minimumBet);
        }
        if ((smallBlind == 0) != (bigBlind == 0)) {
            throw new IllegalArgumentException("blinds come as a pair: both zero or both positive");
        }
        if (ante == 0 && bigBlind == 0) {
            throw new IllegalArgumentException("a draw game needs antes or blinds, or nobody has a reason to play");
        }
        if (bigBlind > 0 && minimumBet != bigBlind) {
            throw new IllegalArgumentException("with blinds the minimum bet is the big blind (" + bigBlind + ")");
        }
    }

    /** Every player antes {@code ante}; the first round opens with no bet, minimum bet {@code minimumBet}. */
    public static DrawRules withAntes(int ante, int minimumBet) {
        return new DrawRules(ante, 0, 0, minimumBet);
    }

    /** Small and big blind, as in Hold'em; the player left of the big blind opens. */
    public static DrawRules withBlinds(int smallBlind, int bigBlind) {
        return new DrawRules(0, smallBlind, bigBlind, bigBlind);
    }

    public boolean hasBlinds() {
        return bigBlind > 0;
    }
}
