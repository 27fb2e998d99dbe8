package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The KKRT/OOS oblivious PRF between an honest or lying querier and sealer: values, checks, wire, states. */
class KkrtOprfTest {
    static final byte[] GAME = "dark chess game 7".getBytes(StandardCharsets.UTF_8);
    static final byte[] PLY = "ply 12, seat 1".getBytes(StandardCharsets.UTF_8);
    private static byte[] querierAfterBase;
    private static byte[] sealerAfterBase;
    static byte[] baseSetup;
    static byte[] baseKeys;

    @BeforeAll
    static void runTheBaseTransfersOnce() {
        SplittableRandom random = new SplittableRandom(2016);
        KkrtSealer sealer = KkrtSealer.start(GAME, random.split());
        baseKeys = sealer.baseKeys();
        KkrtQuerier querier = KkrtQuerier.start(GAME, random.split());
        baseSetup = querier.baseSetup();
        sealer.receiveBaseSetup(baseSetup);
        querier.receiveBaseKeys(baseKeys);
        querierAfterBase = querier.state();
        sealerAfterBase = sealer.state();
    }

    static KkrtQuerier querier(long seed) {
        return KkrtQuerier.restore(querierAfterBase, new SplittableRandom(seed));
    }

    static KkrtSealer sealer() {
        return KkrtSealer.restore(sealerAfterBase);
    }

    static int[] inputs(int count, long seed) {
        return new SplittableRandom(seed).ints(count, 0, KkrtCode.INPUTS).toArray();
    }

    /** k_i^0 and k_i^1 from a querier's saved state (the layout its javadoc gives). */
    static byte[][][] seeds(KkrtQuerier querier) {
        byte[] state = querier.state();
        int offset = 1 + 4 + GAME.length + 32 + 1;
        byte[][][] seeds = new byte[2][KkrtReference.W][];
        for (int i = 0; i < KkrtReference.W; i++) {
            seeds[0][i] = Arrays.copyOfRange(state, offset + 32 * i, offset + 32 * i + 16);
            seeds[1][i] = Arrays.copyOfRange(state, offset + 32 * i + 16, offset + 32 * i + 32);
        }
        return seeds;
    }

    /** The real inputs then the masks of a querier's last batch, from its saved state (they end it). */
    static int[] batchInputs(KkrtQuerier querier, int m) {
        byte[] state = querier.state();
        int[] all = new int[m + KkrtReference.CHECKS];
        int offset = state.length - 2 * all.length;
        for (int k = 0; k < all.length; k++) {
            all[k] = (state[offset + 2 * k] & 0xff) << 8 | (state[offset + 2 * k + 1] & 0xff);
        }
        return all;
    }

    /** The first i with s_i = {@code bit}. */
    static int firstChoice(KkrtSealer sealer, boolean bit) {
        int i = 0;
        while (KkrtReference.bit(sealer.revealChoices(), i) != bit) {
            i++;
        }
        return i;
    }

    /** Batch 0 as the plain implementation builds it from the seeds and masks of the querier's last query. */
    static byte[] referenceQuery(KkrtQuerier querier, int m, KkrtReference.Tamper tamper) {
        byte[][][] seeds = seeds(querier);
        return KkrtReference.query(GAME, seeds[0], seeds[1], 0, PLY, batchInputs(querier, m), m, tamper);
    }

    @Test
    void theQuerierLearnsTheSealersValueAtItsInputAndItDiffersAtEveryOtherInput() {
        int[] inputs = inputs(40, 1);
        inputs[0] = 0;
        inputs[1] = KkrtCode.INPUTS - 1;
        inputs[2] = inputs[3];
        KkrtQuerier querier = querier(11);
        KkrtSealer sealer = sealer();
        sealer.receiveQuery(PLY, querier.query(PLY, inputs));
        assertThat(sealer.instances()).isEqualTo(40);
        for (int j = 0; j < inputs.length; j++) {
            byte[] learned = querier.output(j, 32);
            assertThat(sealer.evaluate(j, inputs[j], 32)).as("instance %d", j).isEqualTo(learned);
            assertThat(sealer.evaluate(j, inputs[j], 5)).isEqualTo(Arrays.copyOf(learned, 5));
            for (int x = 0; x < KkrtCode.INPUTS; x++) {
                if (x != inputs[j]) {
                    assertThat(sealer.evaluate(j, x, 32)).as("instance %d at %d", j, x).isNotEqualTo(learned);
                }
            }
        }
        // The same input in two instances gives unrelated values.
        assertThat(querier.output(2, 32)).isNotEqualTo(querier.output(3, 32));
    }

