package fairtable.games.cards;

/** The four suits, in bridge order (clubs lowest). The order fixes {@link Card#index()}. */
public enum Suit {
    CLUBS('c', '♣', '♧'), DIAMONDS('d', '♦', '♢'), HEARTS('h', '♥', '♡'), SPADES('s', '♠', '♤');

    private final char symbol;
    private final char sign;
    private final char outline;

    Suit(char symbol, char sign, char outline) {
        this.symbol = symbol;
        this.sign = sign;
        this.outline = outline;
    }

    /** The suit's sign as cards print it: ♣ ♦ ♥ ♠. */
    public char sign() {
        return sign;
    }

    /** Whether the suit is printed in red (hearts and diamonds). */
    public boolean red() {
        return this == HEARTS || this == DIAMONDS;
    }

    /** The lower-case letter used in card notation: c, d, h or s. */
    public char symbol() {
        return symbol;
    }

    /** Parses c, d, h or s (either case), or the suit's sign (♣ ♦ ♥ ♠, filled or outlined). */
    public static Suit fromSymbol(char symbol) {
        char lower = Character.toLowerCase(symbol);
        for (Suit suit : values()) {
            if (suit.symbol == lower || suit.sign == symbol || suit.outline == symbol) {
                return suit;
            }
        }
        throw new IllegalArgumentException("unknown suit '" + symbol + "' (expected one of c, d, h, s or ♣ ♦ ♥ ♠)");
    }
}
