package fairtable.crypto.ristretto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ristretto255 DECODE (RFC 9496 4.3.1) refuses every string the RFC refuses, each check on its own, and
 * accepts every other one as exactly the point the RFC's formulas give. The truth is the RFC: its appendix
 * A.2 vectors, and the decoding formulas written out again here in BigInteger arithmetic.
 */
class PointDecodingValidationTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final BigInteger P = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger D = BigInteger.valueOf(-121665).multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
    private static final BigInteger SQRT_M1 = BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P);

    /** The checks of DECODE, in the RFC's order. */
    enum Check { NON_CANONICAL, NEGATIVE_S, NOT_SQUARE, NEGATIVE_T, ZERO_Y }

    /** RFC 9496 appendix A.2, under its headings. */
    private static final String[] NON_CANONICAL = {
        "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    };
    private static final String[] NEGATIVE = {
        "0100000000000000000000000000000000000000000000000000000000000000",
        "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
        "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
        "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
        "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
        "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
        "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    };
    private static final String[] NON_SQUARE_X2 = {
        "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
        "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
        "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
        "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
        "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
        "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
        "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
        "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    };
    private static final String[] NEGATIVE_XY = {
        "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
        "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
        "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
        "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
        "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
        "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
        "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
        "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    };
    /** s = -1, which makes y = 0. */
    private static final String[] S_MINUS_ONE = {
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    };

    /** RFC 9496 appendix A.1: encodings of k*B for k = 0..15. */
    private static final String[] MULTIPLES_OF_B = {
        "0000000000000000000000000000000000000000000000000000000000000000",
        "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
        "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
        "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
        "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
        "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
        "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
        "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
        "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
        "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
        "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
        "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
        "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
        "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
        "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
        "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
    };

    private static Stream<Arguments> rfcInvalidEncodings() {
        List<Arguments> all = new ArrayList<>();
        add(all, Check.NON_CANONICAL, NON_CANONICAL);
        add(all, Check.NEGATIVE_S, NEGATIVE);
        add(all, Check.NOT_SQUARE, NON_SQUARE_X2);
        add(all, Check.NEGATIVE_T, NEGATIVE_XY);
        add(all, Check.ZERO_Y, S_MINUS_ONE);
        return all.stream();
    }

    private static void add(List<Arguments> all, Check heading, String[] vectors) {
        for (String hex : vectors) {
            all.add(Arguments.of(heading, hex));
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("rfcInvalidEncodings")
    void everyInvalidEncodingOfRfc9496IsRefusedByEveryWayIn(Check heading, String hex) {
        byte[] bytes = HEX.parseHex(hex);
        // The RFC's formulas, written out below, fail it at the check its heading names.
        assertThat(failedChecks(bytes)).contains(heading);
        assertThatThrownBy(() -> RistrettoPoint.decode(bytes)).isInstanceOf(MalformedEncodingException.class)
                .hasMessage("not a canonical ristretto255 encoding");
        assertThatThrownBy(() -> Points.decode(bytes)).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> Points.decodeNonIdentity(bytes)).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> EncodedPoint.decode(bytes)).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> new CanonicalReader(bytes).point()).isInstanceOf(MalformedEncodingException.class);
    }

    /** One encoding per check that fails that check and no other, so no check hides behind another. */
    private static Stream<Arguments> encodingsFailingOneCheckAlone() {
        return Stream.of(
                Arguments.of(Check.NON_CANONICAL, "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                // p + 0: the identity's encoding plus p
                Arguments.of(Check.NON_CANONICAL, "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                // B's encoding with bit 255 set: the low 255 bits are B's, so only the top bit is wrong
                Arguments.of(Check.NON_CANONICAL, "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2df6"),
                Arguments.of(Check.NEGATIVE_S, "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562"),
                Arguments.of(Check.NOT_SQUARE, "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371"),
                Arguments.of(Check.NEGATIVE_T, "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e"),
                Arguments.of(Check.ZERO_Y, "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("encodingsFailingOneCheckAlone")
    void eachCheckAloneRefusesAnEncoding(Check only, String hex) {
        byte[] bytes = HEX.parseHex(hex);
        assertThat(failedChecks(bytes)).containsExactly(only);
        assertThatThrownBy(() -> RistrettoPoint.decode(bytes)).isInstanceOf(MalformedEncodingException.class)
                .hasMessage("not a canonical ristretto255 encoding");
    }

    @Test
    void theNegationOfEveryValidEncodingIsRefusedForItsNegativeSAlone() throws MalformedEncodingException {
        // p - s has the same square as s, so only the sign check tells it from a valid s.
        for (byte[] valid : validEncodings()) {
            BigInteger s = le(valid);
            if (s.signum() == 0) {
                continue; // p - 0 = p is non-canonical instead
            }
            byte[] negated = leBytes(P.subtract(s));
            assertThat(failedChecks(negated)).as("p - s for %s", HEX.formatHex(valid)).containsExactly(Check.NEGATIVE_S);
            assertThatThrownBy(() -> RistrettoPoint.decode(negated)).isInstanceOf(MalformedEncodingException.class);
        }
    }

    @Test
    void bit255OnEveryValidEncodingIsRefusedForItAlone() throws MalformedEncodingException {
        for (byte[] valid : validEncodings()) {
            byte[] topBit = valid.clone();
            topBit[31] |= (byte) 0x80;
            assertThat(failedChecks(topBit)).containsExactly(Check.NON_CANONICAL);
            assertThatThrownBy(() -> Points.decode(topBit)).isInstanceOf(MalformedEncodingException.class);
        }
    }

    @Test
    void everyValidEncodingDecodesToThePointTheRfcFormulasGiveAndEncodesBack() throws MalformedEncodingException {
        for (byte[] valid : validEncodings()) {
            assertThat(failedChecks(valid)).isEmpty();
            BigInteger[] xy = rfcDecode(valid);
            for (RistrettoPoint decoded : List.of(RistrettoPoint.decode(valid), Points.decode(valid),
                    EncodedPoint.decode(valid).element(), new CanonicalReader(valid).point())) {
                Edwards.Point r = decoded.repr;
                BigInteger z = Field.toBigInteger(r.z);
                BigInteger zInv = z.modInverse(P);
                assertThat(Field.toBigInteger(r.x).multiply(zInv).mod(P)).isEqualTo(xy[0]);
                assertThat(Field.toBigInteger(r.y).multiply(zInv).mod(P)).isEqualTo(xy[1]);
                // extended coordinates: T = XY/Z, which addition relies on
                assertThat(Field.toBigInteger(r.t).multiply(z).mod(P))
                        .isEqualTo(Field.toBigInteger(r.x).multiply(Field.toBigInteger(r.y)).mod(P));
                assertThat(decoded.encode()).isEqualTo(valid);
            }
            assertThat(EncodedPoint.decode(valid).encoding()).isEqualTo(valid);
        }
    }

    @Test
    void theRfcMultiplesOfBDecodeToTheMultiplesOfTheGenerator() throws MalformedEncodingException {
        RistrettoPoint k = RistrettoPoint.IDENTITY;
        for (String hex : MULTIPLES_OF_B) {
            assertThat(RistrettoPoint.decode(HEX.parseHex(hex))).isEqualTo(k);
            k = k.add(RistrettoPoint.GENERATOR);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 31, 33, 64})
    void anEncodingOfAnyOtherLengthThan32IsRefused(int length) {
        byte[] bytes = new byte[length];
        assertThatThrownBy(() -> RistrettoPoint.decode(bytes)).isInstanceOf(MalformedEncodingException.class)
                .hasMessage("a ristretto255 element is 32 bytes, got " + length);
        assertThatThrownBy(() -> Points.decode(bytes)).isInstanceOf(MalformedEncodingException.class)
                .hasMessage("a ristretto255 element is 32 bytes, got " + length);
    }

    @Test
    void theIdentityIsRefusedOnlyWhereANonIdentityPointIsAsked() throws MalformedEncodingException {
        byte[] identity = new byte[32];
        assertThat(Points.decode(identity).isIdentity()).isTrue();
        assertThatThrownBy(() -> Points.decodeNonIdentity(identity)).isInstanceOf(MalformedEncodingException.class)
                .hasMessage("the identity element is not allowed here");
        assertThatThrownBy(() -> new CanonicalReader(identity).nonIdentityPoint())
                .isInstanceOf(MalformedEncodingException.class);
        for (int k = 1; k < MULTIPLES_OF_B.length; k++) {
            byte[] kB = HEX.parseHex(MULTIPLES_OF_B[k]);
            assertThat(Points.decodeNonIdentity(kB).encode()).isEqualTo(kB);
        }
    }

    @Test
    void decodingDoesNotKeepTheCallersArray() throws MalformedEncodingException {
        byte[] b = HEX.parseHex(MULTIPLES_OF_B[1]);
        EncodedPoint decoded = EncodedPoint.decode(b);
        b[0] ^= 2;
        assertThat(decoded.encoding()).isEqualTo(HEX.parseHex(MULTIPLES_OF_B[1]));
    }

    /** The RFC A.1 multiples and 200 seeded random elements, encoded by the engine and checked by the formulas. */
    private static List<byte[]> validEncodings() {
        List<byte[]> out = new ArrayList<>();
        for (String hex : MULTIPLES_OF_B) {
            out.add(HEX.parseHex(hex));
        }
        SplittableRandom rng = new SplittableRandom(0x9496_a2L);
        for (int i = 0; i < 200; i++) {
            byte[] uniform = new byte[64];
            rng.nextBytes(uniform);
            out.add(RistrettoPoint.fromUniformBytes(uniform).encode());
        }
        return out;
    }

    // ---- RFC 9496 4.3.1 DECODE in BigInteger arithmetic, reporting every check that fails (the RFC stops at
    // the first; the engine, constant time, computes them all).

    private static Set<Check> failedChecks(byte[] bytes) {
        Set<Check> failed = EnumSet.noneOf(Check.class);
        BigInteger raw = le(bytes);
        if (raw.compareTo(P) >= 0) {
            failed.add(Check.NON_CANONICAL);
        }
        // what the engine goes on with: the low 255 bits, mod p
        BigInteger s = raw.clearBit(255).mod(P);
        if (s.testBit(0)) {
            failed.add(Check.NEGATIVE_S);
        }
        BigInteger[] r = formulas(s);
        if (r[2].signum() == 0) {
            failed.add(Check.NOT_SQUARE);
        }
        if (r[0].multiply(r[1]).mod(P).testBit(0)) {
            failed.add(Check.NEGATIVE_T);
        }
        if (r[1].signum() == 0) {
            failed.add(Check.ZERO_Y);
        }
        return failed;
    }

    /** x and y of a valid encoding. */
    private static BigInteger[] rfcDecode(byte[] bytes) {
        return formulas(le(bytes));
    }

    /** {x, y, wasSquare} by the RFC's steps. */
    private static BigInteger[] formulas(BigInteger s) {
        BigInteger ss = s.multiply(s).mod(P);
        BigInteger u1 = BigInteger.ONE.subtract(ss).mod(P);
        BigInteger u2 = BigInteger.ONE.add(ss).mod(P);
        BigInteger u2Sqr = u2.multiply(u2).mod(P);
        BigInteger v = D.multiply(u1).multiply(u1).negate().subtract(u2Sqr).mod(P);
        BigInteger[] sqrt = sqrtRatioM1(BigInteger.ONE, v.multiply(u2Sqr).mod(P));
        BigInteger denX = sqrt[1].multiply(u2).mod(P);
        BigInteger denY = sqrt[1].multiply(denX).multiply(v).mod(P);
        BigInteger x = abs(BigInteger.TWO.multiply(s).multiply(denX));
        BigInteger y = u1.multiply(denY).mod(P);
        return new BigInteger[] {x, y, sqrt[0]};
    }

    /** RFC 9496 4.2 SQRT_RATIO_M1: {wasSquare (1 or 0), r}. */
    private static BigInteger[] sqrtRatioM1(BigInteger u, BigInteger v) {
        BigInteger r = u.multiply(v.modPow(BigInteger.valueOf(3), P))
                .multiply(u.multiply(v.modPow(BigInteger.valueOf(7), P)).modPow(P.subtract(BigInteger.valueOf(5)).shiftRight(3), P))
                .mod(P);
        BigInteger check = v.multiply(r).multiply(r).mod(P);
        boolean correct = check.equals(u.mod(P));
        boolean flipped = check.equals(u.negate().mod(P));
        boolean flippedI = check.equals(u.negate().multiply(SQRT_M1).mod(P));
        if (flipped || flippedI) {
            r = r.multiply(SQRT_M1).mod(P);
        }
        return new BigInteger[] {correct || flipped ? BigInteger.ONE : BigInteger.ZERO, abs(r)};
    }

    private static BigInteger abs(BigInteger x) {
        BigInteger m = x.mod(P);
        return m.testBit(0) ? P.subtract(m) : m;
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
