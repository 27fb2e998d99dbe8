package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.List;

/**
 * A sequence of hands at one table, whatever the poker variant: stacks carry over from hand to hand,
 * players whose stack is empty are out (they keep their seat number but are dealt no more), and the button
 * moves to the next seat still holding chips. Immutable. (Dead-button rules are not modelled: the button
 * simply moves on to the next player with chips.)
 *
 * @param <G> the concrete game, so that every step returns the caller's own type
 * @param <H> the variant's hand
 */
public abstract class PokerGame<G extends PokerGame<G, H>, H extends PokerHand> {
    private final Class<H> handType;
    private final H hand;
    private final int handNumber;

    PokerGame(Class<H> handType, H hand, int handNumber) {
        this.handType = handType;
        this.hand = hand;
        this.handNumber = handNumber;
    }

    /** The same game with {@code hand} as the current hand. */
    abstract G with(H hand, int handNumber);

    /** A fresh hand of this variant. */
    abstract H startHand(int[] stacks, int button);

    /** The hand being played (or just finished). */
    public H hand() {
        return hand;
    }

    /** 1 for the first hand. */
    public int handNumber() {
        return handNumber;
    }

    public Pending pending() {
        return hand.pending();
    }

    public LegalActions legalActions() {
        return hand.legalActions();
    }

    public G apply(Action action) {
        return with(handType.cast(hand.apply(action)), handNumber);
    }

    public G deal(List<Card> cards) {
        return with(handType.cast(hand.deal(cards)), handNumber);
    }

    /** See {@link PokerHand#dealHidden()}. */
    public G dealHidden() {
        return with(handType.cast(hand.dealHidden()), handNumber);
    }

    /** Chips behind each seat (once the hand is complete, the stacks the next hand starts with). */
    public int[] stacks() {
        return hand.stacks();
    }

    /** True once the current hand is complete and fewer than two players have chips left. */
    public boolean isOver() {
        return hand.isComplete() && TableSeats.withChips(hand.stacks()) < 2;
    }

    /** Starts the next hand after a complete one, the button moving to the next seat with chips. */
    public G nextHand() {
        if (!hand.isComplete()) {
            throw new IllegalStateException("the current hand is not complete");
        }
        if (isOver()) {
            throw new IllegalStateException("the game is over: fewer than two players have chips");
        }
        int[] stacks = hand.stacks();
        return with(startHand(stacks, TableSeats.nextWithChips(stacks, hand.button())), handNumber + 1);
    }
}
