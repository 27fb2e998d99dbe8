package fairtable.crypto.ristretto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RistrettoHelpersTest {
    private static final HexFormat HEX = HexFormat.of();

    /** RFC 9496 appendix A.1: encodings of k*B for k = 0..5. */
    private static final String[] SMALL_MULTIPLES = {
        "0000000000000000000000000000000000000000000000000000000000000000",
        "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
        "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
        "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
        "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
        "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    };

    @Test
    void smallMultiplesDecodeAndEncodeAsInRfc9496() throws MalformedEncodingException {
        RistrettoPoint k = RistrettoPoint.IDENTITY;
        for (String hex : SMALL_MULTIPLES) {
            assertThat(Points.decode(HEX.parseHex(hex))).isEqualTo(k);
            assertThat(HEX.formatHex(Points.encode(k))).isEqualTo(hex);
            k = k.add(RistrettoPoint.GENERATOR);
        }
        assertThatThrownBy(() -> Points.decodeNonIdentity(HEX.parseHex(SMALL_MULTIPLES[0])))
                .isInstanceOf(MalformedEncodingException.class);
    }

    /** RFC 9496 appendix A.2: invalid encodings (non-canonical and negative field elements). */
    @ParameterizedTest
    @ValueSource(strings = {
        "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    })
    void badEncodingsFromRfc9496AreRejected(String hex) {
        assertThatThrownBy(() -> Points.decode(HEX.parseHex(hex))).isInstanceOf(MalformedEncodingException.class);
    }

    @Test
    void wrongLengthsAreRejected() {
        assertThatThrownBy(() -> Points.decode(new byte[33])).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> Scalars.decode(new byte[31])).isInstanceOf(MalformedEncodingException.class);
    }

    @Test
    void hashToGroupIsDeterministicAndDomainSeparated() {
        RistrettoPoint a = Points.hashToGroup("fairtable/a", new byte[] {1});
        assertThat(Points.hashToGroup("fairtable/a", new byte[] {1})).isEqualTo(a);
        assertThat(Points.hashToGroup("fairtable/b", new byte[] {1})).isNotEqualTo(a);
        assertThat(Points.hashToGroup("fairtable/a", new byte[] {2})).isNotEqualTo(a);
        // The domain is length-prefixed: moving a byte between domain and data changes the point.
        assertThat(Points.hashToGroup("fairtable/a1", new byte[0])).isNotEqualTo(Points.hashToGroup("fairtable/a", new byte[] {'1'}));
    }

    @Test
    void scalarsMatchBigIntegerArithmeticModL() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(3);
        BigInteger l = new BigInteger("7237005577332262213973186563042994240857116359379907606001950938285454250989");
        assertThat(Scalars.ORDER).isEqualTo(l);
        for (int i = 0; i < 20; i++) {
            Scalar a = Scalars.random(rng);
            Scalar b = Scalars.random(rng);
            BigInteger ba = Scalars.toBigInteger(a);
            assertThat(ba).isLessThan(l).isNotNegative();
            assertThat(Scalars.toBigInteger(a.multiply(b))).isEqualTo(ba.multiply(Scalars.toBigInteger(b)).mod(l));
            assertThat(Scalars.fromBigInteger(ba)).isEqualTo(a);
            assertThat(Scalars.invertVartime(a).multiply(a)).isEqualTo(Scalar.ONE);
            assertThat(Scalars.negate(a).add(a)).isEqualTo(Scalar.ZERO);
            assertThat(Scalars.decode(a.toByteArray())).isEqualTo(a);
            BigInteger w = Scalars.toBigInteger(Scalars.randomWeight(rng));
            assertThat(w).isPositive().isLessThan(BigInteger.ONE.shiftLeft(128));
        }
        assertThat(Scalars.toBigInteger(Scalars.of(12345))).isEqualTo(BigInteger.valueOf(12345));
        assertThat(Scalars.decode(Scalars.fromBigInteger(l.subtract(BigInteger.ONE)).toByteArray()))
                .isEqualTo(Scalars.negate(Scalar.ONE));
        byte[] lBytes = new byte[32];
        byte[] be = l.toByteArray();
        for (int i = 0; i < 32; i++) {
            lBytes[i] = be[be.length - 1 - i];
        }
        assertThatThrownBy(() -> Scalars.decode(lBytes)).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> Scalars.invertVartime(Scalar.ZERO)).isInstanceOf(ArithmeticException.class);
    }

    @RepeatedTest(5)
    void signedDigitsReconstructTheScalar(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(info.getCurrentRepetition());
        Scalar[] samples = {Scalars.random(rng), Scalar.ZERO, Scalars.negate(Scalar.ONE), Scalars.of(8), Scalars.of(7)};
        for (Scalar s : samples) {
            for (int c = 4; c <= 12; c++) {
                int[] d = MultiScalar.signedDigits(s, c, 256 / c + 2);
                BigInteger sum = BigInteger.ZERO;
                for (int j = d.length - 1; j >= 0; j--) {
                    assertThat(d[j]).isBetween(-(1 << (c - 1)), (1 << (c - 1)) - 1);
                    sum = sum.shiftLeft(c).add(BigInteger.valueOf(d[j]));
                }
                assertThat(sum).isEqualTo(Scalars.toBigInteger(s));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 9, 40, 70, 200})
    void multiScalarMatchesTheSumOfSingleMultiplications(int n) {
        SplittableRandom rng = new SplittableRandom(n);
        Scalar[] s = new Scalar[n];
        RistrettoPoint[] p = new RistrettoPoint[n];
        RistrettoPoint expected = RistrettoPoint.IDENTITY;
        for (int i = 0; i < n; i++) {
            s[i] = switch (i % 7) {
                case 3 -> Scalar.ZERO;
                case 4 -> Scalars.negate(Scalar.ONE);
                case 5 -> Scalars.randomWeight(rng);
                default -> Scalars.random(rng);
            };
            p[i] = i % 11 == 6 ? RistrettoPoint.IDENTITY : Points.hashToGroup("msm", new byte[] {(byte) i, (byte) n});
            expected = expected.add(p[i].multiply(s[i]));
        }
        assertThat(MultiScalar.vartime(s, p)).isEqualTo(expected);
        if (n <= 40) {
            assertThat(MultiScalar.constantTime(s, p)).isEqualTo(expected);
        }
    }

    @RepeatedTest(3)
    void vartimeWithGeneratorIsAPlusBG(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(info.getCurrentRepetition());
        Scalar a = Scalars.random(rng);
        Scalar b = Scalars.random(rng);
        RistrettoPoint p = Points.hashToGroup("msm", new byte[] {(byte) info.getCurrentRepetition()});
        assertThat(MultiScalar.vartimeWithGenerator(a, p, b))
                .isEqualTo(p.multiply(a).add(RistrettoPoint.GENERATOR.multiply(b)));
    }

    @Test
    void multiScalarRejectsMismatchedLengths() {
        assertThatThrownBy(() -> MultiScalar.vartime(new Scalar[1], new RistrettoPoint[2])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MultiScalar.constantTime(new Scalar[2], new RistrettoPoint[1])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void canonicalReaderRejectsTruncationTrailingBytesAndBadCounts() throws MalformedEncodingException {
        byte[] bytes = new CanonicalWriter(0).count(2).point(RistrettoPoint.GENERATOR).scalar(Scalar.ONE).toByteArray();
        CanonicalReader r = new CanonicalReader(bytes);
        assertThat(r.count(0, 5)).isEqualTo(2);
        assertThat(r.point()).isEqualTo(RistrettoPoint.GENERATOR);
        assertThat(r.scalar()).isEqualTo(Scalar.ONE);
        r.expectEnd();
        assertThatThrownBy(() -> new CanonicalReader(bytes).count(3, 5)).isInstanceOf(MalformedEncodingException.class);
        CanonicalReader trailing = new CanonicalReader(bytes);
        trailing.count(0, 5);
        assertThatThrownBy(trailing::expectEnd).isInstanceOf(MalformedEncodingException.class);
        CanonicalReader truncated = new CanonicalReader(new byte[] {0, 0, 0, 1, 5});
        truncated.count(0, 5);
        assertThatThrownBy(truncated::point).isInstanceOf(MalformedEncodingException.class).hasMessageContaining("truncated");
    }
}
