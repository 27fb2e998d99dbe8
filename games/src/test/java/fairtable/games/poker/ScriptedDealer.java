package fairtable.games.poker;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.List;

/** Deals fixed cards into a Hold'em hand whenever it asks: each seat's hole cards, then the board in order. */
final class ScriptedDealer {
    private final List<List<Card>> hole;
    private final List<Card> board;

    /** {@code holeCards[seat]} like "As Kd" ("" for a seat sitting out); {@code board} like "2c 3d 4h 5s 6c". */
    ScriptedDealer(String board, String... holeCards) {
        this.hole = new ArrayList<>();
        for (String cards : holeCards) {
            hole.add(cards.isBlank() ? List.of() : Card.parseAll(cards));
        }
        this.board = Card.parseAll(board);
    }

    /** Deals until the hand waits for a decision or is over. */
    HoldemHand dealPending(HoldemHand hand) {
        while (true) {
            Pending pending = hand.pending();
            if (pending instanceof Pending.HoleCards request) {
                hand = hand.deal(hole.get(request.seat()));
            } else if (pending instanceof Pending.BoardCards request) {
                int from = hand.board().size();
                hand = hand.deal(board.subList(from, from + request.count()));
            } else {
                return hand;
            }
        }
    }

    /** Applies the actions in turn, dealing whenever asked in between. */
    HoldemHand play(HoldemHand hand, Action... actions) {
        hand = dealPending(hand);
        for (Action action : actions) {
            hand = dealPending(hand.apply(action));
        }
        return hand;
    }

    /** The same for a multi-hand game's current hand. */
    HoldemGame play(HoldemGame game, Action... actions) {
        game = dealPending(game);
        for (Action action : actions) {
            game = dealPending(game.apply(action));
        }
        return game;
    }

    HoldemGame dealPending(HoldemGame game) {
        while (true) {
            Pending pending = game.pending();
            if (pending instanceof Pending.HoleCards request) {
                game = game.deal(hole.get(request.seat()));
            } else if (pending instanceof Pending.BoardCards request) {
                int from = game.hand().board().size();
                game = game.deal(board.subList(from, from + request.count()));
            } else {
                return game;
            }
        }
    }
}
