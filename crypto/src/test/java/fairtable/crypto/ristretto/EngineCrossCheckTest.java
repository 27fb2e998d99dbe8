package fairtable.crypto.ristretto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cafe.cryptography.curve25519.RistrettoElement;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Our ristretto255 engine against two independent oracles on seeded random inputs: BigInteger arithmetic
 * for the field (mod 2^255 - 19) and for scalars (mod l), and curve25519-elisabeth (test scope only)
 * for every group operation and encoding.
 */
class EngineCrossCheckTest {
    private static final BigInteger P = Field.P;
    private static final BigInteger L =
            BigInteger.ONE.shiftLeft(252).add(new BigInteger("27742317777372353535851937790883648493"));
    private static final int ROUNDS = 2000;

    private static byte[] bytes(SplittableRandom rng, int n) {
        byte[] b = new byte[n];
        rng.nextBytes(b);
        return b;
    }

    private static BigInteger randomBelow(SplittableRandom rng, BigInteger bound) {
        return new BigInteger(1, bytes(rng, 40)).mod(bound);
    }

    private static BigInteger le(byte[] b) {
        byte[] be = new byte[b.length + 1];
        for (int i = 0; i < b.length; i++) {
            be[b.length - i] = b[i];
        }
        return new BigInteger(be);
    }

    @Test
    void fieldConstantsAreWhatRfc9496DefinesThem() {
        BigInteger d = Field.toBigInteger(Field.D);
        assertThat(d.multiply(BigInteger.valueOf(121666)).add(BigInteger.valueOf(121665)).mod(P)).isZero();
        assertThat(Field.toBigInteger(Field.D2)).isEqualTo(d.shiftLeft(1).mod(P));
        BigInteger i = Field.toBigInteger(Field.SQRT_M1);
        assertThat(i.modPow(BigInteger.TWO, P)).isEqualTo(P.subtract(BigInteger.ONE));
        BigInteger a = P.subtract(BigInteger.ONE);
        // SQRT_AD_MINUS_ONE^2 = a*d - 1, INVSQRT_A_MINUS_D^2 * (a - d) = 1
        assertThat(Field.toBigInteger(Field.SQRT_AD_MINUS_ONE).modPow(BigInteger.TWO, P))
                .isEqualTo(a.multiply(d).subtract(BigInteger.ONE).mod(P));
        assertThat(Field.toBigInteger(Field.INVSQRT_A_MINUS_D).modPow(BigInteger.TWO, P).multiply(a.subtract(d)).mod(P))
                .isEqualTo(BigInteger.ONE);
        assertThat(Field.toBigInteger(Field.ONE_MINUS_D_SQ)).isEqualTo(BigInteger.ONE.subtract(d.multiply(d)).mod(P));
        assertThat(Field.toBigInteger(Field.D_MINUS_ONE_SQ)).isEqualTo(d.subtract(BigInteger.ONE).pow(2).mod(P));
    }

    @Test
    void fieldArithmeticMatchesBigInteger() {
        SplittableRandom rng = new SplittableRandom(0x5eed_f1e1dL);
        for (int round = 0; round < ROUNDS; round++) {
            BigInteger a = round == 0 ? P.subtract(BigInteger.ONE) : randomBelow(rng, P);
            BigInteger b = round == 1 ? BigInteger.ZERO : randomBelow(rng, P);
            int[] x = Field.fromBigInteger(a);
            int[] y = Field.fromBigInteger(b);
            int[] z = Field.create();
            Field.mul(x, y, z);
            assertThat(Field.toBigInteger(z)).isEqualTo(a.multiply(b).mod(P));
            Field.sqr(x, z);
            assertThat(Field.toBigInteger(z)).isEqualTo(a.multiply(a).mod(P));
            Field.add(x, y, z);
            assertThat(Field.toBigInteger(z)).isEqualTo(a.add(b).mod(P));
            Field.sub(x, y, z);
            assertThat(Field.toBigInteger(z)).isEqualTo(a.subtract(b).mod(P));
            Field.pow22523(x, z);
            assertThat(Field.toBigInteger(z)).isEqualTo(a.modPow(P.subtract(BigInteger.valueOf(5)).shiftRight(3), P));
            assertThat(Field.isNegative(x)).isEqualTo(a.testBit(0) ? 1 : 0);
            // SQRT_RATIO_M1(a, b): r^2 * b is a (square) or SQRT_M1 * a (non-square), r non-negative.
            int wasSquare = Field.sqrtRatioM1(x, y, z);
            BigInteger r = Field.toBigInteger(z);
            assertThat(r.testBit(0)).isFalse();
            BigInteger check = r.multiply(r).multiply(b).mod(P);
            boolean square = b.signum() != 0 && a.multiply(b).modPow(P.subtract(BigInteger.ONE).shiftRight(1), P).compareTo(BigInteger.ONE) <= 0;
            assertThat(wasSquare != 0).isEqualTo(a.signum() == 0 || square);
            if (b.signum() != 0) {
                BigInteger expected = square ? a : a.multiply(Field.toBigInteger(Field.SQRT_M1)).mod(P);
                assertThat(check).isEqualTo(expected);
            }
        }
    }

