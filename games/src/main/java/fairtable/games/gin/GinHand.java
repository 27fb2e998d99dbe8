package fairtable.games.gin;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One deal of two-player gin rummy, as an immutable value. Drive it by answering {@link #awaiting()}.
 *
 * <p>The engine holds no randomness and never produces a card: the dealt hands, the upcard, each stock card and
 * the hands shown at the end are inputs. The same code runs on full information (tests, bots), on one seat's
 * view (its own cards {@link #deal dealt} and {@link #draw drawn} openly, the other seat's
 * {@link #dealHidden hidden}), and as the public judge that sees no private card at all. Cards taken from the
 * discard pile are public, so every view knows them. Where a hand is hidden from this engine, a discard, knock or
 * gin of a card not seen elsewhere is accepted on trust; when the hand ends with a knock both hands are
 * {@link #show shown}, checked against everything this engine saw, and the knock or gin is verified from the
 * shown cards before anything is scored. That the shown cards are the ones the deck really dealt is the deck
 * protocol's job, not this engine's.
 *
 * <p>Order of play: ten cards to the non-dealer, ten to the dealer, then the upcard. The non-dealer may take the
 * upcard or pass; if it passes the dealer may; if both pass the non-dealer draws from the stock. A seat that
 * took the upcard discards and the other seat plays on. Each turn is a draw (stock or discard pile) and a
 * discard, or a knock or gin with that discard; a card taken from the discard pile may not be discarded in the
 * same turn. When a discard without a knock leaves {@value GinRules#STOCK_LEFT_AT_DRAW} cards in the stock the
 * hand is drawn. Scoring is on {@link GinResult}.
 */
public final class GinHand {

    /** What the hand is waiting for. */
    public sealed interface Awaiting permits Deal, Upcard, Turn, StockCard, Show, Over {
    }

    /** {@code count} cards for {@code seat}: {@link #deal} or {@link #dealHidden}. */
    public record Deal(int seat, int count) implements Awaiting {
    }

    /** The upcard, opened face up for everybody: {@link #openUpcard}. */
    public record Upcard() implements Awaiting {
    }

    /** A decision of {@code seat}: {@link #legalMoves()} and {@link #apply}. */
    public record Turn(int seat) implements Awaiting {
    }

    /** The top stock card, drawn by {@code seat}: {@link #draw} or {@link #drawHidden}. */
    public record StockCard(int seat) implements Awaiting {
    }

    /** {@code seat} shows its ten cards after a knock or gin (the knocker first): {@link #show}. */
    public record Show(int seat) implements Awaiting {
    }

    public record Over(GinResult result) implements Awaiting {
    }

    /** Where the hand is. */
    public enum Phase {
        /** The two hands are being dealt. */
        DEAL,
        /** The upcard is to be opened. */
        UPCARD,
        /** A seat is offered the upcard (the non-dealer, then the dealer). */
        UPCARD_OFFER,
        /** Both passed the upcard: the non-dealer must draw from the stock. */
        FIRST_DRAW,
        /** A seat draws from the stock or takes the top discard. */
        DRAW,
        /** The stock card a seat drew is to be supplied. */
        STOCK_CARD,
        /** A seat with eleven cards discards, knocks or goes gin. */
        DISCARD,
        /** The hands are shown after a knock or gin. */
        SHOW,
        OVER
    }

    /** A seat's cards as this engine knows them: the ones it has seen, and how many it has not. */
    private record Holding(long known, int hidden) {
        int size() {
            return Long.bitCount(known) + hidden;
        }

        boolean fullyKnown() {
            return hidden == 0;
        }

        boolean holds(Card card) {
            return (known & Melds.bit(card)) != 0;
        }
    }

    private final GinRules rules;
    private final int dealer;
    private final Phase phase;
    /** The seat dealt to, offered the upcard, to play, drawing or showing. */
    private final int seat;
    private final List<Holding> holdings;
    /** Bottom first; the last card is the top. */
    private final List<Card> discards;
    private final int stock;
    /** The card the seat to discard took from the discard pile this turn, or null. */
    private final Card taken;
    private final int knocker;
    private final boolean gin;
    private final GinResult result;

    private GinHand(GinRules rules, int dealer, Phase phase, int seat, List<Holding> holdings, List<Card> discards,
                    int stock, Card taken, int knocker, boolean gin, GinResult result) {
        this.rules = rules;
        this.dealer = dealer;
        this.phase = phase;
        this.seat = seat;
        this.holdings = holdings;
        this.discards = discards;
        this.stock = stock;
        this.taken = taken;
        this.knocker = knocker;
        this.gin = gin;
        this.result = result;
    }

    /** A new hand dealt by {@code dealer}; it waits for the non-dealer's ten cards. */
    public static GinHand start(GinRules rules, int dealer) {
        Objects.requireNonNull(rules, "rules");
        GinRules.checkSeat(dealer);
        Holding none = new Holding(0, 0);
        return new GinHand(rules, dealer, Phase.DEAL, 1 - dealer, List.of(none, none), List.of(),
                GinRules.STOCK_SIZE, null, -1, false, null);
    }

    // ---- what the hand waits for, and what it shows ----

    public Awaiting awaiting() {
        return switch (phase) {
            case DEAL -> new Deal(seat, GinRules.HAND_SIZE);
            case UPCARD -> new Upcard();
            case UPCARD_OFFER, FIRST_DRAW, DRAW, DISCARD -> new Turn(seat);
            case STOCK_CARD -> new StockCard(seat);
            case SHOW -> new Show(seat);
            case OVER -> new Over(result);
        };
    }

    public Phase phase() {
        return phase;
    }

    public GinRules rules() {
        return rules;
    }

    public int dealer() {
        return dealer;
    }

    public int nonDealer() {
        return 1 - dealer;
    }

    public boolean isOver() {
        return phase == Phase.OVER;
    }

    public Optional<GinResult> result() {
        return Optional.ofNullable(result);
    }

    /** The seat that knocked or went gin, once one has. */
    public OptionalInt knocker() {
        return knocker < 0 ? OptionalInt.empty() : OptionalInt.of(knocker);
    }

    /** The seat's cards this engine has seen, in index order (a hidden seat's taken discards, for instance). */
    public List<Card> hand(int seat) {
        GinRules.checkSeat(seat);
        return Melds.cards(holdings.get(seat).known());
    }

    /** How many of the seat's cards this engine has not seen. */
    public int hiddenCount(int seat) {
        GinRules.checkSeat(seat);
        return holdings.get(seat).hidden();
    }

    /** How many cards the seat holds. */
    public int handSize(int seat) {
        GinRules.checkSeat(seat);
        return holdings.get(seat).size();
    }

    /** Whether this engine sees every card the seat holds. */
    public boolean isKnown(int seat) {
        GinRules.checkSeat(seat);
        return holdings.get(seat).fullyKnown();
    }

    /** The discard pile, bottom first; the last card is the one a seat may take. */
    public List<Card> discardPile() {
        return discards;
    }

    public Optional<Card> topDiscard() {
        return discards.isEmpty() ? Optional.empty() : Optional.of(discards.get(discards.size() - 1));
    }

    public int stockSize() {
        return stock;
    }

    /** The card taken from the discard pile in the current turn, which may not be discarded in it. */
    public Optional<Card> takenThisTurn() {
        return Optional.ofNullable(taken);
    }

    // ---- cards from outside ----

    /** The ten cards dealt to the seat {@link Deal} names, seen by this engine. */
    public GinHand deal(List<Card> cards) {
        require(Phase.DEAL, "dealt cards");
        if (cards.size() != GinRules.HAND_SIZE) {
            throw new IllegalArgumentException("seat " + seat + " is dealt " + GinRules.HAND_SIZE + " cards, not "
                    + cards.size());
        }
        long mask = Melds.mask(cards);
        requireUnseen(mask, "dealt to seat " + seat);
        return afterDeal(new Holding(mask, 0));
    }

    /** The ten cards went face down to the seat {@link Deal} names, unseen by this engine. */
    public GinHand dealHidden() {
        require(Phase.DEAL, "dealt cards");
        return afterDeal(new Holding(0, GinRules.HAND_SIZE));
    }

    private GinHand afterDeal(Holding dealt) {
        List<Holding> after = with(holdings, seat, dealt);
        if (seat == nonDealer()) {
            return new GinHand(rules, dealer, Phase.DEAL, dealer, after, discards, stock, null, -1, false, null);
        }
        return new GinHand(rules, dealer, Phase.UPCARD, nonDealer(), after, discards, stock, null, -1, false, null);
    }

    /** The upcard, face up: it starts the discard pile, and the non-dealer is offered it. */
    public GinHand openUpcard(Card card) {
        require(Phase.UPCARD, "the upcard");
        requireUnseen(Melds.bit(card), "turned up");
        return new GinHand(rules, dealer, Phase.UPCARD_OFFER, nonDealer(), holdings, List.of(card), stock, null,
                -1, false, null);
    }

    /** The stock card the drawing seat took, seen by this engine. */
    public GinHand draw(Card card) {
        require(Phase.STOCK_CARD, "a stock card");
        requireUnseen(Melds.bit(card), "drawn from the stock");
        Holding before = holdings.get(seat);
        return afterDraw(new Holding(before.known() | Melds.bit(card), before.hidden()));
    }

    /** The drawing seat took the stock card face down, unseen by this engine. */
    public GinHand drawHidden() {
        require(Phase.STOCK_CARD, "a stock card");
        Holding before = holdings.get(seat);
        return afterDraw(new Holding(before.known(), before.hidden() + 1));
    }

    private GinHand afterDraw(Holding drawn) {
        return new GinHand(rules, dealer, Phase.DISCARD, seat, with(holdings, seat, drawn), discards, stock - 1,
                null, -1, false, null);
    }

    /**
     * The ten cards of the seat {@link Show} names, face up. They must include every card this engine knows the
     * seat holds and be cards seen nowhere else. Once the knocker has shown, its knock (1 to the knock limit in
     * deadwood) or gin (none) is checked; once both have, the hand is scored.
     */
    public GinHand show(List<Card> cards) {
        require(Phase.SHOW, "a shown hand");
        Holding before = holdings.get(seat);
        long shown = Melds.mask(cards);
        if (cards.size() != before.size()) {
            throw new IllegalArgumentException("seat " + seat + " holds " + before.size() + " cards but shows "
                    + cards.size());
        }
        if ((before.known() & ~shown) != 0) {
            throw new IllegalArgumentException("seat " + seat + " shows " + Card.format(Melds.cards(shown))
                    + " without " + Card.format(Melds.cards(before.known() & ~shown)) + ", which it holds");
        }
        requireUnseen(shown & ~before.known(), "shown by seat " + seat);
        List<Holding> after = with(holdings, seat, new Holding(shown, 0));
        if (seat == knocker) {
            String problem = knockProblem(cards, gin);
            if (problem != null) {
                throw new IllegalArgumentException("seat " + seat + " " + (gin ? "went gin" : "knocked") + " but "
                        + problem);
            }
            return new GinHand(rules, dealer, Phase.SHOW, 1 - knocker, after, discards, stock, null, knocker, gin,
                    null);
        }
        GinResult scored = GinResult.score(rules, knocker, gin, Melds.cards(after.get(knocker).known()), cards);
        return new GinHand(rules, dealer, Phase.OVER, seat, after, discards, stock, null, knocker, gin, scored);
    }

    /** Shows the hand of the seat {@link Show} names, when this engine sees all of it. */
    public GinHand showKnown() {
        require(Phase.SHOW, "a shown hand");
        if (!holdings.get(seat).fullyKnown()) {
            throw new IllegalStateException("seat " + seat + "'s hand is hidden from this engine");
        }
        return show(hand(seat));
    }

    // ---- decisions ----

    /** The seat whose decision is awaited; throws when the hand waits for something else. */
    public int seatToAct() {
        if (!(awaiting() instanceof Turn turn)) {
            throw new IllegalStateException("no decision is awaited; waiting for " + awaiting());
        }
        return turn.seat();
    }

    /**
     * The moves {@link #apply} accepts now. For a hand this engine sees fully these are exactly the legal moves;
     * for a hand with hidden cards they also offer to discard, knock or go gin with any card not seen elsewhere,
     * to be checked when the hand is shown. Empty when no decision is awaited.
     */
    public List<GinMove> legalMoves() {
        List<GinMove> moves = new ArrayList<>();
        switch (phase) {
            case UPCARD_OFFER -> moves.addAll(List.of(GinMove.TAKE_UPCARD, GinMove.PASS));
            case FIRST_DRAW -> moves.add(GinMove.DRAW_STOCK);
            case DRAW -> moves.addAll(List.of(GinMove.DRAW_STOCK, GinMove.TAKE_DISCARD));
            case DISCARD -> {
                Holding holding = holdings.get(seat);
                long candidates = holding.known() | (holding.fullyKnown() ? 0 : ~seenMask() & ALL_CARDS);
                for (Card card : Melds.cards(candidates)) {
                    for (GinMove move : List.of(GinMove.discard(card), GinMove.knock(card), GinMove.gin(card))) {
                        if (problem(move) == null) {
                            moves.add(move);
                        }
                    }
                }
            }
            default -> {
            }
        }
        return List.copyOf(moves);
    }

    /** The decision of the seat to act; an illegal one throws with the rule it breaks. */
    public GinHand apply(GinMove move) {
        Objects.requireNonNull(move, "move");
        if (!(awaiting() instanceof Turn)) {
            throw new IllegalArgumentException("no decision is awaited (waiting for " + awaiting() + "), not " + move);
        }
        return apply(seat, move);
    }

    /** The decision of {@code actor}, which must be the seat to act. */
    public GinHand apply(int actor, GinMove move) {
        Objects.requireNonNull(move, "move");
        GinRules.checkSeat(actor);
        if (!(awaiting() instanceof Turn turn)) {
            throw new IllegalArgumentException("seat " + actor + " may not " + move + ": the hand waits for "
                    + awaiting());
        }
        if (turn.seat() != actor) {
            throw new IllegalArgumentException("it is seat " + turn.seat() + "'s turn, not seat " + actor + "'s");
        }
        String problem = problem(move);
        if (problem != null) {
            throw new IllegalArgumentException("seat " + seat + " may not " + move + ": " + problem);
        }
        if (move instanceof GinMove.TakeUpcard || move instanceof GinMove.TakeDiscard) {
            return takeTop();
        }
        if (move instanceof GinMove.Pass) {
            return seat == nonDealer()
                    ? new GinHand(rules, dealer, Phase.UPCARD_OFFER, dealer, holdings, discards, stock, null, -1,
                            false, null)
                    : new GinHand(rules, dealer, Phase.FIRST_DRAW, nonDealer(), holdings, discards, stock, null, -1,
                            false, null);
        }
        if (move instanceof GinMove.DrawStock) {
            return new GinHand(rules, dealer, Phase.STOCK_CARD, seat, holdings, discards, stock, null, -1, false,
                    null);
        }
        return endTurn((GinMove.EndsTurn) move);
    }

    private GinHand takeTop() {
        Card top = discards.get(discards.size() - 1);
        Holding before = holdings.get(seat);
        return new GinHand(rules, dealer, Phase.DISCARD, seat,
                with(holdings, seat, new Holding(before.known() | Melds.bit(top), before.hidden())),
                discards.subList(0, discards.size() - 1), stock, top, -1, false, null);
    }

    private GinHand endTurn(GinMove.EndsTurn end) {
        Card card = end.card();
        Holding before = holdings.get(seat);
        Holding after = before.holds(card)
                ? new Holding(before.known() & ~Melds.bit(card), before.hidden())
                : new Holding(before.known(), before.hidden() - 1);
        List<Holding> nextHoldings = with(holdings, seat, after);
        List<Card> pile = new ArrayList<>(discards);
        pile.add(card);
        List<Card> nextPile = List.copyOf(pile);
        if (end instanceof GinMove.Discard) {
            if (stock <= GinRules.STOCK_LEFT_AT_DRAW) {
                return new GinHand(rules, dealer, Phase.OVER, seat, nextHoldings, nextPile, stock, null, -1, false,
                        GinResult.drawn());
            }
            return new GinHand(rules, dealer, Phase.DRAW, 1 - seat, nextHoldings, nextPile, stock, null, -1, false,
                    null);
        }
        return new GinHand(rules, dealer, Phase.SHOW, seat, nextHoldings, nextPile, stock, null, seat,
                end instanceof GinMove.Gin, null);
    }

    /** Why the seat to act may not make this move now, or null when it may. */
    private String problem(GinMove move) {
        switch (phase) {
            case UPCARD_OFFER:
                return move instanceof GinMove.TakeUpcard || move instanceof GinMove.Pass ? null
                        : "it is offered the upcard, so it takes it or passes";
            case FIRST_DRAW:
                return move instanceof GinMove.DrawStock ? null
                        : "both seats passed the upcard, so the non-dealer draws from the stock";
            case DRAW:
                return move instanceof GinMove.DrawStock || move instanceof GinMove.TakeDiscard ? null
                        : "its turn starts with a draw from the stock or the discard pile";
            case DISCARD:
                if (!(move instanceof GinMove.EndsTurn end)) {
                    return "it holds eleven cards, so it discards, knocks or goes gin";
                }
                return discardProblem(end);
            default:
                return "no decision is awaited";
        }
    }

    private String discardProblem(GinMove.EndsTurn end) {
        Card card = end.card();
        if (card.equals(taken)) {
            return card + " was just taken from the discard pile";
        }
        Holding holding = holdings.get(seat);
        if (!holding.holds(card) && (holding.fullyKnown() || (seenMask() & Melds.bit(card)) != 0)) {
            return "it does not hold " + card;
        }
        if (end instanceof GinMove.Discard || !holding.fullyKnown()) {
            return null;
        }
        List<Card> kept = Melds.cards(holding.known() & ~Melds.bit(card));
        return knockProblem(kept, end instanceof GinMove.Gin);
    }

    /** Why ten cards do not allow this knock or gin, or null when they do. */
    private String knockProblem(List<Card> kept, boolean isGin) {
        int deadwood = Melds.deadwood(kept);
        if (isGin) {
            return deadwood == 0 ? null : "its hand keeps " + deadwood + " deadwood, and gin needs none";
        }
        if (deadwood == 0) {
            return "its hand keeps no deadwood, which is gin, not a knock";
        }
        return deadwood <= rules.knockLimit() ? null
                : "its hand keeps " + deadwood + " deadwood, more than " + rules.knockLimit();
    }

    // ---- helpers ----

    private static final long ALL_CARDS = (1L << Card.DECK_SIZE) - 1;

    /** Every card this engine has seen: in a hand it knows or on the discard pile. */
    private long seenMask() {
        long seen = Melds.mask(discards);
        for (Holding holding : holdings) {
            seen |= holding.known();
        }
        return seen;
    }

    private void requireUnseen(long cards, String what) {
        long repeated = cards & seenMask();
        if (repeated != 0) {
            throw new IllegalArgumentException("card " + Card.format(Melds.cards(repeated)) + " " + what
                    + " was already seen in this hand");
        }
    }

    private void require(Phase expected, String what) {
        if (phase != expected) {
            throw new IllegalStateException("not waiting for " + what + " but for " + awaiting());
        }
    }

    private static List<Holding> with(List<Holding> holdings, int seat, Holding holding) {
        List<Holding> copy = new ArrayList<>(holdings);
        copy.set(seat, holding);
        return List.copyOf(copy);
    }

    @Override
    public String toString() {
        return "GinHand{" + awaiting() + ", dealer " + dealer + ", hands " + describe(0) + " / " + describe(1)
                + ", discards " + Card.format(discards) + ", stock " + stock + "}";
    }

    private String describe(int seat) {
        Holding holding = holdings.get(seat);
        return Card.format(hand(seat)) + (holding.hidden() == 0 ? "" : " +" + holding.hidden() + " hidden");
    }
}
