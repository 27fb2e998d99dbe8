package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One hand of no-limit Texas Hold'em as an immutable value: {@link #pending()} says what the hand waits
 * for, {@link #deal(List)} supplies requested cards and {@link #apply(Action)} a player's decision; both
 * return the next state and reject anything out of turn or against the rules.
 *
 * <p>Seats are fixed table positions 0..n-1; a seat with an empty stack sits the hand out. With two
 * players the button posts the small blind, acts first before the flop and last after it. Uncalled chips
 * return to their owner at the end of each betting round. When at most one player can still bet, the
 * remaining board is requested without further betting. Showdown starts with the last aggressor of the
 * river (or the first live seat left of the button when the river was checked or skipped), and see
 * {@link Action.Muck} for when a hand may be thrown away.
 */
public final class HoldemHand implements PokerHand {

    /** The betting round the hand is in (or waiting to deal into). */
    public enum Street { PREFLOP, FLOP, TURN, RIVER, SHOWDOWN, COMPLETE }

    private final HoldemRules rules;
    /** Bit i set: seat i was dealt cards this engine cannot see. */
    private final int hiddenSeats;
    private final int button;
    private final int smallBlindSeat;
    private final int bigBlindSeat;
    private final Betting betting;
    private final List<List<Card>> holeCards;
    private final List<Card> board;
    private final long usedCards;
    private final Street street;
    private final Pending pending;
    private final Showdown showdown;
    private final int[] payouts;

    private HoldemHand(HoldemRules rules, int hiddenSeats, int button, int smallBlindSeat, int bigBlindSeat,
            Betting betting,
            List<List<Card>> holeCards, List<Card> board, long usedCards, Street street, Pending pending,
            Showdown showdown, int[] payouts) {
        this.rules = rules;
        this.hiddenSeats = hiddenSeats;
        this.button = button;
        this.smallBlindSeat = smallBlindSeat;
        this.bigBlindSeat = bigBlindSeat;
        this.betting = betting;
        this.holeCards = holeCards;
        this.board = board;
        this.usedCards = usedCards;
        this.street = street;
        this.pending = pending;
        this.showdown = showdown;
        this.payouts = payouts;
    }

    /**
     * Starts a hand: posts the blinds and asks for the first hole cards. {@code stacks} has one entry per
     * seat (2 to 9 seats, at least two with chips); {@code button} must hold chips.
     */
    public static HoldemHand start(HoldemRules rules, int[] stacks, int button) {
        int seats = stacks.length;
        if (seats < HoldemRules.MIN_PLAYERS || seats > HoldemRules.MAX_PLAYERS) {
            throw new IllegalArgumentException("Hold'em needs 2 to 9 seats, got " + seats);
        }
        if (button < 0 || button >= seats || stacks[button] <= 0) {
            throw new IllegalArgumentException("the button must be a seat with chips, got seat " + button);
        }
        Betting betting = Betting.seat(stacks, rules.bigBlind());
        int live = betting.contenders();
        if (live < 2) {
            throw new IllegalArgumentException("a hand needs at least two players with chips, got " + live);
        }
        int smallBlind = live == 2 ? button : nextLive(betting, button);
        int bigBlind = nextLive(betting, smallBlind);
        betting = betting.postLive(smallBlind, rules.smallBlind()).postLive(bigBlind, rules.bigBlind());
        List<List<Card>> hole = new ArrayList<>();
        for (int i = 0; i < seats; i++) {
            hole.add(List.of());
        }
        int firstDealt = nextLive(betting, button);
        return new HoldemHand(rules, 0, button, smallBlind, bigBlind, betting, List.copyOf(hole), List.of(), 0,
                Street.PREFLOP, new Pending.HoleCards(firstDealt, 2), null, null);
    }

    private static int nextLive(Betting betting, int seat) {
        int n = betting.seats();
        for (int k = 1; k <= n; k++) {
            int next = (seat + k) % n;
            if (!betting.folded(next)) {
                return next;
            }
        }
        throw new IllegalStateException("no live seat");
    }

    public HoldemRules rules() {
        return rules;
    }

    public int seats() {
        return betting.seats();
    }

    public int button() {
        return button;
    }

    public int smallBlindSeat() {
        return smallBlindSeat;
    }

    public int bigBlindSeat() {
        return bigBlindSeat;
    }

    public Street street() {
        return street;
    }

    public Pending pending() {
        return pending;
    }

    public boolean isComplete() {
        return street == Street.COMPLETE;
    }

    public List<Card> board() {
        return board;
    }

    /**
     * The seat's hole cards: empty before they are dealt, for a seat sitting out, or when they were dealt
     * hidden from this engine and not yet shown.
     */
    public List<Card> holeCards(int seat) {
        return holeCards.get(seat);
    }

    @Override
    public List<Card> privateCards(int seat) {
        return holeCards(seat);
    }

    /** Chips each seat has behind (after the hand: final stacks, payouts included). */
    public int[] stacks() {
        return betting.stacks();
    }

    /** Chips the seat has put in during this hand. */
    public int committed(int seat) {
        return betting.committed(seat);
    }

    /** Chips the seat has put in during the current betting round. */
    public int committedThisRound(int seat) {
        return betting.streetCommitment(seat);
    }

    /** The bet to match in the current betting round. */
    public int currentBet() {
        return betting.currentBet();
    }

    /** All chips in the middle. */
    public int pot() {
        return betting.pot();
    }

    /** The middle split into main and side pots as it stands. */
    public List<Pot> pots() {
        return Pot.split(betting.totals(), betting.foldedSeats());
    }

    /** Whether the seat has folded or sat the hand out. */
    public boolean hasFolded(int seat) {
        return betting.folded(seat);
    }

    /** Chips won by each seat; only once the hand is complete. */
    public int[] payouts() {
        if (payouts == null) {
            throw new IllegalStateException("the hand is not complete");
        }
        return payouts.clone();
    }

    /** Hands shown at showdown so far, by seat, in showing order. */
    public Map<Integer, HandValue> shownHands() {
        Map<Integer, HandValue> shown = new LinkedHashMap<>();
        if (showdown != null) {
            for (int seat = 0; seat < seats(); seat++) {
                if (showdown.shown(seat)) {
                    shown.put(seat, bestHand(seat));
                }
            }
        }
        return shown;
    }

    /** Whether the seat threw its hand away at showdown. */
    public boolean mucked(int seat) {
        return showdown != null && showdown.mucked(seat);
    }

    /** The seat's best hand with the board so far (needs at least five cards in all). */
    public HandValue bestHand(int seat) {
        List<Card> cards = new ArrayList<>(holeCards(seat));
        cards.addAll(board);
        return HandEvaluator.evaluate(cards);
    }

    /** The legal decisions of the seat to act. */
    public LegalActions legalActions() {
        if (!(pending instanceof Pending.ActionFrom)) {
            throw new IllegalStateException("no decision is pending; waiting for " + pending);
        }
        return street == Street.SHOWDOWN ? showdown.legalActions() : betting.legalActions();
    }

    /** Applies the decision of the seat to act. */
    public HoldemHand apply(Action action) {
        if (!(pending instanceof Pending.ActionFrom from)) {
            throw new IllegalStateException("no decision is pending; waiting for " + pending);
        }
        return apply(from.seat(), action);
    }

    /** Applies a decision, checking that it comes from the seat whose turn it is. */
    public HoldemHand apply(int seat, Action action) {
        if (!(pending instanceof Pending.ActionFrom from)) {
            throw new IllegalStateException("no decision is pending; waiting for " + pending);
        }
        if (from.seat() != seat) {
            throw new IllegalArgumentException("it is seat " + from.seat() + "'s turn, not seat " + seat + "'s");
        }
        if (street == Street.SHOWDOWN) {
            List<List<Card>> hole = holeCards;
            long used = usedCards;
            int strength = 0;
            if (action instanceof Action.Show show) {
                List<Card> shown = ShownCards.check(seat, show, holeCards.get(seat), 2, used);
                if (holeCards.get(seat).isEmpty()) {
                    hole = new ArrayList<>(holeCards);
                    hole.set(seat, shown);
                    hole = List.copyOf(hole);
                    used |= HandEvaluator.maskOf(shown);
                }
                List<Card> seven = new ArrayList<>(shown);
                seven.addAll(board);
                strength = HandEvaluator.evaluate(seven).strength();
            }
            Showdown next = showdown.apply(seat, action, strength);
            if (next.finished()) {
                int[] won = next.payouts(button);
                return new HoldemHand(rules, hiddenSeats, button, smallBlindSeat, bigBlindSeat, betting.payOut(won),
                        hole, board, used, Street.COMPLETE, new Pending.HandOver(), next, won);
            }
            return new HoldemHand(rules, hiddenSeats, button, smallBlindSeat, bigBlindSeat, betting, hole, board,
                    used, street, new Pending.ActionFrom(next.toAct()), next, null);
        }
        return with(betting.apply(seat, action)).advance();
    }

    /** Supplies the cards {@link #pending()} asks for: one seat's hole cards or the next board cards. */
    public HoldemHand deal(List<Card> cards) {
        if (pending instanceof Pending.HoleCards request) {
            long mask = Cards.requireFresh(cards, request.count(), usedCards, "seat " + request.seat() + "'s hole");
            List<List<Card>> hole = new ArrayList<>(holeCards);
            hole.set(request.seat(), List.copyOf(cards));
            return afterHoleCards(request.seat(), List.copyOf(hole), hiddenSeats, usedCards | mask);
        }
        if (pending instanceof Pending.BoardCards request) {
            long mask = Cards.requireFresh(cards, request.count(), usedCards, "the board");
            List<Card> newBoard = new ArrayList<>(board);
            newBoard.addAll(cards);
            Street next = Street.values()[street.ordinal() + 1];
            Betting round = betting.openRound(button + 1, 0, false);
            return new HoldemHand(rules, hiddenSeats, button, smallBlindSeat, bigBlindSeat, round, holeCards,
                    List.copyOf(newBoard), usedCards | mask, next, pending, null, null).advance();
        }
        throw new IllegalStateException("no cards are expected; waiting for " + pending);
    }

    /**
     * Records that the requested hole cards went to their seat face down: this engine (an observer
     * that is not that player) cannot see them. The player names them when showing.
     */
    public HoldemHand dealHidden() {
        if (!(pending instanceof Pending.HoleCards request)) {
            throw new IllegalStateException("only hole cards can be dealt hidden; waiting for " + pending);
        }
        return afterHoleCards(request.seat(), holeCards, hiddenSeats | 1 << request.seat(), usedCards);
    }

    /** Whether the seat's cards were dealt hidden from this engine and have not been shown. */
    public boolean isHidden(int seat) {
        return (hiddenSeats >>> seat & 1) != 0 && holeCards.get(seat).isEmpty();
    }

    private HoldemHand afterHoleCards(int seat, List<List<Card>> hole, int hidden, long used) {
        int next = nextLive(betting, seat);
        if (hole.get(next).isEmpty() && (hidden >>> next & 1) == 0) {
            return new HoldemHand(rules, hidden, button, smallBlindSeat, bigBlindSeat, betting, hole, board, used,
                    street, new Pending.HoleCards(next, 2), null, null);
        }
        int betToMatch = Math.max(rules.bigBlind(), betting.currentBet());
        Betting preflop = betting.openRound(nextLive(betting, bigBlindSeat), betToMatch, true);
        return new HoldemHand(rules, hidden, button, smallBlindSeat, bigBlindSeat, preflop, hole, board, used, street,
                pending, null, null).advance();
    }

    private HoldemHand with(Betting next) {
        return new HoldemHand(rules, hiddenSeats, button, smallBlindSeat, bigBlindSeat, next, holeCards, board,
                usedCards, street,
                pending, showdown, payouts);
    }

    /** Moves on after a betting change: next decision, next street, showdown or the end by folds. */
    private HoldemHand advance() {
        if (betting.contenders() == 1) {
            Betting settled = betting.returnUncalled();
            int[] won = new int[seats()];
            for (int seat = 0; seat < seats(); seat++) {
                if (!settled.folded(seat)) {
                    won[seat] = settled.pot();
                }
            }
            return new HoldemHand(rules, hiddenSeats, button, smallBlindSeat, bigBlindSeat, settled.payOut(won),
                    holeCards, board,
                    usedCards, Street.COMPLETE, new Pending.HandOver(), null, won);
        }
        if (!betting.roundComplete()) {
            return new HoldemHand(rules, hiddenSeats, button, smallBlindSeat, bigBlindSeat, betting, holeCards,
                    board, usedCards,
                    street, new Pending.ActionFrom(betting.toAct()), null, null);
        }
        Betting settled = betting.returnUncalled();
        if (street == Street.RIVER) {
            int[] strengths = new int[seats()];
            Arrays.fill(strengths, Integer.MIN_VALUE);
            for (int seat = 0; seat < seats(); seat++) {
                if (!settled.folded(seat)) {
                    strengths[seat] = isHidden(seat) ? Showdown.UNKNOWN : bestHand(seat).strength();
                }
            }
            int aggressor = settled.lastAggressor();
            int first = aggressor >= 0 && !settled.folded(aggressor) ? aggressor : nextLive(settled, button);
            Showdown show = Showdown.start(first, settled.foldedSeats(), strengths,
                    Pot.split(settled.totals(), settled.foldedSeats()));
            return new HoldemHand(rules, hiddenSeats, button, smallBlindSeat, bigBlindSeat, settled, holeCards,
                    board, usedCards,
                    Street.SHOWDOWN, new Pending.ActionFrom(show.toAct()), show, null);
        }
        int count = street == Street.PREFLOP ? 3 : 1;
        return new HoldemHand(rules, hiddenSeats, button, smallBlindSeat, bigBlindSeat, settled, holeCards,
                board, usedCards,
                street, new Pending.BoardCards(count), null, null);
    }

    @Override
    public String toString() {
        return "HoldemHand[" + street + ", board " + Card.format(board) + ", " + betting + ", waiting for "
                + pending + "]";
    }
}
