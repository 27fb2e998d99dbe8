package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.List;
import java.util.Map;

/** What every poker hand engine offers: drive it by answering {@link #pending()}. */
public sealed interface PokerHand permits HoldemHand, DrawHand {

    int seats();

    int button();

    /** What the hand waits for next. */
    Pending pending();

    /** The legal decisions when {@link #pending()} is {@link Pending.ActionFrom}. */
    LegalActions legalActions();

    /** The next state after the decision of the seat to act; illegal decisions throw. */
    PokerHand apply(Action action);

    /** The next state after supplying the cards {@link #pending()} asks for. */
    PokerHand deal(List<Card> cards);

    /**
     * The next state after the requested private cards went face down to a seat this engine does not
     * play: an observer's view in a game where every node runs its own engine.
     */
    PokerHand dealHidden();

    /** Whether the seat's private cards are hidden from this engine (and not shown yet). */
    boolean isHidden(int seat);

    boolean isComplete();

    /** Chips behind each seat; after completion, the final stacks. */
    int[] stacks();

    /** All chips in the middle. */
    int pot();

    /** The middle as main and side pots. */
    List<Pot> pots();

    int committed(int seat);

    int committedThisRound(int seat);

    int currentBet();

    boolean hasFolded(int seat);

    /** Chips each seat won; only once complete. */
    int[] payouts();

    /** The hands shown at showdown so far. */
    Map<Integer, HandValue> shownHands();

    boolean mucked(int seat);

    /** The cards the seat holds privately (hole cards, or the five-card draw hand); empty while hidden. */
    List<Card> privateCards(int seat);

    /** Community cards (none in draw). */
    List<Card> board();
}