    @Test
    void batchesFollowOneAnotherAndAReplayedQueryIsRefused() {
        KkrtQuerier querier = querier(12);
        KkrtSealer sealer = sealer();
        byte[] first = querier.query(PLY, inputs(5, 2));
        sealer.receiveQuery(PLY, first);
        int[] second = inputs(7, 3);
        byte[] next = "ply 13, seat 1".getBytes(StandardCharsets.UTF_8);
        sealer.receiveQuery(next, querier.query(next, second));
        assertThat(sealer.evaluate(6, second[6], 16)).isEqualTo(querier.output(6, 16));
        assertThat(sealer.nextBatch()).isEqualTo(2).isEqualTo(querier.nextBatch());
        assertThatThrownBy(() -> sealer.receiveQuery(PLY, first)).isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("KKRT query: batch 0, expected 2");
    }

    @Test
    void aQueryReadUnderAnotherBatchContextFailsTheCheck() {
        byte[] query = querier(13).query(PLY, inputs(5, 4));
        assertThatThrownBy(() -> sealer().receiveQuery("ply 99".getBytes(StandardCharsets.UTF_8), query))
                .isInstanceOf(InvalidOtMessageException.class).hasMessageContaining("consistency check 0 fails");
    }

    @Test
    void thePlainImplementationBuildsTheSameQueryAndTheSameSealedValues() throws Exception {
        int m = 70; // more than one 64-bit word of instances, and n = 198 not a multiple of 8 or 64
        int[] inputs = inputs(m, 5);
        KkrtQuerier querier = querier(14);
        KkrtSealer sealer = sealer();
        byte[] query = querier.query(PLY, inputs);
        assertThat(Arrays.copyOf(batchInputs(querier, m), m)).isEqualTo(inputs);
        assertThat(referenceQuery(querier, m, KkrtReference.Tamper.NONE)).isEqualTo(query);

        sealer.receiveQuery(PLY, query);
        byte[] revealed = sealer.revealChoices();
        boolean[] choices = new boolean[KkrtReference.W];
        for (int i = 0; i < choices.length; i++) {
            choices[i] = KkrtReference.bit(revealed, i);
        }
        boolean[][] rows = KkrtReference.sealerRows(GAME, baseSetup, baseKeys, revealed, PLY, query);
        SplittableRandom random = new SplittableRandom(6);
        for (int j = 0; j < m; j++) {
            int x = j % 2 == 0 ? inputs[j] : random.nextInt(KkrtCode.INPUTS);
            assertThat(sealer.evaluate(j, x, 32)).as("F_%d(%d)", j, x)
                    .isEqualTo(KkrtReference.sealerValue(GAME, 0, PLY, rows[j], choices, j, x, 32));
        }
        // t_j from the querier's seed: its rows are the sealer's rows at the querier's codewords.
        boolean[][] t = KkrtReference.tRows(seeds(querier)[0], KkrtReference.nonce(GAME, 0, PLY), m);
        for (int j = 0; j < m; j++) {
            assertThat(KkrtReference.sealerValue(GAME, 0, PLY, t[j], choices, j, 0, 32))
                    .isEqualTo(querier.output(j, 32));
        }
    }

    @Test
    void aRowThatIsNoCodewordIsRefusedWhereverTheSealerCanSeeIt() {
        int m = 9;
        KkrtQuerier querier = querier(15);
        querier.query(PLY, inputs(m, 7));
        KkrtSealer sealer = sealer();
        byte[] probe = referenceQuery(querier, m, new KkrtReference.Tamper(4, firstChoice(sealer, true), 0));
        assertThatThrownBy(() -> sealer.receiveQuery(PLY, probe)).isInstanceOf(InvalidOtMessageException.class)
                .hasMessageContaining("KKRT query: consistency check").hasMessageContaining("fails");
        // A flip where s_i = 0 changes nothing the sealer computes: accepted by a sealer that refused nothing yet
        // (the refusing one refuses every later query, KkrtSelectiveFailureTest).
        KkrtSealer fresh = sealer();
        byte[] invisible = referenceQuery(querier, m, new KkrtReference.Tamper(4, firstChoice(fresh, false), 0));
        fresh.receiveQuery(PLY, invisible);
        assertThat(fresh.nextBatch()).isEqualTo(1);
    }

