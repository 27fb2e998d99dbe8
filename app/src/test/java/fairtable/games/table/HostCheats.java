package fairtable.games.table;

import java.util.List;

/** What a dishonest host's modified client can do with its own seat, for the relay's tests. */
public final class HostCheats {
    private HostCheats() {
    }

    /** The seat opens {@code count} cards from the deck now, whatever the game asked for. */
    public static List<TableMessage> open(TableNode node, int count) {
        Seat seat = (Seat) node;
        return seat.wrap(seat.deck().open(count));
    }
}
