package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.List;

/**
 * A sequence of five-card draw hands at one table, like {@link HoldemGame}: stacks carry over, empty
 * stacks sit out, the button moves to the next seat with chips. Immutable.
 */
public final class DrawGame {
    private final DrawRules rules;
    private final DrawHand hand;
    private final int handNumber;

    private DrawGame(DrawRules rules, DrawHand hand, int handNumber) {
        this.rules = rules;
        this.hand = hand;
        this.handNumber = handNumber;
    }

    public static DrawGame start(DrawRules rules, int[] stacks, int firstButton) {
        return new DrawGame(rules, DrawHand.start(rules, stacks, firstButton), 1);
    }

    public DrawRules rules() {
        return rules;
    }

    public DrawHand hand() {
        return hand;
    }

    public int handNumber() {
        return handNumber;
    }

    public Pending pending() {
        return hand.pending();
    }

    public LegalActions legalActions() {
        return hand.legalActions();
    }

    public DrawGame apply(Action action) {
        return new DrawGame(rules, hand.apply(action), handNumber);
    }

    public DrawGame deal(List<Card> cards) {
        return new DrawGame(rules, hand.deal(cards), handNumber);
    }

    public DrawGame dealHidden() {
        return new DrawGame(rules, hand.dealHidden(), handNumber);
    }

    public int[] stacks() {
        return hand.stacks();
    }

    /** True once the current hand is complete and fewer than two players have chips left. */
    public boolean isOver() {
        return hand.isComplete() && TableSeats.withChips(hand.stacks()) < 2;
    }

    /** Starts the next hand after a complete one, the button moving to the next seat with chips. */
    public DrawGame nextHand() {
        if (!hand.isComplete()) {
            throw new IllegalStateException("the current hand is not complete");
        }
        if (isOver()) {
            throw new IllegalStateException("the game is over: fewer than two players have chips");
        }
        int[] stacks = hand.stacks();
        return new DrawGame(rules, DrawHand.start(rules, stacks, TableSeats.nextWithChips(stacks, hand.button())),
                handNumber + 1);
    }
}
