package fairtable.crypto.shuffle;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.lang.reflect.Field;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The cached generators are the documented hash-to-group points, whatever was cached before. The cache is a
 * static of the class, filled by whichever test ran first in this JVM, so each test empties it first: otherwise a
 * cache that stopped growing, or grew wrongly, would go unnoticed behind an earlier test's larger request.
 */
class ShuffleGeneratorsTest {

    @BeforeEach
    void emptyTheCache() throws ReflectiveOperationException {
        setStatic("bases", new RistrettoPoint[0]);
        setStatic("baseEncodings", new byte[0][]);
        setStatic("chainBaseTable", null);
    }

    private static void setStatic(String name, Object value) throws ReflectiveOperationException {
        Field field = ShuffleGenerators.class.getDeclaredField(name);
        field.setAccessible(true);
        field.set(null, value);
    }

    /** h_i = hashToGroup(DOMAIN, "message" || i as 4 bytes big-endian), as documented. */
    private static RistrettoPoint documentedBase(int i) {
        byte[] data = {'m', 'e', 's', 's', 'a', 'g', 'e', (byte) (i >> 24), (byte) (i >> 16), (byte) (i >> 8), (byte) i};
        return Points.hashToGroup("fairtable/shuffle/generators/v1", data);
    }

    @Test
    void messageBasesAreTheDocumentedPointsAndTheCacheGrowsOnDemand() {
        RistrettoPoint[] few = ShuffleGenerators.messageBases(3);
        assertThat(few).hasSize(3);
        for (int i = 0; i < few.length; i++) {
            assertThat(few[i]).as("h_%d", i).isEqualTo(documentedBase(i));
        }
        // More than fit in one byte of the index, asked for after a smaller request was cached.
        int n = 300;
        RistrettoPoint[] bases = ShuffleGenerators.messageBases(n);
        byte[][] encodings = ShuffleGenerators.messageBaseEncodings(n);
        assertThat(bases).hasSize(n);
        assertThat(encodings.length).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(bases[i]).as("h_%d", i).isEqualTo(documentedBase(i));
            assertThat(encodings[i]).as("encoding of h_%d", i).isEqualTo(Points.encode(documentedBase(i)));
        }
        assertThat(ShuffleGenerators.messageBases(2)).containsExactly(documentedBase(0), documentedBase(1));
    }

    @Test
    void encodingsAloneFillTheCache() {
        byte[][] encodings = ShuffleGenerators.messageBaseEncodings(2);
        assertThat(encodings.length).isEqualTo(2);
        assertThat(encodings[1]).isEqualTo(Points.encode(documentedBase(1)));
        assertThat(ShuffleGenerators.messageBases(2)[1]).isEqualTo(documentedBase(1));
    }

    @Test
    void theChainBaseTableMultipliesTheDocumentedChainBase() {
        RistrettoPoint chainBase = Points.hashToGroup("fairtable/shuffle/generators/v1", new byte[] {'c', 'h', 'a', 'i', 'n'});
        assertThat(ShuffleGenerators.CHAIN_BASE).isEqualTo(chainBase);

        FixedBaseTable table = ShuffleGenerators.chainBaseTable();
        assertThat(table).isNotNull();
        assertThat(ShuffleGenerators.chainBaseTable()).isSameAs(table);
        Scalar s = fairtable.crypto.ristretto.Scalars.random(new SplittableRandom(12));
        assertThat(table.multiply(s)).isEqualTo(chainBase.multiply(s));
    }
}
