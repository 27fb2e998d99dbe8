package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The browser's replay ({@link TableReplay}) and a seat's restore ({@link TableParty#restore}) check the deck
 * proofs of the messages they walk again as one batch; a batch holding one forged proof is walked again one by one,
 * so the refusal names the forger, as it did before batching.
 */
class TableReplayBatchTest {
    private static final int ALICE = 0;
    private static final int CAROL = 2;
    private static final String FORGERY = "does not verify: it was not made with its key for this card";

    /**
     * A 3-seat game of two rounds, and the same game with carol's show that ends the first round forged (see {@link #forged}) and every
     * later message signed again by its sender on the new chain: a transcript that only the forged proof spoils. The
     * second round's deck is its own chain, so alice's snapshot of the end differs from the genuine one only in the
     * table's messages.
     */
    private record Played(TableSeats table, List<Envelope> genuine, List<Envelope> spoilt, int forgedStep,
            byte[] alicesSnapshot) {}

    private static Played playWithTheLastShowOfRoundOneForged() throws ProtocolViolation {
        TableSeats table = new TableSeats(3, 2, 11);
        table.pump(table.seat(ALICE).start());
        List<Envelope> genuine = table.seat(ALICE).transcript().envelopes();
        List<Envelope> spoilt = new ArrayList<>();
        int last = -1;
        for (int i = 0; i < genuine.size(); i++) {
            if (isShowOfRoundOne(genuine.get(i))) {
                last = i;
            }
        }
        assertThat(genuine.get(last).sender()).as("carol shows last in the first round").isEqualTo(CAROL);
        int forgedStep = -1;
        for (Envelope e : genuine) {
            boolean first = e == genuine.get(last);
            if (forgedStep < 0 && !first) {
                spoilt.add(e);
                continue;
            }
            byte[] body = first ? forgedBody(e, table.keys.get(CAROL)) : e.body();
            forgedStep = first ? e.step() : forgedStep;
            spoilt.add(Envelope.sign(table.keys.get(e.sender()), e.session(), e.seq(),
                    spoilt.get(spoilt.size() - 1).hash(), e.sender(), e.step(), e.type(), body));
        }
        assertThat(table.seat(ALICE).isFinished()).isTrue();
        return new Played(table, genuine, spoilt, forgedStep, table.seat(ALICE).snapshot());
    }

    private static boolean isShowOfRoundOne(Envelope e) {
        return e.type().equals(TableObserver.DECK) && round(e) == 1 && inner(e).type().equals("show");
    }

    private static long round(Envelope deck) {
        try {
            return new WireReader(deck.body()).u32();
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    private static Envelope inner(Envelope deck) {
        try {
            WireReader r = new WireReader(deck.body());
            r.u32();
            Envelope inner = Envelope.fromBytes(r.blob(Envelope.MAX_BODY, "inner"));
            r.end();
            return inner;
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    /** A show with the last byte of its share's proof changed, the inner message signed by its sender again. */
    private static byte[] forgedBody(Envelope show, SigningKey sender) {
        Envelope in = inner(show);
        byte[] body = in.body();
        body[body.length - 1] ^= 1;
        Envelope badInner = Envelope.sign(sender, in.session(), in.seq(), in.prev(), in.sender(), in.step(), in.type(), body);
        return TableObserver.deckBody(1, badInner);
    }

    @Test
    void theReplayOfATranscriptWithAForgedShareNamesTheForger() throws Exception {
        Played played = playWithTheLastShowOfRoundOneForged();
        Transcript chain = new Transcript();
        for (Envelope e : played.spoilt()) {
            chain.append(e);
        }
        DeferredProofs unchecked = new DeferredProofs(new SplittableRandom(1));
        TableReplay.Replay walked = TableReplay.walk(HighCard.GAME, played.table().params, chain, unchecked);
        assertThat(walked.steps()).as("with its proofs kept, the forgery walks to the end").isNotEmpty();
        assertThat(unchecked.verify()).isFalse();

        assertThatThrownBy(() -> TableReplay.of(TableSeats.CATALOG, chain))
                .isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step " + played.forgedStep() + ", party carol: the decryption share for position")
                .hasMessageEndingWith(FORGERY);
    }

    @Test
    void aSnapshotWhosePastHoldsAForgedShareIsRefusedNamingTheForger() throws Exception {
        Played played = playWithTheLastShowOfRoundOneForged();
        byte[] spliced = played.alicesSnapshot().clone();
        for (int i = 0; i < played.genuine().size(); i++) {
            byte[] genuine = played.genuine().get(i).toBytes();
            byte[] spoilt = played.spoilt().get(i).toBytes();
            System.arraycopy(spoilt, 0, spliced, indexOf(spliced, genuine), genuine.length);
        }

        assertThatThrownBy(() -> TableParty.restore(spliced, HighCard.GAME, played.table().keys.get(ALICE),
                new SplittableRandom(3), (view, seat, legal) -> HighCard.Move.SHOW))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessageStartingWith("the snapshot's transcript does not replay: step " + played.forgedStep()
                        + ", party carol: the decryption share for position")
                .hasMessageEndingWith(FORGERY);
        assertThat(TableParty.restore(played.alicesSnapshot(), HighCard.GAME, played.table().keys.get(ALICE),
                new SplittableRandom(3), (view, seat, legal) -> HighCard.Move.SHOW).isFinished())
                .as("the genuine snapshot restores").isTrue();
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("the snapshot does not hold the message");
    }
}
