package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A dishonest sealer whose base key is PK_i = C_i / 2, so that choice 1's point C_i − PK_i is PK_i again: the
 * querier would derive one seed for both choices, and its column u^i = G(k^0) ⊕ G(k^1) ⊕ C(x)_i would be the codeword
 * bits of its inputs in the clear. With such keys in every column a sealer reads every input of every query live
 * (before the fix: each instance's row of the columns was C(x_j), decoded to x_j). The querier refuses the keys.
 */
class KkrtBaseKeyAttackTest {
    /** The base-keys message with PK_i = C_i / 2 at every i in {@code columns}, else the honest keys. */
    private static byte[] halvedKeys(int... columns) {
        byte[] keys = KkrtSealer.start(KkrtOprfTest.GAME, new SplittableRandom(8)).baseKeys();
        Scalar half = Scalars.invertVartime(Scalars.of(2));
        for (int i : columns) {
            System.arraycopy(KkrtBits.basePoint(KkrtOprfTest.GAME, i).multiply(half).encode(), 0, keys, 1 + 32 * i, 32);
        }
        return keys;
    }

    @Test
    void aSealerWhoseKeyIsHalfOfItsBasePointIsRefusedSinceBothChoicesWouldShareOneSeed() {
        int[] every = new int[KkrtCode.WIDTH];
        for (int i = 0; i < every.length; i++) {
            every[i] = i;
        }
        for (byte[] keys : new byte[][] {halvedKeys(every), halvedKeys(200)}) {
            KkrtQuerier querier = KkrtQuerier.start(KkrtOprfTest.GAME, new SplittableRandom(3));
            assertThatThrownBy(() -> querier.receiveBaseKeys(keys)).isInstanceOf(InvalidOtMessageException.class)
                    .hasMessageStartingWith("KKRT base keys: point PK_")
                    .hasMessageContaining("both choices would share one seed");
            // Nothing was taken: the honest keys still set the querier up.
            querier.receiveBaseKeys(halvedKeys());
            assertThat(querier.query(KkrtOprfTest.PLY, 5)).isNotEmpty();
        }
    }
}
