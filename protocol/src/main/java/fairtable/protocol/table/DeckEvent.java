package fairtable.protocol.table;

import java.util.List;

/** A deck operation that completed, with the deck positions it moved. */
public sealed interface DeckEvent {

    /** {@code positions.get(i)} went face-down to {@code recipients.get(i)}, in deal order. */
    record Dealt(List<Integer> recipients, List<List<Integer>> positions) implements DeckEvent {
        public Dealt {
            recipients = List.copyOf(recipients);
            positions = positions.stream().map(List::copyOf).toList();
        }
    }

    /** Stock cards turned face-up on the table. */
    record Opened(List<Integer> positions) implements DeckEvent {
        public Opened {
            positions = List.copyOf(positions);
        }
    }

    /** {@code seat} proved the held cards at {@code positions}. */
    record Shown(int seat, List<Integer> positions) implements DeckEvent {
        public Shown {
            positions = List.copyOf(positions);
        }
    }

    /** {@code seat} discarded the held card at {@code position}. */
    record Discarded(int seat, int position, boolean faceUp) implements DeckEvent {
    }
}
