package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

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
public final class HoldemHand extends PokerHand {

    /** The betting round the hand is in (or waiting to deal into). */
    public enum Street { PREFLOP, FLOP, TURN, RIVER, SHOWDOWN, COMPLETE }

    private static final int HOLE_CARDS = 2;

    private final HoldemRules rules;
    /** Bit i set: seat i was dealt cards this engine cannot see. */
    private final int hiddenSeats;
    private final int smallBlindSeat;
    private final int bigBlindSeat;
    private final List<List<Card>> holeCards;
    private final List<Card> board;
    private final long usedCards;
    private final Street street;
    private final Pending pending;

    private HoldemHand(HoldemRules rules, int hiddenSeats, int button, int smallBlindSeat, int bigBlindSeat,
            Betting betting, List<List<Card>> holeCards, List<Card> board, long usedCards, Street street,
            Pending pending, Showdown showdown) {
        super(button, betting, showdown);
        this.rules = rules;
        this.hiddenSeats = hiddenSeats;
        this.smallBlindSeat = smallBlindSeat;
        this.bigBlindSeat = bigBlindSeat;
        this.holeCards = holeCards;
        this.board = board;
        this.usedCards = usedCards;
        this.street = street;
        this.pending = pending;
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
        Betting seated = Betting.seat(stacks, button, rules.bigBlind());
        Betting betting = seated.postBlinds(button, rules.smallBlind(), rules.bigBlind());
        List<List<Card>> hole = Collections.nCopies(seats, List.of());
        return new HoldemHand(rules, 0, button, seated.smallBlindSeat(button), seated.bigBlindSeat(button), betting,
                hole, List.of(), 0, Street.PREFLOP, new Pending.HoleCards(betting.nextInHand(button), HOLE_CARDS),
                null);
    }

    public HoldemRules rules() {
        return rules;
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

    @Override
    public Pending pending() {
        return pending;
    }

    @Override
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

    /** The seat's best hand with the board so far (needs at least five cards in all). */
    public HandValue bestHand(int seat) {
        return valueOf(holeCards(seat));
    }

    /** The legal decisions of the seat to act. */
    @Override
    public LegalActions legalActions() {
        seatToAct();
        return street == Street.SHOWDOWN ? showdown().legalActions() : betting().legalActions();
    }

    /** Applies the decision of the seat to act. */
    @Override
    public HoldemHand apply(Action action) {
        return apply(seatToAct(), action);
    }

    /** Applies a decision, checking that it comes from the seat whose turn it is. */
    public HoldemHand apply(int seat, Action action) {
        requireTurn(seat);
        if (street != Street.SHOWDOWN) {
            return waitingFor(betting().apply(seat, action), street, pending, null).advance();
        }
        List<List<Card>> hole = holeCards;
        long used = usedCards;
        int strength = 0;
        if (action instanceof Action.Show show) {
            List<Card> shown = ShownCards.check(seat, show, holeCards.get(seat), HOLE_CARDS, used);
            if (holeCards.get(seat).isEmpty()) {
                hole = Cards.withSeat(holeCards, seat, shown);
                used |= HandEvaluator.maskOf(shown);
            }
            strength = valueOf(shown).strength();
        }
        Showdown next = showdown().apply(seat, action, strength);
        if (next.finished()) {
            return new HoldemHand(rules, hiddenSeats, button(), smallBlindSeat, bigBlindSeat,
                    betting().payOut(next.payouts(button())), hole, board, used, Street.COMPLETE,
                    new Pending.HandOver(), next);
        }
        return new HoldemHand(rules, hiddenSeats, button(), smallBlindSeat, bigBlindSeat, betting(), hole, board,
                used, street, new Pending.ActionFrom(next.toAct()), next);
    }

    /** Supplies the cards {@link #pending()} asks for: one seat's hole cards or the next board cards. */
    @Override
    public HoldemHand deal(List<Card> cards) {
        if (pending instanceof Pending.HoleCards request) {
            long mask = Cards.requireFresh(cards, request.count(), usedCards, "seat " + request.seat() + "'s hole");
            return afterHoleCards(request.seat(), Cards.withSeat(holeCards, request.seat(), cards), hiddenSeats,
                    usedCards | mask);
        }
        if (pending instanceof Pending.BoardCards request) {
            long mask = Cards.requireFresh(cards, request.count(), usedCards, "the board");
            List<Card> newBoard = new ArrayList<>(board);
            newBoard.addAll(cards);
            Street next = Street.values()[street.ordinal() + 1];
            Betting round = betting().openRound(button() + 1, 0, false);
            return new HoldemHand(rules, hiddenSeats, button(), smallBlindSeat, bigBlindSeat, round, holeCards,
                    List.copyOf(newBoard), usedCards | mask, next, pending, null).advance();
        }
        throw new IllegalStateException("no cards are expected; waiting for " + pending);
    }

    /**
     * Records that the requested hole cards went to their seat face down: this engine (an observer
     * that is not that player) cannot see them. The player names them when showing.
     */
    @Override
    public HoldemHand dealHidden() {
        if (!(pending instanceof Pending.HoleCards request)) {
            throw new IllegalStateException("only hole cards can be dealt hidden; waiting for " + pending);
        }
        return afterHoleCards(request.seat(), holeCards, hiddenSeats | 1 << request.seat(), usedCards);
    }

    /** Whether the seat's cards were dealt hidden from this engine and have not been shown. */
    @Override
    public boolean isHidden(int seat) {
        return (hiddenSeats >>> seat & 1) != 0 && holeCards.get(seat).isEmpty();
    }

    private HoldemHand afterHoleCards(int seat, List<List<Card>> hole, int hidden, long used) {
        int next = betting().nextInHand(seat);
        if (hole.get(next).isEmpty() && (hidden >>> next & 1) == 0) {
            return new HoldemHand(rules, hidden, button(), smallBlindSeat, bigBlindSeat, betting(), hole, board, used,
                    street, new Pending.HoleCards(next, HOLE_CARDS), null);
        }
        int betToMatch = Math.max(rules.bigBlind(), betting().currentBet());
        Betting preflop = betting().openRound(betting().nextInHand(bigBlindSeat), betToMatch, true);
        return new HoldemHand(rules, hidden, button(), smallBlindSeat, bigBlindSeat, preflop, hole, board, used,
                street, pending, null).advance();
    }

    private HoldemHand waitingFor(Betting next, Street nextStreet, Pending nextPending, Showdown nextShowdown) {
        return new HoldemHand(rules, hiddenSeats, button(), smallBlindSeat, bigBlindSeat, next, holeCards, board,
                usedCards, nextStreet, nextPending, nextShowdown);
    }

    /** Moves on after a betting change: next decision, next street, showdown or the end by folds. */
    private HoldemHand advance() {
        Betting betting = betting();
        if (betting.wonByFolds()) {
            return waitingFor(betting.awardToLastPlayer(), Street.COMPLETE, new Pending.HandOver(), null);
        }
        if (!betting.roundComplete()) {
            return waitingFor(betting, street, new Pending.ActionFrom(betting.toAct()), null);
        }
        Betting settled = betting.returnUncalled();
        if (street == Street.RIVER) {
            Showdown show = startShowdown(settled);
            return waitingFor(settled, Street.SHOWDOWN, new Pending.ActionFrom(show.toAct()), show);
        }
        int count = street == Street.PREFLOP ? 3 : 1;
        return waitingFor(settled, street, new Pending.BoardCards(count), null);
    }

    @Override
    public String toString() {
        return "HoldemHand[" + street + ", board " + Card.format(board) + ", " + betting() + ", waiting for "
                + pending + "]";
    }
}
