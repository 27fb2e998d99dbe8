package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A seat's snapshot whose current deck is not the deck of the table's current round (an earlier round's deck of
 * the same length, or another seat's deck of this round) is refused on restore. Taken, it would answer the next
 * deal with shares of the wrong key or seat, and the other seats would convict this honest seat.
 */
class TableRestoreAttackTest {
    private static final int BOB = 1;

    /** Three seats, two rounds; every seat defers its moves in rounds from {@code pauseAt.get()} on. */
    private static TableSeats table(AtomicInteger pauseAt) {
        return new TableSeats(3, 2, 21, (view, seat, legal) -> view.round() < pauseAt.get() ? HighCard.Move.SHOW : null);
    }

    private static byte[] deckSnapshot(TableParty<?, ?> seat) {
        byte[][] out = new byte[1][];
        seat.cheat(deck -> {
            out[0] = deck.snapshot();
            return List.of();
        });
        return out[0];
    }

    /** {@code snapshot} with its last field, the current deck, replaced by {@code deck}. */
    private static byte[] withDeck(byte[] snapshot, byte[] current, byte[] deck) {
        byte[] tail = new WireWriter().blob(current).toBytes();
        int prefix = snapshot.length - tail.length;
        assertThat(Arrays.copyOfRange(snapshot, prefix, snapshot.length)).as("the deck is the snapshot's last field")
                .isEqualTo(tail);
        byte[] out = Arrays.copyOf(snapshot, prefix);
        byte[] replaced = new WireWriter().blob(deck).toBytes();
        byte[] all = Arrays.copyOf(out, out.length + replaced.length);
        System.arraycopy(replaced, 0, all, out.length, replaced.length);
        return all;
    }

    private static void resumeAll(TableSeats table) throws Exception {
        List<Envelope> sent = new ArrayList<>();
        for (TableParty<HighCard.State, HighCard.Move> p : table.seats) {
            sent.addAll(p.resume());
        }
        table.pump(sent);
    }

    /** What the seat read in earlier rounds is judged on restore too: a card outside the deck is refused. */
    @Test
    void aSnapshotWhoseRecordOfAnEarlierRoundNamesACardOutsideTheDeckIsRefused() throws Exception {
        TableSeats table = new TableSeats(3, 3, 7);
        table.pump(table.seat(0).start());
        TableParty<HighCard.State, HighCard.Move> bob = table.seat(BOB);
        byte[] snapshot = bob.snapshot();
        int deckField = snapshot.length - new WireWriter().blob(deckSnapshot(bob)).toBytes().length;
        byte[] spoilt = snapshot.clone();
        spoilt[deckField - 1] = (byte) 0xff; // the low byte of round 2's last card, now 254 and more
        assertThatThrownBy(() -> TableParty.restore(spoilt, HighCard.GAME, table.keys.get(BOB), new SplittableRandom(3),
                (view, seat, legal) -> HighCard.Move.SHOW)).isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("outside the deck");
        assertThat(TableParty.restore(snapshot, HighCard.GAME, table.keys.get(BOB), new SplittableRandom(3),
                (view, seat, legal) -> HighCard.Move.SHOW).seenCards()).containsOnlyKeys(1, 2, 3);
    }

    @Test
    void aSnapshotHoldingAnEarlierRoundsDeckOfTheSameLengthIsRefused() throws Exception {
        AtomicInteger pauseAt = new AtomicInteger(1);
        TableSeats table = table(pauseAt);
        table.pump(table.seat(0).start());
        TableParty<HighCard.State, HighCard.Move> bob = table.seat(BOB);
        byte[] roundOneDeck = deckSnapshot(bob);
        pauseAt.set(2);
        resumeAll(table);
        assertThat(bob.round()).isEqualTo(2);
        assertThat(bob.awaiting()).isEqualTo("alice's move");
        byte[] roundTwoDeck = deckSnapshot(bob);
        assertThat(roundTwoDeck).isNotEqualTo(roundOneDeck);

        byte[] spliced = withDeck(bob.snapshot(), roundTwoDeck, roundOneDeck);
        assertThatThrownBy(() -> TableParty.restore(spliced, HighCard.GAME, table.keys.get(BOB), new SplittableRandom(3),
                (view, seat, legal) -> HighCard.Move.SHOW))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessage("the current deck does not hold the table's deck messages");
        // the genuine snapshot restores
        assertThat(TableParty.restore(bob.snapshot(), HighCard.GAME, table.keys.get(BOB), new SplittableRandom(3),
                (view, seat, legal) -> HighCard.Move.SHOW).view()).isEqualTo(bob.view());
    }

    @Test
    void aSnapshotHoldingAnotherSeatsDeckOfThisRoundIsRefused() throws Exception {
        AtomicInteger pauseAt = new AtomicInteger(1);
        TableSeats table = table(pauseAt);
        table.pump(table.seat(0).start());
        TableParty<HighCard.State, HighCard.Move> bob = table.seat(BOB);
        byte[] spliced = withDeck(bob.snapshot(), deckSnapshot(bob), deckSnapshot(table.seat(2)));
        assertThatThrownBy(() -> TableParty.restore(spliced, HighCard.GAME, table.keys.get(BOB), new SplittableRandom(3),
                (view, seat, legal) -> HighCard.Move.SHOW))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessage("the current deck is not this seat's deck of the table's current round");
    }
}
