package fairtable.games.poker;

/** Stakes of a no-limit Texas Hold'em game. The big blind is also the minimum bet and raise. */
public record HoldemRules(int smallBlind, int bigBlind) {
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 9;

    public HoldemRules {
        if (smallBlind <= 0 || bigBlind < smallBlind) {
            throw new IllegalArgumentException(
                    "blinds must satisfy 0 < small blind <= big blind, got " + smallBlind + "/" + bigBlind);
        }
    }
}
