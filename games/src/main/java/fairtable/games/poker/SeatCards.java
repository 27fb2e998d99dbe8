package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The private cards of every seat as one engine knows them, and every card seen in the hand (so that
 * no card is dealt twice). A seat's cards may have gone face down to another player: then they are
 * hidden here until that player shows them. Immutable.
 */
final class SeatCards {
    private final List<List<Card>> bySeat;
    /** Bit i set: seat i's cards went to it face down, unseen by this engine. */
    private final int hidden;
    private final long used;

    private SeatCards(List<List<Card>> bySeat, int hidden, long used) {
        this.bySeat = bySeat;
        this.hidden = hidden;
        this.used = used;
    }

    static SeatCards none(int seats) {
        return new SeatCards(Collections.nCopies(seats, List.of()), 0, 0);
    }

    /** The seat's cards: empty before the deal, for a seat sitting out, or while hidden. */
    List<Card> of(int seat) {
        return bySeat.get(seat);
    }

    /** Whether the seat's cards went to it face down and have not been shown. */
    boolean isHidden(int seat) {
        return (hidden >>> seat & 1) != 0 && bySeat.get(seat).isEmpty();
    }

    /** Whether the seat has been dealt its cards, seen or hidden. */
    boolean isDealt(int seat) {
        return !bySeat.get(seat).isEmpty() || (hidden >>> seat & 1) != 0;
    }

    /** The seat gets {@code cards} (there must be {@code count}, none seen before) added to its own. */
    SeatCards deal(int seat, List<Card> cards, int count, String what) {
        long mask = Cards.requireFresh(cards, count, used, what);
        List<Card> seatCards = new ArrayList<>(bySeat.get(seat));
        seatCards.addAll(cards);
        return new SeatCards(Cards.withSeat(bySeat, seat, seatCards), hidden, used | mask);
    }

    /** The seat's cards went to it face down. */
    SeatCards dealHidden(int seat) {
        return new SeatCards(bySeat, hidden | 1 << seat, used);
    }

    /** Community cards (there must be {@code count}, none seen before) are now seen too. */
    SeatCards seeCommunity(List<Card> cards, int count) {
        return new SeatCards(bySeat, hidden, used | Cards.requireFresh(cards, count, used, "the board"));
    }

    /** The seat throws {@code discards} away; they stay seen, so they are never dealt again. */
    SeatCards discard(int seat, List<Card> discards) {
        List<Card> kept = new ArrayList<>(bySeat.get(seat));
        kept.removeAll(discards);
        return new SeatCards(Cards.withSeat(bySeat, seat, kept), hidden, used);
    }

    /**
     * The seat shows its {@code count} cards: the known ones (which named cards must match, in any order),
     * or for a hand hidden here the named ones, which must be cards not otherwise seen in the hand.
     */
    SeatCards show(int seat, Action.Show show, int count) {
        List<Card> known = bySeat.get(seat);
        if (!known.isEmpty()) {
            List<Card> sortedKnown = known.stream().sorted().toList();
            if (!show.cards().isEmpty() && !show.cards().equals(sortedKnown)) {
                throw new IllegalArgumentException("seat " + seat + " shows " + Card.format(show.cards())
                        + " but holds " + Card.format(known));
            }
            return this;
        }
        if (show.cards().isEmpty()) {
            throw new IllegalArgumentException("seat " + seat + "'s cards were dealt hidden: the show must name them");
        }
        return deal(seat, show.cards(), count, "seat " + seat + "'s shown hand");
    }
}
