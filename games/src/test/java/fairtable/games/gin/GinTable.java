package fairtable.games.gin;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One deal from a physical shuffled deck, played by bots and followed by four engines in lockstep: one with
 * full information, each seat's own view (the other hand hidden) and the judge's (no private card). Every step
 * checks that they agree on what comes next.
 */
final class GinTable {
    private final List<Card> deck;
    private int next;
    private GinHand full;
    private final GinHand[] seats = new GinHand[GinRules.SEATS];
    private GinHand judge;

    GinTable(GinHand start, SplittableRandom random) {
        List<Card> cards = new ArrayList<>(Card.deck());
        for (int i = cards.size() - 1; i > 0; i--) {
            cards.set(i, cards.set(random.nextInt(i + 1), cards.get(i)));
        }
        this.deck = cards;
        this.full = start;
        this.seats[0] = start;
        this.seats[1] = start;
        this.judge = start;
    }

    GinHand full() {
        return full;
    }

    GinHand seatView(int seat) {
        return seats[seat];
    }

    GinHand judge() {
        return judge;
    }

    /** The cards not yet dealt, drawn or turned up. */
    List<Card> stock() {
        return deck.subList(next, deck.size());
    }

    /** One step; a decision is the bot's, made on the deciding seat's own view. */
    void step(SplittableRandom botRandom) {
        GinHand.Awaiting awaiting = full.awaiting();
        assertThat(List.of(seats[0].awaiting(), seats[1].awaiting(), judge.awaiting())).containsOnly(awaiting);
        if (awaiting instanceof GinHand.Deal deal) {
            List<Card> cards = take(deal.count());
            full = full.deal(cards);
            for (int seat = 0; seat < GinRules.SEATS; seat++) {
                seats[seat] = seat == deal.seat() ? seats[seat].deal(cards) : seats[seat].dealHidden();
            }
            judge = judge.dealHidden();
        } else if (awaiting instanceof GinHand.Upcard) {
            Card upcard = take(1).get(0);
            full = full.openUpcard(upcard);
            seats[0] = seats[0].openUpcard(upcard);
            seats[1] = seats[1].openUpcard(upcard);
            judge = judge.openUpcard(upcard);
        } else if (awaiting instanceof GinHand.Turn turn) {
            GinHand own = seats[turn.seat()];
            List<GinMove> legal = full.legalMoves();
            assertThat(own.legalMoves()).isEqualTo(legal);
            assertThat(seats[1 - turn.seat()].legalMoves()).containsAll(legal);
            assertThat(judge.legalMoves()).containsAll(legal);
            GinMove move = GinBot.choose(own, botRandom);
            full = full.apply(turn.seat(), move);
            seats[0] = seats[0].apply(turn.seat(), move);
            seats[1] = seats[1].apply(turn.seat(), move);
            judge = judge.apply(turn.seat(), move);
        } else if (awaiting instanceof GinHand.StockCard draw) {
            Card card = take(1).get(0);
            full = full.draw(card);
            for (int seat = 0; seat < GinRules.SEATS; seat++) {
                seats[seat] = seat == draw.seat() ? seats[seat].draw(card) : seats[seat].drawHidden();
            }
            judge = judge.drawHidden();
        } else if (awaiting instanceof GinHand.Show show) {
            List<Card> cards = full.hand(show.seat());
            full = full.show(cards);
            seats[0] = seats[0].show(cards);
            seats[1] = seats[1].show(cards);
            judge = judge.show(cards);
        } else {
            throw new IllegalStateException("the deal is over");
        }
    }

    /**
     * Every one of the 52 cards is in exactly one place: a hand, the discard pile or the stock; the engine's
     * stock count is the physical stock once the upcard is out.
     */
    void assertEveryCardAccountedFor() {
        List<Card> all = new ArrayList<>(full.hand(0));
        all.addAll(full.hand(1));
        all.addAll(full.discardPile());
        all.addAll(stock());
        Set<Card> distinct = new HashSet<>(all);
        assertThat(distinct).hasSize(all.size());
        if (full.phase().compareTo(GinHand.Phase.UPCARD) > 0) {
            assertThat(all).hasSize(Card.DECK_SIZE);
            assertThat(full.stockSize()).isEqualTo(stock().size());
        }
    }

    private List<Card> take(int count) {
        List<Card> cards = List.copyOf(deck.subList(next, next + count));
        next += count;
        return cards;
    }
}
