package fairtable.games.cards;

/** The four suits, in bridge order (clubs lowest). The order fixes {@link Card#index()}. */
public enum Suit {
    CLUBS('c'), DIAMONDS('d'), HEARTS('h'), SPADES('s');

    private final char symbol;

    Suit(char symbol) {
        this.symbol = symbol;
    }

    /** The lower-case letter used in card notation: c, d, h or s. */
    public char symbol() {
        return symbol;
    }

    /** Parses c, d, h or s (either case). */
    public static Suit fromSymbol(char symbol) {
        char lower = Character.toLowerCase(symbol);
        for (Suit suit : values()) {
            if (suit.symbol == lower) {
                return suit;
            }
        }
        throw new IllegalArgumentException("unknown suit '" + symbol + "' (expected one of c, d, h, s)");
    }
}
