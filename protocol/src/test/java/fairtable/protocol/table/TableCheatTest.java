package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A dishonest seat starts deck operations and moves the rules did not call for: the honest seats refuse each
 * one before their decks see it, so they release no share, and both the refusal and the audit of an honest
 * seat's evidence name the signer.
 */
class TableCheatTest {

    /** A table of three stopped right after the first deal, with alice (first to act) thinking. */
    private static TableSeats dealtAndWaiting() throws ProtocolViolation {
        TableSeats table = new TableSeats(3, 1, 7, (view, seat, legal) -> null);
        table.pump(table.seat(0).start());
        assertThat(table.seat(1).awaiting()).isEqualTo("alice's move");
        return table;
    }

    private static void assertRefusedByEveryHonestSeat(TableSeats table, int cheater, List<Envelope> sent, String reason) {
        for (TableParty<HighCard.State, HighCard.Move> honest : table.seats) {
            if (honest.seat() == cheater) {
                continue;
            }
            int before = honest.transcript().size();
            assertThatThrownBy(() -> honest.receive(sent.get(0)))
                    .isInstanceOf(ProtocolViolation.class)
                    .hasMessageContaining("party " + TableSeats.NAMES[cheater] + ": " + reason);
            assertThat(honest.transcript().size()).as("nothing recorded, nothing answered").isEqualTo(before);
            AuditVerdict verdict = TableSeats.audit(honest);
            assertThat(verdict.verified()).isFalse();
            assertThat(verdict.failure().party()).isEqualTo(TableSeats.NAMES[cheater]);
            assertThat(verdict.failure().reason()).contains(reason);
        }
    }

    @Test
    void aRevealBeforeTheFirstMoveReleasesNoShareAndConvictsItsSigner() throws Exception {
        TableSeats table = dealtAndWaiting();
        List<Envelope> reveal = table.seat(2).cheat(deck -> deck.reveal());
        assertRefusedByEveryHonestSeat(table, 2, reveal,
                "starts a deck reveal the rules did not call for: they await alice's move");
    }

    @Test
    void aDealStartedByASeatThatIsNotTheDealerIsBlamedOnItsSignerNotOnTheRecipient() throws Exception {
        TableSeats table = dealtAndWaiting();
        List<Envelope> deal = table.seat(1).cheat(deck -> deck.deal(List.of(2), 1));
        assertRefusedByEveryHonestSeat(table, 1, deal, "starts a deck deal the rules did not call for");
    }

    @Test
    void anOpenByAnySeatIsRefusedWhenTheRulesCallForNone() throws Exception {
        TableSeats table = dealtAndWaiting();
        List<Envelope> open = table.seat(2).cheat(deck -> deck.open(2));
        assertRefusedByEveryHonestSeat(table, 2, open, "starts a deck open the rules did not call for");
    }

    @Test
    void aShowOfAnotherPositionThanTheRulesCallForIsRefused() throws Exception {
        TableSeats table = dealtAndWaiting();
        // bob shows his card while it is alice's move
        int bobs = table.seat(1).state().hands().get(1);
        List<Envelope> show = table.seat(1).cheat(deck -> deck.show(List.of(bobs)));
        assertRefusedByEveryHonestSeat(table, 1, show, "starts a deck show the rules did not call for");
    }

    @Test
    void aMoveOutOfTurnIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = dealtAndWaiting();
        TableParty<HighCard.State, HighCard.Move> carol = table.seat(2);
        Envelope move = carol.transcript().seal(table.keys.get(2), 2, carol.nextStep(), TableObserver.MOVE,
                TableObserver.moveBody(1, HighCard.GAME.encode(HighCard.Move.FOLD)));
        assertRefusedByEveryHonestSeat(table, 2, List.of(move), "a move out of turn: the rules await alice's move");
    }

    @Test
    void anUnreadableMoveIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = dealtAndWaiting();
        TableParty<HighCard.State, HighCard.Move> alice = table.seat(0);
        Envelope move = alice.transcript().seal(table.keys.get(0), 0, alice.nextStep(), TableObserver.MOVE,
                TableObserver.moveBody(1, new byte[] {7}));
        assertRefusedByEveryHonestSeat(table, 0, List.of(move), "an unreadable move: a move is one byte");
    }

    @Test
    void aMoveNumberedAnotherStepThanTheNextIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = dealtAndWaiting();
        TableParty<HighCard.State, HighCard.Move> alice = table.seat(0);
        int due = alice.nextStep();
        // alice's own move, in its place in the chain, but numbered one step on
        Envelope move = alice.transcript().seal(table.keys.get(0), 0, due + 1, TableObserver.MOVE,
                TableObserver.moveBody(1, HighCard.GAME.encode(HighCard.Move.SHOW)));
        assertRefusedByEveryHonestSeat(table, 0, List.of(move),
                "a message numbered step " + (due + 1) + " where step " + due + " comes next");
    }

    @Test
    void aMessageOfAnUnknownTypeIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = dealtAndWaiting();
        TableParty<HighCard.State, HighCard.Move> alice = table.seat(0);
        Envelope chat = alice.transcript().seal(table.keys.get(0), 0, alice.nextStep(), "chat",
                TableObserver.moveBody(1, HighCard.GAME.encode(HighCard.Move.SHOW)));
        assertRefusedByEveryHonestSeat(table, 0, List.of(chat), "a message of unknown type 'chat'");
    }

    @Test
    void aMoveForAnotherRoundIsRefusedNamingItsSigner() throws Exception {
        TableSeats table = dealtAndWaiting();
        TableParty<HighCard.State, HighCard.Move> alice = table.seat(0);
        Envelope move = alice.transcript().seal(table.keys.get(0), 0, alice.nextStep(), TableObserver.MOVE,
                TableObserver.moveBody(2, HighCard.GAME.encode(HighCard.Move.SHOW)));
        assertRefusedByEveryHonestSeat(table, 0, List.of(move), "a move for round 2 in round 1");
    }
}
