package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.List;

/** Checks the cards a player names when showing. */
final class ShownCards {
    private ShownCards() {
    }

    /**
     * The seat's cards to show: the known ones (which named cards must match, in any order), or for a
     * hand dealt hidden the named ones, which must be {@code count} cards not otherwise seen in the hand.
     */
    static List<Card> check(int seat, Action.Show show, List<Card> known, int count, long used) {
        if (!known.isEmpty()) {
            List<Card> sortedKnown = known.stream().sorted().toList();
            if (!show.cards().isEmpty() && !show.cards().equals(sortedKnown)) {
                throw new IllegalArgumentException("seat " + seat + " shows " + Card.format(show.cards())
                        + " but holds " + Card.format(known));
            }
            return known;
        }
        if (show.cards().isEmpty()) {
            throw new IllegalArgumentException("seat " + seat + "'s cards were dealt hidden: the show must name them");
        }
        Cards.requireFresh(show.cards(), count, used, "seat " + seat + "'s shown hand");
        return show.cards();
    }
}
