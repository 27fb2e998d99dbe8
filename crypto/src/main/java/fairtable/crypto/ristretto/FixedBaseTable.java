package fairtable.crypto.ristretto;

/**
 * Precomputed multiples of one point for fast constant-time multiplication by secret scalars:
 * block i holds 1..8 times 256^i P (i = 0..31) as affine Niels points, so s*P costs 64 table additions
 * and 4 doublings (signed radix-16 digits; the odd digits' sum is multiplied by 16 once). Each lookup
 * reads all eight entries of its block and selects with masks: no branch or index depends on s.
 * Building costs about 260 point additions and one batched inversion, so it pays off after a few uses;
 * the generator's table is shared, other tables are cached by their owners (e.g. a joint key).
 */
public final class FixedBaseTable {
    /** The table of the ristretto255 generator. */
    public static final FixedBaseTable GENERATOR = new FixedBaseTable(RistrettoPoint.GENERATOR);

    private static final int BLOCKS = 32;

    private final RistrettoPoint base;
    /** Entry k of block i (the point (k + 1) 256^i P) at longs [(8 i + k) AFFINE_LONGS, ...). */
    private final long[] entries;

    public FixedBaseTable(RistrettoPoint base) {
        this.base = base;
        Edwards.Work w = new Edwards.Work();
        Edwards.Point[] points = new Edwards.Point[BLOCKS * 8];
        Edwards.Point blockBase = base.repr.copy();
        for (int i = 0; i < BLOCKS; i++) {
            Edwards.Cached baseCached = Edwards.Cached.of(blockBase);
            Edwards.Point acc = blockBase.copy();
            points[8 * i] = acc.copy();
            for (int k = 1; k < 8; k++) {
                Edwards.addInPlace(acc, baseCached, w);
                points[8 * i + k] = acc.copy();
            }
            Edwards.doubleTimes(blockBase, 8, w);
        }
        entries = new long[BLOCKS * 8 * Edwards.AFFINE_LONGS];
        Edwards.Cached[] affine = Edwards.affineNiels(points);
        for (int i = 0; i < BLOCKS * 8; i++) {
            Edwards.store(affine[i], entries, i, Edwards.AFFINE_LONGS);
        }
    }

    public RistrettoPoint base() {
        return base;
    }

    /** s * base, constant time in s. */
    public RistrettoPoint multiply(Scalar s) {
        Edwards.Point r = new Edwards.Point();
        multiplyInto(s.toByteArray(), r);
        return new RistrettoPoint(r);
    }

    /** r = k * base for 32 little-endian bytes with the top bit clear (any value below 2^255). */
    void multiplyInto(byte[] scalarLe, Edwards.Point r) {
        Edwards.Work w = new Edwards.Work();
        byte[] digits = Edwards.radix16(scalarLe);
        int blockLongs = 8 * Edwards.AFFINE_LONGS;
        r.setIdentity();
        for (int i = 1; i < 64; i += 2) {
            Edwards.addAffineInPlace(r, Edwards.lookup(entries, (i / 2) * blockLongs, Edwards.AFFINE_LONGS, digits[i], w), w);
        }
        Edwards.doubleTimes(r, 4, w);
        for (int i = 0; i < 64; i += 2) {
            Edwards.addAffineInPlace(r, Edwards.lookup(entries, (i / 2) * blockLongs, Edwards.AFFINE_LONGS, digits[i], w), w);
        }
    }
}
