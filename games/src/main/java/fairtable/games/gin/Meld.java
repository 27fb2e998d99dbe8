package fairtable.games.gin;

import fairtable.games.cards.Card;
import fairtable.games.cards.Rank;
import fairtable.games.cards.Suit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A meld: a set of three or four cards of one rank, or a run of three or more cards of one suit in sequence
 * with the ace low (A-2-3 is a run, Q-K-A is not). The cards are kept in order: a set by suit, a run from its
 * lowest card up.
 */
public record Meld(Kind kind, List<Card> cards) {

    public enum Kind { SET, RUN }

    public Meld {
        Objects.requireNonNull(kind, "kind");
        cards = List.copyOf(cards);
        String problem = problem(kind, cards);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    /** The meld these cards make, in any order; throws when they make none. */
    public static Meld of(Collection<Card> cards) {
        List<Card> sorted = new ArrayList<>(cards);
        Card.requireDistinct(sorted);
        boolean oneRank = !sorted.isEmpty() && sorted.stream().allMatch(c -> c.rank() == sorted.get(0).rank());
        if (oneRank) {
            sorted.sort(Comparator.comparing(Card::suit));
            return new Meld(Kind.SET, sorted);
        }
        sorted.sort(Comparator.comparing(Card::suit).thenComparingInt(Meld::position));
        return new Meld(Kind.RUN, sorted);
    }

    /** Parses cards such as "4h 5h 6h" into the meld they make. */
    public static Meld parse(String text) {
        return of(Card.parseAll(text));
    }

    /**
     * A card's place in a run: the ace is 0 (below the deuce), the deuce 1, ... the king 12. Aces are low
     * only, so no run wraps from the king to the ace.
     */
    public static int position(Card card) {
        return card.rank() == Rank.ACE ? 0 : card.rank().ordinal() + 1;
    }

    /** The card of this suit at a run {@link #position}. */
    static Card atPosition(Suit suit, int position) {
        Rank rank = position == 0 ? Rank.ACE : Rank.values()[position - 1];
        return Card.of(rank, suit);
    }

    public int size() {
        return cards.size();
    }

    private static String problem(Kind kind, List<Card> cards) {
        Card.requireDistinct(cards);
        if (kind == Kind.SET) {
            if (cards.size() < 3 || cards.size() > 4) {
                return "a set has 3 or 4 cards, not " + cards.size() + ": " + Card.format(cards);
            }
            for (int i = 0; i < cards.size(); i++) {
                if (cards.get(i).rank() != cards.get(0).rank()) {
                    return "a set has cards of one rank: " + Card.format(cards);
                }
                if (i > 0 && cards.get(i).suit().compareTo(cards.get(i - 1).suit()) <= 0) {
                    return "a set lists its cards by suit: " + Card.format(cards);
                }
            }
            return null;
        }
        if (cards.size() < 3) {
            return "a run has at least 3 cards, not " + cards.size() + ": " + Card.format(cards);
        }
        for (int i = 1; i < cards.size(); i++) {
            if (cards.get(i).suit() != cards.get(0).suit()) {
                return "a run has cards of one suit: " + Card.format(cards);
            }
            if (position(cards.get(i)) != position(cards.get(i - 1)) + 1) {
                return "a run is a sequence, ace low: " + Card.format(cards);
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return Card.format(cards);
    }
}
