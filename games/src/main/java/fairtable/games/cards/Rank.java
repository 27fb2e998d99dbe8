package fairtable.games.cards;

/** The thirteen ranks, deuce lowest and ace highest. The order fixes {@link Card#index()}. */
public enum Rank {
    TWO('2'), THREE('3'), FOUR('4'), FIVE('5'), SIX('6'), SEVEN('7'), EIGHT('8'), NINE('9'),
    TEN('T'), JACK('J'), QUEEN('Q'), KING('K'), ACE('A');

    private final char symbol;

    Rank(char symbol) {
        this.symbol = symbol;
    }

    /** The character used in card notation: 2-9, T, J, Q, K, A. */
    public char symbol() {
        return symbol;
    }

    /** Parses 2-9, T, J, Q, K or A (either case). */
    public static Rank fromSymbol(char symbol) {
        char upper = Character.toUpperCase(symbol);
        for (Rank rank : values()) {
            if (rank.symbol == upper) {
                return rank;
            }
        }
        throw new IllegalArgumentException(
                "unknown rank '" + symbol + "' (expected one of 2 3 4 5 6 7 8 9 T or 10, J Q K A)");
    }
}
