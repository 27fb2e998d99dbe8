package fairtable.crypto.group;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.random.RandomChoices;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.math.BigInteger;
import java.util.random.RandomGenerator;

/** ristretto255 (RFC 9496): a prime-order group over Curve25519, the default and the fastest. */
public final class Ristretto255 implements Group {
    /** The group order l = 2^252 + 27742317777372353535851937790883648493. */
    public static final BigInteger ORDER =
            BigInteger.ONE.shiftLeft(252).add(new BigInteger("27742317777372353535851937790883648493"));

    private static final Ristretto255 INSTANCE = new Ristretto255();

    private Ristretto255() {}

    public static Ristretto255 group() {
        return INSTANCE;
    }

    @Override
    public String name() {
        return "ristretto255";
    }

    @Override
    public BigInteger exponentModulus() {
        return ORDER;
    }

    @Override
    public int elementLength() {
        return 32;
    }

    @Override
    public Element decode(byte[] encoding) throws InvalidElementException {
        if (encoding.length != 32) {
            throw new InvalidElementException("a ristretto255 element is 32 bytes, not " + encoding.length);
        }
        RistrettoPoint point;
        try {
            point = RistrettoPoint.decode(encoding.clone());
        } catch (MalformedEncodingException e) {
            throw new InvalidElementException("not a canonical ristretto255 encoding");
        }
        if (point.equals(RistrettoPoint.IDENTITY)) {
            throw new InvalidElementException("the identity element is not allowed");
        }
        return new Point(point, encoding.clone());
    }

    @Override
    public Element cardElement(byte[] deckId, int index) {
        return fromUniformBytes(Hashes.sha512("fairtable/card/ristretto255/v1", deckId, Hashes.int32(index)));
    }

    /** The RFC 9496 one-way map from 64 uniform bytes onto the group (hash-to-group). */
    public Element fromUniformBytes(byte[] uniform64) {
        if (uniform64.length != 64) {
            throw new IllegalArgumentException("the ristretto255 map takes 64 bytes");
        }
        return wrap(RistrettoPoint.fromUniformBytes(uniform64));
    }

    /** The standard generator B multiplied by {@code k}, using the precomputed base table. */
    public Element generatorTimes(BigInteger k) {
        return wrap(FixedBaseTable.GENERATOR.multiply(scalar(k)));
    }

    @Override
    public boolean isInvertible(BigInteger exponent) {
        return exponent.mod(ORDER).signum() != 0;
    }

    @Override
    public BigInteger randomInvertibleExponent(RandomGenerator random) {
        return RandomChoices.uniformInRange(random, BigInteger.ONE, ORDER);
    }

    @Override
    public boolean isSecure() {
        return true;
    }

    /** The scalar {@code k mod l}. */
    public static Scalar scalar(BigInteger k) {
        byte[] be = k.mod(ORDER).toByteArray();
        byte[] le = new byte[32];
        for (int i = 0; i < be.length && i < 32; i++) {
            le[i] = be[be.length - 1 - i];
        }
        return Scalar.fromBytesModOrder(le);
    }

    private static Element wrap(RistrettoPoint point) {
        return new Point(point, point.encode());
    }

    private static final class Point extends Element {
        private final RistrettoPoint point;

        Point(RistrettoPoint point, byte[] encoding) {
            super(encoding);
            this.point = point;
        }

        @Override
        public Group group() {
            return INSTANCE;
        }

        @Override
        public Element exp(BigInteger exponent) {
            return wrap(point.multiply(scalar(exponent)));
        }
    }
}
