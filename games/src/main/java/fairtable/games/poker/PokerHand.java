package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every poker hand engine offers: drive it by answering {@link #pending()}. What works the same in
 * every variant is kept here: the chips ({@link Betting}), the private cards as this engine knows them,
 * the pending request and the showdown. A variant adds its community cards, the order of its rounds and
 * what happens between them. Immutable.
 */
public abstract sealed class PokerHand permits HoldemHand, DrawHand {
    private final int button;
    private final Betting betting;
    private final SeatCards cards;
    private final Pending pending;
    /** Null until the showdown starts. */
    private final Showdown showdown;

    PokerHand(int button, Betting betting, SeatCards cards, Pending pending, Showdown showdown) {
        this.button = button;
        this.betting = betting;
        this.cards = cards;
        this.pending = pending;
        this.showdown = showdown;
    }

    /** How a variant makes its next state from new shared parts, its own parts unchanged. */
    @FunctionalInterface
    interface Next<H extends PokerHand> {
        H of(Betting betting, SeatCards cards, Pending pending, Showdown showdown);
    }

    final Betting betting() {
        return betting;
    }

    final SeatCards cards() {
        return cards;
    }

    final Showdown showdown() {
        return showdown;
    }

    public final int seats() {
        return betting.seats();
    }

    public final int button() {
        return button;
    }

    /** What the hand waits for next. */
    public final Pending pending() {
        return pending;
    }

    /** The legal decisions when {@link #pending()} is {@link Pending.ActionFrom}. */
    public abstract LegalActions legalActions();

    /** The next state after the decision of the seat to act; illegal decisions throw. */
    public abstract PokerHand apply(Action action);

    /** The next state after supplying the cards {@link #pending()} asks for. */
    public abstract PokerHand deal(List<Card> cards);

    /**
     * The next state after the requested private cards went face down to a seat this engine does not
     * play: an observer's view in a game where every node runs its own engine.
     */
    public abstract PokerHand dealHidden();

    /** Whether the seat's private cards were dealt hidden from this engine (and not shown yet). */
    public final boolean isHidden(int seat) {
        return cards.isHidden(seat);
    }

    /**
     * The cards the seat holds privately (hole cards, or the five-card draw hand): empty before they are
     * dealt, for a seat sitting out, or while hidden from this engine.
     */
    public final List<Card> privateCards(int seat) {
        return cards.of(seat);
    }

    /** Community cards (none in draw). */
    public abstract List<Card> board();

    public final boolean isComplete() {
        return betting.paidOut();
    }

    /** Chips behind each seat; after completion, the final stacks (payouts included). */
    public final int[] stacks() {
        return betting.stacks();
    }

    /** All chips in the middle. */
    public final int pot() {
        return betting.pot();
    }

    /** The middle as main and side pots, as it stands. */
    public final List<Pot> pots() {
        return betting.pots();
    }

    /** Chips the seat has put in during this hand. */
    public final int committed(int seat) {
        return betting.committed(seat);
    }

    /** Chips the seat has put in during the current betting round. */
    public final int committedThisRound(int seat) {
        return betting.streetCommitment(seat);
    }

    /** The bet to match in the current betting round. */
    public final int currentBet() {
        return betting.currentBet();
    }

    /** Whether the seat has folded or sat the hand out. */
    public final boolean hasFolded(int seat) {
        return betting.folded(seat);
    }

    /** Chips each seat won; only once complete. */
    public final int[] payouts() {
        return betting.payouts();
    }

    /** The hands shown at showdown so far, by seat. */
    public final Map<Integer, HandValue> shownHands() {
        Map<Integer, HandValue> shown = new LinkedHashMap<>();
        if (showdown != null) {
            for (int seat = 0; seat < seats(); seat++) {
                if (showdown.shown(seat)) {
                    shown.put(seat, valueOf(privateCards(seat)));
                }
            }
        }
        return shown;
    }

    /** Whether the seat threw its hand away at showdown. */
    public final boolean mucked(int seat) {
        return showdown != null && showdown.mucked(seat);
    }

    /** The best hand these private cards make with the board. */
    final HandValue valueOf(List<Card> privateCards) {
        List<Card> cards = new ArrayList<>(privateCards);
        cards.addAll(board());
        return HandEvaluator.evaluate(cards);
    }

    /** The seat whose decision is pending; throws when the hand waits for something else. */
    final int seatToAct() {
        if (!(pending() instanceof Pending.ActionFrom from)) {
            throw new IllegalStateException("no decision is pending; waiting for " + pending());
        }
        return from.seat();
    }

    /** Checks that a decision is pending and that it is {@code seat}'s. */
    final void requireTurn(int seat) {
        int toAct = seatToAct();
        if (toAct != seat) {
            throw new IllegalArgumentException("it is seat " + toAct + "'s turn, not seat " + seat + "'s");
        }
    }

    /**
     * The showdown after the last betting round of {@code settled}: the last aggressor shows first (or
     * the first player left of the button when nobody bet), and hands hidden from this engine are
     * unknown until shown.
     */
    final Showdown startShowdown(Betting settled) {
        int[] strengths = new int[seats()];
        Arrays.fill(strengths, Integer.MIN_VALUE);
        for (int seat = 0; seat < seats(); seat++) {
            if (!settled.folded(seat)) {
                strengths[seat] = isHidden(seat) ? Showdown.UNKNOWN : valueOf(privateCards(seat)).strength();
            }
        }
        int aggressor = settled.lastAggressor();
        int first = aggressor >= 0 && !settled.folded(aggressor) ? aggressor : settled.nextInHand(button);
        return Showdown.start(first, settled.foldedSeats(), strengths, settled.pots());
    }

    /**
     * The seat to act at showdown shows its {@code count} private cards (naming them when they are hidden
     * here) or mucks; once everybody has, the pots are paid out and the hand is over.
     */
    final <H extends PokerHand> H showOrMuck(int seat, Action action, int count, Next<H> next) {
        SeatCards after = cards;
        int strength = 0;
        if (action instanceof Action.Show show) {
            after = cards.show(seat, show, count);
            strength = valueOf(after.of(seat)).strength();
        }
        Showdown nextShowdown = showdown.apply(seat, action, strength);
        if (nextShowdown.finished()) {
            return next.of(betting.payOut(nextShowdown.payouts(button)), after, new Pending.HandOver(),
                    nextShowdown);
        }
        return next.of(betting, after, new Pending.ActionFrom(nextShowdown.toAct()), nextShowdown);
    }
}
