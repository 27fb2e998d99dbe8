package fairtable.games.cards;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A card of the standard 52-card deck, written as rank then suit: "As", "Td", "7h".
 *
 * <p>Every card has a stable {@link #index()} in 0..51, {@code suit.ordinal() * 13 + rank.ordinal()}:
 * 0 is 2c, 12 is Ac, 13 is 2d, 51 is As. A deck protocol that deals card numbers maps them with
 * {@link #ofIndex(int)}. Instances are interned, so there are exactly 52.
 */
public final class Card implements Comparable<Card> {
    public static final int DECK_SIZE = 52;

    private static final Card[] ALL = new Card[DECK_SIZE];

    static {
        for (Suit suit : Suit.values()) {
            for (Rank rank : Rank.values()) {
                Card card = new Card(rank, suit);
                ALL[card.index] = card;
            }
        }
    }

    private final Rank rank;
    private final Suit suit;
    private final int index;

    private Card(Rank rank, Suit suit) {
        this.rank = rank;
        this.suit = suit;
        this.index = suit.ordinal() * 13 + rank.ordinal();
    }

    public static Card of(Rank rank, Suit suit) {
        return ALL[suit.ordinal() * 13 + Objects.requireNonNull(rank, "rank").ordinal()];
    }

    /** The card with the given stable index (0..51). */
    public static Card ofIndex(int index) {
        if (index < 0 || index >= DECK_SIZE) {
            throw new IllegalArgumentException("card index " + index + " is outside 0..51");
        }
        return ALL[index];
    }

    /**
     * Parses rank then suit as people write it: "As", "td", "7H", "10h" (ten as T or 10), and the suit as a letter or
     * its symbol ("A♠", "10♥"), so a card printed with symbols can be typed back.
     */
    public static Card parse(String text) {
        Objects.requireNonNull(text, "card text");
        String trimmed = text.strip();
        String rank = trimmed.startsWith("10") ? "T" : trimmed.isEmpty() ? "" : trimmed.substring(0, 1);
        String suit = trimmed.substring(Math.min(trimmed.length(), trimmed.startsWith("10") ? 2 : 1));
        if (rank.isEmpty() || suit.length() != 1) {
            throw new IllegalArgumentException("card \"" + text + "\" is rank then suit, like As, Th or 10h"
                    + " (ranks 2-9, T or 10, J, Q, K, A; suits c, d, h, s or ♣ ♦ ♥ ♠)");
        }
        try {
            return of(Rank.fromSymbol(rank.charAt(0)), Suit.fromSymbol(suit.charAt(0)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("card \"" + text + "\": " + e.getMessage());
        }
    }

    /**
     * Parses cards separated by spaces or commas ("As Kd 7h"). Rejects duplicates, because no
     * hand from one deck holds the same card twice.
     */
    public static List<Card> parseAll(String text) {
        Objects.requireNonNull(text, "cards text");
        List<Card> cards = new ArrayList<>();
        for (String token : text.strip().split("[\\s,]+")) {
            if (!token.isEmpty()) {
                cards.add(parse(token));
            }
        }
        requireDistinct(cards);
        return List.copyOf(cards);
    }

    /** Throws if a card appears twice. */
    public static void requireDistinct(List<Card> cards) {
        long seen = 0;
        for (Card card : cards) {
            long bit = 1L << Objects.requireNonNull(card, "card").index;
            if ((seen & bit) != 0) {
                throw new IllegalArgumentException("duplicate card " + card);
            }
            seen |= bit;
        }
    }

    /** All 52 cards in index order. */
    public static List<Card> deck() {
        return List.of(ALL);
    }

    public Rank rank() {
        return rank;
    }

    public Suit suit() {
        return suit;
    }

    public int index() {
        return index;
    }

    /** Orders by index: suit first, then rank. */
    @Override
    public int compareTo(Card other) {
        return Integer.compare(index, other.index);
    }

    @Override
    public String toString() {
        return "" + rank.symbol() + suit.symbol();
    }

    /** Formats cards separated by single spaces. */
    public static String format(List<Card> cards) {
        StringBuilder text = new StringBuilder();
        for (Card card : cards) {
            if (text.length() > 0) {
                text.append(' ');
            }
            text.append(card);
        }
        return text.toString();
    }
}
