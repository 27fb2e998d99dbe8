package fairtable.games.poker;

/** A sequence of five-card draw hands at one table; see {@link PokerGame}. Immutable. */
public final class DrawGame extends PokerGame<DrawGame, DrawHand> {
    private final DrawRules rules;

    private DrawGame(DrawRules rules, DrawHand hand, int handNumber) {
        super(DrawHand.class, hand, handNumber);
        this.rules = rules;
    }

    /** Starts the first hand with the button at {@code firstButton}. */
    public static DrawGame start(DrawRules rules, int[] stacks, int firstButton) {
        return new DrawGame(rules, DrawHand.start(rules, stacks, firstButton), 1);
    }

    public DrawRules rules() {
        return rules;
    }

    @Override
    DrawGame with(DrawHand hand, int handNumber) {
        return new DrawGame(rules, hand, handNumber);
    }

    @Override
    DrawHand startHand(int[] stacks, int button) {
        return DrawHand.start(rules, stacks, button);
    }
}
