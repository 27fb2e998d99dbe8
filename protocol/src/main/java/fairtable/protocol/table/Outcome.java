package fairtable.protocol.table;

import java.util.List;

/**
 * How a game stands: each seat's total (chips in its stack, or points) and the result in words, e.g.
 * "alice wins the match 112 to 64".
 */
public record Outcome(List<Integer> totals, String text) {
    public Outcome {
        totals = List.copyOf(totals);
    }
}
