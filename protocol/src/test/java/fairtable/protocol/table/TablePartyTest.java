package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.AuditVerdict;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class TablePartyTest {

    @Test
    void threeSeatsPlayEveryRoundInOneChainThatAuditsVerified() throws Exception {
        TableSeats table = new TableSeats(3, 2, 1);
        table.pump(table.seat(0).start());
        for (TableParty<HighCard.State, HighCard.Move> p : table.seats) {
            assertThat(p.isFinished()).as(p.awaiting()).isTrue();
            assertThat(p.failure()).isEmpty();
            assertThat(p.transcript().envelopes()).isEqualTo(table.seat(0).transcript().envelopes());
        }
        HighCard.State end = table.seat(0).state();
        assertThat(end.round()).isEqualTo(2);
        assertThat(end.points().stream().mapToInt(Integer::intValue).sum()).isEqualTo(2);
        AuditVerdict verdict = TableSeats.audit(table.seat(1));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
        assertThat(verdict.summary()).contains("points " + end.points()).contains("game over");
    }

    @Test
    void aSeatRestoredFromItsSnapshotDealsTheNextRoundsWithItsOwnKey() throws Exception {
        AtomicBoolean thinking = new AtomicBoolean(true);
        TableSeats table = new TableSeats(3, 2, 5, (view, seat, legal) -> thinking.get() ? null : HighCard.Move.SHOW);
        table.pump(table.seat(0).start());
        TableParty<HighCard.State, HighCard.Move> restored = TableParty.restore(table.seat(1).snapshot(), HighCard.GAME,
                table.keys.get(1), new SplittableRandom(8), (view, seat, legal) -> HighCard.Move.SHOW);
        table.seats.set(1, restored);
        thinking.set(false);
        table.pump(table.seat(0).resume());
        assertThat(restored.isFinished()).as(restored.awaiting()).isTrue();
        assertThat(restored.state().round()).isEqualTo(2);
        assertThat(restored.transcript().envelopes()).isEqualTo(table.seat(0).transcript().envelopes());
        AuditVerdict verdict = TableSeats.audit(restored);
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
    }
}
