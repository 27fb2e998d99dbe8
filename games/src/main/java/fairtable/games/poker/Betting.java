package fairtable.games.poker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The chips of one no-limit poker hand, shared by every variant: seating, blinds and antes, stacks,
 * commitments, whose turn it is within a betting round and what they may do, the end of each round
 * (uncalled chips go back), the main and side pots, and the pay-out (to the last player after folds,
 * or as the showdown decides). Immutable: every change returns a new value (arrays are copied, never
 * shared out).
 *
 * <p>Reopening follows the TDA rule: a player who has already acted in the round may raise again only
 * when the bet has grown by at least one full raise since they acted. So a lone short all-in does not
 * reopen the betting to them, but several short all-ins that add up to a full raise do.
 */
final class Betting {
    private final int minimumBet;
    private final int[] stacks;
    private final int[] street;
    private final int[] total;
    private final boolean[] folded;
    private final boolean[] acted;
    private final int[] levelWhenActed;
    private final int currentBet;
    private final int minRaise;
    private final int toAct;
    private final int lastAggressor;
    /** What each seat won; null until the pot is paid out. */
    private final int[] payouts;

    private Betting(int minimumBet, int[] stacks, int[] street, int[] total, boolean[] folded, boolean[] acted,
            int[] levelWhenActed, int currentBet, int minRaise, int toAct, int lastAggressor, int[] payouts) {
        this.minimumBet = minimumBet;
        this.stacks = stacks;
        this.street = street;
        this.total = total;
        this.folded = folded;
        this.acted = acted;
        this.levelWhenActed = levelWhenActed;
        this.currentBet = currentBet;
        this.minRaise = minRaise;
        this.toAct = toAct;
        this.lastAggressor = lastAggressor;
        this.payouts = payouts;
    }

