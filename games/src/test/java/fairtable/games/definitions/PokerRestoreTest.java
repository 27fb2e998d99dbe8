package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.poker.HoldemGame;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.table.TableParty;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A seat rebuilt from its snapshot mid-hand (as a node restarted from its journal) reads its own hole cards again
 * through the same rules, and the match plays on to a result every seat and the audit agree on.
 */
class PokerRestoreTest {

    @Test
    void aHoldemSeatRestoredOnTheFlopKnowsItsHoleCardsAgainAndTheMatchFinishes() throws Exception {
        AtomicBoolean holdOnTheFlop = new AtomicBoolean(true);
        Holdem holdem = new Holdem();
        PokerTable<HoldemGame> t = PokerTable.quietAfter(holdem, 3, 41,
                s -> PokerTable.passive(view -> holdOnTheFlop.get() && !view.board().isEmpty()));
        TableParty<PokerState<HoldemGame>, PokerMove> carol = t.seat(2);
        assertThat(carol.view().board()).hasSize(3);
        assertThat(carol.view().hand().privateCards(2)).hasSize(2);

        TableParty<PokerState<HoldemGame>, PokerMove> restored = TableParty.restore(carol.snapshot(), holdem,
                t.keys.get(2), new SplittableRandom(99), PokerTable.passive(view -> false));
        assertThat(restored.view().hand().privateCards(2)).isEqualTo(carol.view().hand().privateCards(2));
        assertThat(restored.view().hand().isHidden(0)).isTrue();
        assertThat(restored.transcript().envelopes()).isEqualTo(carol.transcript().envelopes());

        holdOnTheFlop.set(false);
        List<TableParty<PokerState<HoldemGame>, PokerMove>> seats = new ArrayList<>(t.seats);
        seats.set(2, restored);
        InMemoryTable table = new InMemoryTable(seats, t.keys);
        table.resume();
        assertThat(table.isFinished()).as(seats.stream().map(p -> p.awaiting() + " / " + p.failure()).toList().toString()).isTrue();
        assertThat(restored.failure()).isEmpty();
        assertThat(restored.transcript().envelopes()).isEqualTo(t.seat(0).transcript().envelopes());
        assertThat(restored.outcome()).isEqualTo(t.seat(0).outcome());
        AuditVerdict verdict = PokerTable.audit(restored);
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
    }
}
