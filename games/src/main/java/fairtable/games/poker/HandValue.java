package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.List;

/**
 * The value of the best five-card hand among five to seven cards. Compare values with
 * {@link #compareTo}; equal strength means a tie (suits never break ties).
 *
 * @param strength  the evaluator's packed strength, see {@link HandEvaluator#strength(int[])}
 * @param bestFive  the five cards forming the hand, most significant first (the pair before its
 *                  kickers, a straight from its top card down, the wheel as 5 4 3 2 A; within a
 *                  rank, spades before hearts, diamonds, clubs)
 */
public record HandValue(int strength, List<Card> bestFive) implements Comparable<HandValue> {

    public HandValue {
        bestFive = List.copyOf(bestFive);
        if (bestFive.size() != 5) {
            throw new IllegalArgumentException("a hand value needs exactly five cards, got " + bestFive.size());
        }
    }

    public HandCategory category() {
        return HandEvaluator.category(strength);
    }

    /** "category: c1 c2 c3 c4 c5", for example "pair: 7h 7c As Kd Tc". */
    public String describe() {
        return category().displayName() + ": " + Card.format(bestFive);
    }

    @Override
    public int compareTo(HandValue other) {
        return Integer.compare(strength, other.strength);
    }

    @Override
    public String toString() {
        return describe();
    }
}
