package fairtable.crypto.ristretto;

/**
 * Precomputed multiples of one point for fast constant-time multiplication by secret scalars. The 64 signed
 * radix-16 digits of a scalar fall into {@code blocks} blocks of {@code 64 / blocks} consecutive digits; block b
 * holds 1..8 times 16^(b·span) P as affine Niels points (span = 64 / blocks). s*P is then 64 table additions and
 * 4·(span − 1) doublings: the digits at offset j of every block are added together, from the highest offset down,
 * multiplying by 16 between offsets. The full table (32 blocks, 30 KB) needs 4 doublings; 8 blocks (7.7 KB) need
 * 28. Each lookup reads all eight entries of its block and selects with masks: no branch or index depends on s.
 * Building costs about 250 doublings, 7 additions a block and one batched inversion, about one variable-base
 * multiplication, so it pays off after a few uses; the generator's table is shared, other tables are cached by
 * their owners (e.g. a joint key, the dark-chess table's inputs).
 */
public final class FixedBaseTable {
    /** The table of the ristretto255 generator. */
    public static final FixedBaseTable GENERATOR = new FixedBaseTable(RistrettoPoint.GENERATOR);

    private static final int DIGITS = 64;

    private final RistrettoPoint base;
    private final int blocks;
    /** Entry k of block i (the point (k + 1) 16^(span i) P) at longs [(8 i + k) AFFINE_LONGS, ...). */
    private final long[] entries;

    /** The full table: 32 blocks. */
    public FixedBaseTable(RistrettoPoint base) {
        this(base, 32);
    }

    /**
     * A table of {@code blocks} blocks (1, 2, 4, 8, 16 or 32): fewer blocks take less memory and more doublings.
     *
     * @throws IllegalArgumentException for another number of blocks
     */
    public FixedBaseTable(RistrettoPoint base, int blocks) {
        if (blocks < 1 || blocks > 32 || Integer.bitCount(blocks) != 1) {
            throw new IllegalArgumentException("a fixed-base table of " + blocks + " blocks (1, 2, 4, ..., 32)");
        }
        this.base = base;
        this.blocks = blocks;
        int span = DIGITS / blocks;
        Edwards.Work w = new Edwards.Work();
        Edwards.Point[] points = new Edwards.Point[blocks * 8];
        Edwards.Point blockBase = base.repr.copy();
        for (int i = 0; i < blocks; i++) {
            Edwards.Cached baseCached = Edwards.Cached.of(blockBase);
            Edwards.Point acc = blockBase.copy();
            points[8 * i] = acc.copy();
            for (int k = 1; k < 8; k++) {
                Edwards.addInPlace(acc, baseCached, w);
                points[8 * i + k] = acc.copy();
            }
            if (i + 1 < blocks) {
                Edwards.doubleTimes(blockBase, 4 * span, w);
            }
        }
        entries = new long[blocks * 8 * Edwards.AFFINE_LONGS];
        Edwards.Cached[] affine = Edwards.affineNiels(points);
        for (int i = 0; i < blocks * 8; i++) {
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
        int span = DIGITS / blocks;
        int blockLongs = 8 * Edwards.AFFINE_LONGS;
        r.setIdentity();
        for (int j = span - 1; j >= 0; j--) {
            for (int b = 0; b < blocks; b++) {
                Edwards.addAffineInPlace(r, Edwards.lookup(entries, b * blockLongs, Edwards.AFFINE_LONGS,
                        digits[b * span + j], w), w);
            }
            if (j > 0) {
                Edwards.doubleTimes(r, 4, w);
            }
        }
    }
}
