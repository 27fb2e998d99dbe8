package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
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
    void aSeatRestoredFromItsSnapshotMidRoundPlaysOnWithItsOwnCards() throws Exception {
        // Everybody defers its move, so the table stops at alice's first move of round 1, after the deal.
        java.util.concurrent.atomic.AtomicBoolean decide = new java.util.concurrent.atomic.AtomicBoolean(false);
        TableSeats table = new TableSeats(3, 2, 5, (view, seat, legal) -> decide.get() ? HighCard.Move.SHOW : null);
        table.pump(table.seat(0).start());
        TableParty<HighCard.State, HighCard.Move> bob = table.seat(1);
        int bobsCard = bob.view().mine().get(1);
        assertThat(bobsCard).as("bob reads his own card").isBetween(0, 12);
        assertThat(bob.state().mine().get(1)).as("the public state does not").isEqualTo(-1);

        TableParty<HighCard.State, HighCard.Move> restored = TableParty.restore(bob.snapshot(), HighCard.GAME,
                table.keys.get(1), new java.util.SplittableRandom(99), (view, seat, legal) -> HighCard.Move.SHOW);
        assertThat(restored.transcript().envelopes()).isEqualTo(bob.transcript().envelopes());
        assertThat(restored.view().mine().get(1)).isEqualTo(bobsCard);
        assertThat(restored.awaiting()).isEqualTo(bob.awaiting());
        table.seats.set(1, restored);

        decide.set(true);
        List<Envelope> sent = new java.util.ArrayList<>();
        for (TableParty<HighCard.State, HighCard.Move> p : table.seats) {
            sent.addAll(p.resume());
        }
        table.pump(sent);
        for (TableParty<HighCard.State, HighCard.Move> p : table.seats) {
            assertThat(p.isFinished()).as(p.nameOf(p.seat()) + " awaits " + p.awaiting()).isTrue();
        }
        assertThat(restored.state().shown()).isNotEmpty();
        assertThat(TableSeats.audit(restored).verified()).isTrue();
    }

    /**
     * No public message holds what a seat's own deck read in a finished round, so a seat taken up from its journal
     * (at the terminal, or by mail for every command) knew only the rounds from then on: its snapshot now keeps them.
     */
    @Test
    void aRestoredSeatStillKnowsWhatItReadInEveryEarlierRound() throws Exception {
        TableSeats table = new TableSeats(3, 3, 7);
        table.pump(table.seat(0).start());
        TableParty<HighCard.State, HighCard.Move> bob = table.seat(1);
        assertThat(bob.isFinished()).isTrue();
        assertThat(bob.seenCards()).containsOnlyKeys(1, 2, 3);
        TableParty<HighCard.State, HighCard.Move> restored = TableParty.restore(bob.snapshot(), HighCard.GAME,
                table.keys.get(1), new java.util.SplittableRandom(99), (view, seat, legal) -> HighCard.Move.SHOW);
        assertThat(asLists(restored.seenCards())).isEqualTo(asLists(bob.seenCards()));
        // Bob read his own card in each round (-1 where he read nothing), and the record says so after the restore.
        for (int[] round : restored.seenCards().values()) {
            assertThat(java.util.Arrays.stream(round).filter(card -> card >= 0).count()).isPositive();
        }

    }

    private static java.util.Map<Integer, List<Integer>> asLists(java.util.Map<Integer, int[]> rounds) {
        java.util.Map<Integer, List<Integer>> out = new java.util.TreeMap<>();
        rounds.forEach((round, cards) -> out.put(round, java.util.Arrays.stream(cards).boxed().toList()));
        return out;
    }
}
