package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.poker.DrawGame;
import fairtable.games.poker.DrawHand;
import fairtable.protocol.table.TableCheats;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A dishonest seat at a three-handed five-card draw table (alice on the button, bob small blind, carol big blind)
 * starts deck operations and moves the rules did not call for, above all around the draw, where a player names
 * the positions it throws, discards exactly those face-down and is dealt exactly as many. Every honest seat
 * refuses each one before its deck sees it, records nothing, and the audit of its evidence names the signer.
 */
class FiveCardDrawCheatTest {
    private static final FiveCardDraw DRAW = new FiveCardDraw();

    /** Each position is played once; every test takes its own copy, restored from the seats' snapshots. */
    private static PokerTable<DrawGame> beforeTheFirstBet;
    private static PokerTable<DrawGame> atTheDraw;

    @BeforeAll
    static void playThePositions() throws Exception {
        beforeTheFirstBet = PokerTable.quietAfter(DRAW, 3, 31, PokerTable.passiveFor(0));
        atTheDraw = PokerTable.quietAfter(DRAW, 3, 32,
                s -> PokerTable.passive(view -> ((DrawHand) view.hand()).phase() == DrawHand.Phase.DRAW));
    }

    /** Five cards each; alice, first to act, is thinking. */
    private static PokerTable<DrawGame> beforeTheFirstBet() throws Exception {
        PokerTable<DrawGame> t = beforeTheFirstBet.copy();
        assertThat(t.seat(1).awaiting()).isEqualTo("alice's move");
        return t;
    }

    /** The first round called and checked; bob, first left of the button, is to draw. */
    private static PokerTable<DrawGame> atTheDraw() throws Exception {
        PokerTable<DrawGame> t = atTheDraw.copy();
        assertThat(t.seat(0).awaiting()).isEqualTo("bob's move");
        return t;
    }

    /** bob's draw of his first held card, accepted by alice and carol: the rules now call for its discard. */
    private static List<Integer> bobDrawsHisFirstCard(PokerTable<DrawGame> t) throws Exception {
        List<Integer> bobs = t.seat(0).state().held().get(1);
        t.acceptedByEveryHonestSeat(1, t.moveAs(1, t.seat(0), new PokerMove.Draw(List.of(bobs.get(0)))));
        assertThat(t.seat(0).awaiting()).isEqualTo("bob to discard position " + bobs.get(0) + " face-down");
        return bobs;
    }

    /** bob's own deck message, placed next in the honest seats' chain. */
    private static Envelope bobsDeck(PokerTable<DrawGame> t, java.util.function.Function<fairtable.protocol.deck.DeckParty,
            List<Envelope>> operation) throws Exception {
        Envelope inner = PokerTable.inner(TableCheats.uncalled(t.seat(1), operation).get(0));
        return t.sealedAs(1, t.seat(0), TableObserver.DECK, TableCheats.deckBody(1, inner));
    }

    @Test
    void aDiscardOfAPositionTheDrawDidNotNameIsRefused() throws Exception {
        PokerTable<DrawGame> t = atTheDraw();
        List<Integer> bobs = bobDrawsHisFirstCard(t);
        t.assertRefusedByEveryHonestSeat(1, bobsDeck(t, deck -> deck.discard(bobs.get(1), false)),
                "starts a deck discard the rules did not call for: they await bob to discard position " + bobs.get(0)
                        + " face-down");
    }

    @Test
    void aFaceUpDiscardWhereTheRulesCallForAFaceDownOneIsRefused() throws Exception {
        PokerTable<DrawGame> t = atTheDraw();
        List<Integer> bobs = bobDrawsHisFirstCard(t);
        t.assertRefusedByEveryHonestSeat(1, bobsDeck(t, deck -> deck.discard(bobs.get(0), true)),
                "starts a deck discard the rules did not call for: they await bob to discard position " + bobs.get(0)
                        + " face-down");
    }

