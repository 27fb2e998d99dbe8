package fairtable.protocol.table;

/** What a game waits for now. At every moment exactly one seat may speak, or nobody. */
public sealed interface Next {

    /** A decision (a move) from {@code seat}. */
    record Move(int seat) implements Next {
    }

    /** {@code seat} must start this deck operation; no other operation is answered. */
    record Deck(int seat, DeckCall call) implements Next {
    }

    /** The round is over: its deck is closed and the next round begins with a fresh shuffle. */
    record RoundOver() implements Next {
    }

    /** The game is over: {@link TableGame#outcome} is final. */
    record GameOver() implements Next {
    }
}
