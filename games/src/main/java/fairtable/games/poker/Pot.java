package fairtable.games.poker;

import java.util.ArrayList;
import java.util.List;

/**
 * A main or side pot: {@code amount} chips that only {@code eligibleSeats} (players still in the hand
 * who put in at least this pot's level) can win.
 */
public record Pot(int amount, List<Integer> eligibleSeats) {

    public Pot {
        eligibleSeats = List.copyOf(eligibleSeats);
    }

    /**
     * Splits the chips committed by every seat into a main pot and side pots, smallest all-in first.
     * Chips from folded seats go into the pots they reached but make no one eligible.
     */
    static List<Pot> split(int[] committed, boolean[] folded) {
        List<Integer> levels = new ArrayList<>();
        for (int seat = 0; seat < committed.length; seat++) {
            if (!folded[seat] && committed[seat] > 0 && !levels.contains(committed[seat])) {
                levels.add(committed[seat]);
            }
        }
        levels.sort(null);
        List<Pot> pots = new ArrayList<>();
        int previous = 0;
        for (int i = 0; i < levels.size(); i++) {
            int level = levels.get(i);
            boolean last = i == levels.size() - 1;
            int amount = 0;
            List<Integer> eligible = new ArrayList<>();
            for (int seat = 0; seat < committed.length; seat++) {
                // The top pot also sweeps any folded chips above the highest live level.
                int cap = last ? Math.max(level, committed[seat]) : level;
                amount += Math.max(0, Math.min(committed[seat], cap) - previous);
                if (!folded[seat] && committed[seat] >= level) {
                    eligible.add(seat);
                }
            }
            pots.add(new Pot(amount, eligible));
            previous = level;
        }
        return pots;
    }

    /**
     * Awards every pot to its best eligible hand. {@code strengths[seat]} is the hand strength, or
     * {@link Integer#MIN_VALUE} for a seat that cannot win (mucked). Ties split; odd chips go one at a
     * time to the tied winners in seat order starting left of the button.
     */
    static int[] award(List<Pot> pots, int[] strengths, int button) {
        int seats = strengths.length;
        int[] payouts = new int[seats];
        for (Pot pot : pots) {
            int best = Integer.MIN_VALUE;
            for (int seat : pot.eligibleSeats()) {
                best = Math.max(best, strengths[seat]);
            }
            List<Integer> winners = new ArrayList<>();
            for (int k = 1; k <= seats; k++) {
                int seat = (button + k) % seats;
                if (pot.eligibleSeats().contains(seat) && strengths[seat] == best) {
                    winners.add(seat);
                }
            }
            if (winners.isEmpty()) {
                throw new IllegalStateException("pot " + pot + " has no eligible winner");
            }
            int share = pot.amount() / winners.size();
            int oddChips = pot.amount() % winners.size();
            for (int w = 0; w < winners.size(); w++) {
                payouts[winners.get(w)] += share + (w < oddChips ? 1 : 0);
            }
        }
        return payouts;
    }
}
