package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.List;

/** Checks on cards dealt into an engine from outside. */
final class Cards {
    private Cards() {
    }

    /** The mask of {@code cards} after checking that there are {@code count}, distinct and not yet used. */
    static long requireFresh(List<Card> cards, int count, long used, String what) {
        if (cards.size() != count) {
            throw new IllegalArgumentException(what + " needs " + count + " card(s), got " + cards.size());
        }
        long mask = 0;
        for (Card card : cards) {
            long bit = 1L << card.index();
            if (((used | mask) & bit) != 0) {
                throw new IllegalArgumentException("card " + card + " was already dealt in this hand");
            }
            mask |= bit;
        }
        return mask;
    }

    /** {@code bySeat} with the seat's entry replaced by {@code seatCards}. */
    static List<List<Card>> withSeat(List<List<Card>> bySeat, int seat, List<Card> seatCards) {
        List<List<Card>> copy = new ArrayList<>(bySeat);
        copy.set(seat, List.copyOf(seatCards));
        return List.copyOf(copy);
    }
}
