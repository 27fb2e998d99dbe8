package fairtable.games.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.poker.DrawRules;
import fairtable.protocol.patent.PatentMode;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PatentDrawTableTest {

    static List<PatentDrawSeat> table(int hands, long seed, int stack) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> names = List.of("alice", "bob");
        int[] stacks = {stack, stack};
        return List.of(
                new PatentDrawSeat(0, names, PokerTableTest.key(random), random.split(), PatentMode.DEFAULT,
                        DrawRules.withBlinds(5, 10), stacks, hands, PokerPlayer.bot(random.split(), 200)),
                new PatentDrawSeat(1, names, PokerTableTest.key(random), random.split(), PatentMode.DEFAULT,
                        DrawRules.withBlinds(5, 10), stacks, hands, PokerPlayer.bot(random.split(), 200)));
    }

    @ParameterizedTest
    @ValueSource(longs = {61, 62})
    void headsUpDrawOverThePatentProtocolConservesChipsAndAuditsEveryHand(long seed) throws Exception {
        List<PatentDrawSeat> seats = table(4, seed, 200);
        int[] draws = {0};
        LocalTable table = new LocalTable(seats);
        table.play(m -> {
            if (m instanceof TableMessage.DeckStep step && step.envelope().type().equals("return")) {
                draws[0]++;
            }
        });
        assertThat(draws[0]).as("cards traded back to the pile").isPositive();
        assertThat(seats.get(0).reports()).isNotEmpty().isEqualTo(seats.get(1).reports());
        for (RoundReport report : seats.get(0).reports()) {
            assertThat(report.standings().get(0) + report.standings().get(1)).isEqualTo(400);
        }
        assertThat(table.audit()).allSatisfy(v -> assertThat(v.line()).startsWith("VERIFIED"));
    }
}
