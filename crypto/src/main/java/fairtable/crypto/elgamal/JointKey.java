package fairtable.crypto.elgamal;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.util.HashSet;
import java.util.List;

/**
 * The joint ElGamal key H = sum of the players' keys H_i: decrypting needs every player's share
 * (n-of-n). Build it only from keys whose proofs of knowledge were verified, which rules out rogue keys.
 */
public final class JointKey {
    private final RistrettoPoint element;
    private final byte[] encoding;
    private volatile FixedBaseTable table;

    private JointKey(RistrettoPoint element) {
        this.element = element;
        this.encoding = Points.encode(element);
    }

    /** Sums distinct keys; rejects an empty list, repeated keys, and a sum equal to the identity. */
    public static JointKey of(List<PublicKey> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a joint key needs at least one public key");
        }
        if (new HashSet<>(keys).size() != keys.size()) {
            throw new IllegalArgumentException("the same public key appears twice");
        }
        RistrettoPoint sum = RistrettoPoint.IDENTITY;
        for (PublicKey k : keys) {
            sum = sum.add(k.element());
        }
        if (sum.equals(RistrettoPoint.IDENTITY)) {
            throw new IllegalArgumentException("the joint key is the identity");
        }
        return new JointKey(sum);
    }

    public RistrettoPoint element() {
        return element;
    }

    public byte[] encode() {
        return encoding.clone();
    }

    /** r*H in constant time, with a fixed-base table built on first use (about 2 ms, then ~50 us per use). */
    public RistrettoPoint multiply(Scalar r) {
        FixedBaseTable t = table;
        if (t == null) {
            synchronized (this) {
                t = table;
                if (t == null) {
                    t = new FixedBaseTable(element);
                    table = t;
                }
            }
        }
        return t.multiply(r);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JointKey other && java.util.Arrays.equals(encoding, other.encoding);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(encoding);
    }
}
