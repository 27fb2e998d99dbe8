package fairtable.games.poker;

import java.util.List;

/**
 * What the seat to act may do. {@code choices} lists every legal action except bets and raises,
 * which are any {@link Action.RaiseTo} with {@code minRaiseTo <= amount <= maxRaiseTo} when
 * {@link #canRaise()}. {@code maxRaiseTo} is the all-in amount; {@code minRaiseTo} equals it when
 * the stack is too short for a full raise. Showing is offered as {@code show()}; a show naming cards
 * is allowed wherever that is.
 */
public record LegalActions(int seat, List<Action> choices, int minRaiseTo, int maxRaiseTo) {

    public LegalActions {
        choices = List.copyOf(choices);
    }

    static LegalActions of(int seat, List<Action> choices) {
        return new LegalActions(seat, choices, 0, 0);
    }

    public boolean canRaise() {
        return maxRaiseTo > 0;
    }

    public boolean allows(Action action) {
        if (action instanceof Action.RaiseTo raise) {
            return canRaise() && raise.amount() >= minRaiseTo && raise.amount() <= maxRaiseTo;
        }
        if (action instanceof Action.Show) {
            // Whether the named cards are the seat's is for the engine to check when applying.
            return choices.contains(Action.show());
        }
        return choices.contains(action);
    }
}
