package fairtable.bench.ristretto;

import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bouncycastle.math.ec.rfc7748.X25519Field;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The field choice behind our ristretto255 engine: one multiplication mod 2^255 - 19 with BouncyCastle's
 * X25519Field (ten 25/26-bit limbs, what the engine uses) against a five-limb radix-2^51 multiplication
 * on Math.multiplyHigh (a candidate, not used by the engine). Both run a dependent chain so that the JIT
 * cannot drop or overlap them; the setup checks the 51-bit one against BigInteger.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FieldMultiplicationBenchmark {
    private static final BigInteger P = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));
    private static final long MASK51 = (1L << 51) - 1;

    private final int[] bcX = new int[10];
    private final int[] bcY = new int[10];
    private final long[] x51 = new long[5];
    private final long[] y51 = new long[5];

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom rng = new SplittableRandom(51);
        for (int round = 0; round < 1000; round++) {
            BigInteger a = new BigInteger(255, new java.util.Random(rng.nextLong())).mod(P);
            BigInteger b = new BigInteger(255, new java.util.Random(rng.nextLong())).mod(P);
            long[] z = new long[5];
            mul51(limbs51(a), limbs51(b), z);
            if (!value51(z).mod(P).equals(a.multiply(b).mod(P))) {
                throw new IllegalStateException("radix-2^51 multiplication disagrees with BigInteger");
            }
        }
        BigInteger a = new BigInteger(255, new java.util.Random(rng.nextLong())).mod(P);
        BigInteger b = new BigInteger(255, new java.util.Random(rng.nextLong())).mod(P);
        System.arraycopy(limbs51(a), 0, x51, 0, 5);
        System.arraycopy(limbs51(b), 0, y51, 0, 5);
        X25519Field.decode(littleEndian(a), 0, bcX);
        X25519Field.decode(littleEndian(b), 0, bcY);
    }

    @Benchmark
    public int[] bouncyCastleX25519Field() {
        X25519Field.mul(bcX, bcY, bcX);
        return bcX;
    }

    @Benchmark
    public long[] radix51MultiplyHigh() {
        mul51(x51, y51, x51);
        return x51;
    }

    /** z = x * y mod p; inputs' limbs below 2^52, outputs' below 2^51 + 2^13. */
    static void mul51(long[] x, long[] y, long[] z) {
        long x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4];
        long y0 = y[0], y1 = y[1], y2 = y[2], y3 = y[3], y4 = y[4];
        long y1t = 19 * y1, y2t = 19 * y2, y3t = 19 * y3, y4t = 19 * y4;
        // Each product splits at 2^51 into a low part (weight of its limb) and a high part (next limb).
        long l0 = 0, h0 = 0, l1 = 0, h1 = 0, l2 = 0, h2 = 0, l3 = 0, h3 = 0, l4 = 0, h4 = 0;
        long lo;
        lo = x0 * y0; l0 += lo & MASK51; h0 += (Math.multiplyHigh(x0, y0) << 13) | (lo >>> 51);
        lo = x1 * y4t; l0 += lo & MASK51; h0 += (Math.multiplyHigh(x1, y4t) << 13) | (lo >>> 51);
        lo = x2 * y3t; l0 += lo & MASK51; h0 += (Math.multiplyHigh(x2, y3t) << 13) | (lo >>> 51);
        lo = x3 * y2t; l0 += lo & MASK51; h0 += (Math.multiplyHigh(x3, y2t) << 13) | (lo >>> 51);
        lo = x4 * y1t; l0 += lo & MASK51; h0 += (Math.multiplyHigh(x4, y1t) << 13) | (lo >>> 51);

        lo = x0 * y1; l1 += lo & MASK51; h1 += (Math.multiplyHigh(x0, y1) << 13) | (lo >>> 51);
        lo = x1 * y0; l1 += lo & MASK51; h1 += (Math.multiplyHigh(x1, y0) << 13) | (lo >>> 51);
        lo = x2 * y4t; l1 += lo & MASK51; h1 += (Math.multiplyHigh(x2, y4t) << 13) | (lo >>> 51);
        lo = x3 * y3t; l1 += lo & MASK51; h1 += (Math.multiplyHigh(x3, y3t) << 13) | (lo >>> 51);
        lo = x4 * y2t; l1 += lo & MASK51; h1 += (Math.multiplyHigh(x4, y2t) << 13) | (lo >>> 51);

        lo = x0 * y2; l2 += lo & MASK51; h2 += (Math.multiplyHigh(x0, y2) << 13) | (lo >>> 51);
        lo = x1 * y1; l2 += lo & MASK51; h2 += (Math.multiplyHigh(x1, y1) << 13) | (lo >>> 51);
        lo = x2 * y0; l2 += lo & MASK51; h2 += (Math.multiplyHigh(x2, y0) << 13) | (lo >>> 51);
        lo = x3 * y4t; l2 += lo & MASK51; h2 += (Math.multiplyHigh(x3, y4t) << 13) | (lo >>> 51);
        lo = x4 * y3t; l2 += lo & MASK51; h2 += (Math.multiplyHigh(x4, y3t) << 13) | (lo >>> 51);

        lo = x0 * y3; l3 += lo & MASK51; h3 += (Math.multiplyHigh(x0, y3) << 13) | (lo >>> 51);
        lo = x1 * y2; l3 += lo & MASK51; h3 += (Math.multiplyHigh(x1, y2) << 13) | (lo >>> 51);
        lo = x2 * y1; l3 += lo & MASK51; h3 += (Math.multiplyHigh(x2, y1) << 13) | (lo >>> 51);
        lo = x3 * y0; l3 += lo & MASK51; h3 += (Math.multiplyHigh(x3, y0) << 13) | (lo >>> 51);
        lo = x4 * y4t; l3 += lo & MASK51; h3 += (Math.multiplyHigh(x4, y4t) << 13) | (lo >>> 51);

        lo = x0 * y4; l4 += lo & MASK51; h4 += (Math.multiplyHigh(x0, y4) << 13) | (lo >>> 51);
        lo = x1 * y3; l4 += lo & MASK51; h4 += (Math.multiplyHigh(x1, y3) << 13) | (lo >>> 51);
        lo = x2 * y2; l4 += lo & MASK51; h4 += (Math.multiplyHigh(x2, y2) << 13) | (lo >>> 51);
        lo = x3 * y1; l4 += lo & MASK51; h4 += (Math.multiplyHigh(x3, y1) << 13) | (lo >>> 51);
        lo = x4 * y0; l4 += lo & MASK51; h4 += (Math.multiplyHigh(x4, y0) << 13) | (lo >>> 51);

        // h4 has weight 2^255 = 19 (mod p); split it so that 19 * h4 cannot overflow.
        long t0 = l0 + 19 * (h4 & MASK51);
        long t1 = l1 + h0 + 19 * (h4 >>> 51);
        long t2 = l2 + h1;
        long t3 = l3 + h2;
        long t4 = l4 + h3;
        t1 += t0 >>> 51; t0 &= MASK51;
        t2 += t1 >>> 51; t1 &= MASK51;
        t3 += t2 >>> 51; t2 &= MASK51;
        t4 += t3 >>> 51; t3 &= MASK51;
        t0 += 19 * (t4 >>> 51); t4 &= MASK51;
        t1 += t0 >>> 51; t0 &= MASK51;
        z[0] = t0;
        z[1] = t1;
        z[2] = t2;
        z[3] = t3;
        z[4] = t4;
    }

    private static long[] limbs51(BigInteger a) {
        long[] out = new long[5];
        for (int i = 0; i < 5; i++) {
            out[i] = a.shiftRight(51 * i).longValue() & MASK51;
        }
        return out;
    }

    private static BigInteger value51(long[] z) {
        BigInteger v = BigInteger.ZERO;
        for (int i = 4; i >= 0; i--) {
            v = v.shiftLeft(51).add(BigInteger.valueOf(z[i]));
        }
        return v;
    }

    private static byte[] littleEndian(BigInteger a) {
        byte[] out = new byte[32];
        for (int i = 0; i < 32; i++) {
            out[i] = a.shiftRight(8 * i).byteValue();
        }
        return out;
    }
}
