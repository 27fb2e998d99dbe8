package fairtable.games.gin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A game to 100: hand points, the loser dealing next, and the bonuses at the end. */
class GinMatchTest {

    private static GinResult won(int winner, int points) {
        return new GinResult(GinResult.Outcome.KNOCK, OptionalInt.of(winner), OptionalInt.of(winner), points,
                List.of(), List.of());
    }

    @Test
    void theWinnerScoresAndTheLoserDealsTheNextHand() {
        GinMatch match = GinMatch.start(GinRules.standard(), 0);
        assertThat(match.nextHand().dealer()).isZero();
        match = match.record(won(0, 20));
        assertThat(match.scores()).containsExactly(20, 0);
        assertThat(match.handsWon()).containsExactly(1, 0);
        assertThat(match.nextDealer()).isEqualTo(1);
        match = match.record(won(1, 30));
        assertThat(match.scores()).containsExactly(20, 30);
        assertThat(match.nextDealer()).isZero();
    }

    @Test
    void aDrawnHandScoresNothingAndTheSameDealerDealsAgain() {
        GinMatch match = GinMatch.start(GinRules.standard(), 1).record(GinResult.drawn());
        assertThat(match.scores()).containsExactly(0, 0);
        assertThat(match.handsWon()).containsExactly(0, 0);
        assertThat(match.nextDealer()).isEqualTo(1);
        assertThat(match.handsPlayed()).isEqualTo(1);
    }

    /**
     * Seat 0 reaches 105 having won 3 hands, seat 1 has 40 from 2: seat 0 totals 105 + 100 game + 3 x 25 box =
     * 280, seat 1 40 + 2 x 25 = 90, a margin of 190.
     */
    @Test
    void theGameEndsAtTheTargetWithGameAndBoxBonuses() {
        GinMatch match = GinMatch.start(GinRules.standard(), 0).record(won(0, 30)).record(won(1, 25))
                .record(won(0, 30)).record(won(1, 15));
        assertThat(match.isOver()).isFalse();
        assertThatThrownBy(match::finalTotals).hasMessage("the game is not over");
        match = match.record(won(0, 45));
        assertThat(match.isOver()).isTrue();
        assertThat(match.winner()).hasValue(0);
        assertThat(match.isShutout()).isFalse();
        assertThat(match.finalTotals()).containsExactly(280, 90);
        assertThat(match.margin()).isEqualTo(190);
        GinMatch over = match;
        assertThatThrownBy(() -> over.record(won(1, 10))).hasMessage("the game is over");
        assertThatThrownBy(over::nextHand).hasMessage("the game is over");
    }

    /** Seat 1 never scored: seat 0's 110 + 100 + 2 x 25 = 260 is doubled to 520. */
    @Test
    void aShutoutDoublesTheWinnersTotal() {
        GinMatch match = GinMatch.start(GinRules.standard(), 0).record(won(0, 60)).record(won(0, 50));
        assertThat(match.isShutout()).isTrue();
        assertThat(match.finalTotals()).containsExactly(520, 0);
    }
}
