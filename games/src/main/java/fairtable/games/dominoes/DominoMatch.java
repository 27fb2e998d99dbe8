package fairtable.games.dominoes;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A match of several rounds to {@link DominoRules#targetScore()}, as an immutable value. After each round the
 * winning side adds the round's points; the match is over as soon as a side reaches the target (only the round's
 * winner scores, so at most one side can cross it at a time).
 */
public record DominoMatch(DominoRules rules, List<Integer> scores, OptionalInt previousWinner, int roundsPlayed) {

    public DominoMatch {
        scores = List.copyOf(scores);
        if (scores.size() != rules.sides()) {
            throw new IllegalArgumentException("one score per side expected");
        }
    }

    public static DominoMatch start(DominoRules rules) {
        return new DominoMatch(rules, Collections.nCopies(rules.sides(), 0), OptionalInt.empty(), 0);
    }

    public boolean isOver() {
        return winner().isPresent();
    }

    /** The side that reached the target, if any. */
    public OptionalInt winner() {
        for (int side = 0; side < scores.size(); side++) {
            if (scores.get(side) >= rules.targetScore()) {
                return OptionalInt.of(side);
            }
        }
        return OptionalInt.empty();
    }

    /** The next round's lead when the hands are known (see {@link Lead} for the convention). */
    public DominoRound dealOpenly(List<Set<Tile>> hands) {
        checkNotOver();
        return DominoRound.dealOpenly(rules, hands, previousWinner);
    }

    /** Adds a finished round's result. */
    public DominoMatch record(RoundResult result) {
        checkNotOver();
        if (result.pipsByPlayer().size() != rules.players()) {
            throw new IllegalArgumentException("result for another table size");
        }
        List<Integer> updated = new ArrayList<>(scores);
        result.winningSide().ifPresent(side -> updated.set(side, updated.get(side) + result.points()));
        return new DominoMatch(rules, updated, result.winningPlayer(), roundsPlayed + 1);
    }

    private void checkNotOver() {
        if (isOver()) {
            throw new IllegalStateException("the match is over");
        }
    }
}
