package fairtable.games.table;

import fairtable.protocol.deck.DeckMessage;
import fairtable.protocol.deck.DeckObserver;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a deck session's accepted events into the operations a game cares about, with the positions each
 * one took: the stock is followed through deals, opens and cuts exactly as {@link DeckObserver} does.
 */
final class DeckOperations {

    /** A completed deck operation. */
    sealed interface Operation {
    }

    /** {@code positions.get(i)} went face-down to {@code recipients.get(i)}, in deal order. */
    record Dealt(List<Integer> recipients, List<List<Integer>> positions) implements Operation {
    }

    record Opened(List<Integer> positions) implements Operation {
    }

    record Shown(int seat, List<Integer> positions) implements Operation {
    }

    record Discarded(int seat, int position, boolean faceUp) implements Operation {
    }

    private final int cards;
    private List<Integer> stock;
    private int consumed;

    DeckOperations(int cards) {
        this.cards = cards;
    }

    /** The operations among the events not drained yet, in order. */
    List<Operation> drain(DeckObserver observer) {
        List<DeckObserver.Event> events = observer.events();
        if (stock == null) {
            stock = new ArrayList<>();
            for (int p = 0; p < cards; p++) {
                stock.add(p); // after the last shuffle the stock is every position, top first
            }
        }
        List<Operation> out = new ArrayList<>();
        while (consumed < events.size()) {
            DeckObserver.Event event = events.get(consumed++);
            DeckMessage m = event.message();
            if (m instanceof DeckMessage.Deal deal) {
                int r = deal.recipients().size();
                List<List<Integer>> dealt = new ArrayList<>();
                for (int i = 0; i < r; i++) {
                    dealt.add(new ArrayList<>());
                }
                List<Integer> taken = take(deal.count() * r);
                for (int i = 0; i < taken.size(); i++) {
                    dealt.get(i % r).add(taken.get(i));
                }
                out.add(new Dealt(deal.recipients(), dealt.stream().map(List::copyOf).toList()));
            } else if (m instanceof DeckMessage.Open open) {
                out.add(new Opened(take(open.count())));
            } else if (m instanceof DeckMessage.Cut cut) {
                List<Integer> cutStock = new ArrayList<>(stock.subList(cut.index(), stock.size()));
                cutStock.addAll(stock.subList(0, cut.index()));
                stock = cutStock;
            } else if (m instanceof DeckMessage.Show show) {
                out.add(new Shown(event.seat(), show.positions()));
            } else if (m instanceof DeckMessage.Discard discard) {
                out.add(new Discarded(event.seat(), discard.position(), discard.faceUp()));
            }
        }
        return out;
    }

    private List<Integer> take(int count) {
        List<Integer> taken = List.copyOf(stock.subList(0, count));
        stock = new ArrayList<>(stock.subList(count, stock.size()));
        return taken;
    }
}
