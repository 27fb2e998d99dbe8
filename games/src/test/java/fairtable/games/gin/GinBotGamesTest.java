package fairtable.games.gin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Whole games between bots from seeded shuffles (no cryptography): every game ends, every card is accounted
 * for at every step, and the full view, both seats' views and the judge agree on every step and every result.
 */
class GinBotGamesTest {

    private static final int GAMES = 10;
    private static final int MAX_HANDS = 60;

    /** Ten games (about ninety deals) reach knocks, undercuts and gins, so each scoring path is crossed. */
    @Test
    void botsPlayWholeGamesThatEndWithEveryCardAccountedFor() {
        Map<GinResult.Outcome, Integer> outcomes = new EnumMap<>(GinResult.Outcome.class);
        for (long seed = 1; seed <= GAMES; seed++) {
            playGame(seed, outcomes);
        }
        assertThat(outcomes).containsKeys(GinResult.Outcome.KNOCK, GinResult.Outcome.UNDERCUT,
                GinResult.Outcome.GIN);
    }

    private static void playGame(long seed, Map<GinResult.Outcome, Integer> outcomes) {
        SplittableRandom random = new SplittableRandom(seed);
        GinMatch match = GinMatch.start(GinRules.standard(), random.nextInt(2));
        while (!match.isOver()) {
            assertThat(match.handsPlayed()).as("hands played, seed %d", seed).isLessThan(MAX_HANDS);
            GinTable table = new GinTable(match.nextHand(), random.split());
            int steps = 0;
            while (!table.full().isOver()) {
                table.assertEveryCardAccountedFor();
                table.step(random);
                assertThat(++steps).as("steps in one deal, seed %d", seed).isLessThan(200);
            }
            table.assertEveryCardAccountedFor();
            GinResult result = table.full().result().orElseThrow();
            assertThat(table.seatView(0).result()).contains(result);
            assertThat(table.seatView(1).result()).contains(result);
            assertThat(table.judge().result()).contains(result);
            outcomes.merge(result.outcome(), 1, Integer::sum);
            GinMatch before = match;
            match = match.record(result);
            if (result.winner().isPresent()) {
                int winner = result.winner().getAsInt();
                assertThat(result.points()).isPositive();
                assertThat(match.scores().get(winner)).isEqualTo(before.scores().get(winner) + result.points());
                assertThat(match.nextDealer()).isEqualTo(1 - winner);
            }
        }
        int winner = match.winner().getAsInt();
        assertThat(match.scores().get(winner)).isGreaterThanOrEqualTo(100);
        assertThat(match.scores().get(1 - winner)).isLessThan(100);
        assertThat(match.finalTotals().get(winner)).isGreaterThan(match.finalTotals().get(1 - winner));
    }
}
