package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.permutation.PermutationMessage.Factor;
import fairtable.protocol.permutation.PermutationMessage.Half;
import fairtable.protocol.permutation.PermutationMessage.Handout;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** A seat saved and restored, between reveals or in the middle of one, plays on exactly as before. */
class PermutationSnapshotTest {

    private static void restoreAll(Table table) throws MalformedMessageException {
        for (int s = 0; s < table.seats.size(); s++) {
            byte[] saved = table.seat(s).snapshot();
            PermutationParty back = PermutationParty.restore(saved, table.keys.get(s), new SplittableRandom(100 + s));
            assertThat(back.snapshot()).isEqualTo(saved);
            assertThat(back.knownCards()).isEqualTo(table.seat(s).knownCards());
            assertThat(back.ownPermutation()).isEqualTo(table.seat(s).ownPermutation());
            table.seats.set(s, back);
        }
    }

    @ParameterizedTest
    @CsvSource({"3, 1", "5, 2"})
    void restoredSeatsFinishAVerifiedGame(int players, long seed) throws Exception {
        Table table = new Table(players, 24, seed).setUp().revealTo(0, 0).revealTo(1, players - 2);
        Permutation layout = table.layout();
        restoreAll(table);
        table.revealTo(2, players - 1).revealTo(3, 1).revealPublicly(4);
        assertThat(table.seat(players - 2).knownCards()).containsEntry(1, layout.apply(1));
        assertThat(table.seat(1).knownCards()).containsEntry(3, layout.apply(3));
        table.finish();
        assertThat(Table.audit(table.seat(0)).verified()).as(Table.audit(table.seat(0)).line()).isTrue();
    }

    /** Saved while bob's hop to alice (the mirror reveal to bob, for three) is in flight. */
    @Test
    void aSeatRestoredInTheMiddleOfARevealCompletesIt() throws Exception {
        Table table = new Table(3, 24, 3).setUp();
        List<Envelope> inFlight = new ArrayList<>();
        List<Envelope> fromAlice = table.seat(0).revealTo(6, 1); // the request and alice's first hop
        for (Envelope e : fromAlice) {
            table.seat(2).receive(e);
            inFlight.addAll(table.seat(1).receive(e));
        }
        assertThat(inFlight).hasSize(1);
        restoreAll(table);
        table.pump(table.seat(1), inFlight);
        assertThat(table.seat(1).knownCards()).containsEntry(6, table.layout().apply(6));
        table.finish();
        assertThat(Table.audit(table.seat(2)).verified()).isTrue();
    }

    /**
     * Alice is handed the wrong halves at step 4 and must wait for her turn (step 6) to accuse carol; saved
     * and restored in between, she still knows, and still accuses.
     */
    @Test
    void aSeatRestoredWhileWaitingToAccuseStillAccuses() throws Exception {
        Table table = new Table(3, 24, 8);
        table.last().cheatBeforeSealing(m -> {
            if (m instanceof Handout h && h.to() == 0) {
                Factor first = h.factors().get(0);
                List<Factor> swapped = new ArrayList<>(h.factors());
                swapped.set(0, new Factor(first.target(), Half.INNER, first.permutation()));
                return new Handout(0, swapped);
            }
            return m;
        });
        List<Envelope> held = new ArrayList<>();
        table.wire = e -> {
            if (e.type().equals(Handout.TYPE) && e.step() == 5) {
                held.add(e);
                return null;
            }
            return e;
        };
        table.setUp();
        String proven = "step 4, party carol: inside its sealed handout: hands alice the halves";
        assertThat(table.seat(0).caught()).hasValueSatisfying(v -> assertThat(v).hasMessageStartingWith(proven));
        assertThat(table.seat(0).failure()).as("not proved to anyone yet").isEmpty();
        restoreAll(table);
        assertThat(table.seat(0).caught()).hasValueSatisfying(v -> assertThat(v).hasMessageStartingWith(proven));
        table.wire = e -> e;
        table.pump(table.last(), held);
        for (PermutationParty p : table.seats) {
            assertThat(p.failure()).as(p.name()).hasValueSatisfying(v -> assertThat(v).hasMessageStartingWith(proven));
            assertThat(p.isFinished()).isTrue();
        }
        assertThat(Table.audit(table.seat(1)).line()).startsWith("FAILED: " + proven);
    }

    /** A snapshot whose sealing secret is not the key the seat announced cannot be restored. */
    @Test
    void aSnapshotWithAnotherSealingKeyIsRefused() throws Exception {
        Table table = new Table(3, 24, 5).setUp().revealTo(1, 0);
        byte[] saved = table.seat(0).snapshot();
        byte[] secret = table.seat(0).sealingKey().secretKeyBytes();
        int at = -1;
        for (int i = 0; i + secret.length <= saved.length && at < 0; i++) {
            if (java.util.Arrays.equals(saved, i, i + secret.length, secret, 0, secret.length)) {
                at = i;
            }
        }
        assertThat(at).isPositive();
        byte[] other = fairtable.crypto.seal.SealingKey.generate(new SplittableRandom(9)).secretKeyBytes();
        System.arraycopy(other, 0, saved, at, other.length);
        assertThatThrownBy(() -> PermutationParty.restore(saved, table.keys.get(0), new SplittableRandom(1)))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessage("the snapshot's sealing key is not the one this seat announced");
    }

    @Test
    void aDamagedSnapshotIsRefused() throws Exception {
        Table table = new Table(3, 24, 4).setUp();
        byte[] saved = table.seat(0).snapshot();
        byte[] cut = java.util.Arrays.copyOf(saved, saved.length - 1);
        assertThatThrownBy(() -> PermutationParty.restore(cut, table.keys.get(0), new SplittableRandom(1)))
                .isInstanceOf(MalformedMessageException.class);
        byte[] flipped = saved.clone();
        flipped[flipped.length - 40] ^= 1; // inside the last message: its signature or chain breaks
        assertThatThrownBy(() -> PermutationParty.restore(flipped, table.keys.get(0), new SplittableRandom(1)))
                .isInstanceOf(MalformedMessageException.class);
    }
}
