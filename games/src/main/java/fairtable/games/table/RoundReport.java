package fairtable.games.table;

import java.util.List;

/**
 * How a round ended, as one seat saw it: every seat of an honest table reports the same.
 *
 * @param round     the round (hand) number, from 1
 * @param summary   the result in words: winners, pot or points, hands shown
 * @param standings after the round: each seat's chips (poker) or each side's score (dominoes)
 */
public record RoundReport(int round, String summary, List<Integer> standings) {
    public RoundReport {
        standings = List.copyOf(standings);
    }
}
