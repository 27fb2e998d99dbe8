package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.ArrayList;
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
    private final int smallBlindSeat;
    private final int bigBlindSeat;
    private final List<Card> board;

    private HoldemHand(HoldemRules rules, int button, int smallBlindSeat, int bigBlindSeat, Betting betting,
            SeatCards cards, List<Card> board, Pending pending, Showdown showdown) {
        super(button, betting, cards, pending, showdown);
        this.rules = rules;
        this.smallBlindSeat = smallBlindSeat;
        this.bigBlindSeat = bigBlindSeat;
        this.board = board;
    }

    /**
     * Starts a hand: posts the blinds and asks for the first hole cards. {@code stacks} has one entry per
     * seat (2 to 9 seats, at least two with chips); {@code button} must hold chips.
     */
    public static HoldemHand start(HoldemRules rules, int[] stacks, int button) {
        TableSeats.requireSeats("Hold'em", stacks.length, HoldemRules.MIN_PLAYERS, HoldemRules.MAX_PLAYERS);
        Betting seated = Betting.seat(stacks, button, rules.bigBlind());
        Betting betting = seated.postBlinds(button, rules.smallBlind(), rules.bigBlind());
        return new HoldemHand(rules, button, seated.smallBlindSeat(button), seated.bigBlindSeat(button), betting,
                SeatCards.none(stacks.length), List.of(), new Pending.HoleCards(betting.nextInHand(button), HOLE_CARDS),
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

    /** Where the hand is: the betting round follows from the board (before its next cards are dealt). */
    public Street street() {
        if (isComplete()) {
            return Street.COMPLETE;
        }
        if (showdown() != null) {
            return Street.SHOWDOWN;
        }
        return switch (board.size()) {
            case 0 -> Street.PREFLOP;
            case 3 -> Street.FLOP;
            case 4 -> Street.TURN;
            default -> Street.RIVER;
        };
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
        return privateCards(seat);
    }

    /** The seat's best hand with the board so far (needs at least five cards in all). */
    public HandValue bestHand(int seat) {
        return valueOf(holeCards(seat));
    }

    /** The legal decisions of the seat to act. */
    @Override
    public LegalActions legalActions() {
        seatToAct();
        return showdown() != null ? showdown().legalActions() : betting().legalActions();
    }

    /** Applies the decision of the seat to act. */
    @Override
    public HoldemHand apply(Action action) {
        return apply(seatToAct(), action);
    }

    /** Applies a decision, checking that it comes from the seat whose turn it is. */
    public HoldemHand apply(int seat, Action action) {
        requireTurn(seat);
        if (showdown() != null) {
            return showOrMuck(seat, action, HOLE_CARDS, this::with);
        }
        return with(betting().apply(seat, action), cards(), pending(), null).advance();
    }

    /** Supplies the cards {@link #pending()} asks for: one seat's hole cards or the next board cards. */
    @Override
    public HoldemHand deal(List<Card> cards) {
        if (pending() instanceof Pending.HoleCards request) {
            int seat = request.seat();
            return afterHoleCards(seat, cards().deal(seat, cards, HOLE_CARDS, "seat " + seat + "'s hole"));
        }
        if (pending() instanceof Pending.BoardCards request) {
            SeatCards seen = cards().seeCommunity(cards, request.count());
            List<Card> newBoard = new ArrayList<>(board);
            newBoard.addAll(cards);
            Betting round = betting().openRound(button() + 1, 0, false);
            return new HoldemHand(rules, button(), smallBlindSeat, bigBlindSeat, round, seen, List.copyOf(newBoard),
                    pending(), null).advance();
        }
        throw new IllegalStateException("no cards are expected; waiting for " + pending());
    }

    /**
     * Records that the requested hole cards went to their seat face down: this engine (an observer
     * that is not that player) cannot see them. The player names them when showing.
     */
    @Override
    public HoldemHand dealHidden() {
        if (!(pending() instanceof Pending.HoleCards request)) {
            throw new IllegalStateException("only hole cards can be dealt hidden; waiting for " + pending());
        }
        return afterHoleCards(request.seat(), cards().dealHidden(request.seat()));
    }

    private HoldemHand afterHoleCards(int seat, SeatCards dealt) {
        int next = betting().nextInHand(seat);
        if (!dealt.isDealt(next)) {
            return with(betting(), dealt, new Pending.HoleCards(next, HOLE_CARDS), null);
        }
        int betToMatch = Math.max(rules.bigBlind(), betting().currentBet());
        Betting preflop = betting().openRound(betting().nextInHand(bigBlindSeat), betToMatch, true);
        return with(preflop, dealt, pending(), null).advance();
    }

    private HoldemHand with(Betting betting, SeatCards cards, Pending pending, Showdown showdown) {
        return new HoldemHand(rules, button(), smallBlindSeat, bigBlindSeat, betting, cards, board, pending,
                showdown);
    }

    /** Moves on after a betting change: next decision, next street, showdown or the end by folds. */
    private HoldemHand advance() {
        Betting betting = betting();
        if (betting.wonByFolds()) {
            return with(betting.awardToLastPlayer(), cards(), new Pending.HandOver(), null);
        }
        if (!betting.roundComplete()) {
            return with(betting, cards(), new Pending.ActionFrom(betting.toAct()), null);
        }
        Betting settled = betting.returnUncalled();
        if (street() == Street.RIVER) {
            Showdown show = startShowdown(settled);
            return with(settled, cards(), new Pending.ActionFrom(show.toAct()), show);
        }
        int count = street() == Street.PREFLOP ? 3 : 1;
        return with(settled, cards(), new Pending.BoardCards(count), null);
    }

    @Override
    public String toString() {
        return "HoldemHand[" + street() + ", board " + Card.format(board) + ", " + betting() + ", waiting for "
                + pending() + "]";
    }
}
