package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A malicious querier probing the sealer's s through the consistency check (selective failure). A row flipped at
 * column i passes the OOS check iff s_i = 0, so each refusal or acceptance tells the querier one bit of s. OOS allows
 * the few bits a querier learns before it is caught; it does not allow the querier to keep asking after a refusal,
 * since w = 384 probes give all of s and with it every F_j(x).
 */
class KkrtSelectiveFailureTest {
    @BeforeAll
    static void runTheBaseTransfers() {
        KkrtOprfTest.runTheBaseTransfersOnce();
    }

    @Test
    void aQuerierCannotReadTheSealersChoicesFromRefusals() {
        int m = 1;
        KkrtQuerier querier = KkrtOprfTest.querier(40);
        querier.query(KkrtOprfTest.PLY, 5);
        byte[][][] seeds = KkrtOprfTest.seeds(querier);
        int[] all = KkrtOprfTest.batchInputs(querier, m);
        KkrtSealer sealer = KkrtOprfTest.sealer();
        boolean[] guessed = new boolean[KkrtReference.W];
        long batch = 0;
        for (int i = 0; i < KkrtReference.W; i++) {
            byte[] probe = KkrtReference.query(KkrtOprfTest.GAME, seeds[0], seeds[1], batch, KkrtOprfTest.PLY, all, m,
                    new KkrtReference.Tamper(0, i, 0));
            try {
                sealer.receiveQuery(KkrtOprfTest.PLY, probe);
                batch++;
            } catch (InvalidOtMessageException refused) {
                guessed[i] = true;
            }
        }
        byte[] revealed = sealer.revealChoices();
        int right = 0;
        for (int i = 0; i < KkrtReference.W; i++) {
            right += guessed[i] == KkrtReference.bit(revealed, i) ? 1 : 0;
        }
        // Before its first refusal the querier learns about one bit; after it, the sealer answers nothing.
        assertThat(right).as("bits of s the probes recovered").isLessThan(KkrtReference.W - 64);
        byte[] honest = KkrtReference.query(KkrtOprfTest.GAME, seeds[0], seeds[1], batch, KkrtOprfTest.PLY, all, m,
                KkrtReference.Tamper.NONE);
        assertThatThrownBy(() -> sealer.receiveQuery(KkrtOprfTest.PLY, honest))
                .isInstanceOf(InvalidOtMessageException.class).hasMessageContaining("failed the consistency check");
        // The refusal survives a save and restore.
        assertThatThrownBy(() -> KkrtSealer.restore(sealer.state()).receiveQuery(KkrtOprfTest.PLY, honest))
                .isInstanceOf(InvalidOtMessageException.class).hasMessageContaining("failed the consistency check");
    }

    @Test
    void aMalformedQueryDependsOnNoSecretAndLeavesTheSealerUsable() {
        KkrtQuerier querier = KkrtOprfTest.querier(41);
        KkrtSealer sealer = KkrtOprfTest.sealer();
        byte[] query = querier.query(KkrtOprfTest.PLY, 3, 4);
        byte[] truncated = java.util.Arrays.copyOf(query, query.length - 1);
        assertThatThrownBy(() -> sealer.receiveQuery(KkrtOprfTest.PLY, truncated))
                .isInstanceOf(InvalidOtMessageException.class);
        sealer.receiveQuery(KkrtOprfTest.PLY, query);
        assertThat(sealer.evaluate(1, 4, 16)).isEqualTo(querier.output(1, 16));
    }
}
