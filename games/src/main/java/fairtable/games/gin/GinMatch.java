package fairtable.games.gin;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A game of gin hands until a seat reaches {@link GinRules#targetScore()}, as an immutable value.
 *
 * <p>Each hand's winner adds its points ({@link GinResult}). The loser of a hand deals the next; after a drawn
 * hand the same dealer deals again. When a seat reaches the target the game is over and the final totals add
 * the bonuses: the game bonus to the winner, a box bonus for every hand each seat won, and, when the loser
 * scored nothing at all (a shutout), the winner's whole total doubled.
 *
 * @param scores      hand points by seat, bonuses not included
 * @param handsWon    hands won by seat (for the box bonus)
 * @param nextDealer  who deals the next hand
 * @param handsPlayed hands recorded, drawn ones included
 */
public record GinMatch(GinRules rules, List<Integer> scores, List<Integer> handsWon, int nextDealer,
                       int handsPlayed) {

    public GinMatch {
        scores = List.copyOf(scores);
        handsWon = List.copyOf(handsWon);
        if (scores.size() != GinRules.SEATS || handsWon.size() != GinRules.SEATS) {
            throw new IllegalArgumentException("gin keeps the score of two seats");
        }
        GinRules.checkSeat(nextDealer);
    }

    public static GinMatch start(GinRules rules, int firstDealer) {
        return new GinMatch(rules, List.of(0, 0), List.of(0, 0), firstDealer, 0);
    }

    /** The next hand, dealt by {@link #nextDealer()}. */
    public GinHand nextHand() {
        checkNotOver();
        return GinHand.start(rules, nextDealer);
    }

    /** Adds a finished hand's result. */
    public GinMatch record(GinResult result) {
        checkNotOver();
        if (result.winner().isEmpty()) {
            return new GinMatch(rules, scores, handsWon, nextDealer, handsPlayed + 1);
        }
        int winner = result.winner().getAsInt();
        List<Integer> newScores = new ArrayList<>(scores);
        newScores.set(winner, scores.get(winner) + result.points());
        List<Integer> newWon = new ArrayList<>(handsWon);
        newWon.set(winner, handsWon.get(winner) + 1);
        return new GinMatch(rules, newScores, newWon, 1 - winner, handsPlayed + 1);
    }

    public boolean isOver() {
        return winner().isPresent();
    }

    /** The seat that reached the target (only a hand's winner scores, so at most one can). */
    public OptionalInt winner() {
        for (int seat = 0; seat < GinRules.SEATS; seat++) {
            if (scores.get(seat) >= rules.targetScore()) {
                return OptionalInt.of(seat);
            }
        }
        return OptionalInt.empty();
    }

    /** Whether the game ended with the loser never scoring. */
    public boolean isShutout() {
        return isOver() && scores.get(1 - winner().getAsInt()) == 0;
    }

    /** The final totals by seat, bonuses included; only once the game is over. */
    public List<Integer> finalTotals() {
        if (!isOver()) {
            throw new IllegalStateException("the game is not over");
        }
        int winner = winner().getAsInt();
        List<Integer> totals = new ArrayList<>();
        for (int seat = 0; seat < GinRules.SEATS; seat++) {
            int total = scores.get(seat) + rules.boxBonus() * handsWon.get(seat);
            if (seat == winner) {
                total += rules.gameBonus();
                if (rules.shutoutDoubles() && isShutout()) {
                    total *= 2;
                }
            }
            totals.add(total);
        }
        return List.copyOf(totals);
    }

    /** What the winner wins by: its final total less the loser's. */
    public int margin() {
        List<Integer> totals = finalTotals();
        int winner = winner().getAsInt();
        return totals.get(winner) - totals.get(1 - winner);
    }

    private void checkNotOver() {
        if (isOver()) {
            throw new IllegalStateException("the game is over");
        }
    }
}
