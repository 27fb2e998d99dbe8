package fairtable.app.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.app.Audits;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.definitions.InMemoryTable;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What a journaled seat of a registered game relies on: a seat restored from its snapshot in the middle of a round
 * plays that round and every later one with its own deck, so the session finishes and audits VERIFIED.
 */
class RestoredSeatTest {
    @Test
    void aSeatRestoredMidRoundPlaysTheLaterRoundsWithItsOwnDeck() throws Exception {
        HighCardDefinition game = HighCardDefinition.GAME;
        TableParameters params = new TableParameters(game.name(), 2, game.options(Map.of("rounds", "4")));
        SplittableRandom seeds = new SplittableRandom(1);
        List<TableParty<HighCardDefinition.State, HighCardDefinition.Move>> seats = new ArrayList<>();
        List<SigningKey> keys = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            byte[] k = new byte[32];
            seeds.nextBytes(k);
            keys.add(SigningKey.fromSeed(k));
            int seat = s;
            // ben puts his first decision of round 2 off, so the table stops there, mid-round.
            seats.add(TableParty.create(game, params, s, HighCardTable.NAMES.get(s), keys.get(s), seeds.split(),
                    (view, me, legal) -> seat == 1 && view.round() == 2 ? null : legal.get(0)));
        }
        new InMemoryTable(seats, keys).play();
        assertThat(seats.get(1).awaiting()).isEqualTo("bob's move");
        assertThat(seats.get(1).round()).isEqualTo(2);

        TableParty<HighCardDefinition.State, HighCardDefinition.Move> restored = TableParty.restore(
                seats.get(1).snapshot(), game, keys.get(1), new SplittableRandom(2), (view, me, legal) -> legal.get(0));
        InMemoryTable table = new InMemoryTable(List.of(seats.get(0), restored), keys);
        table.resume();

        assertThat(table.isFinished()).as(restored.awaiting()).isTrue();
        assertThat(restored.transcript().envelopes()).isEqualTo(seats.get(0).transcript().envelopes());
        restored.snapshot(); // what a journal writes before every message
        assertThat(Audits.audit(restored, HighCardDefinition.CATALOG).line())
                .isEqualTo("VERIFIED: high-card for 2, 4 rounds: " + seats.get(0).outcome().orElseThrow().text()
                        + "; game over");
    }
}
