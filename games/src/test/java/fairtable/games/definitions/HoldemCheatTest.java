package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.poker.HoldemGame;
import fairtable.games.poker.HoldemHand;
import fairtable.protocol.table.TableCheats;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A dishonest seat at a three-handed Hold'em table (alice on the button, bob small blind, carol big blind) starts
 * deck operations and moves the rules did not call for. Every honest seat refuses each one before its deck sees
 * it, so it releases no share and records nothing, and the audit of its evidence names the signer.
 */
class HoldemCheatTest {
    private static final Holdem HOLDEM = new Holdem();

    /** Each position is played once; every test takes its own copy, restored from the seats' snapshots. */
    private static PokerTable<HoldemGame> beforeTheFirstBet;
    private static PokerTable<HoldemGame> atShowdown;

    @BeforeAll
    static void playThePositions() throws Exception {
        beforeTheFirstBet = PokerTable.quietAfter(HOLDEM, 3, 21, PokerTable.passiveFor(0));
        atShowdown = PokerTable.quietAfter(HOLDEM, 3, 22, s -> PokerTable.passive(
                view -> ((HoldemHand) view.hand()).street() == HoldemHand.Street.SHOWDOWN));
    }

    /** Hole cards dealt; alice, first to act, is thinking. */
    private static PokerTable<HoldemGame> beforeTheFirstBet() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet.copy();
        assertThat(t.seat(1).awaiting()).isEqualTo("alice's move");
        return t;
    }

    /** Checked and called down to the river; at showdown bob, first left of the button, is to show or muck. */
    private static PokerTable<HoldemGame> atShowdown() throws Exception {
        PokerTable<HoldemGame> t = atShowdown.copy();
        assertThat(t.seat(0).awaiting()).isEqualTo("bob's move");
        return t;
    }

    @Test
    void aRevealRightBeforeTheFirstBetByTheLastSeatReleasesNoShareAndConvictsIt() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        List<Envelope> reveal = TableCheats.uncalled(t.seat(2), deck -> deck.reveal());
        t.assertRefusedByEveryHonestSeat(2, reveal.get(0),
                "starts a deck reveal the rules did not call for: they await alice's move");
    }

    @Test
    void aDealByASeatThatIsNotTheButtonIsBlamedOnItsSignerNotOnTheRecipient() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        List<Envelope> deal = TableCheats.uncalled(t.seat(1), deck -> deck.deal(List.of(2), 1));
        t.assertRefusedByEveryHonestSeat(1, deal.get(0),
                "starts a deck deal the rules did not call for: they await alice's move");
    }

    @Test
    void aDealByTheButtonWhileABetIsAwaitedIsRefused() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        List<Envelope> deal = TableCheats.uncalled(t.seat(0), deck -> deck.deal(List.of(1, 2, 0), 1));
        t.assertRefusedByEveryHonestSeat(0, deal.get(0),
                "starts a deck deal the rules did not call for: they await alice's move");
    }

    @Test
    void aDrawOfCardsToOneselfIsRefusedInHoldem() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        List<Envelope> draw = TableCheats.uncalled(t.seat(2), deck -> deck.draw(2));
        t.assertRefusedByEveryHonestSeat(2, draw.get(0),
                "starts a deck deal the rules did not call for: they await alice's move");
    }

    @Test
    void aDiscardIsRefusedInHoldem() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        int bobsCard = t.seat(0).state().held().get(1).get(0);
        List<Envelope> discard = TableCheats.uncalled(t.seat(1), deck -> deck.discard(bobsCard, false));
        t.assertRefusedByEveryHonestSeat(1, discard.get(0),
                "starts a deck discard the rules did not call for: they await alice's move");
    }

    @Test
    void anOpenByTheButtonMidBettingIsRefused() throws Exception {
        // alice calls the big blind; bob, in the small blind, is thinking
        PokerTable<HoldemGame> t = PokerTable.quietAfter(HOLDEM, 3, 23, PokerTable.passiveFor(1));
        assertThat(t.seat(0).awaiting()).isEqualTo("bob's move");
        List<Envelope> open = TableCheats.uncalled(t.seat(0), deck -> deck.open(3));
        t.assertRefusedByEveryHonestSeat(0, open.get(0),
                "starts a deck open the rules did not call for: they await bob's move");
    }

    @Test
    void aCutALeaveAndAShowBeforeTheShowdownAreRefused() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        t.assertRefusedByEveryHonestSeat(1, TableCheats.uncalled(t.seat(1), deck -> deck.cut(5)).get(0),
                "starts a deck cut the rules did not call for: they await alice's move");
        PokerTable<HoldemGame> leaving = beforeTheFirstBet();
        leaving.assertRefusedByEveryHonestSeat(2, TableCheats.uncalled(leaving.seat(2), deck -> deck.leave()).get(0),
                "starts a deck leave the rules did not call for: they await alice's move");
        PokerTable<HoldemGame> showing = beforeTheFirstBet();
        List<Integer> bobs = showing.seat(0).state().held().get(1);
        showing.assertRefusedByEveryHonestSeat(1, TableCheats.uncalled(showing.seat(1), deck -> deck.show(bobs)).get(0),
                "starts a deck show the rules did not call for: they await alice's move");
    }

    @Test
    void atShowdownAShowByASeatWhoseTurnItIsNotIsRefused() throws Exception {
        PokerTable<HoldemGame> t = atShowdown();
        List<Integer> carols = t.seat(0).state().held().get(2);
        List<Envelope> show = TableCheats.uncalled(t.seat(2), deck -> deck.show(carols));
        t.assertRefusedByEveryHonestSeat(2, show.get(0),
                "starts a deck show the rules did not call for: they await bob's move");
    }

    @Test
    void atShowdownAShowOfOnlyPartOfTheHandIsRefused() throws Exception {
        PokerTable<HoldemGame> t = atShowdown();
        List<Integer> bobs = t.seat(0).state().held().get(1);
        t.acceptedByEveryHonestSeat(1, t.moveAs(1, t.seat(0), PokerMove.SHOW));
        assertThat(t.seat(0).awaiting()).isEqualTo("bob to show positions " + bobs);
        Envelope half = PokerTable.inner(TableCheats.uncalled(t.seat(1), deck -> deck.show(bobs.subList(0, 1))).get(0));
        Envelope sent = t.sealedAs(1, t.seat(0), TableObserver.DECK, TableCheats.deckBody(1, half));
        t.assertRefusedByEveryHonestSeat(1, sent,
                "starts a deck show the rules did not call for: they await bob to show positions " + bobs);
    }

    @Test
    void aRevealAtShowdownIsRefused() throws Exception {
        PokerTable<HoldemGame> t = atShowdown();
        t.assertRefusedByEveryHonestSeat(0, TableCheats.uncalled(t.seat(0), deck -> deck.reveal()).get(0),
                "starts a deck reveal the rules did not call for: they await bob's move");
    }

    @Test
    void aMoveOutOfTurnIsRefused() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        Envelope call = TableCheats.move(t.seat(2), t.keys.get(2), HOLDEM.encode(PokerMove.CALL));
        t.assertRefusedByEveryHonestSeat(2, call, "a move out of turn: the rules await alice's move");
    }

    @Test
    void aRaiseBelowTheMinimumIsRefused() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        Envelope raise = TableCheats.move(t.seat(0), t.keys.get(0), HOLDEM.encode(new PokerMove.RaiseTo(30)));
        t.assertRefusedByEveryHonestSeat(0, raise, "a raise to 30 is below the minimum raise to 40");
    }

    @Test
    void aCheckFacingTheBigBlindIsRefused() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        Envelope check = TableCheats.move(t.seat(0), t.keys.get(0), HOLDEM.encode(PokerMove.CHECK));
        t.assertRefusedByEveryHonestSeat(0, check,
                "may not check now; legal: fold | call 20 | raise 40..1000 | all-in");
    }

    @Test
    void aMuckOfAHandNothingShownBeatsIsRefused() throws Exception {
        PokerTable<HoldemGame> t = atShowdown();
        Envelope muck = TableCheats.move(t.seat(1), t.keys.get(1), HOLDEM.encode(PokerMove.MUCK));
        t.assertRefusedByEveryHonestSeat(1, muck, "may not muck now; legal: show");
    }

    @Test
    void anUnreadableMoveIsRefused() throws Exception {
        PokerTable<HoldemGame> t = beforeTheFirstBet();
        Envelope move = TableCheats.move(t.seat(0), t.keys.get(0), new byte[] {9});
        t.assertRefusedByEveryHonestSeat(0, move, "an unreadable move: unknown poker move 9");
    }
}
