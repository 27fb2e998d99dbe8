package fairtable.games.gin;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A simple deterministic player. It takes the upcard or the top discard only when that card joins a meld and
 * lowers its deadwood (after its best discard), since merely swapping a high card for a low one is what a stock
 * card usually offers too; it goes gin or knocks whenever it may (with the discard that leaves the least
 * deadwood), and otherwise discards the card that leaves the least deadwood, the highest-valued such card first.
 * The random generator only breaks the ties that remain, so a seeded generator makes it replayable.
 */
public final class GinBot {

    private GinBot() {
    }

    /** The bot's move for the seat to act, whose hand this engine must see fully. */
    public static GinMove choose(GinHand hand, RandomGenerator random) {
        int seat = hand.seatToAct();
        if (!hand.isKnown(seat)) {
            throw new IllegalArgumentException("the bot plays only a hand it can see");
        }
        List<GinMove> moves = hand.legalMoves();
        List<Card> cards = hand.hand(seat);
        if (moves.contains(GinMove.TAKE_UPCARD) || moves.contains(GinMove.TAKE_DISCARD)) {
            Card top = hand.topDiscard().orElseThrow();
            boolean better = bestAfterTaking(cards, top) < Melds.deadwood(cards);
            if (moves.contains(GinMove.TAKE_UPCARD)) {
                return better ? GinMove.TAKE_UPCARD : GinMove.PASS;
            }
            return better ? GinMove.TAKE_DISCARD : GinMove.DRAW_STOCK;
        }
        if (moves.size() == 1) {
            return moves.get(0);
        }
        List<GinMove> best = new ArrayList<>();
        long bestScore = Long.MAX_VALUE;
        for (GinMove move : moves) {
            GinMove.EndsTurn end = (GinMove.EndsTurn) move;
            List<Card> kept = new ArrayList<>(cards);
            kept.remove(end.card());
            int rank = end instanceof GinMove.Gin ? 0 : end instanceof GinMove.Knock ? 1 : 2;
            // Gin before knock before discard; then least deadwood; then shed the highest card.
            long score = rank * 10_000L + Melds.deadwood(kept) * 100L + (10 - Melds.value(end.card()));
            if (score < bestScore) {
                bestScore = score;
                best.clear();
            }
            if (score == bestScore) {
                best.add(move);
            }
        }
        return best.get(random.nextInt(best.size()));
    }

    /** The least deadwood after taking {@code top} into a meld and discarding another card. */
    private static int bestAfterTaking(List<Card> cards, Card top) {
        int best = Integer.MAX_VALUE;
        for (Card discard : cards) {
            List<Card> kept = new ArrayList<>(cards);
            kept.remove(discard);
            kept.add(top);
            Arrangement arrangement = Melds.best(kept);
            if (!arrangement.deadwood().contains(top)) {
                best = Math.min(best, arrangement.deadwoodPoints());
            }
        }
        return best;
    }
}
