package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.List;

/**
 * One hand of no-limit five-card draw, 2 to 6 players, as an immutable value used like
 * {@link HoldemHand}: antes and/or blinds, five cards to each player, a betting round, a draw in
 * which each player still in (all-in players too), starting left of the button, discards zero to
 * three named cards and is dealt as many new ones, a second betting round opened by the first player
 * left of the button, and a showdown. Discarded cards are never dealt again in the hand.
 *
 * <p>An engine run by one player of a distributed game sees only its own cards: other seats' hands
 * are dealt with {@link #dealHidden()}, those seats draw with {@link Action.DrawUnseen} (only the
 * number of cards is public) and name their five cards when they show.
 */
public final class DrawHand extends PokerHand {

    /** Where the hand is. */
    public enum Phase { FIRST_BETTING, DRAW, SECOND_BETTING, SHOWDOWN, COMPLETE }

    private final DrawRules rules;
    /** FIRST_BETTING, DRAW or SECOND_BETTING: the showdown and the end follow from the shared state. */
    private final Phase round;
    /** The seat drawing (or just drawn) in the draw; -1 otherwise. */
    private final int drawer;

    private DrawHand(DrawRules rules, int button, Betting betting, SeatCards cards, Phase round, Pending pending,
            int drawer, Showdown showdown) {
        super(button, betting, cards, pending, showdown);
        this.rules = rules;
        this.round = round;
        this.drawer = drawer;
    }

    /** Posts antes and blinds and asks for the first hand of five. Seats with no chips sit out. */
    public static DrawHand start(DrawRules rules, int[] stacks, int button) {
        TableSeats.requireSeats("five-card draw", stacks.length, DrawRules.MIN_PLAYERS, DrawRules.MAX_PLAYERS);
        Betting betting = Betting.seat(stacks, button, rules.minimumBet()).postAntes(rules.ante());
        if (rules.hasBlinds()) {
            betting = betting.postBlinds(button, rules.smallBlind(), rules.bigBlind());
        }
        return new DrawHand(rules, button, betting, SeatCards.none(stacks.length), Phase.FIRST_BETTING,
                new Pending.HoleCards(betting.nextInHand(button), DrawRules.HAND_SIZE), -1, null);
    }

    public DrawRules rules() {
        return rules;
    }

    public Phase phase() {
        if (isComplete()) {
            return Phase.COMPLETE;
        }
        return showdown() != null ? Phase.SHOWDOWN : round;
    }

    /** The seat's current five cards (empty before the deal, for a seat sitting out, or while hidden). */
    public List<Card> hand(int seat) {
        return privateCards(seat);
    }

    @Override
    public List<Card> board() {
        return List.of();
    }

    /**
     * The legal decisions of the seat to act. In the draw these are every {@link Action.Draw} of zero
     * to three of the seat's own cards (26 choices).
     */
    @Override
    public LegalActions legalActions() {
        int seat = seatToAct();
        return switch (phase()) {
            case SHOWDOWN -> showdown().legalActions();
            case DRAW -> LegalActions.of(seat, isHidden(seat) ? unseenDraws() : allDraws(hand(seat)));
            default -> betting().legalActions();
        };
    }

    private static List<Action> unseenDraws() {
        List<Action> draws = new ArrayList<>();
        for (int count = 0; count <= DrawRules.MAX_DISCARDS; count++) {
            draws.add(Action.drawUnseen(count));
        }
        return draws;
    }

    private static List<Action> allDraws(List<Card> hand) {
        List<Action> draws = new ArrayList<>();
        for (int subset = 0; subset < 1 << hand.size(); subset++) {
            if (Integer.bitCount(subset) <= DrawRules.MAX_DISCARDS) {
                List<Card> discards = new ArrayList<>();
                for (int i = 0; i < hand.size(); i++) {
                    if ((subset >>> i & 1) != 0) {
                        discards.add(hand.get(i));
                    }
                }
                draws.add(Action.draw(discards));
            }
        }
        return draws;
    }

    @Override
    public DrawHand apply(Action action) {
        return apply(seatToAct(), action);
    }

    public DrawHand apply(int seat, Action action) {
        requireTurn(seat);
        return switch (phase()) {
            case SHOWDOWN -> showOrMuck(seat, action, DrawRules.HAND_SIZE,
                    (betting, cards, pending, showdown) -> new DrawHand(rules, button(), betting, cards, round,
                            pending, -1, showdown));
            case DRAW -> draw(seat, action);
            default -> with(betting().apply(seat, action), cards(), round, pending(), -1).advance();
        };
    }

