package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
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
}
