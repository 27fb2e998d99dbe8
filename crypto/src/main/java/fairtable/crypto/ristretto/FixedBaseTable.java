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
    private final Edwards.Cached[][] blocks;

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
        blocks = new Edwards.Cached[BLOCKS][8];
        int[][] zInverses = batchInvertZ(points);
        int[] x = Field.create();
        int[] y = Field.create();
        for (int i = 0; i < BLOCKS * 8; i++) {
            Field.mul(points[i].x, zInverses[i], x);
            Field.mul(points[i].y, zInverses[i], y);
            Edwards.Cached c = new Edwards.Cached();
            Field.add(y, x, c.yPlusX);
            Field.sub(y, x, c.yMinusX);
            Field.carry(c.yPlusX);
            Field.carry(c.yMinusX);
            c.z[0] = 1;
            Field.mul(x, y, c.t2d);
            Field.mul(c.t2d, Field.D2, c.t2d);
            blocks[i / 8][i % 8] = c;
        }
    }

    /** 1/Z of every point with one field inversion (Montgomery's trick). */
    private static int[][] batchInvertZ(Edwards.Point[] points) {
        int n = points.length;
        int[][] prefix = new int[n][];
        int[] acc = Field.one();
        for (int i = 0; i < n; i++) {
            prefix[i] = acc.clone();
            Field.mul(acc, points[i].z, acc);
        }
        int[] inv = Field.create();
        Field.invert(acc, inv);
        int[][] out = new int[n][];
        for (int i = n - 1; i >= 0; i--) {
            out[i] = Field.create();
            Field.mul(inv, prefix[i], out[i]);
            Field.mul(inv, points[i].z, inv);
        }
        return out;
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
        r.setIdentity();
        for (int i = 1; i < 64; i += 2) {
            Edwards.addAffineInPlace(r, Edwards.select(blocks[i / 2], digits[i], w), w);
        }
        Edwards.doubleTimes(r, 4, w);
        for (int i = 0; i < 64; i += 2) {
            Edwards.addAffineInPlace(r, Edwards.select(blocks[i / 2], digits[i], w), w);
        }
    }
}
