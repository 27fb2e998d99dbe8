package fairtable.protocol.table;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import java.util.function.Function;

/**
 * What a dishonest seat can send that an honest one never does, for the adversarial tests of every game: deck
 * operations the rules did not call for, and moves of its choosing. It gives a cheater nothing it lacks: only
 * its own keys sign. A node never calls it.
 */
public final class TableCheats {
    private TableCheats() {}

    /** Starts deck operations on {@code seat}'s own deck, whatever the rules call for, signed into its chain. */
    public static List<Envelope> uncalled(TableParty<?, ?> seat, Function<DeckParty, List<Envelope>> operation) {
        return seat.cheat(operation);
    }

    /** Sends patent messages of {@code seat}'s choosing on its own FR 2823580 deck, signed into its chain. */
    public static List<Envelope> uncalledPatent(TableParty<?, ?> seat,
            Function<fairtable.protocol.patent.PatentParty, List<Envelope>> operation) {
        return seat.cheatPatent(operation);
    }

    /** A move of any bytes, signed by {@code key} as {@code seat}'s next message in the current round. */
    public static Envelope move(TableParty<?, ?> seat, SigningKey key, byte[] move) {
        return seat.transcript().seal(key, seat.seat(), seat.nextStep(), TableObserver.MOVE,
                TableObserver.moveBody(seat.round(), move));
    }

    /** A table message of any type and body, signed by {@code key} as {@code seat}'s next message. */
    public static Envelope message(TableParty<?, ?> seat, SigningKey key, String type, byte[] body) {
        return seat.transcript().seal(key, seat.seat(), seat.nextStep(), type, body);
    }

    /** The body of a deck message wrapping {@code inner} for {@code round}. */
    public static byte[] deckBody(int round, Envelope inner) {
        return TableObserver.deckBody(round, inner);
    }
}