    private DrawHand draw(int seat, Action action) {
        if (isHidden(seat)) {
            if (!(action instanceof Action.DrawUnseen unseen) || unseen.count() < 0
                    || unseen.count() > DrawRules.MAX_DISCARDS) {
                throw new IllegalArgumentException("seat " + seat + "'s cards are hidden here: it draws 0 to 3"
                        + " unseen cards, not " + action);
            }
            return drawn(seat, cards(), unseen.count());
        }
        if (!(action instanceof Action.Draw draw)) {
            throw new IllegalArgumentException("seat " + seat + " must draw (discard 0 to 3 cards), not " + action);
        }
        List<Card> hand = hand(seat);
        if (draw.discards().size() > DrawRules.MAX_DISCARDS) {
            throw new IllegalArgumentException("seat " + seat + " may discard at most 3 cards, not "
                    + draw.discards().size());
        }
        if (!hand.containsAll(draw.discards())) {
            throw new IllegalArgumentException("seat " + seat + " cannot discard " + Card.format(draw.discards())
                    + ": its hand is " + Card.format(hand));
        }
        return drawn(seat, cards().discard(seat, draw.discards()), draw.discards().size());
    }

    /** The seat asks for {@code count} replacements; with none, the next player draws. */
    private DrawHand drawn(int seat, SeatCards kept, int count) {
        if (count == 0) {
            return with(betting(), kept, round, pending(), seat).nextDrawer();
        }
        return with(betting(), kept, round, new Pending.ReplacementCards(seat, count), seat);
    }

    /** Supplies the cards {@link #pending()} asks for: a seat's five cards or its replacements. */
    @Override
    public DrawHand deal(List<Card> cards) {
        if (pending() instanceof Pending.HoleCards request) {
            int seat = request.seat();
            return afterHand(seat, cards().deal(seat, cards, DrawRules.HAND_SIZE, "seat " + seat + "'s hand"));
        }
        if (pending() instanceof Pending.ReplacementCards request) {
            int seat = request.seat();
            if (isHidden(seat)) {
                throw new IllegalArgumentException("seat " + seat + "'s hand is hidden here: deal its"
                        + " replacements with dealHidden()");
            }
            SeatCards dealt = cards().deal(seat, cards, request.count(), "seat " + seat + "'s draw");
            return with(betting(), dealt, round, pending(), seat).nextDrawer();
        }
        throw new IllegalStateException("no cards are expected; waiting for " + pending());
    }

    /**
     * Records that the requested cards (a seat's five, or the replacements of a seat already hidden)
     * went to their seat face down: this engine, an observer that is not that player, cannot see them.
     */
    @Override
    public DrawHand dealHidden() {
        if (pending() instanceof Pending.HoleCards request) {
            return afterHand(request.seat(), cards().dealHidden(request.seat()));
        }
        if (pending() instanceof Pending.ReplacementCards request && isHidden(request.seat())) {
            return with(betting(), cards(), round, pending(), request.seat()).nextDrawer();
        }
        throw new IllegalStateException("only a hidden hand's cards can be dealt hidden; waiting for " + pending());
    }

    private DrawHand afterHand(int seat, SeatCards dealt) {
        int next = betting().nextInHand(seat);
        if (!dealt.isDealt(next)) {
            return with(betting(), dealt, round, new Pending.HoleCards(next, DrawRules.HAND_SIZE), -1);
        }
        Betting first = rules.hasBlinds()
                ? betting().openRound(betting().nextInHand(betting().bigBlindSeat(button())), rules.bigBlind(), true)
                : betting().openRound(button() + 1, 0, true);
        return with(first, dealt, round, pending(), -1).advance();
    }

    /** After {@code drawer} has drawn: the next player to draw, or the second betting round. */
    private DrawHand nextDrawer() {
        for (int position = position(drawer) + 1; position < seats(); position++) {
            int seat = (button() + 1 + position) % seats();
            if (!betting().folded(seat)) {
                return with(betting(), cards(), round, new Pending.ActionFrom(seat), -1);
            }
        }
        Betting second = betting().openRound(button() + 1, 0, false);
        return with(second, cards(), Phase.SECOND_BETTING, pending(), -1).advance();
    }

    /** Draw order: 0 for the seat left of the button, up to seats-1 for the button itself. */
    private int position(int seat) {
        return Math.floorMod(seat - button() - 1, seats());
    }

    private DrawHand with(Betting betting, SeatCards cards, Phase nextRound, Pending nextPending, int nextDrawer) {
        return new DrawHand(rules, button(), betting, cards, nextRound, nextPending, nextDrawer, null);
    }

    private DrawHand advance() {
        Betting betting = betting();
        if (betting.wonByFolds()) {
            return with(betting.awardToLastPlayer(), cards(), round, new Pending.HandOver(), -1);
        }
        if (!betting.roundComplete()) {
            return with(betting, cards(), round, new Pending.ActionFrom(betting.toAct()), -1);
        }
        Betting settled = betting.returnUncalled();
        if (round == Phase.FIRST_BETTING) {
            return with(settled, cards(), Phase.DRAW, new Pending.ActionFrom(settled.nextInHand(button())), -1);
        }
        Showdown show = startShowdown(settled);
        return new DrawHand(rules, button(), settled, cards(), round, new Pending.ActionFrom(show.toAct()), -1,
                show);
    }

    @Override
    public String toString() {
        return "DrawHand[" + phase() + ", " + betting() + ", waiting for " + pending() + "]";
    }
}
