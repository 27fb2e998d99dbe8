package fairtable.games.poker;

/** Poker hand categories, weakest first, so {@code ordinal()} orders them. */
public enum HandCategory {
    HIGH_CARD("high card"),
    PAIR("pair"),
    TWO_PAIR("two pair"),
    THREE_OF_A_KIND("three of a kind"),
    STRAIGHT("straight"),
    FLUSH("flush"),
    FULL_HOUSE("full house"),
    FOUR_OF_A_KIND("four of a kind"),
    STRAIGHT_FLUSH("straight flush");

    private static final HandCategory[] VALUES = values();

    private final String displayName;

    HandCategory(String displayName) {
        this.displayName = displayName;
    }

    public String displayName() {
        return displayName;
    }

    static HandCategory ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    @Override
    public String toString() {
        return displayName;
    }
}
