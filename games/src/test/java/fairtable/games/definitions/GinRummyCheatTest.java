package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.gin.GinHand;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.table.Cards;
import fairtable.protocol.table.DeckEvent;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.TableCheats;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.Envelope;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * At gin rummy a dishonest seat starts deck operations nobody called for, moves out of turn or out of order, or
 * knocks with a hand that does not allow it: every honest seat refuses the message or stops the game, naming the
 * signer, live and from its evidence.
 */
class GinRummyCheatTest {
    private static final TablePlayer<GinRummy.State, GinRummy.Move> THINKING = (view, seat, legal) -> null;
    private static final Map<String, String> ONE_HAND = Map.of("hands", "1");

    @TempDir
    Path dir;

    /** Dealt, the upcard open, bob (the non-dealer) thinking whether to take it. */
    private static GameTable<GinRummy.State, GinRummy.Move> upcardOffered() throws ProtocolViolation {
        GameTable<GinRummy.State, GinRummy.Move> table =
                new GameTable<>(GinRummy.GAME, 2, ONE_HAND, 51, s -> THINKING, s -> GinRummy.GAME).play();
        assertThat(table.seat(0).awaiting()).isEqualTo("bob's move");
        assertThat(table.seat(0).state().hand().topDiscard()).isPresent();
        return table;
    }

    private static int heldBy(GameTable<GinRummy.State, GinRummy.Move> table, int seat) {
        return table.seat(seat).state().held().get(seat).get(0);
    }

    @Test
    void aRevealWhileBobDecidesOnTheUpcardReleasesNoShareAndConvictsItsSigner() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardOffered();
        List<Envelope> reveal = TableCheats.uncalled(table.seat(0), deck -> deck.reveal());
        table.assertRefusedByEveryHonestSeat(0, reveal,
                "starts a deck reveal the rules did not call for: they await bob's move");
    }

    @Test
    void aStockCardDrawnWithoutADrawMoveIsRefused() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardOffered();
        List<Envelope> draw = TableCheats.uncalled(table.seat(1), deck -> deck.draw(1));
        table.assertRefusedByEveryHonestSeat(1, draw,
                "starts a deck deal the rules did not call for: they await bob's move");
    }

    @Test
    void aFaceUpDiscardWithoutAMoveIsRefused() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardOffered();
        int position = heldBy(table, 1);
        List<Envelope> discard = TableCheats.uncalled(table.seat(1), deck -> deck.discard(position, true));
        table.assertRefusedByEveryHonestSeat(1, discard,
                "starts a deck discard the rules did not call for: they await bob's move");
    }

    @Test
    void aSecondUpcardOpenedByTheDealerIsRefused() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardOffered();
        List<Envelope> open = TableCheats.uncalled(table.seat(0), deck -> deck.open(1));
        table.assertRefusedByEveryHonestSeat(0, open,
                "starts a deck open the rules did not call for: they await bob's move");
    }

    @Test
    void theDealerTakingTheUpcardBeforeTheNonDealerDecidedIsRefused() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardOffered();
        Envelope take = TableCheats.move(table.seat(0), table.keys.get(0), GinRummy.GAME.encode(GinRummy.Move.TAKE_UPCARD));
        table.assertRefusedByEveryHonestSeat(0, List.of(take), "a move out of turn: the rules await bob's move");
    }

    @Test
    void aDiscardBeforeTheDrawIsRefused() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardOffered();
        GinRummy.Move discard = new GinRummy.Move.EndTurn(GinRummy.Ending.DISCARD,
                new GinRummy.Thrown.Position(heldBy(table, 1)));
        Envelope move = TableCheats.move(table.seat(1), table.keys.get(1), GinRummy.GAME.encode(discard));
        table.assertRefusedByEveryHonestSeat(1, List.of(move), "a turn ends with a discard only after the draw");
    }

    @Test
    void aCardThrownFromAPositionTheSeatDoesNotHoldIsRefused() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardOffered();
        GinRummy.Move discard = new GinRummy.Move.EndTurn(GinRummy.Ending.DISCARD,
                new GinRummy.Thrown.Position(heldBy(table, 0)));
        Envelope move = TableCheats.move(table.seat(1), table.keys.get(1), GinRummy.GAME.encode(discard));
        table.assertRefusedByEveryHonestSeat(1, List.of(move),
                "position " + heldBy(table, 0) + " is not a card bob holds face-down");
    }

    @Test
    void anUnreadableMoveIsRefused() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = upcardOffered();
        Envelope move = TableCheats.move(table.seat(1), table.keys.get(1), new byte[] {9});
        table.assertRefusedByEveryHonestSeat(1, List.of(move), "an unreadable move: no gin rummy move 9");
    }

    @Test
    void aKnockThatTheShownCardsDoNotAllowStopsTheGameNamingTheKnockerLiveAndInTheAudit() throws Exception {
        GameTable<GinRummy.State, GinRummy.Move> table = new GameTable<>(GinRummy.GAME, 2, ONE_HAND, 52,
                s -> s == 1 ? KNOCKS_AT_ONCE : GinRummy.GAME.bot(new java.util.SplittableRandom(s)),
                s -> s == 1 ? new Forgetful() : GinRummy.GAME).play();
        ProtocolViolation stopped = table.seat(0).failure().orElseThrow();
        assertThat(stopped.reason()).startsWith("seat 1 knocked but");
        table.assertStoppedNaming("bob", stopped.reason(), dir);
    }

    /** Passes the upcard, draws from the stock, then knocks with the first card it holds face-down. */
    private static final TablePlayer<GinRummy.State, GinRummy.Move> KNOCKS_AT_ONCE = (view, seat, legal) -> {
        GinHand.Phase phase = view.hand().phase();
        if (phase == GinHand.Phase.UPCARD_OFFER) {
            return GinRummy.Move.PASS;
        }
        if (phase == GinHand.Phase.DISCARD) {
            return new GinRummy.Move.EndTurn(GinRummy.Ending.KNOCK,
                    new GinRummy.Thrown.Position(view.held().get(seat).get(0)));
        }
        return GinRummy.Move.DRAW_STOCK;
    };

    /**
     * A dishonest seat's own rules: its view does not read the cards dealt to it, so its own engine takes its knock
     * on trust as every other seat's does.
     */
    private static final class Forgetful extends ForwardingGame<GinRummy.State, GinRummy.Move> {
        Forgetful() {
            super(GinRummy.GAME);
        }

        @Override
        public GinRummy.State afterDeck(GinRummy.State state, DeckEvent event, Cards known) throws IllegalMove {
            return super.afterDeck(state, event, event instanceof DeckEvent.Dealt ? position -> -1 : known);
        }
    }
}
