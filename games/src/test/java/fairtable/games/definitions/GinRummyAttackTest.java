package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.cards.Card;
import fairtable.protocol.table.TableCheats;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A turn's end that names a public card throws it without the deck: the rules must take only a card everyone
 * saw the seat take from the pile. A dishonest seat that names, as such a public card, a card it holds face-down
 * (so it is never proved) or a card it does not hold at all is refused naming it, live and in the audit.
 */
class GinRummyAttackTest {
    private static final TablePlayer<GinRummy.State, GinRummy.Move> THINKING = (view, seat, legal) -> null;

    /** Bob, the non-dealer, took the upcard and must now end his turn. */
    private static GameTable<GinRummy.State, GinRummy.Move> upcardTaken() throws Exception {
        TablePlayer<GinRummy.State, GinRummy.Move> takesTheUpcard =
                (view, seat, legal) -> legal.contains(GinRummy.Move.TAKE_UPCARD) ? GinRummy.Move.TAKE_UPCARD : null;
        GameTable<GinRummy.State, GinRummy.Move> table = new GameTable<>(GinRummy.GAME, 2, Map.of("hands", "1"), 61,
                s -> s == 1 ? takesTheUpcard : THINKING, s -> GinRummy.GAME).play();
        assertThat(table.seat(0).state().hand().hand(1)).as("the upcard, public in bob's hand").hasSize(1);
        assertThat(table.seat(0).awaiting()).isEqualTo("bob's move");
        return table;
    }

    private static Envelope endTurnWith(GameTable<GinRummy.State, GinRummy.Move> table, Card card) {
        GinRummy.Move move = new GinRummy.Move.EndTurn(GinRummy.Ending.DISCARD, new GinRummy.Thrown.PublicCard(card));
        return TableCheats.move(table.seat(1), table.keys.get(1), GinRummy.GAME.encode(move));
    }

    @Test
    void aCardHeldFaceDownThrownAsIfItWerePublicIsRefused() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardTaken();
        Map<Integer, Card> bobs = table.seat(1).view().mine();
        Card hidden = bobs.values().iterator().next();
        table.assertRefusedByEveryHonestSeat(1, List.of(endTurnWith(table, hidden)),
                hidden + " is not a card bob took from the pile");
    }

    @Test
    void aCardTheSeatDoesNotHoldThrownAsIfItWerePublicIsRefused() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardTaken();
        Card alices = table.seat(0).view().mine().values().iterator().next();
        table.assertRefusedByEveryHonestSeat(1, List.of(endTurnWith(table, alices)),
                alices + " is not a card bob took from the pile");
    }
}
