package fairtable.crypto.ristretto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A scalar's canonical encoding (RFC 9496: 32 little-endian bytes of a value below the group order l) is
 * accepted exactly when BigInteger says the value is below l, as exactly that value; everything else is
 * refused. The cases sit on each side of l in every one of the eight 32-bit words the check compares.
 */
class ScalarCanonicalCheckTest {
    private static final BigInteger L =
            BigInteger.ONE.shiftLeft(252).add(new BigInteger("27742317777372353535851937790883648493"));
    private static final BigInteger TOP = BigInteger.ONE.shiftLeft(256);

    /** Values just below and just above l, moved by one in each word, and the extremes. */
    private static List<BigInteger> boundaryValues() {
        List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, L.subtract(BigInteger.ONE),
                L, L.add(BigInteger.ONE), BigInteger.ONE.shiftLeft(252), BigInteger.ONE.shiftLeft(253),
                BigInteger.ONE.shiftLeft(255), TOP.subtract(BigInteger.ONE)));
        for (int word = 0; word < 8; word++) {
            BigInteger unit = BigInteger.ONE.shiftLeft(32 * word);
            values.add(L.subtract(unit));
            values.add(L.add(unit));
            // every word below this one at its maximum: below l only if this word is below l's
            BigInteger lowOnes = unit.subtract(BigInteger.ONE);
            values.add(L.subtract(unit).or(lowOnes));
            values.add(L.shiftRight(32 * word).shiftLeft(32 * word).or(lowOnes));
        }
        values.removeIf(v -> v.signum() < 0 || v.compareTo(TOP) >= 0);
        return values;
    }

    @Test
    void aValueIsAcceptedExactlyWhenItIsBelowLAsThatValue() throws MalformedEncodingException {
        List<BigInteger> values = boundaryValues();
        SplittableRandom rng = new SplittableRandom(0x5ca1a7L);
        for (int i = 0; i < 300; i++) {
            byte[] b = new byte[32];
            rng.nextBytes(b);
            values.add(le(b));
            b[31] &= 0x1f; // about half of these are below l
            values.add(le(b));
        }
        int accepted = 0;
        for (BigInteger v : values) {
            byte[] bytes = leBytes(v);
            if (v.compareTo(L) < 0) {
                accepted++;
                assertThat(Scalar.fromCanonicalBytes(bytes).toByteArray()).as("%s", v).isEqualTo(bytes);
                assertThat(Scalars.toBigInteger(Scalars.decode(bytes))).as("%s", v).isEqualTo(v);
                assertThat(new CanonicalReader(bytes).scalar()).isEqualTo(Scalars.decode(bytes));
            } else {
                assertThatThrownBy(() -> Scalar.fromCanonicalBytes(bytes)).as("%s", v)
                        .isInstanceOf(IllegalArgumentException.class).hasMessage("non-canonical scalar (not below l)");
                assertThatThrownBy(() -> Scalars.decode(bytes)).as("%s", v)
                        .isInstanceOf(MalformedEncodingException.class)
                        .hasMessage("non-canonical scalar (not reduced mod l)");
                assertThatThrownBy(() -> new CanonicalReader(bytes).scalar()).isInstanceOf(MalformedEncodingException.class);
            }
        }
        assertThat(accepted).as("both sides of l are exercised").isBetween(100, values.size() - 100);
    }

    @Test
    void theDecodedScalarComputesAsItsValue() throws MalformedEncodingException {
        // l - 1 is -1: adding one gives zero, which a wrongly read word would not
        Scalar minusOne = Scalars.decode(leBytes(L.subtract(BigInteger.ONE)));
        assertThat(minusOne.add(Scalar.ONE)).isEqualTo(Scalar.ZERO);
        Scalar two32 = Scalars.decode(leBytes(BigInteger.ONE.shiftLeft(32)));
        assertThat(two32).isEqualTo(Scalars.of(1L << 32));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 31, 33, 64})
    void anEncodingOfAnyOtherLengthThan32IsRefused(int length) {
        byte[] bytes = new byte[length];
        assertThatThrownBy(() -> Scalars.decode(bytes)).isInstanceOf(MalformedEncodingException.class)
                .hasMessage("a scalar is 32 bytes, got " + length);
        assertThatThrownBy(() -> Scalar.fromCanonicalBytes(bytes)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a scalar is 32 bytes, got " + length);
    }

    private static BigInteger le(byte[] b) {
        byte[] be = new byte[b.length + 1];
        for (int i = 0; i < b.length; i++) {
            be[b.length - i] = b[i];
        }
        return new BigInteger(be);
    }

    private static byte[] leBytes(BigInteger x) {
        byte[] out = new byte[32];
        for (int i = 0; i < 32; i++) {
            out[i] = x.shiftRight(8 * i).byteValue();
        }
        return out;
    }
}
