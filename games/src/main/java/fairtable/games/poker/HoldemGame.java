package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.List;

/**
 * A sequence of Hold'em hands at one table: stacks carry over from hand to hand, players whose stack
 * is empty are out (they keep their seat number but are dealt no more), and the button moves to the
 * next seat still holding chips. Immutable. (Dead-button rules are not modelled: the button simply
 * moves on to the next player with chips.)
 */
public final class HoldemGame {
    private final HoldemRules rules;
    private final HoldemHand hand;
    private final int handNumber;

    private HoldemGame(HoldemRules rules, HoldemHand hand, int handNumber) {
        this.rules = rules;
        this.hand = hand;
        this.handNumber = handNumber;
    }

    /** Starts the first hand with the button at {@code firstButton}. */
    public static HoldemGame start(HoldemRules rules, int[] stacks, int firstButton) {
        return new HoldemGame(rules, HoldemHand.start(rules, stacks, firstButton), 1);
    }

    public HoldemRules rules() {
        return rules;
    }

    /** The hand being played (or just finished). */
    public HoldemHand hand() {
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

    public HoldemGame apply(Action action) {
        return new HoldemGame(rules, hand.apply(action), handNumber);
    }

    public HoldemGame deal(List<Card> cards) {
        return new HoldemGame(rules, hand.deal(cards), handNumber);
    }

    /** See {@link HoldemHand#dealHidden()}. */
    public HoldemGame dealHidden() {
        return new HoldemGame(rules, hand.dealHidden(), handNumber);
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
    public HoldemGame nextHand() {
        if (!hand.isComplete()) {
            throw new IllegalStateException("the current hand is not complete");
        }
        if (isOver()) {
            throw new IllegalStateException("the game is over: fewer than two players have chips");
        }
        int[] stacks = hand.stacks();
        return new HoldemGame(rules, HoldemHand.start(rules, stacks, TableSeats.nextWithChips(stacks, hand.button())),
                handNumber + 1);
    }
}