    @Test
    void aWellFormedCheckClaimingAnotherInputIsRefused() {
        int m = 9;
        KkrtQuerier querier = querier(16);
        querier.query(PLY, inputs(m, 8));
        KkrtSealer sealer = sealer();
        byte[] honest = referenceQuery(querier, m, KkrtReference.Tamper.NONE);
        byte[] lying = referenceQuery(querier, m, new KkrtReference.Tamper(-1, -1, 1));
        assertThatThrownBy(() -> sealer.receiveQuery(PLY, lying)).isInstanceOf(InvalidOtMessageException.class)
                .hasMessageStartingWith("KKRT query: consistency check 0 fails");
        sealer().receiveQuery(PLY, honest);
    }

    @Test
    void flippingAnyBitOfAnHonestQueryAfterTheFactIsRefused() {
        byte[] query = querier(17).query(PLY, inputs(3, 9));
        SplittableRandom random = new SplittableRandom(10);
        for (int trial = 0; trial < 40; trial++) {
            byte[] bad = query.clone();
            int position = 7 + random.nextInt(query.length - 7);
            bad[position] ^= (byte) (1 << random.nextInt(8));
            assertThatThrownBy(() -> sealer().receiveQuery(PLY, bad)).as("byte %d", position)
                    .isInstanceOf(InvalidOtMessageException.class).hasMessageStartingWith("KKRT query: ");
        }
    }

    @Test
    void everyTruncatedOrExtendedMessageIsRefused() {
        KkrtQuerier fresh = KkrtQuerier.start(GAME, new SplittableRandom(18));
        KkrtSealer freshSealer = KkrtSealer.start(GAME, new SplittableRandom(1));
        KkrtSealer sealer = sealer();
        byte[] query = querier(18).query(PLY, inputs(2, 11));
        for (int length = 0; length <= query.length + 1; length++) {
            if (length != query.length) {
                byte[] bad = Arrays.copyOf(query, length);
                assertThatThrownBy(() -> sealer.receiveQuery(PLY, bad)).as("query of %d bytes", length)
                        .isInstanceOf(InvalidOtMessageException.class).hasMessageStartingWith("KKRT query: ");
            }
        }
        for (int length = 0; length <= baseKeys.length + 1; length += length < 40 ? 1 : 383) {
            if (length != baseKeys.length) {
                byte[] bad = Arrays.copyOf(baseKeys, length);
                assertThatThrownBy(() -> fresh.receiveBaseKeys(bad)).as("base keys of %d bytes", length)
                        .isInstanceOf(InvalidOtMessageException.class).hasMessageStartingWith("KKRT base keys: ");
            }
        }
        for (int length = 0; length <= baseSetup.length + 1; length++) {
            if (length != baseSetup.length) {
                byte[] bad = Arrays.copyOf(baseSetup, length);
                assertThatThrownBy(() -> freshSealer.receiveBaseSetup(bad))
                        .as("base setup of %d bytes", length)
                        .isInstanceOf(InvalidOtMessageException.class).hasMessageStartingWith("KKRT base setup: ");
            }
        }
        sealer.receiveQuery(PLY, query);
    }

