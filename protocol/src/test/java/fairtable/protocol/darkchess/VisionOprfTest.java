package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.proof.ChaumPedersenProof;
import fairtable.crypto.proof.ProofContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The table OPRF alone: a querier opens exactly the entries it blinded, and every lie is visible to someone. */
class VisionOprfTest {
    private static final ProofContext CONTEXT = ProofContext.of("session".getBytes(StandardCharsets.UTF_8),
            new byte[32], "black".getBytes(StandardCharsets.UTF_8));

    private static List<byte[]> inputs(int n) {
        List<byte[]> inputs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            inputs.add(new byte[] {1, (byte) i, (byte) (i >> 8), 0});
        }
        return inputs;
    }

    private record Setup(VisionOprf.Key key, List<byte[]> inputs, byte[] values, byte[] sealed,
            VisionOprf.Batch batch, int[] indexes) {}

    private static Setup setup(SplittableRandom random) {
        List<byte[]> table = inputs(200);
        byte[] values = new byte[table.size()];
        random.nextBytes(values);
        VisionOprf.Key key = VisionOprf.Key.generate(random);
        byte[] sealed = VisionOprf.seal(key, table, values);
        int[] indexes = {3, 150, 77, -1};
        List<byte[]> asked = List.of(table.get(3), table.get(150), table.get(77), new byte[] {9, 9, 9, 9});
        return new Setup(key, table, values, sealed, VisionOprf.blind(asked, random), indexes);
    }

    @Test
    void theQuerierOpensExactlyTheEntriesItAskedForAndTheSealedTableHidesTheRest() throws Exception {
        SplittableRandom random = new SplittableRandom(1);
        Setup s = setup(random);
        byte[] answer = VisionOprf.answer(s.key(), s.batch().message(), CONTEXT, random);
        assertThat(answer).hasSize(4 * VisionOprf.POINT + ChaumPedersenProof.ENCODED_LENGTH);
        byte[] opened = VisionOprf.open(s.batch(), s.key().publicKey(), answer, CONTEXT, s.sealed(), s.indexes());
        assertThat(opened).containsExactly(s.values()[3], s.values()[150], s.values()[77], 0);
        // The sealed entries are not the values (a one-byte pad each; equal by chance for about 1 in 256).
        int same = 0;
        for (int i = 0; i < s.values().length; i++) {
            same += s.values()[i] == s.sealed()[i] ? 1 : 0;
        }
        assertThat(same).isLessThan(10);
        // The audit's recomputation with the revealed key, and its check of the querier's blinding.
        VisionOprf.Key revealed = VisionOprf.Key.fromSecret(s.key().secretBytes());
        assertThat(revealed.publicKey()).isEqualTo(s.key().publicKey());
        assertThat(VisionOprf.sealedEntry(revealed, s.inputs().get(150), s.values()[150])).isEqualTo(s.sealed()[150]);
        byte[] firstAlpha = java.util.Arrays.copyOf(s.batch().message(), VisionOprf.POINT);
        assertThat(VisionOprf.blinds(s.inputs().get(3), s.batch().blinds().get(0), firstAlpha)).isTrue();
        assertThat(VisionOprf.blinds(s.inputs().get(4), s.batch().blinds().get(0), firstAlpha)).isFalse();
    }

    @Test
    void aTableSealedFromTheInputsFixedBaseTablesIsTheTableSealedByPlainMultiplication() {
        SplittableRandom random = new SplittableRandom(7);
        List<byte[]> table = inputs(300);
        byte[] values = new byte[table.size()];
        random.nextBytes(values);
        VisionOprf.Key key = VisionOprf.Key.generate(random);
        byte[] first = VisionOprf.seal(key, table, values);
        byte[] later = VisionOprf.seal(key, table, values); // a second seal in a process uses the tables
        assertThat(later).isEqualTo(first);
        for (int i = 0; i < table.size(); i++) {
            assertThat(later[i]).as("entry %d", i).isEqualTo(VisionOprf.sealedEntry(key, table.get(i), values[i]));
        }
    }

    @Test
    void anAnswerUnderAnotherKeyOrWithOneEvaluationChangedFailsItsProof() throws Exception {
        SplittableRandom random = new SplittableRandom(2);
        Setup s = setup(random);
        byte[] answer = VisionOprf.answer(s.key(), s.batch().message(), CONTEXT, random);
        byte[] otherKey = VisionOprf.answer(VisionOprf.Key.generate(random), s.batch().message(), CONTEXT, random);
        assertThatThrownBy(() -> VisionOprf.open(s.batch(), s.key().publicKey(), otherKey, CONTEXT, s.sealed(), s.indexes()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("proof fails");
        byte[] swapped = answer.clone();
        System.arraycopy(answer, 0, swapped, VisionOprf.POINT, VisionOprf.POINT);
        assertThatThrownBy(() -> VisionOprf.open(s.batch(), s.key().publicKey(), swapped, CONTEXT, s.sealed(), s.indexes()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("proof fails");
        byte[] shortAnswer = java.util.Arrays.copyOf(answer, answer.length - 1);
        assertThatThrownBy(() -> VisionOprf.open(s.batch(), s.key().publicKey(), shortAnswer, CONTEXT, s.sealed(), s.indexes()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFalseTableEntryOpensToAnotherValueAndTheRevealedKeyShowsIt() throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        Setup s = setup(random);
        byte[] forged = s.sealed().clone();
        forged[150] ^= 0x15;
        byte[] answer = VisionOprf.answer(s.key(), s.batch().message(), CONTEXT, random);
        byte[] opened = VisionOprf.open(s.batch(), s.key().publicKey(), answer, CONTEXT, forged, s.indexes());
        assertThat(opened[1]).isNotEqualTo(s.values()[150]);
        assertThat(VisionOprf.sealedEntry(s.key(), s.inputs().get(150), s.values()[150])).isNotEqualTo(forged[150]);
    }
}
