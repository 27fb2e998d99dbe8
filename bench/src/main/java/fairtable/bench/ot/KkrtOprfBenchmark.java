package fairtable.bench.ot;

import fairtable.crypto.ot.ChouOrlandiTransfer;
import fairtable.crypto.ot.KkrtCode;
import fairtable.crypto.ot.KkrtQuerier;
import fairtable.crypto.ot.KkrtSealer;
import fairtable.crypto.ot.OtReceiver;
import fairtable.crypto.ot.OtSender;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.digests.SHAKEDigest;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The KKRT/OOS oblivious PRF ({@link KkrtQuerier}) as dark chess would use it per rebuild: one batch of 128 real
 * instances (the query, the sealer's check, Q's 128 outputs) and 20,000 sealer evaluations of one byte, both sides
 * on one thread. The reference in the same run is the Chou–Orlandi vision rebuild of
 * {@link ObliviousTransferBenchmark} (200 queries 1-of-64). Also: the base OTs (once per game), the two PRG
 * candidates over the 1152 column expansions of a batch (768 by Q, 384 by S), 256 bits each, and the two PRF hash
 * candidates over 20,000 values.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar KkrtOprf -f 1 -wi 2 -i 4}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class KkrtOprfBenchmark {
    private static final int INSTANCES = 128;
    private static final int EVALUATIONS = 20_000;
    private static final int COLUMN_EXPANSIONS = 3 * KkrtCode.WIDTH;
    private static final int COLUMN_BYTES = (INSTANCES + KkrtQuerier.CHECKS) / 8;
    private static final byte[] GAME = "bench game".getBytes(StandardCharsets.UTF_8);
    private static final byte[] SESSION = "bench session".getBytes(StandardCharsets.UTF_8);

    private final SplittableRandom random = new SplittableRandom(42);
    private KkrtQuerier querier;
    private KkrtSealer sealer;
    private int[] inputs;
    private int[] evaluatedInstances;
    private int[] evaluatedInputs;
    private OtSender chouOrlandiSender;
    private OtReceiver chouOrlandiReceiver;
    private int[] visionChoices;
    private final byte[][] seeds = new byte[COLUMN_EXPANSIONS][16];
    private final byte[] nonce = new byte[16];

    @Setup
    public void setUp() {
        querier = KkrtQuerier.start(GAME, random.split());
        sealer = KkrtSealer.start(GAME, random.split());
        sealer.receiveBaseSetup(querier.baseSetup());
        querier.receiveBaseKeys(sealer.baseKeys());
        inputs = random.ints(INSTANCES, 0, KkrtCode.INPUTS).toArray();
        evaluatedInstances = random.ints(EVALUATIONS, 0, INSTANCES).toArray();
        evaluatedInputs = random.ints(EVALUATIONS, 0, KkrtCode.INPUTS).toArray();

        List<byte[]> squareCodes = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            squareCodes.add(new byte[] {(byte) random.nextInt(16)});
        }
        ChouOrlandiTransfer chouOrlandi = new ChouOrlandiTransfer(64, 1);
        chouOrlandiSender = chouOrlandi.newSender(squareCodes, SESSION, random.split());
        chouOrlandiReceiver = chouOrlandi.newReceiver(chouOrlandiSender.setupMessage(), SESSION, random.split());
        visionChoices = random.ints(200, 0, 64).toArray();
        for (byte[] seed : seeds) {
            random.nextBytes(seed);
        }
        random.nextBytes(nonce);
    }

    /** Reference: the Chou–Orlandi vision rebuild, 200 queries 1-of-64 (as in ObliviousTransferBenchmark). */
    @Benchmark
    public List<byte[]> chouOrlandiVisionRebuild200Queries() {
        byte[] query = chouOrlandiReceiver.query(visionChoices);
        return chouOrlandiReceiver.finish(chouOrlandiSender.answer(query));
    }

    /** One rebuild by OT extension: query, check, Q's outputs, 20,000 one-byte sealer values. */
    @Benchmark
    public byte[] kkrtBatch128With20000Evaluations() {
        sealer.receiveQuery(GAME, querier.query(GAME, inputs));
        byte[] table = new byte[EVALUATIONS + INSTANCES];
        for (int k = 0; k < EVALUATIONS; k++) {
            sealer.evaluate(evaluatedInstances[k], evaluatedInputs[k], table, k, 1);
        }
        for (int j = 0; j < INSTANCES; j++) {
            table[EVALUATIONS + j] = querier.output(j, 1)[0];
        }
        return table;
    }

    /** The part of a rebuild that is not evaluation: query, check, Q's last output. */
    @Benchmark
    public byte[] kkrtBatch128QueryAndCheckOnly() {
        sealer.receiveQuery(GAME, querier.query(GAME, inputs));
        return querier.output(INSTANCES - 1, 1);
    }

    /** The base OTs, once per game: 384 receiver-first OTs, and the sealer's table of C(x) ∧ s. */
    @Benchmark
    public byte[] kkrtBaseTransfersOncePerGame() {
        KkrtSealer gameSealer = KkrtSealer.start(GAME, random);
        KkrtQuerier gameQuerier = KkrtQuerier.start(GAME, random);
        gameSealer.receiveBaseSetup(gameQuerier.baseSetup());
        gameQuerier.receiveBaseKeys(gameSealer.baseKeys());
        return gameSealer.baseKeys();
    }

    /** PRG candidate not taken: AES-128-CTR (AES-NI), one re-keying per column. */
    @Benchmark
    public int prgAesCtrColumnsOfABatch() throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
        byte[] zeros = new byte[COLUMN_BYTES];
        int sum = 0;
        for (byte[] seed : seeds) {
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(seed, "AES"), new IvParameterSpec(nonce));
            sum += cipher.doFinal(zeros)[0];
        }
        return sum;
    }

    /** PRG candidate in use: SHAKE128(seed | nonce) (BouncyCastle). */
    @Benchmark
    public int prgShake128ColumnsOfABatch() {
        SHAKEDigest shake = new SHAKEDigest(128);
        byte[] out = new byte[COLUMN_BYTES];
        int sum = 0;
        for (byte[] seed : seeds) {
            shake.update(seed, 0, seed.length);
            shake.update(nonce, 0, nonce.length);
            shake.doFinal(out, 0, out.length);
            sum += out[0];
        }
        return sum;
    }

    /** PRF hash in use: SHA-512 of 84 bytes (batch key, j, row), one compression, for 20,000 values. */
    @Benchmark
    public int prfSha512OneBlock20000Values() throws GeneralSecurityException {
        return hashValues(MessageDigest.getInstance("SHA-512"), new byte[64]);
    }

    /** PRF hash not taken: SHA-256 of the same 84 bytes, two compressions, for 20,000 values. */
    @Benchmark
    public int prfSha256TwoBlocks20000Values() throws GeneralSecurityException {
        return hashValues(MessageDigest.getInstance("SHA-256"), new byte[32]);
    }

    private int hashValues(MessageDigest digest, byte[] out) throws GeneralSecurityException {
        byte[] input = new byte[84];
        int sum = 0;
        for (int k = 0; k < EVALUATIONS; k++) {
            input[35] = (byte) k;
            input[36] = (byte) (k >>> 8);
            digest.update(input, 0, input.length);
            digest.digest(out, 0, out.length);
            sum += out[0];
        }
        return sum;
    }
}
