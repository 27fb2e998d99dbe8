package fairtable.crypto.ristretto;

/**
 * RFC 8032 point encodings for Ed25519 keys, on the same Edwards arithmetic as ristretto255 (the curve
 * and its base point are shared; only the encoding differs). Signing and verifying themselves stay with
 * the JDK; this derives public keys and validates them.
 */
public final class Ed25519Points {
    private Ed25519Points() {}

    /** RFC 8032 5.1.5: the encoding of [s]B for a clamped scalar s (32 little-endian bytes, bit 255 clear). */
    public static byte[] basePointTimes(byte[] clampedScalar) {
        if (clampedScalar.length != 32 || clampedScalar[31] < 0) {
            throw new IllegalArgumentException("a clamped Ed25519 scalar is 32 bytes below 2^255");
        }
        Edwards.Point p = new Edwards.Point();
        FixedBaseTable.GENERATOR.multiplyInto(clampedScalar, p);
        return encode(p);
    }

    /**
     * Decodes a 32-byte public key per RFC 8032 5.1.3 and rejects, with IllegalArgumentException, a
     * string that is not the canonical encoding of a curve point, or a point of small order (8A = 0).
     * Variable time: public keys are public.
     */
    public static void validatePublicKeyVartime(byte[] encoded) {
        if (encoded.length != 32) {
            throw new IllegalArgumentException("an Ed25519 public key is 32 bytes, not " + encoded.length);
        }
        int[] y = Field.decode(encoded);
        int sign = (encoded[31] >>> 7) & 1;
        int[] yy = Field.create();
        Field.sqr(y, yy);
        int[] u = Field.create();
        Field.sub(yy, Field.one(), u);                 // y^2 - 1
        int[] v = Field.create();
        Field.mul(yy, Field.D, v);
        Field.add(v, Field.one(), v);                  // d y^2 + 1
        Edwards.Point p = new Edwards.Point();
        if (Field.sqrtRatioM1(u, v, p.x) == 0) {
            throw new IllegalArgumentException("not a point on the Ed25519 curve");
        }
        Field.cnegate(sign, p.x);
        Field.copy(y, p.y);
        p.z[0] = 1;
        Field.mul(p.x, p.y, p.t);
        if (!java.util.Arrays.equals(encode(p), encoded)) {
            throw new IllegalArgumentException("not the canonical encoding of an Ed25519 public key");
        }
        Edwards.doubleTimes(p, 3, new Edwards.Work());
        // x = 0 leaves 8A the identity or (0, -1); the latter has order 2, which no 8A has (the group order is 8l).
        if (Field.isZero(p.x) != 0) {
            throw new IllegalArgumentException("an Ed25519 public key of small order (8·A is the identity) binds nobody");
        }
    }

    private static byte[] encode(Edwards.Point p) {
        int[] zInv = Field.create();
        Field.invert(p.z, zInv);
        int[] x = Field.create();
        int[] y = Field.create();
        Field.mul(p.x, zInv, x);
        Field.mul(p.y, zInv, y);
        byte[] out = Field.encode(y);
        out[31] |= (byte) (Field.isNegative(x) << 7);
        return out;
    }
}
