package fairtable.games.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.dominoes.DominoRound;
import fairtable.games.dominoes.DominoRules;
import fairtable.games.dominoes.Hand;
import fairtable.games.dominoes.Tile;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DominoTableTest {
    private static final List<String> NAMES = List.of("alice", "bob", "carol", "dave");

    static List<DominoSeat> table(int players, int rounds, int target, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DominoRules rules = DominoRules.standard(players).withTargetScore(target);
        List<DominoSeat> seats = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            seats.add(new DominoSeat(s, NAMES.subList(0, players), PokerTableTest.key(random), random.split(), rules,
                    rounds, DominoPlayer.bot()));
        }
        return seats;
    }

    @ParameterizedTest
    @CsvSource({"2, 41", "3, 42", "4, 43"})
    void botsPlayRoundsEverySeatScoresAlikeAndEveryTranscriptAudits(int players, long seed) throws Exception {
        List<DominoSeat> seats = table(players, 2, 1000, seed);
        int[] hiddenChecks = {0};
        LocalTable table = new LocalTable(seats);
        table.play(message -> {
            for (DominoSeat seat : seats) {
                DominoRound view = seat.view();
                if (view == null || view.isOver()) {
                    continue;
                }
                // Before the final show, every other hand is known to this seat only by its size.
                if (view.awaiting() instanceof DominoRound.HandsRevealed) {
                    continue;
                }
                for (int other = 0; other < players; other++) {
                    if (other != seat.seat()) {
                        Hand hand = view.hand(other);
                        assertThat(hand.knownTiles()).isEmpty();
                        hiddenChecks[0]++;
                    }
                }
            }
        });
        assertThat(hiddenChecks[0]).isPositive();
        for (DominoSeat seat : seats) {
            assertThat(seat.failure()).isEmpty();
            assertThat(seat.reports()).hasSize(2).isEqualTo(seats.get(0).reports());
        }
        assertThat(table.audit()).hasSize(2 * players).allSatisfy(v -> assertThat(v.line()).startsWith("VERIFIED"));
        // Every tile in a final audit is a distinct tile of the set.
        Set<Tile> line = new HashSet<>();
        seats.get(0).view().line().forEach(t -> assertThat(line.add(t.tile())).isTrue());
    }

    @ParameterizedTest
    @CsvSource({"2, 51"})
    void aMatchIsPlayedToItsTarget(int players, long seed) throws Exception {
        List<DominoSeat> seats = table(players, 50, 60, seed);
        new LocalTable(seats).play();
        assertThat(seats.get(0).match().isOver()).isTrue();
        assertThat(seats.get(0).match().scores().stream().mapToInt(Integer::intValue).max().orElseThrow())
                .isGreaterThanOrEqualTo(60);
        for (DominoSeat seat : seats) {
            assertThat(seat.reports()).isEqualTo(seats.get(0).reports());
        }
    }
}
