package fairtable.games.poker;

/**
 * What a hand is waiting for. Cards never come from inside an engine: a deal is requested here and
 * supplied by the caller (in fairtable, by a cryptographic deck protocol).
 */
public sealed interface Pending {

    /** A decision from {@code seat}; see the state's {@code legalActions()}. */
    record ActionFrom(int seat) implements Pending {
    }

    /** {@code count} private cards for {@code seat}. */
    record HoleCards(int seat, int count) implements Pending {
    }

    /** {@code count} community cards. */
    record BoardCards(int count) implements Pending {
    }

    /** Five-card draw: {@code count} replacement cards for {@code seat}, after its discards. */
    record ReplacementCards(int seat, int count) implements Pending {
    }

    /** The hand is over; its payouts are final. */
    record HandOver() implements Pending {
    }
}
