package fairtable.crypto.elgamal;

import fairtable.crypto.ristretto.CanonicalReader;
import fairtable.crypto.ristretto.CanonicalWriter;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * An ElGamal ciphertext (c1, c2) = (r*G, M + r*H) under a joint key H. Encoding: c1 || c2, 64 bytes;
 * a list is count (4 bytes, big-endian) || 64 bytes per ciphertext. c1 may be the identity: that is an
 * unmasked card (r = 0), the state of a fresh deck before the first shuffle.
 */
public final class Ciphertext {
    public static final int ENCODED_LENGTH = 64;
    /** Upper bound on list counts accepted by {@link #decodeList}. */
    public static final int MAX_LIST_SIZE = 1 << 16;

    private static final EncodedPoint IDENTITY = EncodedPoint.of(RistrettoPoint.IDENTITY);

    private final EncodedPoint c1;
    private final EncodedPoint c2;
    private final byte[] encoding;

    private Ciphertext(EncodedPoint c1, EncodedPoint c2) {
        this.c1 = c1;
        this.c2 = c2;
        this.encoding = new byte[ENCODED_LENGTH];
        System.arraycopy(c1.encoding(), 0, encoding, 0, 32);
        System.arraycopy(c2.encoding(), 0, encoding, 32, 32);
    }

    private static Ciphertext of(RistrettoPoint c1, RistrettoPoint c2) {
        return new Ciphertext(EncodedPoint.of(c1), EncodedPoint.of(c2));
    }

    /** (identity, M): a card in the clear, for the deck before anyone has shuffled it. */
    public static Ciphertext unmasked(RistrettoPoint card) {
        return new Ciphertext(IDENTITY, EncodedPoint.of(card));
    }

    /** (r*G, M + r*H) with fresh secret r. */
    public static Ciphertext mask(JointKey key, RistrettoPoint card, RandomGenerator rng) {
        return unmasked(card).rerandomize(key, Scalars.random(rng));
    }

    /** (c1 + r*G, c2 + r*H): the same card under fresh randomness. */
    public Ciphertext rerandomize(JointKey key, RandomGenerator rng) {
        return rerandomize(key, Scalars.random(rng));
    }

    /**
     * (c1 + r*G, c2 + r*H) with caller-chosen r, for provers that must remember r. r must be uniformly
     * random and secret; constant time in r.
     */
    public Ciphertext rerandomize(JointKey key, Scalar r) {
        return of(c1.element().add(FixedBaseTable.GENERATOR.multiply(r)), c2.element().add(key.multiply(r)));
    }

    public RistrettoPoint c1() {
        return c1.element();
    }

    public RistrettoPoint c2() {
        return c2.element();
    }

    public EncodedPoint c1Point() {
        return c1;
    }

    /**
     * M = c2 - sum of D_i, given the verified decryption shares of every player holding part of the joint
     * key. Shares must be checked with {@link DecryptionShare#verify} first.
     */
    public RistrettoPoint decrypt(Collection<DecryptionShare> everyShare) {
        RistrettoPoint m = c2.element();
        for (DecryptionShare s : everyShare) {
            m = m.subtract(s.element());
        }
        return m;
    }

    public byte[] encode() {
        return encoding.clone();
    }

    public static Ciphertext decode(byte[] bytes) throws MalformedEncodingException {
        if (bytes.length != ENCODED_LENGTH) {
            throw new MalformedEncodingException("a ciphertext is 64 bytes, got " + bytes.length);
        }
        return new Ciphertext(EncodedPoint.decode(Arrays.copyOfRange(bytes, 0, 32)),
                EncodedPoint.decode(Arrays.copyOfRange(bytes, 32, 64)));
    }

    public static byte[] encodeList(List<Ciphertext> list) {
        CanonicalWriter w = new CanonicalWriter(4 + ENCODED_LENGTH * list.size()).count(list.size());
        for (Ciphertext c : list) {
            w.raw(c.encoding);
        }
        return w.toByteArray();
    }

    /** Decodes count || ciphertexts, the count in [1, MAX_LIST_SIZE] and the length exact. */
    public static List<Ciphertext> decodeList(byte[] bytes) throws MalformedEncodingException {
        CanonicalReader r = new CanonicalReader(bytes);
        int n = r.count(1, MAX_LIST_SIZE);
        if (r.remaining() != (long) n * ENCODED_LENGTH) {
            throw new MalformedEncodingException(n + " ciphertexts need " + n * ENCODED_LENGTH + " bytes, got " + r.remaining());
        }
        List<Ciphertext> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(decode(r.raw(ENCODED_LENGTH)));
        }
        r.expectEnd();
        return List.copyOf(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ciphertext other && Arrays.equals(encoding, other.encoding);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encoding);
    }
}
