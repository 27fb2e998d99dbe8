package fairtable.protocol.deck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckMessage.Open;
import fairtable.protocol.deck.DeckObserver.Event;
import fairtable.protocol.deck.DeckObserver.Place;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What {@link DeckObserver} reports about an accepted game, and the accepting side of its bounds: where each
 * position is and who holds it, how many shares it verified, the audit's exact summary, the cut's valid range,
 * a deal that nobody owes shares for, and a step taken by the game played over the deck. Each was left
 * unchecked by the other deck tests: a PIT mutant of it survived them (DEVELOPERS.md, Mutation testing).
 */
class DeckObserverAccountingTest {
    private static final int PLAYERS = 3;
    private static final int CARDS = 6;

    @Test
    void everyPositionStartsInTheStockHeldByNobodyAndAnOpenedOneStaysUnheld() throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 7100).shuffle();
        DeckObserver o = table.seat(0).observer();
        for (int p = 0; p < CARDS; p++) {
            assertThat(o.place(p)).as("position %d", p).isEqualTo(Place.STOCK);
            assertThat(o.holder(p)).as("position %d", p).isEqualTo(-1);
        }
        assertThat(o.heldBy(0)).isEmpty();
        int top = o.stock().get(0);
        table.pump(table.seat(1).open(1));
        assertThat(o.place(top)).isEqualTo(Place.TABLE);
        assertThat(o.holder(top)).isEqualTo(-1);
        assertThat(o.heldBy(0)).isEmpty();
    }

    @Test
    void theDeckCountsAsShuffledWhileTheTableIsIdle() throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 7200).shuffle();
        DeckObserver o = table.seat(2).observer();
        assertThat(o.isIdle()).isTrue();
        assertThat(o.isShuffled()).isTrue();
    }

    /** A cut is valid from 1 to the stock's size - 1, both ends included, down to a stock of two. */
    @Test
    void aCutAtEitherEndOfItsRangeIsAcceptedDownToAStockOfTwo() throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 7300).shuffle();
        DeckObserver o = table.seat(0).observer();
        List<Integer> six = o.stock();
        table.pump(table.seat(1).cut(1));
        assertThat(o.stock()).containsExactly(six.get(1), six.get(2), six.get(3), six.get(4), six.get(5), six.get(0));
        table.pump(table.seat(2).cut(5));
        assertThat(o.stock()).containsExactlyElementsOf(six);
        table.pump(table.seat(0).draw(4));
        List<Integer> two = o.stock();
        assertThat(two).containsExactly(six.get(4), six.get(5));
        table.pump(table.seat(1).cut(1));
        assertThat(o.stock()).containsExactly(six.get(5), six.get(4));
        assertThat(table.seats).allSatisfy(seat -> assertThat(seat.rejected()).isEmpty());
    }

    /**
     * alice deals bob one card (alice's and carol's shares: 2), then opens one (3 shares): 5 shares verified, one
     * card publicly readable, and the audit says so in full.
     */
    @Test
    void theAuditCountsTheVerifiedSharesAndTheReadableCards() throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 7400).shuffle();
        DeckParty alice = table.seat(0);
        table.pump(alice.deal(1, 1));
        int opened = alice.observer().stock().get(0);
        table.pump(alice.open(1));
        DeckObserver o = table.seat(2).observer();
        assertThat(o.sharesVerified()).isEqualTo(5);
        int card = o.publicCard(opened);
        assertThat(card).isBetween(0, CARDS - 1);
        assertThat(DeckTable.audit(table.seat(2)).line()).isEqualTo("VERIFIED: verifiable-deck/v1 3 players, 6 cards: "
                + "5 decryption shares verified; alice holds 0; bob holds 1; carol holds 0; table " + card
                + "; 1 of 6 cards publicly readable; the table is idle (no final reveal)");
        // hellos are the transcript's; the observer's events are steps 1-3 keys, 4-6 shuffles, 7 deal, 8-9
        // shares, 10 open, 11-13 shares
        assertThat(o.events()).extracting(Event::step).containsExactlyElementsOf(
                IntStream.rangeClosed(1, 13).boxed().toList());
    }

    /** When everyone else has left, the last seat's draw needs nobody's shares: the table is idle at once. */
    @Test
    void theLastSeatPlayingDrawsWithoutWaitingForShares() throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 7500).shuffle();
        table.pump(table.seat(1).leave());
        table.pump(table.seat(2).leave());
        DeckParty alice = table.seat(0);
        int top = alice.observer().stock().get(0);
        int steps = alice.observer().nextStep();
        table.pump(alice.draw(1));
        assertThat(alice.observer().nextStep()).isEqualTo(steps + 1);
        assertThat(alice.observer().isIdle()).isTrue();
        assertThat(alice.observer().awaitedSeat()).isEmpty();
        assertThat(alice.hand()).containsOnlyKeys(top);
        assertThat(DeckTable.audit(alice).verified()).isTrue();
    }

    /** A game played over the deck (the allocation) may take a step only while the deck is idle. */
    @Test
    void aGamesOwnMessageTakesOneStepOnlyWhileTheTableIsIdle() throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 7600).shuffle();
        DeckObserver o = table.seat(0).observer();
        int step = o.nextStep();
        o.stepTakenByGame();
        assertThat(o.nextStep()).isEqualTo(step + 1);
        // no shuffle reaches another seat: alice applied her own and still awaits bob's
        DeckTable stalled = new DeckTable(PLAYERS, CARDS, 7601);
        stalled.wire = (to, e) -> e.type().equals(DeckMessage.Shuffle.TYPE) ? null : e;
        stalled.shuffle();
        DeckObserver shuffling = stalled.seat(0).observer();
        assertThat(shuffling.isIdle()).isFalse();
        int at = shuffling.nextStep();
        assertThatThrownBy(shuffling::stepTakenByGame).isInstanceOf(IllegalStateException.class)
                .hasMessage("a game's own message may take a step only while the table is idle");
        assertThat(shuffling.nextStep()).isEqualTo(at);
    }

    /**
     * The observer's own seat bound, reached by a caller that hands it an envelope straight (the table judges
     * deck messages it unwraps): a seat just past the table is refused, not an index out of bounds.
     */
    @Test
    void aSenderJustPastTheLastSeatIsRefusedByTheObserverItself() throws Exception {
        DeckTable table = new DeckTable(PLAYERS, CARDS, 7700).shuffle();
        DeckParty alice = table.seat(0);
        Envelope nobody = Envelope.sign(table.keys.get(1), alice.transcript().sessionId(), alice.transcript().size(),
                alice.transcript().head(), PLAYERS, alice.observer().nextStep(), Open.TYPE, new Open(1).toBytes());
        assertThatThrownBy(() -> alice.observer().parse(nobody)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 7, party at seat 3: there is no seat 3");
    }
}
