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
