package fairtable.crypto.ristretto;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.shuffle.Permutation;
import fairtable.crypto.shuffle.ShuffledDeck;
import fairtable.crypto.shuffle.VerifiableShuffle;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** Work split over two cores gives exactly what one core gives. */
class TwoCoresTest {
    @Test
    void aSumOnTwoCoresIsTheSumOnOne() {
        SplittableRandom rng = new SplittableRandom(21);
        for (int n : new int[] {0, 1, 2, 3, 53, 64, 100, 203}) {
            Scalar[] scalars = new Scalar[n];
            RistrettoPoint[] points = new RistrettoPoint[n];
            for (int i = 0; i < n; i++) {
                scalars[i] = i == 1 ? Scalar.ZERO : Scalars.random(rng);
                points[i] = i == 2 ? RistrettoPoint.IDENTITY : FixedBaseTable.GENERATOR.multiply(Scalars.random(rng));
            }
            assertThat(TwoCores.constantTimeSum(scalars, points)).as("n = %d", n)
                    .isEqualTo(MultiScalar.constantTime(scalars, points));
            assertThat(TwoCores.vartimeSum(scalars, points)).as("n = %d", n)
                    .isEqualTo(MultiScalar.vartime(scalars, points));
        }
    }

    @Test
    void forEachVisitsEveryIndexOnce() {
        for (int n : new int[] {0, 1, 2, 7, 52}) {
            AtomicIntegerArray visits = new AtomicIntegerArray(n);
            TwoCores.forEach(n, visits::incrementAndGet);
            for (int i = 0; i < n; i++) {
                assertThat(visits.get(i)).isEqualTo(1);
            }
        }
    }

    /** The prover splits its work over two cores; the same randomness still gives the same bytes every time. */
    @Test
    void theShuffleProofDoesNotDependOnThreadTiming() {
        SplittableRandom setup = new SplittableRandom(22);
        JointKey key = JointKey.of(List.of(KeyPair.generate(setup).publicKey(), KeyPair.generate(setup).publicKey()));
        List<Ciphertext> deck = new ArrayList<>();
        for (int j = 0; j < 20; j++) {
            deck.add(Ciphertext.mask(key, Points.hashToGroup("test/card", new byte[] {(byte) j}), setup));
        }
        ProofContext context = ProofContext.of(new byte[] {1}, new byte[0], new byte[] {2});
        Permutation permutation = Permutation.random(20, setup);
        byte[] first = null;
        for (int round = 0; round < 3; round++) {
            ShuffledDeck s = VerifiableShuffle.shuffle(key, deck, permutation, context, new SplittableRandom(23));
            byte[] bytes = s.proof().encode();
            if (first == null) {
                first = bytes;
                assertThat(VerifiableShuffle.verify(key, deck, s.deck(), s.proof(), context, new SplittableRandom(24))).isTrue();
            }
            assertThat(bytes).isEqualTo(first);
        }
    }
}
