package fairtable.protocol.table;

import java.util.List;

/**
 * A deck operation a game calls for, exactly: the table accepts a deck message that starts an operation only
 * if it is this one, from the seat the game named.
 */
public sealed interface DeckCall {

    /** {@code count} cards face-down to each of {@code recipients}, round-robin in this order, from the stock. */
    record Deal(List<Integer> recipients, int count) implements DeckCall {
        public Deal {
            recipients = List.copyOf(recipients);
        }
    }

    /** The top {@code count} stock cards turned face-up on the table. */
    record Open(int count) implements DeckCall {
    }

    /** The held card at {@code position} discarded by its holder, face-up (everyone reads it) or face-down. */
    record Discard(int position, boolean faceUp) implements DeckCall {
    }

    /** The held cards at {@code positions} proved to everyone by their holder. */
    record Show(List<Integer> positions) implements DeckCall {
        public Show {
            positions = List.copyOf(positions);
        }
    }
}
