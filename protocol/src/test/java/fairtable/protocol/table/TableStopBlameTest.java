package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A completed operation whose cards the rules refuse stops the game naming the seat that started it. */
class TableStopBlameTest {

    /** High card whose rules refuse every deal once it is complete. */
    private static final class RefusesDeals extends HighCard {
        @Override
        public HighCard.State afterDeck(HighCard.State s, DeckEvent event, Cards known) throws IllegalMove {
            if (event instanceof DeckEvent.Dealt) {
                throw new IllegalMove("these rules refuse every deal");
            }
            return super.afterDeck(s, event, known);
        }
    }

    @Test
    void aRefusedDealNamesTheDealerNotTheSeatWhoseSharesCompletedIt() throws Exception {
        TableSeats table = new TableSeats(3, 1, 3, (view, seat, legal) -> HighCard.Move.SHOW, new RefusesDeals());
        table.pump(table.seat(0).start());
        List<Envelope> all = table.seat(0).transcript().envelopes();
        Envelope completing = all.get(all.size() - 1);
        assertThat(completing.sender()).as("the deal was completed by another seat's shares").isNotEqualTo(0);
        for (TableParty<HighCard.State, HighCard.Move> p : table.seats) {
            ProtocolViolation stopped = p.failure().orElseThrow();
            assertThat(stopped.party()).isEqualTo("alice");
            assertThat(stopped.reason()).isEqualTo("these rules refuse every deal");
        }
    }

    @Test
    void aJudgeReplayingTheStoppedGameAwaitsNobodyAndRefusesAnyFurtherMessageAsStopped() throws Exception {
        RefusesDeals rules = new RefusesDeals();
        TableSeats table = new TableSeats(3, 1, 3, (view, seat, legal) -> HighCard.Move.SHOW, rules);
        table.pump(table.seat(0).start());
        Transcript chain = table.seat(0).transcript();
        TableObserver<HighCard.State, HighCard.Move> judge = TableObserver.judge(rules, table.params, chain.hellos(),
                new SplittableRandom(5));
        List<Envelope> all = chain.envelopes();
        for (int i = chain.hellos().size(); i < all.size(); i++) {
            judge.accept(all.get(i));
        }
        ProtocolViolation stop = table.seat(0).failure().orElseThrow();
        assertThat(judge.stopped()).hasMessage(stop.getMessage());
        assertThat(judge.awaitedSeat()).isEqualTo(-1);
        assertThat(judge.awaiting()).isEqualTo("nothing: the game was stopped (" + stop.getMessage() + ")");
        // the last message offered again: refused because the game stopped, before its step is even read
        assertThatThrownBy(() -> judge.judge(all.get(all.size() - 1)))
                .isInstanceOfSatisfying(ProtocolViolation.class, v -> {
                    assertThat(v.party()).isEqualTo(TableSeats.NAMES[all.get(all.size() - 1).sender()]);
                    assertThat(v.reason()).isEqualTo("the game was stopped");
                });
    }
}