    @Test
    void fieldEncodingIsCanonicalForEveryRepresentative() {
        // 2^255 - 19 + k for small k decodes (from the low 255 bits) to k and re-encodes as k.
        for (int k = 0; k < 19; k++) {
            byte[] enc = Field.encode(Field.fromBigInteger(BigInteger.valueOf(k)));
            BigInteger big = P.add(BigInteger.valueOf(k));
            byte[] raw = new byte[32];
            for (int i = 0; i < 32; i++) {
                raw[i] = big.shiftRight(8 * i).byteValue();
            }
            assertThat(Field.encode(Field.decode(raw))).isEqualTo(enc);
        }
    }

    @Test
    void scalarArithmeticMatchesBigInteger() {
        SplittableRandom rng = new SplittableRandom(0x5ca1a7L);
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, L.subtract(BigInteger.ONE)};
        for (int round = 0; round < ROUNDS; round++) {
            BigInteger a = round < 3 ? edges[round] : randomBelow(rng, L);
            BigInteger b = round < 9 ? edges[round % 3] : randomBelow(rng, L);
            Scalar x = scalar(a);
            Scalar y = scalar(b);
            assertThat(big(x.add(y))).isEqualTo(a.add(b).mod(L));
            assertThat(big(x.subtract(y))).isEqualTo(a.subtract(b).mod(L));
            assertThat(big(x.multiply(y))).isEqualTo(a.multiply(b).mod(L));
            assertThat(big(x.negate())).isEqualTo(a.negate().mod(L));
            byte[] wide = bytes(rng, 64);
            assertThat(big(Scalar.fromBytesModOrderWide(wide))).isEqualTo(le(wide).mod(L));
            byte[] narrow = bytes(rng, 32);
            assertThat(big(Scalar.fromBytesModOrder(narrow))).isEqualTo(le(narrow).mod(L));
            assertThat(x.equals(y)).isEqualTo(a.equals(b));
        }
        byte[] allOnes = new byte[64];
        java.util.Arrays.fill(allOnes, (byte) 0xff);
        assertThat(big(Scalar.fromBytesModOrderWide(allOnes)))
                .isEqualTo(BigInteger.ONE.shiftLeft(512).subtract(BigInteger.ONE).mod(L));
    }

    @Test
    void canonicalScalarDecodingRejectsEveryValueFromL() {
        assertThat(big(Scalar.fromCanonicalBytes(leBytes(L.subtract(BigInteger.ONE)))))
                .isEqualTo(L.subtract(BigInteger.ONE));
        for (BigInteger bad : new BigInteger[] {L, L.add(BigInteger.ONE), BigInteger.ONE.shiftLeft(253),
                BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)}) {
            assertThatThrownBy(() -> Scalar.fromCanonicalBytes(leBytes(bad))).isInstanceOf(IllegalArgumentException.class);
        }
    }

    private static Scalar scalar(BigInteger x) {
        return Scalar.fromCanonicalBytes(leBytes(x.mod(L)));
    }

    private static BigInteger big(Scalar s) {
        return le(s.toByteArray());
    }

    private static byte[] leBytes(BigInteger x) {
        byte[] out = new byte[32];
        for (int i = 0; i < 32; i++) {
            out[i] = x.shiftRight(8 * i).byteValue();
        }
        return out;
    }

    private static cafe.cryptography.curve25519.Scalar oracle(Scalar s) {
        return cafe.cryptography.curve25519.Scalar.fromCanonicalBytes(s.toByteArray());
    }

    private static byte[] oracleEncoding(RistrettoElement e) {
        return e.compress().toByteArray();
    }

    @Test
    void groupOperationsAndEncodingsMatchElisabeth() throws Exception {
        SplittableRandom rng = new SplittableRandom(0xe11_5abe7L);
        for (int round = 0; round < ROUNDS; round++) {
            byte[] u1 = bytes(rng, 64);
            byte[] u2 = bytes(rng, 64);
            RistrettoPoint p = RistrettoPoint.fromUniformBytes(u1);
            RistrettoPoint q = RistrettoPoint.fromUniformBytes(u2);
            RistrettoElement op = RistrettoElement.fromUniformBytes(u1);
            RistrettoElement oq = RistrettoElement.fromUniformBytes(u2);
            assertThat(p.encode()).isEqualTo(oracleEncoding(op));
            assertThat(p.add(q).encode()).isEqualTo(oracleEncoding(op.add(oq)));
            assertThat(p.subtract(q).encode()).isEqualTo(oracleEncoding(op.subtract(oq)));
            assertThat(p.dbl().encode()).isEqualTo(oracleEncoding(op.dbl()));
            assertThat(p.negate().encode()).isEqualTo(oracleEncoding(op.negate()));
            Scalar s = Scalar.fromBytesModOrderWide(bytes(rng, 64));
            assertThat(p.multiply(s).encode()).isEqualTo(oracleEncoding(op.multiply(oracle(s))));
            RistrettoPoint decoded = RistrettoPoint.decode(p.encode());
            assertThat(decoded).isEqualTo(p);
            assertThat(decoded.encode()).isEqualTo(p.encode());
            assertThat(p.equals(q)).isEqualTo(op.equals(oq));
            // Random 32-byte strings: we accept exactly what elisabeth accepts, with the same element.
            byte[] any = bytes(rng, 32);
            any[0] &= (byte) 0xfe;
            any[31] &= 0x7f;
            RistrettoElement oracleDecoded = null;
            try {
                oracleDecoded = new cafe.cryptography.curve25519.CompressedRistretto(any).decompress();
            } catch (cafe.cryptography.curve25519.InvalidEncodingException rejected) {
                // expected for about half of the even strings
            }
            if (oracleDecoded == null) {
                assertThatThrownBy(() -> RistrettoPoint.decode(any)).isInstanceOf(MalformedEncodingException.class);
            } else {
                assertThat(RistrettoPoint.decode(any).encode()).isEqualTo(any);
            }
        }
    }

    @Test
    void edgeScalarsAndTheIdentity() {
        SplittableRandom rng = new SplittableRandom(0xed9eL);
        Scalar minusOne = scalar(L.subtract(BigInteger.ONE));
        for (int round = 0; round < 50; round++) {
            RistrettoPoint p = RistrettoPoint.fromUniformBytes(bytes(rng, 64));
            assertThat(p.multiply(Scalar.ZERO)).isEqualTo(RistrettoPoint.IDENTITY);
            assertThat(p.multiply(Scalar.ZERO).isIdentity()).isTrue();
            assertThat(p.multiply(Scalar.ONE).encode()).isEqualTo(p.encode());
            assertThat(p.multiply(minusOne).encode()).isEqualTo(p.negate().encode());
            assertThat(p.add(RistrettoPoint.IDENTITY).encode()).isEqualTo(p.encode());
            assertThat(p.subtract(p).isIdentity()).isTrue();
            assertThat(p.isIdentity()).isFalse();
        }
        assertThat(RistrettoPoint.IDENTITY.encode()).isEqualTo(new byte[32]);
        assertThat(RistrettoPoint.IDENTITY.multiply(minusOne).isIdentity()).isTrue();
        assertThat(RistrettoPoint.GENERATOR.encode())
                .isEqualTo(oracleEncoding(cafe.cryptography.curve25519.Constants.RISTRETTO_GENERATOR));
    }

    @Test
    void fixedBaseTablesMatchElisabeth() {
        SplittableRandom rng = new SplittableRandom(0xf1_7ab1eL);
        byte[] baseBytes = bytes(rng, 64);
        FixedBaseTable table = new FixedBaseTable(RistrettoPoint.fromUniformBytes(baseBytes));
        RistrettoElement oracleBase = RistrettoElement.fromUniformBytes(baseBytes);
        Scalar minusOne = scalar(L.subtract(BigInteger.ONE));
        Scalar[] edges = {Scalar.ZERO, Scalar.ONE, minusOne};
        for (int round = 0; round < ROUNDS; round++) {
            Scalar s = round < 3 ? edges[round] : Scalar.fromBytesModOrderWide(bytes(rng, 64));
            assertThat(FixedBaseTable.GENERATOR.multiply(s).encode())
                    .isEqualTo(oracleEncoding(cafe.cryptography.curve25519.Constants.RISTRETTO_GENERATOR_TABLE.multiply(oracle(s))));
            assertThat(table.multiply(s).encode()).isEqualTo(oracleEncoding(oracleBase.multiply(oracle(s))));
        }
    }

    @Test
    void fixedBaseTablesOfEveryBlockCountMatchElisabeth() {
        SplittableRandom rng = new SplittableRandom(0xb10c5L);
        byte[] baseBytes = bytes(rng, 64);
        RistrettoElement oracleBase = RistrettoElement.fromUniformBytes(baseBytes);
        Scalar minusOne = scalar(L.subtract(BigInteger.ONE));
        Scalar[] edges = {Scalar.ZERO, Scalar.ONE, minusOne};
        for (int blocks = 1; blocks <= 32; blocks *= 2) {
            FixedBaseTable table = new FixedBaseTable(RistrettoPoint.fromUniformBytes(baseBytes), blocks);
            for (int round = 0; round < 40; round++) {
                Scalar s = round < 3 ? edges[round] : Scalar.fromBytesModOrderWide(bytes(rng, 64));
                assertThat(table.multiply(s).encode()).as("%d blocks", blocks)
                        .isEqualTo(oracleEncoding(oracleBase.multiply(oracle(s))));
            }
        }
        for (int blocks : new int[] {0, 3, 64, -8}) {
            assertThatThrownBy(() -> new FixedBaseTable(RistrettoPoint.GENERATOR, blocks))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(blocks + " blocks");
        }
    }

    @Test
    void multiScalarMultiplicationsMatchElisabeth() {
        SplittableRandom rng = new SplittableRandom(0x3553L);
        // Sizes on both sides of the Straus/Pippenger switch, and the empty sum; kind 4 is the identity point.
        int[] sizes = {0, 1, 2, 3, 5, 16, 33, 64, 200, 300, 431};
        for (int n : sizes) {
            for (int repeat = 0; repeat < (n > 50 ? 2 : 20); repeat++) {
                Scalar[] scalars = new Scalar[n];
                RistrettoPoint[] points = new RistrettoPoint[n];
                RistrettoElement expected = RistrettoElement.IDENTITY;
                byte[] u = null;
                for (int i = 0; i < n; i++) {
                    int kind = rng.nextInt(8);
                    if (kind != 3 || u == null) {
                        u = bytes(rng, 64); // kind 3 repeats the previous point
                    }
                    points[i] = kind == 4 ? RistrettoPoint.IDENTITY : RistrettoPoint.fromUniformBytes(u);
                    scalars[i] = kind == 0 ? Scalar.ZERO : kind == 1 ? Scalar.ONE
                            : kind == 2 ? scalar(L.subtract(BigInteger.ONE)) : Scalar.fromBytesModOrderWide(bytes(rng, 64));
                    RistrettoElement oraclePoint = kind == 4 ? RistrettoElement.IDENTITY : RistrettoElement.fromUniformBytes(u);
                    expected = expected.add(oraclePoint.multiply(oracle(scalars[i])));
                }
                byte[] want = oracleEncoding(expected);
                assertThat(MultiScalar.vartime(scalars, points).encode()).as("vartime n=%d", n).isEqualTo(want);
                assertThat(TwoCores.vartimeSum(scalars, points).encode()).as("two cores n=%d", n).isEqualTo(want);
                assertThat(MultiScalar.constantTime(scalars, points).encode()).as("constant time n=%d", n).isEqualTo(want);
            }
        }
    }

    @Test
    void generatorDoubleMultiplicationMatchesElisabeth() {
        SplittableRandom rng = new SplittableRandom(0xab_9L);
        Scalar minusOne = scalar(L.subtract(BigInteger.ONE));
        Scalar[] edges = {Scalar.ZERO, Scalar.ONE, minusOne};
        for (int round = 0; round < ROUNDS; round++) {
            byte[] u = bytes(rng, 64);
            Scalar a = round < 9 ? edges[round % 3] : Scalar.fromBytesModOrderWide(bytes(rng, 64));
            Scalar b = round < 9 ? edges[round / 3] : Scalar.fromBytesModOrderWide(bytes(rng, 64));
            RistrettoElement want = RistrettoElement.fromUniformBytes(u).multiply(oracle(a))
                    .add(cafe.cryptography.curve25519.Constants.RISTRETTO_GENERATOR.multiply(oracle(b)));
            assertThat(MultiScalar.vartimeWithGenerator(a, RistrettoPoint.fromUniformBytes(u), b).encode())
                    .isEqualTo(oracleEncoding(want));
        }
    }

    /** Bit offsets of X25519Field's ten limbs (two halves of 26, 26, 25, 26, 25 bits). */
    private static final int[] LIMB_OFFSETS = {0, 26, 52, 77, 103, 128, 154, 180, 205, 231};

    private static BigInteger limbValue(int[] limbs) {
        BigInteger v = BigInteger.ZERO;
        for (int i = 0; i < Field.SIZE; i++) {
            v = v.add(BigInteger.valueOf(limbs[i]).shiftLeft(LIMB_OFFSETS[i]));
        }
        return v.mod(P);
    }

    /** Limbs a multiplication can output (below 2^26 or 2^25 by position), at the extremes for most limbs. */
    private static int[] extremeProduct(SplittableRandom rng) {
        int[] z = new int[Field.SIZE];
        for (int i = 0; i < Field.SIZE; i++) {
            int width = i + 1 < Field.SIZE ? LIMB_OFFSETS[i + 1] - LIMB_OFFSETS[i] : 25;
            int max = (1 << width) - 1;
            z[i] = rng.nextInt(4) == 0 ? rng.nextInt(max + 1) : rng.nextBoolean() ? max : 0;
        }
        return z;
    }

    @Test
    void multiplicationIsExactForTheUncarriedInputsThePointFormulasUse() {
        // The formulas multiply (a - b) by (c + d), or a carried sum of up to four products by (a + b),
        // without carrying first. X25519Field's 64-bit accumulators must hold those extreme limbs (they do
        // not hold every product of a three-term sum, which is why such sums are carried first).
        SplittableRandom rng = new SplittableRandom(0xb0_17dL);
        for (int round = 0; round < 20 * ROUNDS; round++) {
            int[] a = extremeProduct(rng);
            int[] b = extremeProduct(rng);
            int[] c = extremeProduct(rng);
            int[] d = extremeProduct(rng);
            int[] difference = Field.create();
            int[] sum = Field.create();
            Field.sub(a, b, difference);
            Field.add(c, d, sum);
            int[] z = Field.create();
            Field.mul(difference, sum, z);
            assertThat(Field.toBigInteger(z)).isEqualTo(limbValue(difference).multiply(limbValue(sum)).mod(P));
            int[] four = Field.create();
            Field.add(a, b, four);
            Field.sub(four, c, four);
            Field.add(four, d, four);
            Field.carry(four);
            assertThat(limbValue(four)).isEqualTo(limbValue(a).add(limbValue(b)).subtract(limbValue(c)).add(limbValue(d)).mod(P));
            Field.mul(four, sum, z);
            assertThat(Field.toBigInteger(z)).isEqualTo(limbValue(four).multiply(limbValue(sum)).mod(P));
        }
    }

    private static RistrettoPoint sumWithIdentity(Edwards.Cached addend, boolean affine) {
        Edwards.Work w = new Edwards.Work();
        Edwards.Point acc = Edwards.Point.identity();
        if (affine) {
            Edwards.addAffineInPlace(acc, addend, w);
        } else {
            Edwards.addInPlace(acc, addend, w);
        }
        return new RistrettoPoint(acc);
    }

    @Test
    void constantTimeLookupGivesEveryDigitFromMinusEightToEight() {
        SplittableRandom rng = new SplittableRandom(0x100c_0bL);
        for (int round = 0; round < 40; round++) {
            RistrettoPoint p = round == 0 ? RistrettoPoint.IDENTITY : RistrettoPoint.fromUniformBytes(bytes(rng, 64));
            Edwards.Work w = new Edwards.Work();
            long[] projective = Edwards.flatMultiplesUpTo8(p.repr, w);
            Edwards.Point[] multiples = new Edwards.Point[8];
            RistrettoPoint m = RistrettoPoint.IDENTITY;
            for (int k = 0; k < 8; k++) {
                m = m.add(p);
                multiples[k] = m.repr;
            }
            long[] affine = new long[8 * Edwards.AFFINE_LONGS];
            Edwards.Cached[] niels = Edwards.affineNiels(multiples);
            for (int k = 0; k < 8; k++) {
                Edwards.store(niels[k], affine, k, Edwards.AFFINE_LONGS);
            }
            for (int digit = -8; digit <= 8; digit++) {
                RistrettoPoint want = p.multiply(digit < 0 ? scalar(BigInteger.valueOf(digit).mod(L)) : scalar(BigInteger.valueOf(digit)));
                assertThat(sumWithIdentity(Edwards.lookup(projective, 0, Edwards.CACHED_LONGS, digit, w), false))
                        .as("projective digit %d", digit).isEqualTo(want);
                assertThat(sumWithIdentity(Edwards.lookup(affine, 0, Edwards.AFFINE_LONGS, digit, w), true))
                        .as("affine digit %d", digit).isEqualTo(want);
            }
        }
    }

    @Test
    void pippengerAtEveryWindowWidthMatchesElisabeth() throws Exception {
        SplittableRandom rng = new SplittableRandom(0x9199_e49eL);
        Scalar minusOne = scalar(L.subtract(BigInteger.ONE));
        for (int c = 4; c <= 12; c++) {
            for (int repeat = 0; repeat < 3; repeat++) {
                int n = 1 + rng.nextInt(60);
                Scalar[] scalars = new Scalar[n];
                RistrettoPoint[] points = new RistrettoPoint[n];
                RistrettoElement expected = RistrettoElement.IDENTITY;
                for (int i = 0; i < n; i++) {
                    int kind = rng.nextInt(8);
                    RistrettoPoint p = RistrettoPoint.fromUniformBytes(bytes(rng, 64));
                    if (kind == 4) {
                        p = RistrettoPoint.IDENTITY;
                    } else if (kind == 5 && i > 0) {
                        p = points[i - 1].negate(); // with the same scalar, it cancels the previous term in the buckets
                    }
                    points[i] = p;
                    scalars[i] = kind == 0 ? Scalar.ZERO : kind == 1 ? Scalar.ONE : kind == 2 ? minusOne
                            : kind == 5 && i > 0 ? scalars[i - 1] : Scalar.fromBytesModOrderWide(bytes(rng, 64));
                    RistrettoElement oraclePoint = new cafe.cryptography.curve25519.CompressedRistretto(p.encode()).decompress();
                    expected = expected.add(oraclePoint.multiply(oracle(scalars[i])));
                }
                assertThat(MultiScalar.pippenger(scalars, points, c).encode()).as("c=%d n=%d", c, n)
                        .isEqualTo(oracleEncoding(expected));
            }
        }
    }

    @Test
    void tablesAndMultiplicationsOfTheIdentityAndOfOtherPoints() {
        SplittableRandom rng = new SplittableRandom(0x1de_7L);
        Scalar minusOne = scalar(L.subtract(BigInteger.ONE));
        FixedBaseTable identityTable = new FixedBaseTable(RistrettoPoint.IDENTITY);
        FixedBaseTable negatedGenerator = new FixedBaseTable(RistrettoPoint.GENERATOR.negate());
        for (int round = 0; round < 200; round++) {
            Scalar s = round < 3 ? new Scalar[] {Scalar.ZERO, Scalar.ONE, minusOne}[round] : Scalar.fromBytesModOrderWide(bytes(rng, 64));
            assertThat(identityTable.multiply(s).isIdentity()).isTrue();
            assertThat(RistrettoPoint.IDENTITY.multiply(s).isIdentity()).isTrue();
            assertThat(negatedGenerator.multiply(s)).isEqualTo(FixedBaseTable.GENERATOR.multiply(s).negate());
            assertThat(negatedGenerator.multiply(s)).isEqualTo(RistrettoPoint.GENERATOR.negate().multiply(s));
        }
    }
}
