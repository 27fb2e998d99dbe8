package fairtable.games.poker;

/** A sequence of no-limit Hold'em hands at one table; see {@link PokerGame}. Immutable. */
public final class HoldemGame extends PokerGame<HoldemGame, HoldemHand> {
    private final HoldemRules rules;

    private HoldemGame(HoldemRules rules, HoldemHand hand, int handNumber) {
        super(HoldemHand.class, hand, handNumber);
        this.rules = rules;
    }

    /** Starts the first hand with the button at {@code firstButton}. */
    public static HoldemGame start(HoldemRules rules, int[] stacks, int firstButton) {
        return new HoldemGame(rules, HoldemHand.start(rules, stacks, firstButton), 1);
    }

    public HoldemRules rules() {
        return rules;
    }

    @Override
    HoldemGame with(HoldemHand hand, int handNumber) {
        return new HoldemGame(rules, hand, handNumber);
    }

    @Override
    HoldemHand startHand(int[] stacks, int button) {
        return HoldemHand.start(rules, stacks, button);
    }
}
