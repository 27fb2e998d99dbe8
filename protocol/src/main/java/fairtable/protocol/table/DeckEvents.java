package fairtable.protocol.table;

import fairtable.protocol.deck.DeckMessage;
import fairtable.protocol.deck.DeckObserver;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a deck session's accepted messages into the completed operations a game cares about, with the
 * positions each one took: the stock is followed through deals, opens and cuts exactly as {@link DeckObserver}
 * does. Call {@link #drain} only while the deck is idle, so every operation in it is complete.
 */
public final class DeckEvents {
    private final int cards;
    private List<Integer> stock;
    private int consumed;

    public DeckEvents(int cards) {
        this.cards = cards;
    }

    /** The operations among the deck's events not drained yet, in order. */
    public List<DeckEvent> drain(DeckObserver observer) {
        List<DeckObserver.Event> events = observer.events();
        if (stock == null) {
            stock = new ArrayList<>();
            for (int p = 0; p < cards; p++) {
                stock.add(p); // after the last shuffle the stock is every position, top first
            }
        }
        List<DeckEvent> out = new ArrayList<>();
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
                out.add(new DeckEvent.Dealt(deal.recipients(), dealt));
            } else if (m instanceof DeckMessage.Open open) {
                out.add(new DeckEvent.Opened(take(open.count())));
            } else if (m instanceof DeckMessage.Cut cut) {
                List<Integer> cutStock = new ArrayList<>(stock.subList(cut.index(), stock.size()));
                cutStock.addAll(stock.subList(0, cut.index()));
                stock = cutStock;
            } else if (m instanceof DeckMessage.Show show) {
                out.add(new DeckEvent.Shown(event.seat(), show.positions()));
            } else if (m instanceof DeckMessage.Discard discard) {
                out.add(new DeckEvent.Discarded(event.seat(), discard.position(), discard.faceUp()));
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
