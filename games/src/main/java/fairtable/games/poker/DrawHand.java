package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
public final class DrawHand implements PokerHand {

    /** Where the hand is. */
    public enum Phase { FIRST_BETTING, DRAW, SECOND_BETTING, SHOWDOWN, COMPLETE }

    private final DrawRules rules;
    /** Bit i set: seat i's cards are dealt face down to this engine (an observer that is not seat i). */
    private final int hiddenSeats;
    private final int button;
    private final Betting betting;
    private final List<List<Card>> hands;
    private final long usedCards;
    private final Phase phase;
    private final Pending pending;
    private final int drawer;
    private final Showdown showdown;
    private final int[] payouts;

    private DrawHand(DrawRules rules, int hiddenSeats, int button, Betting betting, List<List<Card>> hands,
            long usedCards,
            Phase phase, Pending pending, int drawer, Showdown showdown, int[] payouts) {
        this.rules = rules;
        this.hiddenSeats = hiddenSeats;
        this.button = button;
        this.betting = betting;
        this.hands = hands;
        this.usedCards = usedCards;
        this.phase = phase;
        this.pending = pending;
        this.drawer = drawer;
        this.showdown = showdown;
        this.payouts = payouts;
    }

    /** Posts antes and blinds and asks for the first hand of five. Seats with no chips sit out. */
    public static DrawHand start(DrawRules rules, int[] stacks, int button) {
        int seats = stacks.length;
        if (seats < DrawRules.MIN_PLAYERS || seats > DrawRules.MAX_PLAYERS) {
            throw new IllegalArgumentException("five-card draw needs 2 to 6 seats, got " + seats);
        }
        if (button < 0 || button >= seats || stacks[button] <= 0) {
            throw new IllegalArgumentException("the button must be a seat with chips, got seat " + button);
        }
        Betting betting = Betting.seat(stacks, rules.minimumBet());
        int live = betting.contenders();
        if (live < 2) {
            throw new IllegalArgumentException("a hand needs at least two players with chips, got " + live);
        }
        for (int seat = 0; seat < seats; seat++) {
            if (!betting.folded(seat) && rules.ante() > 0) {
                betting = betting.postDead(seat, rules.ante());
            }
        }
        if (rules.hasBlinds()) {
            int big = bigBlindSeat(betting, button);
            int small = live == 2 ? button : nextLive(betting, button);
            betting = betting.postLive(small, rules.smallBlind()).postLive(big, rules.bigBlind());
        }
        List<List<Card>> hands = new ArrayList<>();
        for (int i = 0; i < seats; i++) {
            hands.add(List.of());
        }
        return new DrawHand(rules, 0, button, betting, List.copyOf(hands), 0, Phase.FIRST_BETTING,
                new Pending.HoleCards(nextLive(betting, button), DrawRules.HAND_SIZE), -1, null, null);
    }

