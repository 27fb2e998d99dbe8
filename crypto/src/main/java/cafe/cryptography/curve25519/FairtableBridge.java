package cafe.cryptography.curve25519;

/**
 * fairtable's only use of curve25519-elisabeth internals (a split package, which works on the class
 * path). Why: the shuffle prover and decryption shares need constant-time multi-scalar multiplication
 * with secret scalars, and the library's public API offers only one point at a time. This interleaves
 * the library's own constant-time pieces (radix-16 digits, constant-time lookup table select, projective
 * doubling) across several points so that the 4 doublings per digit are shared. Also exposes the
 * library's variable-time a*A + b*G (precomputed basepoint table), for verifying proofs: the public API
 * cannot reach it because a RistrettoElement's Edwards representative is package-private.
 */
public final class FairtableBridge {
    private FairtableBridge() {}

    /** sum scalars[i] * points[i], constant time in the scalars. */
    public static RistrettoElement constantTimeMultiscalar(Scalar[] scalars, RistrettoElement[] points) {
        int n = scalars.length;
        if (points.length != n) {
            throw new IllegalArgumentException(n + " scalars for " + points.length + " points");
        }
        ProjectiveNielsPoint.LookupTable[] tables = new ProjectiveNielsPoint.LookupTable[n];
        byte[][] digits = new byte[n][];
        for (int i = 0; i < n; i++) {
            tables[i] = ProjectiveNielsPoint.buildLookupTable(points[i].repr);
            digits[i] = scalars[i].reduce().toRadix16();
        }
        EdwardsPoint acc = EdwardsPoint.IDENTITY;
        for (int j = 63; j >= 0; j--) {
            acc = acc.multiplyByPow2(4);
            for (int i = 0; i < n; i++) {
                acc = acc.add(tables[i].select(digits[i][j])).toExtended();
            }
        }
        return new RistrettoElement(acc);
    }

    /** a*A + b*G, variable time: public inputs only (proof verification). */
    public static RistrettoElement vartimeDoubleScalarMultiplyGenerator(Scalar a, RistrettoElement bigA, Scalar b) {
        return new RistrettoElement(EdwardsPoint.vartimeDoubleScalarMultiplyBasepoint(a, bigA.repr, b));
    }
}
