package fairtable.games.definitions;

import fairtable.games.cards.Card;
import fairtable.games.poker.PokerGame;
import fairtable.games.poker.PokerHand;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A poker match as one view knows it: the pure engine (every private card this view cannot read dealt hidden
 * into it), and the deck bookkeeping the rules need to call for the next operation.
 *
 * @param names      the players, by seat
 * @param hands      how many hands the match lasts at most
 * @param game       the engine: the current hand, its chips and the cards this view read
 * @param held       the deck positions each seat holds now, in the order they were dealt
 * @param board      the positions turned face-up on the table (Hold'em's board)
 * @param known      the card at each position this view read (its own and every public one)
 * @param discarding the positions the drawing seat named and has not discarded yet, in order
 * @param showing    the seat whose show the deck must carry now, or -1
 * @param <G>        the engine: Hold'em or five-card draw
 */
public record PokerState<G extends PokerGame<G, ?>>(List<String> names, int hands, G game, List<List<Integer>> held,
        List<Integer> board, Map<Integer, Integer> known, List<Integer> discarding, int showing) {

    public PokerState {
        names = List.copyOf(names);
        held = held.stream().map(List::copyOf).toList();
        board = List.copyOf(board);
        known = Map.copyOf(known);
        discarding = List.copyOf(discarding);
    }

    /** A hand's start: nobody holds anything yet. */
    static <G extends PokerGame<G, ?>> PokerState<G> fresh(List<String> names, int hands, G game) {
        List<List<Integer>> none = new ArrayList<>();
        for (int s = 0; s < names.size(); s++) {
            none.add(List.of());
        }
        return new PokerState<>(names, hands, game, none, List.of(), Map.of(), List.of(), -1);
    }

    /** The hand being played. */
    public PokerHand hand() {
        return game.hand();
    }

    /** The card at {@code position}, or null when this view cannot read it. */
    public Card cardAt(int position) {
        Integer card = known.get(position);
        return card == null ? null : Card.ofIndex(card);
    }

    PokerState<G> withGame(G next) {
        return new PokerState<>(names, hands, next, held, board, known, discarding, showing);
    }

    PokerState<G> withShowing(int seat) {
        return new PokerState<>(names, hands, game, held, board, known, discarding, seat);
    }

    PokerState<G> withDiscarding(List<Integer> positions) {
        return new PokerState<>(names, hands, game, held, board, known, positions, showing);
    }

    /** {@code positions} went to {@code seat}; the cards among them this view reads are {@code cards}. */
    PokerState<G> dealt(int seat, List<Integer> positions, Map<Integer, Integer> cards) {
        List<List<Integer>> nextHeld = new ArrayList<>(held);
        List<Integer> mine = new ArrayList<>(held.get(seat));
        mine.addAll(positions);
        nextHeld.set(seat, mine);
        return new PokerState<>(names, hands, game, nextHeld, board, merged(cards), discarding, showing);
    }

    PokerState<G> opened(List<Integer> positions, Map<Integer, Integer> cards) {
        List<Integer> nextBoard = new ArrayList<>(board);
        nextBoard.addAll(positions);
        return new PokerState<>(names, hands, game, held, nextBoard, merged(cards), discarding, showing);
    }

    PokerState<G> discarded(int seat, int position) {
        List<List<Integer>> nextHeld = new ArrayList<>(held);
        List<Integer> mine = new ArrayList<>(held.get(seat));
        mine.remove(Integer.valueOf(position));
        nextHeld.set(seat, mine);
        Map<Integer, Integer> nextKnown = new HashMap<>(known);
        nextKnown.remove(position);
        return new PokerState<>(names, hands, game, nextHeld, board, nextKnown, discarding.subList(1, discarding.size()),
                showing);
    }

    PokerState<G> read(Map<Integer, Integer> cards) {
        return new PokerState<>(names, hands, game, held, board, merged(cards), discarding, showing);
    }

    private Map<Integer, Integer> merged(Map<Integer, Integer> cards) {
        Map<Integer, Integer> all = new HashMap<>(known);
        all.putAll(cards);
        return all;
    }
}
