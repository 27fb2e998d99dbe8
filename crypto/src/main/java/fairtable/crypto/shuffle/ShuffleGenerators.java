package fairtable.crypto.shuffle;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import java.util.Arrays;

/**
 * The shuffle argument's independent generators: the chain base h and the message bases h_1..h_N, all
 * hashed to the group under their own domain so that nobody knows a relation between them or with G.
 * Cached: they depend only on the index.
 */
final class ShuffleGenerators {
    static final String DOMAIN = "fairtable/shuffle/generators/v1";

    static final RistrettoPoint CHAIN_BASE = Points.hashToGroup(DOMAIN, new byte[] {'c', 'h', 'a', 'i', 'n'});
    static final byte[] CHAIN_BASE_ENCODING = Points.encode(CHAIN_BASE);
    private static volatile FixedBaseTable chainBaseTable;

    private static RistrettoPoint[] bases = new RistrettoPoint[0];
    private static byte[][] baseEncodings = new byte[0][];

    private ShuffleGenerators() {}

    static FixedBaseTable chainBaseTable() {
        FixedBaseTable t = chainBaseTable;
        if (t == null) {
            synchronized (ShuffleGenerators.class) {
                t = chainBaseTable;
                if (t == null) {
                    t = new FixedBaseTable(CHAIN_BASE);
                    chainBaseTable = t;
                }
            }
        }
        return t;
    }

    /** h_i = hashToGroup(DOMAIN, "message" || i) for i = 0..n-1 (a fresh array each call). */
    static RistrettoPoint[] messageBases(int n) {
        ensure(n);
        synchronized (ShuffleGenerators.class) {
            return Arrays.copyOf(bases, n);
        }
    }

    static byte[][] messageBaseEncodings(int n) {
        ensure(n);
        synchronized (ShuffleGenerators.class) {
            return Arrays.copyOf(baseEncodings, n);
        }
    }

    private static synchronized void ensure(int n) {
        if (bases.length >= n) {
            return;
        }
        RistrettoPoint[] b = Arrays.copyOf(bases, n);
        byte[][] e = Arrays.copyOf(baseEncodings, n);
        for (int i = bases.length; i < n; i++) {
            byte[] data = {'m', 'e', 's', 's', 'a', 'g', 'e', (byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) i};
            b[i] = Points.hashToGroup(DOMAIN, data);
            e[i] = Points.encode(b[i]);
        }
        bases = b;
        baseEncodings = e;
    }
}
