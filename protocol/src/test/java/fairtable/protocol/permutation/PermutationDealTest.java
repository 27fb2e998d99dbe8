package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Honest games: every reveal type shows the true card to exactly its audience, and the audit verifies. */
class PermutationDealTest {

    @ParameterizedTest
    @CsvSource({"3, 12, 1", "3, 52, 2", "5, 20, 3", "5, 52, 4", "4, 16, 5"})
    void everyRevealShowsTheTrueCardToItsAudienceOnly(int players, int cards, long seed) throws Exception {
        Table table = new Table(players, cards, seed).setUp();
        Permutation layout = table.layout();
        List<Map<Integer, Integer>> expected = new ArrayList<>();
        List<List<Integer>> privately = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            expected.add(new TreeMap<>());
            privately.add(new ArrayList<>());
        }
        int position = 0;
        for (int round = 0; round < 2; round++) {
            for (int audience = 0; audience < players; audience++) {
                table.revealTo(position, audience);
                expected.get(audience).put(position, layout.apply(position));
                privately.get(audience).add(layout.apply(position));
                position++;
            }
        }
        for (int k = 0; k < 2; k++) {
            table.revealPublicly(position);
            for (Map<Integer, Integer> view : expected) {
                view.put(position, layout.apply(position));
            }
            position++;
        }
        // A card first shown privately, then to everyone (a showdown).
        table.revealPublicly(1);
        expected.forEach(view -> view.put(1, layout.apply(1)));

        for (int s = 0; s < players; s++) {
            assertThat(table.seat(s).knownCards()).as("what %s was shown", Table.NAMES.get(s))
                    .isEqualTo(expected.get(s));
        }
        table.finish();
        for (PermutationParty p : table.seats) {
            assertThat(p.isFinished()).isTrue();
            assertThat(p.rejected()).isEmpty();
            assertThat(p.transcript().envelopes()).isEqualTo(table.seat(0).transcript().envelopes());
        }
        AuditVerdict verdict = Table.audit(table.seat(players - 1));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.line()).startsWith("VERIFIED: permutation-deal/v2 n=" + cards + ", " + players + " players");
        for (int s = 0; s < players; s++) {
            assertThat(verdict.holdings().get(Table.NAMES.get(s))).isEqualTo(privately.get(s).stream().sorted().toList());
        }
        assertThat(verdict.holdings().get("public")).containsExactlyInAnyOrder(
                layout.apply(2 * players), layout.apply(2 * players + 1), layout.apply(1));
    }

    /**
     * The number of messages follows the plan: N sealing keys, N-1 handouts, N commitments, and the hops of
     * each reveal.
     */
    @ParameterizedTest
    @CsvSource({"3", "5"})
    void theHopCountsFollowTheGeneralisedChain(int players) throws Exception {
        Table table = new Table(players, 10, 7).setUp();
        int setup = players + players + (players - 1) + players;
        assertThat(table.seat(0).transcript().size()).isEqualTo(setup);
        int[] hopsExpected = new int[players + 1];
        for (int audience = 0; audience < players; audience++) {
            // P_N: N-1 hops; P_(N-1): N-2 hops to it, one to P1, one back; others: N-2 hops and one to them.
            hopsExpected[audience] = audience == players - 1 ? players - 1 : audience == players - 2 ? players : players - 1;
        }
        int size = setup;
        for (int audience = 0; audience < players; audience++) {
            table.revealTo(audience, audience);
            List<Envelope> all = table.seat(0).transcript().envelopes();
            assertThat(all.size() - size).as("messages for a reveal to seat %d", audience).isEqualTo(1 + hopsExpected[audience]);
            size = all.size();
        }
        table.revealPublicly(players);
        assertThat(table.seat(0).transcript().size() - size).isEqualTo(1 + players);
    }
}