    /** Heads-up the button posts the small blind; otherwise the blinds are the two seats left of it. */
    private static int bigBlindSeat(Betting betting, int button) {
        int small = betting.contenders() == 2 ? button : nextLive(betting, button);
        return nextLive(betting, small);
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

    public DrawRules rules() {
        return rules;
    }

    public int seats() {
        return betting.seats();
    }

    public int button() {
        return button;
    }

    public Phase phase() {
        return phase;
    }

    public Pending pending() {
        return pending;
    }

    public boolean isComplete() {
        return phase == Phase.COMPLETE;
    }

    /** The seat's current five cards (empty before the deal, for a seat sitting out, or while hidden). */
    public List<Card> hand(int seat) {
        return hands.get(seat);
    }

    @Override
    public List<Card> privateCards(int seat) {
        return hand(seat);
    }

    @Override
    public List<Card> board() {
        return List.of();
    }

    public int[] stacks() {
        return betting.stacks();
    }

    public int committed(int seat) {
        return betting.committed(seat);
    }

    public int committedThisRound(int seat) {
        return betting.streetCommitment(seat);
    }

    public int currentBet() {
        return betting.currentBet();
    }

    public int pot() {
        return betting.pot();
    }

    public List<Pot> pots() {
        return Pot.split(betting.totals(), betting.foldedSeats());
    }

    public boolean hasFolded(int seat) {
        return betting.folded(seat);
    }

    public boolean mucked(int seat) {
        return showdown != null && showdown.mucked(seat);
    }

    public int[] payouts() {
        if (payouts == null) {
            throw new IllegalStateException("the hand is not complete");
        }
        return payouts.clone();
    }

    /** Hands shown at showdown so far, by seat. */
    public Map<Integer, HandValue> shownHands() {
        Map<Integer, HandValue> shown = new LinkedHashMap<>();
        if (showdown != null) {
            for (int seat = 0; seat < seats(); seat++) {
                if (showdown.shown(seat)) {
                    shown.put(seat, HandEvaluator.evaluate(hands.get(seat)));
                }
            }
        }
        return shown;
    }

    /**
     * The legal decisions of the seat to act. In the draw these are every {@link Action.Draw} of zero
     * to three of the seat's own cards (26 choices).
     */
    public LegalActions legalActions() {
        if (!(pending instanceof Pending.ActionFrom from)) {
            throw new IllegalStateException("no decision is pending; waiting for " + pending);
        }
        return switch (phase) {
            case SHOWDOWN -> showdown.legalActions();
            case DRAW -> LegalActions.of(from.seat(),
                    isHidden(from.seat()) ? unseenDraws() : allDraws(hands.get(from.seat())));
            default -> betting.legalActions();
        };
    }

    private static List<Action> unseenDraws() {
        List<Action> draws = new ArrayList<>();
        for (int count = 0; count <= DrawRules.MAX_DISCARDS; count++) {
            draws.add(Action.drawUnseen(count));
        }
        return draws;
    }

    /** Whether the seat's cards are dealt hidden from this engine (and not shown yet). */
    public boolean isHidden(int seat) {
        return (hiddenSeats >>> seat & 1) != 0 && hands.get(seat).isEmpty();
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

    public DrawHand apply(Action action) {
        if (!(pending instanceof Pending.ActionFrom from)) {
            throw new IllegalStateException("no decision is pending; waiting for " + pending);
        }
        return apply(from.seat(), action);
    }

    public DrawHand apply(int seat, Action action) {
        if (!(pending instanceof Pending.ActionFrom from)) {
            throw new IllegalStateException("no decision is pending; waiting for " + pending);
        }
        if (from.seat() != seat) {
            throw new IllegalArgumentException("it is seat " + from.seat() + "'s turn, not seat " + seat + "'s");
        }
        switch (phase) {
            case SHOWDOWN -> {
                List<List<Card>> newHands = hands;
                long used = usedCards;
                int strength = 0;
                if (action instanceof Action.Show show) {
                    List<Card> shown = ShownCards.check(seat, show, hands.get(seat), DrawRules.HAND_SIZE, used);
                    if (hands.get(seat).isEmpty()) {
                        List<List<Card>> revealed = new ArrayList<>(hands);
                        revealed.set(seat, shown);
                        newHands = List.copyOf(revealed);
                        used |= HandEvaluator.maskOf(shown);
                    }
                    strength = HandEvaluator.evaluate(shown).strength();
                }
                Showdown next = showdown.apply(seat, action, strength);
                if (next.finished()) {
                    int[] won = next.payouts(button);
                    return new DrawHand(rules, hiddenSeats, button, betting.payOut(won), newHands, used,
                            Phase.COMPLETE, new Pending.HandOver(), -1, next, won);
                }
                return new DrawHand(rules, hiddenSeats, button, betting, newHands, used, phase,
                        new Pending.ActionFrom(next.toAct()), -1, next, null);
            }
            case DRAW -> {
                if (isHidden(seat)) {
                    if (!(action instanceof Action.DrawUnseen unseen) || unseen.count() > DrawRules.MAX_DISCARDS) {
                        throw new IllegalArgumentException("seat " + seat + "'s cards are hidden here: it draws 0 to 3"
                                + " unseen cards, not " + action);
                    }
                    if (unseen.count() == 0) {
                        return new DrawHand(rules, hiddenSeats, button, betting, hands, usedCards, phase, pending, seat,
                                null, null).nextDrawer();
                    }
                    return new DrawHand(rules, hiddenSeats, button, betting, hands, usedCards, phase,
                            new Pending.ReplacementCards(seat, unseen.count()), seat, null, null);
                }
                if (!(action instanceof Action.Draw draw)) {
                    throw new IllegalArgumentException(
                            "seat " + seat + " must draw (discard 0 to 3 cards), not " + action);
                }
                List<Card> hand = hands.get(seat);
                if (draw.discards().size() > DrawRules.MAX_DISCARDS) {
                    throw new IllegalArgumentException("seat " + seat + " may discard at most 3 cards, not "
                            + draw.discards().size());
                }
                if (!hand.containsAll(draw.discards())) {
                    throw new IllegalArgumentException("seat " + seat + " cannot discard "
                            + Card.format(draw.discards())
                            + ": its hand is " + Card.format(hand));
                }
                List<Card> kept = new ArrayList<>(hand);
                kept.removeAll(draw.discards());
                List<List<Card>> newHands = new ArrayList<>(hands);
                newHands.set(seat, List.copyOf(kept));
                if (draw.discards().isEmpty()) {
                    return new DrawHand(rules, hiddenSeats, button, betting, List.copyOf(newHands), usedCards,
                            phase, pending, seat,
                            null, null).nextDrawer();
                }
                return new DrawHand(rules, hiddenSeats, button, betting, List.copyOf(newHands), usedCards, phase,
                        new Pending.ReplacementCards(seat, draw.discards().size()), seat, null, null);
            }
            default -> {
                return new DrawHand(rules, hiddenSeats, button, betting.apply(seat, action), hands, usedCards,
                        phase, pending,
                        -1, null, null).advance();
            }
        }
    }

    /** Supplies the cards {@link #pending()} asks for: a seat's five cards or its replacements. */
    public DrawHand deal(List<Card> cards) {
        if (pending instanceof Pending.HoleCards request) {
            long mask = Cards.requireFresh(cards, request.count(), usedCards, "seat " + request.seat() + "'s hand");
            List<List<Card>> newHands = new ArrayList<>(hands);
            newHands.set(request.seat(), List.copyOf(cards));
            return afterHand(request.seat(), List.copyOf(newHands), hiddenSeats, usedCards | mask);
        }
        if (pending instanceof Pending.ReplacementCards request) {
            if (isHidden(request.seat())) {
                throw new IllegalArgumentException("seat " + request.seat() + "'s hand is hidden here: deal its"
                        + " replacements with dealHidden()");
            }
            long mask = Cards.requireFresh(cards, request.count(), usedCards, "seat " + request.seat() + "'s draw");
            List<List<Card>> newHands = new ArrayList<>(hands);
            List<Card> hand = new ArrayList<>(hands.get(request.seat()));
            hand.addAll(cards);
            newHands.set(request.seat(), List.copyOf(hand));
            return new DrawHand(rules, hiddenSeats, button, betting, List.copyOf(newHands), usedCards | mask,
                    phase, pending,
                    request.seat(), null, null).nextDrawer();
        }
        throw new IllegalStateException("no cards are expected; waiting for " + pending);
    }

    /**
     * Records that the requested cards (a seat's five, or the replacements of a seat already hidden)
     * went to their seat face down: this engine, an observer that is not that player, cannot see them.
     */
    public DrawHand dealHidden() {
        if (pending instanceof Pending.HoleCards request) {
            return afterHand(request.seat(), hands, hiddenSeats | 1 << request.seat(), usedCards);
        }
        if (pending instanceof Pending.ReplacementCards request && isHidden(request.seat())) {
            return new DrawHand(rules, hiddenSeats, button, betting, hands, usedCards, phase, pending, request.seat(),
                    null, null).nextDrawer();
        }
        throw new IllegalStateException("only a hidden hand's cards can be dealt hidden; waiting for " + pending);
    }

    private DrawHand afterHand(int seat, List<List<Card>> newHands, int hidden, long used) {
        int next = nextLive(betting, seat);
        if (newHands.get(next).isEmpty() && (hidden >>> next & 1) == 0) {
            return new DrawHand(rules, hidden, button, betting, newHands, used, phase,
                    new Pending.HoleCards(next, DrawRules.HAND_SIZE), -1, null, null);
        }
        Betting first = rules.hasBlinds()
                ? betting.openRound(nextLive(betting, bigBlindSeat(betting, button)), rules.bigBlind(), true)
                : betting.openRound(button + 1, 0, true);
        return new DrawHand(rules, hidden, button, first, newHands, used, phase, pending, -1, null, null).advance();
    }

    /** After {@code drawer} has drawn: the next player to draw, or the second betting round. */
    private DrawHand nextDrawer() {
        for (int position = position(drawer) + 1; position < seats(); position++) {
            int seat = (button + 1 + position) % seats();
            if (!betting.folded(seat)) {
                return new DrawHand(rules, hiddenSeats, button, betting, hands, usedCards, phase,
                        new Pending.ActionFrom(seat), -1,
                        null, null);
            }
        }
        Betting second = betting.openRound(button + 1, 0, false);
        return new DrawHand(rules, hiddenSeats, button, second, hands, usedCards, Phase.SECOND_BETTING, pending,
                -1, null, null)
                .advance();
    }

    /** Draw order: 0 for the seat left of the button, up to seats-1 for the button itself. */
    private int position(int seat) {
        return Math.floorMod(seat - button - 1, seats());
    }

    private DrawHand advance() {
        if (betting.contenders() == 1) {
            Betting settled = betting.returnUncalled();
            int[] won = new int[seats()];
            for (int seat = 0; seat < seats(); seat++) {
                if (!settled.folded(seat)) {
                    won[seat] = settled.pot();
                }
            }
            return new DrawHand(rules, hiddenSeats, button, settled.payOut(won), hands, usedCards, Phase.COMPLETE,
                    new Pending.HandOver(), -1, null, won);
        }
        if (!betting.roundComplete()) {
            return new DrawHand(rules, hiddenSeats, button, betting, hands, usedCards, phase,
                    new Pending.ActionFrom(betting.toAct()),
                    -1, null, null);
        }
        Betting settled = betting.returnUncalled();
        if (phase == Phase.FIRST_BETTING) {
            int first = nextLive(settled, button);
            return new DrawHand(rules, hiddenSeats, button, settled, hands, usedCards, Phase.DRAW,
                    new Pending.ActionFrom(first),
                    -1, null, null);
        }
        int[] strengths = new int[seats()];
        Arrays.fill(strengths, Integer.MIN_VALUE);
        for (int seat = 0; seat < seats(); seat++) {
            if (!settled.folded(seat)) {
                strengths[seat] = isHidden(seat) ? Showdown.UNKNOWN
                        : HandEvaluator.evaluate(hands.get(seat)).strength();
            }
        }
        int aggressor = settled.lastAggressor();
        int first = aggressor >= 0 && !settled.folded(aggressor) ? aggressor : nextLive(settled, button);
        Showdown show = Showdown.start(first, settled.foldedSeats(), strengths,
                Pot.split(settled.totals(), settled.foldedSeats()));
        return new DrawHand(rules, hiddenSeats, button, settled, hands, usedCards, Phase.SHOWDOWN,
                new Pending.ActionFrom(show.toAct()),
                -1, show, null);
    }

    @Override
    public String toString() {
        return "DrawHand[" + phase + ", " + betting + ", waiting for " + pending + "]";
    }
}