    @Test
    void identityUndecodableAndUnopenablePointsAreRefused() {
        byte[] identity = new byte[32];
        byte[] nonCanonical = HexFormat.of().parseHex(
                "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff");
        KkrtSealer sealer = KkrtSealer.start(GAME, new SplittableRandom(1));
        for (byte[] point : new byte[][] {identity, nonCanonical}) {
            byte[] setup = new byte[33];
            setup[0] = KkrtQuerier.BASE_SETUP_TAG;
            System.arraycopy(point, 0, setup, 1, 32);
            assertThatThrownBy(() -> sealer.receiveBaseSetup(setup))
                    .isInstanceOf(InvalidOtMessageException.class).hasMessageStartingWith("KKRT base setup: point R ");
        }
        sealer.receiveBaseSetup(baseSetup);
        KkrtQuerier querier = KkrtQuerier.start(GAME, new SplittableRandom(19));
        // PK_5 = C_5 would make choice 1's point the identity, whose "seed" everybody knows.
        byte[] basePoint = KkrtBits.basePoint(GAME, 5).encode();
        for (byte[] point : new byte[][] {identity, nonCanonical}) {
            byte[] keys = baseKeys.clone();
            System.arraycopy(point, 0, keys, 1 + 5 * 32, 32);
            assertThatThrownBy(() -> querier.receiveBaseKeys(keys))
                    .isInstanceOf(InvalidOtMessageException.class).hasMessageStartingWith("KKRT base keys: point PK_5 ");
        }
        byte[] keys = baseKeys.clone();
        System.arraycopy(basePoint, 0, keys, 1 + 5 * 32, 32);
        assertThatThrownBy(() -> querier.receiveBaseKeys(keys)).hasMessage("KKRT base keys: point PK_5 equals C_5");
        byte[] wrongTag = baseKeys.clone();
        wrongTag[0] = KkrtQuerier.QUERY_TAG;
        assertThatThrownBy(() -> querier.receiveBaseKeys(wrongTag)).hasMessage("KKRT base keys: tag 0x33, expected 0x32");
        querier.receiveBaseKeys(baseKeys);
    }

    @Test
    void theSealerSpeaksFirstAndTheQueriersPointDependsOnNothingItSent() {
        KkrtQuerier one = KkrtQuerier.start(GAME, new SplittableRandom(40));
        KkrtQuerier two = KkrtQuerier.start(GAME, new SplittableRandom(40));
        byte[] setup = one.baseSetup();
        KkrtSealer sealer = KkrtSealer.start(GAME, new SplittableRandom(41));
        one.receiveBaseKeys(sealer.baseKeys());
        two.receiveBaseKeys(KkrtSealer.start(GAME, new SplittableRandom(42)).baseKeys());
        assertThat(two.baseSetup()).isEqualTo(one.baseSetup()).isEqualTo(setup);
        assertThatThrownBy(() -> sealer.receiveQuery(PLY, two.query(PLY, 1)))
                .isInstanceOf(IllegalStateException.class);
        sealer.receiveBaseSetup(setup);
        sealer.receiveQuery(PLY, one.query(PLY, 9));
        assertThat(sealer.evaluate(0, 9, 32)).isEqualTo(one.output(0, 32));
    }

    @Test
    void malformedQueryFieldsAreRefusedByName() {
        int m = 3; // n = 131: the last column byte holds three bits
        byte[] query = querier(20).query(PLY, inputs(m, 12));
        int columnBytes = 17;
        byte[] padding = query.clone();
        padding[7 + columnBytes - 1] |= (byte) 0x80;
        assertThatThrownBy(() -> sealer().receiveQuery(PLY, padding))
                .hasMessage("KKRT query: column 0 sets bits past instance 130");
        byte[] bigInput = query.clone();
        bigInput[7 + 384 * columnBytes] = 0x08;
        assertThatThrownBy(() -> sealer().receiveQuery(PLY, bigInput))
                .hasMessageStartingWith("KKRT query: check 0 input 2");
        byte[] noInstances = query.clone();
        noInstances[5] = 0;
        noInstances[6] = 0;
        assertThatThrownBy(() -> sealer().receiveQuery(PLY, noInstances))
                .hasMessage("KKRT query: 0 instances, expected 1 to 65407");
        assertThatThrownBy(() -> sealer().receiveQuery(PLY, null)).hasMessage("KKRT query: no message");
    }

