package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.Scalar;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The after-game checks of the KKRT oblivious PRF pass an honest game and name each lie. */
class KkrtAuditTest {
    private static final byte[] GAME = KkrtOprfTest.GAME;
    private static final byte[] PLY = KkrtOprfTest.PLY;
    private static final int[] INPUTS = {3, 1000, 2047, 0, 3, 512, 77, 1999, 1024, 6};
    private static KkrtQuerier querier;
    private static KkrtSealer sealer;
    private static byte[] query;

    @BeforeAll
    static void playOneBatch() {
        KkrtOprfTest.runTheBaseTransfersOnce();
        querier = KkrtOprfTest.querier(31);
        sealer = KkrtOprfTest.sealer();
        query = querier.query(PLY, INPUTS);
        sealer.receiveQuery(PLY, query);
    }

    private static byte[] setup() {
        return KkrtOprfTest.baseSetup;
    }

    private static byte[] keys() {
        return KkrtOprfTest.baseKeys;
    }

    @Test
    void anHonestGamePassesAndEverySealedValueIsRecomputed() {
        assertThat(KkrtAudit.checkQuerierSecret(setup(), querier.revealSecret()).toByteArray())
                .isEqualTo(querier.revealSecret());
        KkrtAudit.checkQuery(GAME, keys(), setup(), querier.revealSecret(), PLY, INPUTS, query);
        KkrtSealer replay = KkrtAudit.replaySealer(GAME, keys(), setup(), sealer.revealChoices());
        replay.receiveQuery(PLY, query);
        for (int j = 0; j < INPUTS.length; j++) {
            for (int x = j; x < KkrtCode.INPUTS; x += 97) {
                assertThat(replay.evaluate(j, x, 32)).isEqualTo(sealer.evaluate(j, x, 32));
            }
            assertThat(replay.evaluate(j, INPUTS[j], 32)).isEqualTo(querier.output(j, 32));
        }
    }

    @Test
    void aRevealedChoiceThatDoesNotOpenItsPointIsNamed() {
        byte[] lying = sealer.revealChoices();
        lying[0] ^= 1 << 5; // s_5 flipped
        assertThatThrownBy(() -> KkrtAudit.replaySealer(GAME, keys(), setup(), lying))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("KKRT audit: the sealer's revealed choices: PK_5 is not the key s_5 and b_5 make");
        byte[] otherBlind = sealer.revealChoices();
        otherBlind[48 + 32 * 9] ^= 1; // b_9 changed (still canonical: the low byte)
        assertThatThrownBy(() -> KkrtAudit.replaySealer(GAME, keys(), setup(), otherBlind))
                .hasMessageEndingWith("PK_9 is not the key s_9 and b_9 make");
    }

    @Test
    void aKeySentThatTheRevealedSecretsDoNotMakeIsNamed() {
        byte[] lyingMessage = keys().clone();
        byte[] other = FixedBaseTable.GENERATOR.multiply(Scalar.fromBytesModOrder(Arrays.copyOf(new byte[] {7}, 32))).encode();
        System.arraycopy(other, 0, lyingMessage, 1 + 32 * 200, 32);
        assertThatThrownBy(() -> KkrtAudit.replaySealer(GAME, lyingMessage, setup(), sealer.revealChoices()))
                .hasMessageEndingWith("PK_200 is not the key s_200 and b_200 make");
    }

    @Test
    void aFalseRevealedSecretIsNamed() {
        byte[] otherR = KkrtQuerier.start(GAME, new SplittableRandom(99)).revealSecret();
        assertThatThrownBy(() -> KkrtAudit.checkQuerierSecret(setup(), otherR))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("KKRT audit: the querier's revealed r: r·G is not the R the querier sent");
        assertThatThrownBy(() -> KkrtAudit.checkQuery(GAME, keys(), setup(), otherR, PLY, INPUTS, query))
                .hasMessageEndingWith("r·G is not the R the querier sent");
    }

    @Test
    void aQueryNotMadeFromTheRevealedInputsIsNamed() {
        int[] claimed = INPUTS.clone();
        claimed[4] ^= 1;
        assertThatThrownBy(() -> KkrtAudit.checkQuery(GAME, keys(), setup(), querier.revealSecret(), PLY,
                claimed, query)).isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("KKRT audit: the querier's query: batch 0 is not made from the revealed r and the claimed"
                        + " inputs");
        assertThatThrownBy(() -> KkrtAudit.checkQuery(GAME, keys(), setup(), querier.revealSecret(), PLY,
                Arrays.copyOf(INPUTS, 9), query)).hasMessageEndingWith("holds 10 instances, the querier claims 9 inputs");
    }

    @Test
    void aRowTheSealerCouldNotSeeIsStillCaughtByTheAudit() {
        // A flipped bit where s_i = 0 passes the live check (the sealer cannot tell); the audit rebuilds the query.
        KkrtQuerier cheat = KkrtOprfTest.querier(32);
        cheat.query(PLY, INPUTS);
        byte[] lying = KkrtOprfTest.referenceQuery(cheat, INPUTS.length,
                new KkrtReference.Tamper(2, KkrtOprfTest.firstChoice(sealer, false), 0));
        KkrtOprfTest.sealer().receiveQuery(PLY, lying);
        assertThatThrownBy(() -> KkrtAudit.checkQuery(GAME, keys(), setup(), cheat.revealSecret(), PLY, INPUTS,
                lying)).hasMessageEndingWith("batch 0 is not made from the revealed r and the claimed inputs");
    }
}
