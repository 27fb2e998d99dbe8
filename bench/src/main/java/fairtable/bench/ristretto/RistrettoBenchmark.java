package fairtable.bench.ristretto;

import cafe.cryptography.curve25519.RistrettoElement;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MultiScalar;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bouncycastle.math.ec.rfc7748.X25519;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * ristretto255 point arithmetic: our engine against curve25519-elisabeth's variable-base multiplication,
 * the reference every figure in the README is divided by (measure them in the same run), and BouncyCastle's
 * X25519 ladder, the same field's best constant-time variable-base multiplication. The msm
 * benchmarks report time per point (256 points per invocation).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RistrettoBenchmark {
    private static final int MSM_POINTS = 256;
    private static final int SCALARS = 64;

    private Scalar[] scalars;
    private cafe.cryptography.curve25519.Scalar[] elisabethScalars;
    private RistrettoPoint point;
    private RistrettoElement elisabethPoint;
    private FixedBaseTable pointTable;
    private Scalar[] msmScalars;
    private RistrettoPoint[] msmPoints;
    private byte[][] ladderScalars;
    private final byte[] ladderU = new byte[X25519.POINT_SIZE];
    private final byte[] ladderOut = new byte[X25519.POINT_SIZE];
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom rng = new SplittableRandom(20261127);
        scalars = new Scalar[SCALARS];
        elisabethScalars = new cafe.cryptography.curve25519.Scalar[SCALARS];
        for (int i = 0; i < SCALARS; i++) {
            byte[] wide = new byte[64];
            rng.nextBytes(wide);
            scalars[i] = Scalar.fromBytesModOrderWide(wide);
            elisabethScalars[i] = cafe.cryptography.curve25519.Scalar.fromBytesModOrderWide(wide);
        }
        ladderScalars = new byte[SCALARS][];
        for (int i = 0; i < SCALARS; i++) {
            ladderScalars[i] = scalars[i].toByteArray();
        }
        X25519.scalarMultBase(ladderScalars[0], 0, ladderU, 0);
        byte[] uniform = new byte[64];
        rng.nextBytes(uniform);
        point = RistrettoPoint.fromUniformBytes(uniform);
        elisabethPoint = RistrettoElement.fromUniformBytes(uniform);
        pointTable = new FixedBaseTable(point);
        msmScalars = new Scalar[MSM_POINTS];
        msmPoints = new RistrettoPoint[MSM_POINTS];
        for (int i = 0; i < MSM_POINTS; i++) {
            msmScalars[i] = scalars[i % SCALARS].multiply(scalars[(i / SCALARS + 1) % SCALARS]);
            rng.nextBytes(uniform);
            msmPoints[i] = RistrettoPoint.fromUniformBytes(uniform);
        }
    }

    private int index() {
        next = (next + 1) & (SCALARS - 1);
        return next;
    }

    /** The reference: elisabeth's constant-time variable-base multiplication. */
    @Benchmark
    public RistrettoElement elisabethVariableBase() {
        return elisabethPoint.multiply(elisabethScalars[index()]);
    }

    /**
     * A ceiling for any constant-time variable-base multiplication on this field: BouncyCastle's own X25519
     * Montgomery ladder on the same {@code X25519Field} (an x-coordinate only, about 5 multiplications and 4
     * squarings a bit, the same field work as our signed radix-16 Edwards multiplication).
     */
    @Benchmark
    public byte[] bouncyCastleX25519Ladder() {
        X25519.scalarMult(ladderScalars[index()], 0, ladderU, 0, ladderOut, 0);
        return ladderOut;
    }

    @Benchmark
    public RistrettoPoint variableBase() {
        return point.multiply(scalars[index()]);
    }

    @Benchmark
    public RistrettoPoint fixedBaseGenerator() {
        return FixedBaseTable.GENERATOR.multiply(scalars[index()]);
    }

    /** A joint key's cached table, e.g. re-encryption's r*H. */
    @Benchmark
    public RistrettoPoint fixedBaseOtherPoint() {
        return pointTable.multiply(scalars[index()]);
    }

    @Benchmark
    public RistrettoPoint generatorDoubleMultiplicationVartime() {
        int i = index();
        return MultiScalar.vartimeWithGenerator(scalars[i], point, scalars[(i + 1) & (SCALARS - 1)]);
    }

    @Benchmark
    @OperationsPerInvocation(MSM_POINTS)
    public RistrettoPoint msm256VartimePerPoint() {
        return MultiScalar.vartime(msmScalars, msmPoints);
    }

    @Benchmark
    @OperationsPerInvocation(MSM_POINTS)
    public RistrettoPoint msm256ConstantTimePerPoint() {
        return MultiScalar.constantTime(msmScalars, msmPoints);
    }

    @Benchmark
    public byte[] encode() {
        return point.encode();
    }
}
