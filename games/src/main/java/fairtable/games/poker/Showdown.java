package fairtable.games.poker;

import java.util.ArrayList;
import java.util.List;

/**
 * Showing down in turn. Each player either shows or mucks; a muck is allowed only when, for every pot
 * the player could win, a hand already shown beats theirs. So a losing hand may be mucked and a hand
 * that wins (or ties) anything must be shown. When this engine does not know a player's cards (they
 * were dealt hidden), it cannot tell whether they are beaten: that player may muck once, for every pot
 * they could win, some other hand has been shown. Immutable.
 */
final class Showdown {
    /** Strength of a hand this engine cannot see (real strengths are never negative). */
    static final int UNKNOWN = -1;

    private final List<Integer> order;
    private final int next;
    private final int[] strengths;
    private final boolean[] shown;
    private final boolean[] mucked;
    private final List<Pot> pots;

    private Showdown(List<Integer> order, int next, int[] strengths, boolean[] shown, boolean[] mucked,
            List<Pot> pots) {
        this.order = order;
        this.next = next;
        this.strengths = strengths;
        this.shown = shown;
        this.mucked = mucked;
        this.pots = pots;
    }

    /**
     * Starts with {@code first} (the last aggressor of the final round, or the first live seat left of
     * the button) and continues clockwise through the players still in the hand.
     */
    static Showdown start(int first, boolean[] folded, int[] strengths, List<Pot> pots) {
        int n = folded.length;
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int seat = (first + k) % n;
            if (!folded[seat]) {
                order.add(seat);
            }
        }
        return new Showdown(List.copyOf(order), 0, strengths.clone(), new boolean[n], new boolean[n], pots);
    }

    boolean finished() {
        return next >= order.size();
    }

    int toAct() {
        return finished() ? -1 : order.get(next);
    }

    boolean shown(int seat) {
        return shown[seat];
    }

    boolean mucked(int seat) {
        return mucked[seat];
    }

    LegalActions legalActions() {
        int seat = toAct();
        if (seat < 0) {
            throw new IllegalStateException("the showdown is over");
        }
        return LegalActions.of(seat, mayMuck(seat) ? List.of(Action.show(), Action.muck()) : List.of(Action.show()));
    }

    private boolean mayMuck(int seat) {
        for (Pot pot : pots) {
            if (!pot.eligibleSeats().contains(seat)) {
                continue;
            }
            boolean beaten = false;
            for (int other : pot.eligibleSeats()) {
                if (other != seat && shown[other] && strengths[other] > strengths[seat]) {
                    beaten = true;
                    break;
                }
            }
            if (!beaten) {
                return false;
            }
        }
        return true;
    }

    /** Whether this engine knows the seat's hand without it being shown. */
    boolean knows(int seat) {
        return strengths[seat] != UNKNOWN;
    }

    /**
     * Applies a show or muck. {@code shownStrength} is the strength of the shown hand (ignored for a
     * muck); for a hand this engine already knew it must agree.
     */
    Showdown apply(int seat, Action action, int shownStrength) {
        if (seat != toAct()) {
            throw new IllegalArgumentException(
                    "at showdown it is seat " + toAct() + "'s turn, not seat " + seat + "'s");
        }
        LegalActions legal = legalActions();
        if (!legal.allows(action)) {
            throw new IllegalArgumentException("seat " + seat + " may not " + action + " at showdown; legal: "
                    + legal.choices()
                    + (action instanceof Action.Muck ? " (a hand not yet beaten must be shown)" : ""));
        }
        boolean[] newShown = shown.clone();
        boolean[] newMucked = mucked.clone();
        int[] newStrengths = strengths;
        if (action instanceof Action.Show) {
            newShown[seat] = true;
            newStrengths = strengths.clone();
            newStrengths[seat] = shownStrength;
        } else {
            newMucked[seat] = true;
        }
        return new Showdown(order, next + 1, newStrengths, newShown, newMucked, pots);
    }

    /** Payouts once finished: mucked hands win nothing. */
    int[] payouts(int button) {
        int[] contending = strengths.clone();
        for (int seat = 0; seat < contending.length; seat++) {
            if (!shown[seat]) {
                contending[seat] = Integer.MIN_VALUE;
            }
        }
        return Pot.award(pots, contending, button);
    }
}
