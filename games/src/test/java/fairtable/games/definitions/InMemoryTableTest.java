package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.net.session.SessionMember;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A table in one process runs through the session layer and still plays the game it played when each message was
 * handed to the seats directly: the same seeds give the same transcript, now with the host's receipt for every
 * position at every seat.
 */
class InMemoryTableTest {
    @Test
    void aSeededTableThroughTheSessionLayerPlaysTheTranscriptOfDirectDeliveryWithAReceiptForEveryMessage()
            throws Exception {
        Map<String, String> oneRound = Map.of("rounds", "1");
        GameTable<Dominoes.State, Dominoes.Move> direct = new GameTable<>(Dominoes.GAME, 3, oneRound, 31).play();
        GameTable<Dominoes.State, Dominoes.Move> seats = new GameTable<>(Dominoes.GAME, 3, oneRound, 31);
        InMemoryTable table = new InMemoryTable(seats.seats, seats.keys);
        table.play();

        assertThat(table.isFinished()).isTrue();
        assertThat(seats.seat(0).transcript().envelopes()).isEqualTo(direct.seat(0).transcript().envelopes());
        for (SessionMember m : table.session().members()) {
            assertThat(m.problem()).isEmpty();
            assertThat(m.receipts()).hasSize(direct.seat(0).transcript().size());
        }
    }
}