    @Test
    void partiesRestoredAtEveryStepGiveTheSameMessagesAndValues() {
        SplittableRandom random = new SplittableRandom(21);
        KkrtSealer sealer = KkrtSealer.start(GAME, random.split());
        KkrtSealer restoredSealer = KkrtSealer.restore(sealer.state());
        assertThat(restoredSealer.baseKeys()).isEqualTo(sealer.baseKeys());
        assertThat(restoredSealer.state()).isEqualTo(sealer.state());
        KkrtQuerier querier = KkrtQuerier.start(GAME, random.split());
        KkrtQuerier restoredQuerier = KkrtQuerier.restore(querier.state(), new SplittableRandom(5));
        assertThat(restoredQuerier.baseSetup()).isEqualTo(querier.baseSetup());
        sealer.receiveBaseSetup(querier.baseSetup());
        restoredSealer = KkrtSealer.restore(sealer.state());
        assertThat(restoredSealer.state()).isEqualTo(sealer.state());

        restoredQuerier.receiveBaseKeys(restoredSealer.baseKeys());
        querier.receiveBaseKeys(sealer.baseKeys());
        assertThat(KkrtQuerier.restore(querier.state(), new SplittableRandom(5)).state())
                .isEqualTo(restoredQuerier.state()).isEqualTo(querier.state());

        int[] inputs = inputs(20, 13);
        byte[] query = restoredQuerier.query(PLY, inputs);
        KkrtQuerier midBatch = KkrtQuerier.restore(restoredQuerier.state(), new SplittableRandom(6));
        assertThat(midBatch.state()).isEqualTo(restoredQuerier.state());
        assertThat(KkrtQuerier.restore(querier.state(), new SplittableRandom(5)).query(PLY, inputs))
                .as("same seeds, same masks").isEqualTo(query);

        sealer.receiveQuery(PLY, query);
        KkrtSealer afterQuery = KkrtSealer.restore(sealer.state());
        assertThat(afterQuery.state()).isEqualTo(sealer.state());
        for (int j = 0; j < inputs.length; j++) {
            assertThat(afterQuery.evaluate(j, inputs[j], 32)).isEqualTo(midBatch.output(j, 32))
                    .isEqualTo(restoredQuerier.output(j, 32));
            assertThat(afterQuery.evaluate(j, (inputs[j] + 1) % KkrtCode.INPUTS, 8))
                    .isEqualTo(sealer.evaluate(j, (inputs[j] + 1) % KkrtCode.INPUTS, 8));
        }
        // The restored parties go on to the next batch.
        byte[] next = midBatch.query(PLY, 7, 8);
        afterQuery.receiveQuery(PLY, next);
        assertThat(afterQuery.evaluate(1, 8, 32)).isEqualTo(midBatch.output(1, 32));
    }

    @Test
    void corruptSavedStatesAreRefused() {
        KkrtQuerier querier = querier(22);
        querier.query(PLY, 1, 2, 3);
        KkrtSealer sealer = sealer();
        sealer.receiveQuery(PLY, KkrtQuerier.restore(querierAfterBase, new SplittableRandom(22)).query(PLY, 1, 2, 3));
        byte[] querierState = querier.state();
        byte[] sealerState = sealer.state();
        for (int length = 0; length <= querierState.length + 1; length += length < 100 ? 1 : 97) {
            byte[] bad = Arrays.copyOf(querierState, length == querierState.length ? length + 1 : length);
            assertThatThrownBy(() -> KkrtQuerier.restore(bad, new SplittableRandom(1))).as("%d bytes", bad.length)
                    .isInstanceOf(InvalidOtMessageException.class).hasMessageStartingWith("KKRT querier state: ");
        }
        for (int length = 0; length <= sealerState.length + 1; length += length < 100 ? 1 : 97) {
            byte[] bad = Arrays.copyOf(sealerState, length == sealerState.length ? length + 1 : length);
            assertThatThrownBy(() -> KkrtSealer.restore(bad)).as("%d bytes", bad.length)
                    .isInstanceOf(InvalidOtMessageException.class).hasMessageStartingWith("KKRT sealer state: ");
        }
        byte[] extended = Arrays.copyOf(sealerState, sealerState.length + 1);
        assertThatThrownBy(() -> KkrtSealer.restore(extended)).hasMessage("KKRT sealer state: 1 trailing bytes");
    }

    @Test
    void outOfRangeCallsAreProgrammingErrors() {
        KkrtQuerier querier = querier(23);
        assertThatThrownBy(() -> querier.query(PLY)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> querier.query(PLY, 2048)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> querier.output(0, 32)).isInstanceOf(IllegalStateException.class);
        KkrtSealer sealer = sealer();
        sealer.receiveQuery(PLY, querier.query(PLY, 5));
        assertThatThrownBy(() -> sealer.evaluate(1, 5, 32)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> sealer.evaluate(0, 5, 33)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> querier.output(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> KkrtQuerier.start(GAME, new SplittableRandom(1)).query(PLY, 1))
                .isInstanceOf(IllegalStateException.class);
    }
}
