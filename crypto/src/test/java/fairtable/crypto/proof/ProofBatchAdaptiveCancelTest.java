package fairtable.crypto.proof;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A prover who knows exactly how the batch weights are derived: it computes them for its batch, then shifts two
 * responses by w2·t and −w1·t, which cancel under those weights. The shift changes the bytes the weights hash, so
 * the new weights do not cancel it, and the batch names the first shifted proof.
 */
class ProofBatchAdaptiveCancelTest {
    private static final byte[] SESSION = "adaptive".getBytes(StandardCharsets.UTF_8);

    private record Signed(String author, EncodedPoint key, SchnorrProof proof, ProofContext context) {}

    private static Signed honest(String author, SplittableRandom rng) throws MalformedEncodingException {
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(x));
        ProofContext context = ProofContext.of(SESSION, new byte[] {7}, author.getBytes(StandardCharsets.UTF_8));
        return new Signed(author, key, SchnorrProof.decodeCommitted(SchnorrProof.prove(x, key, context, rng)
                .encodeCommitted()), context);
    }

    private static Signed shifted(Signed s, Scalar delta) throws MalformedEncodingException {
        byte[] bytes = s.proof().encodeCommitted();
        Scalar response = Scalar.fromCanonicalBytes(Arrays.copyOfRange(bytes, 32, 64)).add(delta);
        System.arraycopy(response.toByteArray(), 0, bytes, 32, 32);
        return new Signed(s.author(), s.key(), SchnorrProof.decodeCommitted(bytes), s.context());
    }

    private static List<ProofBatch.Equation> equations(List<Signed> proofs) {
        List<ProofBatch.Equation> out = new ArrayList<>();
        for (Signed s : proofs) {
            out.addAll(List.of(s.proof().equations(s.key(), s.context())));
        }
        return out;
    }

    @Test
    void shiftsThatCancelUnderTheWeightsOfTheHonestBatchDoNotCancelUnderTheirOwn() throws Exception {
        SplittableRandom rng = new SplittableRandom(53);
        List<Signed> proofs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            proofs.add(honest("seat " + i, rng));
        }
        Scalar[] w = ProofBatch.weights(equations(proofs));
        Scalar t = Scalars.randomNonZero(rng);
        Scalar d1 = w[4].multiply(t);
        Scalar d2 = w[1].multiply(t).negate();
        // each shifted equation is off by -d·G; under the honest batch's weights the two offsets sum to zero
        assertThat(w[1].multiply(d1).add(w[4].multiply(d2))).isEqualTo(Scalar.ZERO);
        proofs.set(1, shifted(proofs.get(1), d1));
        proofs.set(4, shifted(proofs.get(4), d2));

        ProofBatch<String> batch = new ProofBatch<>();
        proofs.forEach(s -> batch.addSchnorr(s.author(), s.proof(), s.key(), s.context()));
        assertThat(batch.firstInvalid()).contains("seat 1");
        assertThat(proofs.get(4).proof().verify(proofs.get(4).key(), proofs.get(4).context())).isFalse();
    }
}
