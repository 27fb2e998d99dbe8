package fairtable.crypto.sign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Public-key decoding against RFC 8032 section 5.1.3: the 255-bit y must be below p, x^2 = (y^2 - 1) /
 * (d y^2 + 1) must have a square root, and x = 0 must not come with the sign bit set. Curve membership is
 * decided here independently, with Euler's criterion over BigInteger and d = -121665/121666 (section 5.1).
 */
class VerifyingKeyDecodingTest {
    private static final BigInteger P = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger D = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);

    @Test
    void theConstantDIsTheRfcValue() {
        // RFC 8032 section 5.1 gives d in decimal.
        assertThat(D).isEqualTo(new BigInteger(
                "37095705934669439343138083508754565189542113879843219016388785533085940283555"));
    }

    @Test
    void yAtOrAbovePIsRejected() {
        for (BigInteger y : new BigInteger[] {P, P.add(BigInteger.ONE), P.add(BigInteger.valueOf(18))}) {
            for (boolean sign : new boolean[] {false, true}) {
                byte[] encoding = encode(y, sign);
                assertThatThrownBy(() -> VerifyingKey.fromBytes(encoding))
                        .as("y = p + %s, sign %s", y.subtract(P), sign)
                        .isInstanceOf(IllegalArgumentException.class);
            }
        }
    }

    @Test
    void pointsOffTheCurveAreRejected() {
        List<BigInteger> offCurve = new ArrayList<>();
        for (BigInteger y = BigInteger.TWO; offCurve.size() < 8; y = y.add(BigInteger.ONE)) {
            if (squareOfX(y).signum() != 0 && !isSquare(squareOfX(y))) {
                offCurve.add(y);
            }
        }
        for (BigInteger y : offCurve) {
            for (boolean sign : new boolean[] {false, true}) {
                byte[] encoding = encode(y, sign);
                assertThatThrownBy(() -> VerifyingKey.fromBytes(encoding))
                        .as("y = %s has no x", y)
                        .isInstanceOf(IllegalArgumentException.class);
            }
        }
    }

    @Test
    void pointsOnTheCurveAreAcceptedWithEitherSign() {
        int found = 0;
        for (BigInteger y = BigInteger.TWO; found < 8; y = y.add(BigInteger.ONE)) {
            if (squareOfX(y).signum() != 0 && isSquare(squareOfX(y))) {
                found++;
                for (boolean sign : new boolean[] {false, true}) {
                    byte[] encoding = encode(y, sign);
                    assertThat(VerifyingKey.fromBytes(encoding).toBytes()).as("y = %s", y).isEqualTo(encoding);
                }
            }
        }
    }

    @Test
    void xZeroWithTheSignBitSetIsRejected() {
        // x = 0 exactly for y = 1 and y = -1; their encodings with the sign bit set are non-canonical.
        for (BigInteger y : new BigInteger[] {BigInteger.ONE, P.subtract(BigInteger.ONE)}) {
            assertThat(squareOfX(y)).isZero();
            byte[] encoding = encode(y, true);
            assertThatThrownBy(() -> VerifyingKey.fromBytes(encoding)).as("y = %s", y)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    /**
     * The eight points of order dividing 8, as published (e.g. in the Ed25519 malleability literature), each checked
     * here to lie on the curve with 8·P the identity by BigInteger arithmetic, are refused as keys: under such a key
     * a signature that ignores the message verifies.
     */
    @Test
    void keysOfSmallOrderAreRejected() {
        String[] smallOrder = {
            "0100000000000000000000000000000000000000000000000000000000000000", // the identity
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // order 2
            "0000000000000000000000000000000000000000000000000000000000000000", // order 4
            "0000000000000000000000000000000000000000000000000000000000000080", // order 4
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", // order 8
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", // order 8
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", // order 8
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85", // order 8
        };
        java.util.Set<String> distinct = new java.util.HashSet<>();
        for (String hex : smallOrder) {
            byte[] encoding = java.util.HexFormat.of().parseHex(hex);
            BigInteger[] point = decode(encoding);
            BigInteger[] times8 = point;
            for (int i = 0; i < 3; i++) {
                times8 = add(times8, times8);
            }
            assertThat(times8).as("8·P for %s", hex).containsExactly(BigInteger.ZERO, BigInteger.ONE);
            distinct.add(point[0] + "," + point[1]);
            assertThatThrownBy(() -> VerifyingKey.fromBytes(encoding)).as(hex)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("an Ed25519 public key of small order (8·A is the identity) binds nobody");
        }
        assertThat(distinct).hasSize(8);
    }

    /** A key with a small-order component but of large order (8·A is not the identity) is a valid key. */
    @Test
    void aKeyOfMixedOrderIsAccepted() {
        BigInteger[] order2 = {BigInteger.ZERO, P.subtract(BigInteger.ONE)};
        for (BigInteger y = BigInteger.TWO; ; y = y.add(BigInteger.ONE)) {
            if (squareOfX(y).signum() != 0 && isSquare(squareOfX(y))) {
                BigInteger[] mixed = add(decode(encode(y, false)), order2);
                byte[] encoding = encode(mixed[1], mixed[0].testBit(0));
                assertThat(VerifyingKey.fromBytes(encoding).toBytes()).isEqualTo(encoding);
                return;
            }
        }
    }

    /** Affine (x, y) from an RFC 8032 encoding, with x^2 = u/v solved by the p = 5 mod 8 square root of 5.1.3. */
    private static BigInteger[] decode(byte[] encoding) {
        byte[] be = new byte[32];
        for (int i = 0; i < 32; i++) {
            be[i] = encoding[31 - i];
        }
        boolean sign = (be[0] & 0x80) != 0;
        be[0] &= 0x7F;
        BigInteger y = new BigInteger(1, be);
        BigInteger xx = squareOfX(y);
        BigInteger x = xx.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P);
        if (!x.multiply(x).mod(P).equals(xx)) {
            x = x.multiply(BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P)).mod(P);
        }
        assertThat(x.multiply(x).mod(P)).as("a point on the curve").isEqualTo(xx);
        if (x.testBit(0) != sign) {
            x = P.subtract(x).mod(P);
        }
        return new BigInteger[] {x, y};
    }

    /** Twisted Edwards addition with a = -1 (RFC 8032 5.1.4, affine). */
    private static BigInteger[] add(BigInteger[] a, BigInteger[] b) {
        BigInteger xy = D.multiply(a[0]).multiply(b[0]).multiply(a[1]).multiply(b[1]).mod(P);
        BigInteger x = a[0].multiply(b[1]).add(b[0].multiply(a[1]))
                .multiply(BigInteger.ONE.add(xy).modInverse(P)).mod(P);
        BigInteger y = a[1].multiply(b[1]).add(a[0].multiply(b[0]))
                .multiply(BigInteger.ONE.subtract(xy).mod(P).modInverse(P)).mod(P);
        return new BigInteger[] {x, y};
    }

    /** x^2 = (y^2 - 1) / (d y^2 + 1) mod p. */
    private static BigInteger squareOfX(BigInteger y) {
        BigInteger yy = y.multiply(y).mod(P);
        return yy.subtract(BigInteger.ONE).multiply(D.multiply(yy).add(BigInteger.ONE).modInverse(P)).mod(P);
    }

    private static boolean isSquare(BigInteger v) {
        return v.modPow(P.subtract(BigInteger.ONE).shiftRight(1), P).equals(BigInteger.ONE);
    }

    /** RFC 8032 5.1.2: y little-endian in 255 bits, the sign of x in the top bit. */
    private static byte[] encode(BigInteger y, boolean xNegative) {
        byte[] out = new byte[32];
        for (int i = 0; i < 32; i++) {
            out[i] = y.shiftRight(8 * i).byteValue();
        }
        if (xNegative) {
            out[31] |= (byte) 0x80;
        }
        return out;
    }
}