    @Test
    void aDrawOfMoreCardsThanDiscardedIsRefused() throws Exception {
        PokerTable<DrawGame> t = atTheDraw();
        List<Integer> bobs = bobDrawsHisFirstCard(t);
        t.acceptedByEveryHonestSeat(1, bobsDeck(t, deck -> deck.discard(bobs.get(0), false)));
        assertThat(t.seat(0).awaiting()).isEqualTo("bob to deal 1 to each of seats [1]");
        t.assertRefusedByEveryHonestSeat(1, bobsDeck(t, deck -> deck.draw(2)),
                "starts a deck deal the rules did not call for: they await bob to deal 1 to each of seats [1]");
    }

    @Test
    void aDrawWithoutADrawMoveIsRefused() throws Exception {
        PokerTable<DrawGame> t = atTheDraw();
        t.assertRefusedByEveryHonestSeat(1, TableCheats.uncalled(t.seat(1), deck -> deck.draw(1)).get(0),
                "starts a deck deal the rules did not call for: they await bob's move");
    }

    @Test
    void aDrawNamingAnotherSeatsCardIsRefused() throws Exception {
        PokerTable<DrawGame> t = atTheDraw();
        List<Integer> bobs = t.seat(0).state().held().get(1);
        int carols = t.seat(0).state().held().get(2).get(0);
        Envelope draw = TableCheats.move(t.seat(1), t.keys.get(1), DRAW.encode(new PokerMove.Draw(List.of(carols))));
        t.assertRefusedByEveryHonestSeat(1, draw, "may not draw positions [" + carols + "]: bob holds " + bobs);
    }

    @Test
    void aDrawOfFourCardsIsUnreadable() throws Exception {
        PokerTable<DrawGame> t = atTheDraw();
        byte[] four = new fairtable.protocol.wire.WireWriter().u8(4).ints(t.seat(0).state().held().get(1).subList(0, 4))
                .toBytes();
        Envelope draw = TableCheats.move(t.seat(1), t.keys.get(1), four);
        t.assertRefusedByEveryHonestSeat(1, draw,
                "an unreadable move: the number of values in the draw is 4, more than the limit 3");
    }

    @Test
    void aRevealBeforeTheFirstBetIsRefused() throws Exception {
        PokerTable<DrawGame> t = beforeTheFirstBet();
        t.assertRefusedByEveryHonestSeat(2, TableCheats.uncalled(t.seat(2), deck -> deck.reveal()).get(0),
                "starts a deck reveal the rules did not call for: they await alice's move");
    }

    @Test
    void aDiscardBeforeTheDrawIsRefused() throws Exception {
        PokerTable<DrawGame> t = beforeTheFirstBet();
        int carols = t.seat(0).state().held().get(2).get(0);
        t.assertRefusedByEveryHonestSeat(2, TableCheats.uncalled(t.seat(2), deck -> deck.discard(carols, false)).get(0),
                "starts a deck discard the rules did not call for: they await alice's move");
    }

    @Test
    void aBetInTheDrawIsRefused() throws Exception {
        PokerTable<DrawGame> t = atTheDraw();
        Envelope bet = TableCheats.move(t.seat(1), t.keys.get(1), DRAW.encode(new PokerMove.RaiseTo(40)));
        t.assertRefusedByEveryHonestSeat(1, bet,
                "may not raise to 40 in the draw; legal: draw 0 to 3 of positions " + t.seat(0).state().held().get(1));
    }

    @Test
    void aMoveOutOfTurnIsRefused() throws Exception {
        PokerTable<DrawGame> t = beforeTheFirstBet();
        t.assertRefusedByEveryHonestSeat(1, TableCheats.move(t.seat(1), t.keys.get(1), DRAW.encode(PokerMove.FOLD)),
                "a move out of turn: the rules await alice's move");
    }

    @Test
    void aRaiseBelowTheMinimumIsRefused() throws Exception {
        PokerTable<DrawGame> t = beforeTheFirstBet();
        t.assertRefusedByEveryHonestSeat(0,
                TableCheats.move(t.seat(0), t.keys.get(0), DRAW.encode(new PokerMove.RaiseTo(25))),
                "a raise to 25 is below the minimum raise to 40");
    }
}
