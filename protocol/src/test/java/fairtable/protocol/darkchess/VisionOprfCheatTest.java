package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.proof.ChaumPedersenProof;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MultiScalar;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import fairtable.crypto.ristretto.EncodedPoint;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A cheating answerer against the batched OPRF proof: an answer is bound to every part of its context, to its key
 * and to every α, and two false β's on a repeated α do not cancel in the batch.
 */
class VisionOprfCheatTest {
    private static final byte[] SESSION = "session".getBytes(StandardCharsets.UTF_8);
    private static final byte[] PLY = "ply 3".getBytes(StandardCharsets.UTF_8);
    private static final byte[] SEAT = "black".getBytes(StandardCharsets.UTF_8);
    private static final ProofContext CONTEXT = ProofContext.of(SESSION, PLY, SEAT);
    private static final int P = VisionOprf.POINT;

    private static byte[] input(int i) {
        return ("input " + i).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anAnswerVerifiesOnlyUnderItsOwnSessionPlySeatKeyAndBatch() throws Exception {
        SplittableRandom random = new SplittableRandom(41);
        VisionOprf.Key key = VisionOprf.Key.generate(random);
        VisionOprf.Batch batch = VisionOprf.blind(List.of(input(1), input(2), input(3)), random);
        byte[] answer = VisionOprf.answer(key, batch.message(), CONTEXT, random);
        assertThat(VisionOprf.verify(key.publicKey(), batch.message(), answer, CONTEXT)).hasSize(3);

        byte[] other = "other".getBytes(StandardCharsets.UTF_8);
        for (ProofContext elsewhere : List.of(ProofContext.of(other, PLY, SEAT), ProofContext.of(SESSION, other, SEAT),
                ProofContext.of(SESSION, PLY, other))) {
            assertThatThrownBy(() -> VisionOprf.verify(key.publicKey(), batch.message(), answer, elsewhere))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("proof fails");
        }
        byte[] otherKey = VisionOprf.Key.generate(random).publicKey();
        assertThatThrownBy(() -> VisionOprf.verify(otherKey, batch.message(), answer, CONTEXT))
                .hasMessageContaining("proof fails");
        byte[] otherBatch = VisionOprf.blind(List.of(input(1), input(2), input(3)), random).message();
        for (int i = 0; i < 3; i++) {
            byte[] oneAlphaChanged = batch.message().clone();
            System.arraycopy(otherBatch, i * P, oneAlphaChanged, i * P, P);
            assertThatThrownBy(() -> VisionOprf.verify(key.publicKey(), oneAlphaChanged, answer, CONTEXT))
                    .as("alpha %d", i).hasMessageContaining("proof fails");
        }
        byte[] betasSwapped = answer.clone();
        System.arraycopy(answer, P, betasSwapped, 0, P);
        System.arraycopy(answer, 0, betasSwapped, P, P);
        assertThatThrownBy(() -> VisionOprf.verify(key.publicKey(), batch.message(), betasSwapped, CONTEXT))
                .hasMessageContaining("proof fails");
    }

    /**
     * The querier sends the same α twice; the answerer returns k·α + D and k·α − D, whose sum is honest, and proves
     * the weighted sum as if the weights were equal. The weights hash each position, so the sum is not k·A.
     */
    @Test
    void twoFalseAnswersToARepeatedAlphaDoNotCancel() throws Exception {
        SplittableRandom random = new SplittableRandom(43);
        VisionOprf.Key key = VisionOprf.Key.generate(random);
        byte[] alpha = Arrays.copyOf(VisionOprf.blind(List.of(input(7)), random).message(), P);
        byte[] batch = new byte[2 * P];
        System.arraycopy(alpha, 0, batch, 0, P);
        System.arraycopy(alpha, 0, batch, P, P);
        byte[] honest = VisionOprf.answer(key, batch, CONTEXT, random);
        assertThat(VisionOprf.verify(key.publicKey(), batch, honest, CONTEXT)).hasSize(2);

        RistrettoPoint kAlpha = Points.decodeNonIdentity(alpha).multiply(key.secret());
        RistrettoPoint d = FixedBaseTable.GENERATOR.multiply(Scalars.randomNonZero(random));
        byte[] cheat = Arrays.copyOf(honest, 2 * P + ChaumPedersenProof.ENCODED_LENGTH);
        System.arraycopy(Points.encode(kAlpha.add(d)), 0, cheat, 0, P);
        System.arraycopy(Points.encode(kAlpha.subtract(d)), 0, cheat, P, P);
        // the proof against the batch's real weights (public: Fiat–Shamir over K, the α's, the β's and the context)
        byte[] betas = Arrays.copyOf(cheat, 2 * P);
        java.lang.reflect.Method weights = VisionOprf.class.getDeclaredMethod("weights", byte[].class, byte[].class,
                byte[].class, ProofContext.class);
        weights.setAccessible(true);
        Scalar[] w = (Scalar[]) weights.invoke(null, key.publicKey(), batch, betas, CONTEXT);
        RistrettoPoint a = MultiScalar.vartime(w, new RistrettoPoint[] {Points.decodeNonIdentity(alpha),
                Points.decodeNonIdentity(alpha)});
        RistrettoPoint b = MultiScalar.vartime(w, new RistrettoPoint[] {kAlpha.add(d), kAlpha.subtract(d)});
        assertThat(b).as("with distinct weights the false β's do not sum to k·A").isNotEqualTo(a.multiply(key.secret()));
        ChaumPedersenProof equalWeights = ChaumPedersenProof.prove(key.secret(), EncodedPoint.decode(key.publicKey()),
                EncodedPoint.of(a), EncodedPoint.of(a.multiply(key.secret())), CONTEXT, random);
        System.arraycopy(equalWeights.encode(), 0, cheat, 2 * P, ChaumPedersenProof.ENCODED_LENGTH);
        assertThatThrownBy(() -> VisionOprf.verify(key.publicKey(), batch, cheat, CONTEXT))
                .hasMessageContaining("proof fails");
        // and keeping the honest proof over the false β's fails too
        byte[] cheatHonestProof = cheat.clone();
        System.arraycopy(honest, 2 * P, cheatHonestProof, 2 * P, ChaumPedersenProof.ENCODED_LENGTH);
        assertThatThrownBy(() -> VisionOprf.verify(key.publicKey(), batch, cheatHonestProof, CONTEXT))
                .hasMessageContaining("proof fails");
    }
}