    /**
     * Seats a hand: seats with an empty stack sit it out and count as folded. The button must hold chips
     * and at least two seats must.
     */
    static Betting seat(int[] stacks, int button, int minimumBet) {
        int n = stacks.length;
        if (button < 0 || button >= n || stacks[button] <= 0) {
            throw new IllegalArgumentException("the button must be a seat with chips, got seat " + button);
        }
        boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++) {
            if (stacks[i] < 0) {
                throw new IllegalArgumentException("seat " + i + " has a negative stack");
            }
            out[i] = stacks[i] == 0;
        }
        Betting seated = new Betting(minimumBet, stacks.clone(), new int[n], new int[n], out, new boolean[n],
                new int[n], 0, minimumBet, -1, -1, null);
        if (seated.contenders() < 2) {
            throw new IllegalArgumentException(
                    "a hand needs at least two players with chips, got " + seated.contenders());
        }
        return seated;
    }

    /** The next seat clockwise after {@code seat} that is still in the hand. */
    int nextInHand(int seat) {
        int n = seats();
        for (int k = 1; k <= n; k++) {
            int next = (seat + k) % n;
            if (!folded[next]) {
                return next;
            }
        }
        throw new IllegalStateException("no seat is in the hand");
    }

    /** Heads-up the button posts the small blind; otherwise the first player left of it does. */
    int smallBlindSeat(int button) {
        return contenders() == 2 ? button : nextInHand(button);
    }

    int bigBlindSeat(int button) {
        return nextInHand(smallBlindSeat(button));
    }

    /** Posts the small and big blinds (all-in for less when short), which count toward the first bet. */
    Betting postBlinds(int button, int smallBlind, int bigBlind) {
        return post(smallBlindSeat(button), smallBlind, true).post(bigBlindSeat(button), bigBlind, true);
    }

    /** Antes from every seat in the hand: chips into the pot that count toward no bet. */
    Betting postAntes(int ante) {
        Betting posted = this;
        for (int seat = 0; seat < seats(); seat++) {
            if (!folded[seat] && ante > 0) {
                posted = posted.post(seat, ante, false);
            }
        }
        return posted;
    }

    int seats() {
        return stacks.length;
    }

    int stack(int seat) {
        return stacks[seat];
    }

    int[] stacks() {
        return stacks.clone();
    }

    int committed(int seat) {
        return total[seat];
    }

    int[] totals() {
        return total.clone();
    }

    int streetCommitment(int seat) {
        return street[seat];
    }

    boolean folded(int seat) {
        return folded[seat];
    }

    boolean[] foldedSeats() {
        return folded.clone();
    }

    int toAct() {
        return toAct;
    }

    int currentBet() {
        return currentBet;
    }

    int lastAggressor() {
        return lastAggressor;
    }

    boolean roundComplete() {
        return toAct < 0;
    }

    int pot() {
        int sum = 0;
        for (int t : total) {
            sum += t;
        }
        return sum;
    }

    int contenders() {
        int count = 0;
        for (boolean f : folded) {
            if (!f) {
                count++;
            }
        }
        return count;
    }

    /**
     * Chips into the pot before the betting, all-in for less when short: a blind is live (it counts
     * toward the player's bet in the first round), an ante is not.
     */
    private Betting post(int seat, int amount, boolean live) {
        int put = Math.min(amount, stacks[seat]);
        int[] newStacks = stacks.clone();
        int[] newStreet = street.clone();
        int[] newTotal = total.clone();
        newStacks[seat] -= put;
        newStreet[seat] += live ? put : 0;
        newTotal[seat] += put;
        return new Betting(minimumBet, newStacks, newStreet, newTotal, folded, acted, levelWhenActed, currentBet,
                minRaise, toAct, lastAggressor, null);
    }

    /**
     * Starts a betting round in which {@code betToMatch} must be matched (the big blind preflop, even
     * when the big blind is all-in for less; zero otherwise), the first decision going to the first
     * seat from {@code firstSeat} onwards that has one to make.
     */
    Betting openRound(int firstSeat, int betToMatch, boolean keepStreetCommitments) {
        int n = seats();
        int[] newStreet = keepStreetCommitments ? street : new int[n];
        Betting opened = new Betting(minimumBet, stacks, newStreet, total, folded, new boolean[n], new int[n],
                betToMatch, minimumBet, -1, -1, null);
        return opened.withToAct(opened.firstNeedingAction(firstSeat));
    }

    private Betting withToAct(int seat) {
        return new Betting(minimumBet, stacks, street, total, folded, acted, levelWhenActed, currentBet, minRaise,
                seat, lastAggressor, null);
    }

    private int firstNeedingAction(int from) {
        int n = seats();
        for (int k = 0; k < n; k++) {
            int seat = Math.floorMod(from + k, n);
            if (needsAction(seat)) {
                return seat;
            }
        }
        return -1;
    }

    private boolean needsAction(int seat) {
        if (folded[seat] || stacks[seat] == 0) {
            return false;
        }
        if (street[seat] < currentBet) {
            return true;
        }
        return !acted[seat] && anotherPlayerHasChips(seat);
    }

    private boolean anotherPlayerHasChips(int seat) {
        for (int i = 0; i < seats(); i++) {
            if (i != seat && !folded[i] && stacks[i] > 0) {
                return true;
            }
        }
        return false;
    }

    /** Number of players still in the hand who have chips behind (and so could bet). */
    int playersWhoCanBet() {
        int count = 0;
        for (int i = 0; i < seats(); i++) {
            if (!folded[i] && stacks[i] > 0) {
                count++;
            }
        }
        return count;
    }

    LegalActions legalActions() {
        if (toAct < 0) {
            throw new IllegalStateException("no betting decision is pending");
        }
        int seat = toAct;
        List<Action> choices = new ArrayList<>(2);
        int toCall = currentBet - street[seat];
        if (toCall > 0) {
            choices.add(Action.fold());
            choices.add(Action.call());
        } else {
            choices.add(Action.check());
        }
        int allIn = street[seat] + stacks[seat];
        boolean reopened = !acted[seat] || currentBet - levelWhenActed[seat] >= minRaise;
        if (allIn > currentBet && reopened && anotherPlayerHasChips(seat)) {
            int fullRaiseTo = currentBet + minRaise;
            return new LegalActions(seat, choices, Math.min(fullRaiseTo, allIn), allIn);
        }
        return LegalActions.of(seat, choices);
    }

    Betting apply(int seat, Action action) {
        if (toAct < 0) {
            throw new IllegalStateException("no betting decision is pending");
        }
        if (seat != toAct) {
            throw new IllegalArgumentException("it is seat " + toAct + "'s turn, not seat " + seat + "'s");
        }
        LegalActions legal = legalActions();
        if (!legal.allows(action)) {
            throw new IllegalArgumentException("seat " + seat + " may not " + action + describeLegal(legal));
        }
        int[] newStacks = stacks.clone();
        int[] newStreet = street.clone();
        int[] newTotal = total.clone();
        boolean[] newFolded = folded.clone();
        boolean[] newActed = acted.clone();
        int[] newLevels = levelWhenActed.clone();
        int newBet = currentBet;
        int newMinRaise = minRaise;
        int newAggressor = lastAggressor;
        if (action instanceof Action.Fold) {
            newFolded[seat] = true;
        } else if (action instanceof Action.Call) {
            int put = Math.min(currentBet - street[seat], stacks[seat]);
            newStacks[seat] -= put;
            newStreet[seat] += put;
            newTotal[seat] += put;
        } else if (action instanceof Action.RaiseTo raise) {
            int put = raise.amount() - street[seat];
            newStacks[seat] -= put;
            newStreet[seat] = raise.amount();
            newTotal[seat] += put;
            int increment = raise.amount() - currentBet;
            if (increment >= minRaise) {
                newMinRaise = increment;
            }
            newBet = raise.amount();
            newAggressor = seat;
        }
        newActed[seat] = true;
        newLevels[seat] = newBet;
        Betting next = new Betting(minimumBet, newStacks, newStreet, newTotal, newFolded, newActed, newLevels,
                newBet, newMinRaise, -1, newAggressor, null);
        return next.withToAct(next.firstNeedingAction(seat + 1));
    }

    private static String describeLegal(LegalActions legal) {
        String text = "; legal: " + legal.choices();
        if (legal.canRaise()) {
            text += ", or raise to " + legal.minRaiseTo() + ".." + legal.maxRaiseTo();
        }
        return text;
    }

    /** Returns to its owner the part of the largest commitment that nobody else matched. */
    Betting returnUncalled() {
        int top = -1;
        int highest = -1;
        int second = 0;
        for (int i = 0; i < seats(); i++) {
            if (total[i] > highest) {
                second = Math.max(second, highest);
                highest = total[i];
                top = i;
            } else {
                second = Math.max(second, total[i]);
            }
        }
        int excess = highest - second;
        if (top < 0 || excess <= 0) {
            return this;
        }
        int[] newStacks = stacks.clone();
        int[] newStreet = street.clone();
        int[] newTotal = total.clone();
        newStacks[top] += excess;
        newTotal[top] -= excess;
        newStreet[top] = Math.max(0, newStreet[top] - excess);
        return new Betting(minimumBet, newStacks, newStreet, newTotal, folded, acted, levelWhenActed, currentBet,
                minRaise, toAct, lastAggressor, null);
    }

    /** Pays the given amounts from the pot into stacks; the hand's commitments are then spent. */
    Betting payOut(int[] won) {
        int n = seats();
        if (won.length != n) {
            throw new IllegalArgumentException("payouts for " + won.length + " seats at a table of " + n);
        }
        int[] newStacks = stacks.clone();
        for (int i = 0; i < n; i++) {
            newStacks[i] += won[i];
        }
        return new Betting(minimumBet, newStacks, new int[n], new int[n], folded, acted, levelWhenActed, 0,
                minRaise, -1, lastAggressor, won.clone());
    }

    /** Whether everybody else folded, so that the one player left wins without a showdown. */
    boolean wonByFolds() {
        return contenders() == 1;
    }

    /** Returns the uncalled chips and pays the whole pot to the one player left in the hand. */
    Betting awardToLastPlayer() {
        if (!wonByFolds()) {
            throw new IllegalStateException(contenders() + " players are still in the hand");
        }
        Betting settled = returnUncalled();
        int[] won = new int[seats()];
        for (int seat = 0; seat < seats(); seat++) {
            if (!folded[seat]) {
                won[seat] = settled.pot();
            }
        }
        return settled.payOut(won);
    }

    /** Whether the pot has been paid out (the hand is over). */
    boolean paidOut() {
        return payouts != null;
    }

    /** What each seat won; only once paid out. */
    int[] payouts() {
        if (payouts == null) {
            throw new IllegalStateException("the hand is not complete");
        }
        return payouts.clone();
    }

    /** The chips in the middle as main and side pots. */
    List<Pot> pots() {
        return Pot.split(total, folded);
    }

    @Override
    public String toString() {
        return "stacks " + Arrays.toString(stacks) + " committed " + Arrays.toString(total) + " to act " + toAct;
    }
}
