package fairtable.protocol.darkchess;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.proof.ChaumPedersenProof;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.MultiScalar;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;

/**
 * The oblivious PRF of the one-round-trip vision rebuild (docs/dark-chess.md): 2HashDH on ristretto255 (Jarecki,
 * Kiayias, Krawczyk, ePrint 2014/650), F_k(x) = H2(x, k·H1(x)), with a batched Chaum–Pedersen proof that every
 * evaluation used the key behind K = k·G. The answerer seals a table of one-byte entries, entry i under the pad
 * H2(x_i, k·H1(x_i)); the querier learns F_k on exactly the inputs of its batch and so opens exactly those entries.
 *
 * <p>Blinding is additive: the querier sends α = H1(x) + r·G and unblinds k·α − r·K, which needs no inversion of a
 * secret scalar; α is uniform whatever x is. The audit, given x and r, checks α; given k, it checks K, every β and
 * every sealed entry. Knows no chess: inputs and values are bytes.
 */
public final class VisionOprf {
    static final String H1_DOMAIN = "fairtable/dark-chess/v1/table-input";
    static final String H2_DOMAIN = "fairtable/dark-chess/v1/table-pad";
    static final String BATCH_DOMAIN = "fairtable/dark-chess/v1/table-batch";
    /** A point's encoding. */
    public static final int POINT = Points.ENCODED_LENGTH;

    /** H1 of every input seen: the table's inputs are a fixed catalogue, hashed once per process. */
    private static final Map<ByteBuffer, RistrettoPoint> H1 = new ConcurrentHashMap<>();

    /**
     * Fixed-base tables of the inputs' H1, for the second and later tables a process seals: building one costs about
     * one multiplication and makes each later one three to four times cheaper (64 points, 7.7 KB an input).
     */
    private static final Map<ByteBuffer, FixedBaseTable> H1_TABLES = new ConcurrentHashMap<>();
    private static final int H1_TABLE_BLOCKS = 8;
    private static final AtomicInteger TABLES_SEALED = new AtomicInteger();

    private VisionOprf() {}

    static RistrettoPoint h1(byte[] input) {
        return H1.computeIfAbsent(ByteBuffer.wrap(input.clone()), b -> Points.hashToGroup(H1_DOMAIN, input));
    }

    /** k·H1(x), from the input's fixed-base table when {@code tabled}, else by a variable-base multiplication. */
    private static RistrettoPoint evaluate(byte[] input, Scalar k, boolean tabled) {
        if (!tabled) {
            return h1(input).multiply(k);
        }
        return H1_TABLES.computeIfAbsent(ByteBuffer.wrap(input.clone()),
                b -> new FixedBaseTable(h1(input), H1_TABLE_BLOCKS)).multiply(k);
    }

    private static byte pad(byte[] input, RistrettoPoint evaluated) {
        return Hashes.sha512(H2_DOMAIN, input, Points.encode(evaluated))[0];
    }

    /** An answerer's table key: k secret, K = k·G public. */
    public record Key(Scalar secret, byte[] publicKey) {
        public static Key generate(RandomGenerator random) {
            Scalar k = Scalars.randomNonZero(random);
            return new Key(k, Points.encode(FixedBaseTable.GENERATOR.multiply(k)));
        }

        /** The key whose secret a reveal disclosed; the caller compares {@link #publicKey()} with the one sent. */
        public static Key fromSecret(byte[] secret) throws MalformedEncodingException {
            Scalar k = Scalars.decode(secret);
            return new Key(k, Points.encode(FixedBaseTable.GENERATOR.multiply(k)));
        }

        public byte[] secretBytes() {
            return secret.toByteArray();
        }
    }

    /**
     * The second core for sealing. A table is 1172 variable-base multiplications, the bulk of a rebuild's CPU; its
     * entries are independent, so the upper half is sealed here while the caller seals the lower half. Each half
     * writes only its own fixed range, so the table does not depend on thread timing.
     */
    private static final ExecutorService SECOND_CORE = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(task, "vision-table-sealer");
        t.setDaemon(true);
        return t;
    });
    private static final boolean TWO_CORES = Runtime.getRuntime().availableProcessors() > 1;

    /** The table sealed under {@code key}: entry i is {@code values[i]} xor the pad of {@code inputs.get(i)}. */
    public static byte[] seal(Key key, List<byte[]> inputs, byte[] values) {
        if (inputs.size() != values.length) {
            throw new IllegalArgumentException(values.length + " values for " + inputs.size() + " inputs");
        }
        byte[] sealed = new byte[values.length];
        boolean tabled = TABLES_SEALED.getAndIncrement() > 0; // a process that seals one table builds no tables
        int half = TWO_CORES ? sealed.length / 2 : sealed.length;
        Future<?> upper = half < sealed.length
                ? SECOND_CORE.submit(() -> sealRange(key, inputs, values, sealed, half, sealed.length, tabled)) : null;
        sealRange(key, inputs, values, sealed, 0, half, tabled);
        if (upper != null) {
            try {
                upper.get(); // also makes the upper half's writes visible here
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                upper.cancel(true);
                throw new IllegalStateException("interrupted while sealing a vision table", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("sealing a vision table failed", e.getCause());
            }
        }
        return sealed;
    }

    private static void sealRange(Key key, List<byte[]> inputs, byte[] values, byte[] sealed, int from, int to,
            boolean tabled) {
        for (int i = from; i < to; i++) {
            byte[] x = inputs.get(i);
            sealed[i] = (byte) (values[i] ^ pad(x, evaluate(x, key.secret(), tabled)));
        }
    }

    /** A querier's batch: the message (the α's) and the secrets it keeps (its inputs and blinds r). */
    public record Batch(byte[] message, List<byte[]> inputs, List<Scalar> blinds) {}

    /** Blinds {@code inputs}: α_i = H1(x_i) + r_i·G. */
    public static Batch blind(List<byte[]> inputs, RandomGenerator random) {
        byte[] message = new byte[inputs.size() * POINT];
        List<Scalar> blinds = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            Scalar r = Scalars.random(random);
            blinds.add(r);
            RistrettoPoint alpha = h1(inputs.get(i)).add(FixedBaseTable.GENERATOR.multiply(r));
            System.arraycopy(Points.encode(alpha), 0, message, i * POINT, POINT);
        }
        return new Batch(message, List.copyOf(inputs), List.copyOf(blinds));
    }

    /** Whether {@code alpha} is the blinding of {@code input} by {@code blind} (the audit's check of a querier). */
    public static boolean blinds(byte[] input, Scalar blind, byte[] alpha) {
        return java.util.Arrays.equals(Points.encode(h1(input).add(FixedBaseTable.GENERATOR.multiply(blind))),
                alpha);
    }

    private static RistrettoPoint[] points(byte[] message, String what) throws MalformedEncodingException {
        if (message.length % POINT != 0) {
            throw new MalformedEncodingException(what + " is not a whole number of points");
        }
        RistrettoPoint[] p = new RistrettoPoint[message.length / POINT];
        for (int i = 0; i < p.length; i++) {
            p[i] = Points.decodeNonIdentity(java.util.Arrays.copyOfRange(message, i * POINT, (i + 1) * POINT));
        }
        return p;
    }

    /** The Fiat–Shamir weights that fold a batch into one Chaum–Pedersen statement. */
    private static Scalar[] weights(byte[] publicKey, byte[] alphas, byte[] betas, ProofContext context) {
        Scalar[] w = new Scalar[alphas.length / POINT];
        byte[] seed = Hashes.sha512(BATCH_DOMAIN, publicKey, alphas, betas, context.sessionId(), context.transcriptHash(),
                context.proverId());
        for (int i = 0; i < w.length; i++) {
            w[i] = Scalar.fromBytesModOrderWide(Hashes.sha512(BATCH_DOMAIN, seed, new byte[] {(byte) (i >>> 24),
                    (byte) (i >>> 16), (byte) (i >>> 8), (byte) i}));
        }
        return w;
    }

    /**
     * The answer to a batch: β_i = k·α_i, then a 64-byte proof that log_G K = log_A B for A = Σ w_i·α_i and
     * B = Σ w_i·β_i.
     *
     * @throws MalformedEncodingException if the batch is not a list of valid, non-identity points
     */
    public static byte[] answer(Key key, byte[] batch, ProofContext context, RandomGenerator random)
            throws MalformedEncodingException {
        RistrettoPoint[] alphas = points(batch, "the batch");
        byte[] betas = new byte[batch.length];
        RistrettoPoint[] betaPoints = new RistrettoPoint[alphas.length];
        for (int i = 0; i < alphas.length; i++) {
            betaPoints[i] = alphas[i].multiply(key.secret());
            System.arraycopy(Points.encode(betaPoints[i]), 0, betas, i * POINT, POINT);
        }
        Scalar[] w = weights(key.publicKey(), batch, betas, context);
        RistrettoPoint a = MultiScalar.vartime(w, alphas);
        RistrettoPoint b = MultiScalar.vartime(w, betaPoints);
        ChaumPedersenProof proof = ChaumPedersenProof.prove(key.secret(), EncodedPoint.decode(key.publicKey()),
                EncodedPoint.of(a), EncodedPoint.of(b), context, random);
        byte[] out = java.util.Arrays.copyOf(betas, betas.length + ChaumPedersenProof.ENCODED_LENGTH);
        System.arraycopy(proof.encode(), 0, out, betas.length, ChaumPedersenProof.ENCODED_LENGTH);
        return out;
    }

    /**
     * Checks the answer's proof and opens the entries of the batch's inputs: {@code result[i]} is entry
     * {@code indexes[i]} of {@code sealed} (ignored, 0, where the index is negative: padding).
     *
     * @throws IllegalArgumentException if the answer is malformed, has the wrong size, or its proof fails
     */
    public static byte[] open(Batch batch, byte[] publicKey, byte[] answer, ProofContext context, byte[] sealed,
            int[] indexes) {
        int n = batch.inputs().size();
        if (indexes.length != n) {
            throw new IllegalArgumentException(indexes.length + " table indexes for " + n + " queries");
        }
        RistrettoPoint[] betaPoints = verify(publicKey, batch.message(), answer, context);
        RistrettoPoint bigK;
        try {
            bigK = Points.decodeNonIdentity(publicKey);
        } catch (MalformedEncodingException e) {
            throw new IllegalArgumentException("the table key: " + e.getMessage());
        }
        byte[] values = new byte[n];
        for (int i = 0; i < n; i++) {
            if (indexes[i] < 0) {
                continue;
            }
            if (indexes[i] >= sealed.length) {
                throw new IllegalArgumentException("entry " + indexes[i] + " of a table of " + sealed.length);
            }
            RistrettoPoint evaluated = betaPoints[i].subtract(bigK.multiply(batch.blinds().get(i)));
            values[i] = (byte) (sealed[indexes[i]] ^ pad(batch.inputs().get(i), evaluated));
        }
        return values;
    }

    /**
     * Checks, from public data alone, that {@code answer} is β_i = k·α_i for every point of {@code batch} under the
     * key behind {@code publicKey}: its length, every point, and the batched proof. Returns the β's.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static RistrettoPoint[] verify(byte[] publicKey, byte[] batch, byte[] answer, ProofContext context) {
        int n = batch.length / POINT;
        if (batch.length % POINT != 0 || answer.length != n * POINT + ChaumPedersenProof.ENCODED_LENGTH) {
            throw new IllegalArgumentException("an answer of " + answer.length + " bytes to " + n + " queries");
        }
        byte[] betas = java.util.Arrays.copyOf(answer, n * POINT);
        RistrettoPoint[] betaPoints;
        RistrettoPoint[] alphas;
        RistrettoPoint bigK;
        ChaumPedersenProof proof;
        try {
            betaPoints = points(betas, "the answer");
            alphas = points(batch, "the batch");
            bigK = Points.decodeNonIdentity(publicKey);
            proof = ChaumPedersenProof.decode(java.util.Arrays.copyOfRange(answer, n * POINT, answer.length));
        } catch (MalformedEncodingException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        Scalar[] w = weights(publicKey, batch, betas, context);
        RistrettoPoint a = MultiScalar.vartime(w, alphas);
        RistrettoPoint b = MultiScalar.vartime(w, betaPoints);
        if (!proof.verify(EncodedPoint.of(bigK), EncodedPoint.of(a), EncodedPoint.of(b), context)) {
            throw new IllegalArgumentException("the table answer's proof fails: not every evaluation used the key sent");
        }
        return betaPoints;
    }

    /**
     * Checks a received batch before answering it: exactly {@code count} valid, non-identity points.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static void checkBatch(byte[] batch, int count) {
        if (batch.length != count * POINT) {
            throw new IllegalArgumentException("a batch of " + batch.length + " bytes where the padded count is "
                    + count + " queries of " + POINT);
        }
        try {
            points(batch, "the batch");
        } catch (MalformedEncodingException e) {
            throw new IllegalArgumentException("the batch: " + e.getMessage());
        }
    }

    /**
     * Checks a received table key: a valid point other than the identity.
     *
     * @throws IllegalArgumentException if it is not
     */
    public static void checkPublicKey(byte[] publicKey) {
        try {
            Points.decodeNonIdentity(publicKey);
        } catch (MalformedEncodingException e) {
            throw new IllegalArgumentException("the table key: " + e.getMessage());
        }
    }

    /** The entry {@code key} seals for {@code input} holding {@code value} (the audit's recomputation). */
    public static byte sealedEntry(Key key, byte[] input, byte value) {
        return (byte) (value ^ pad(input, h1(input).multiply(key.secret())));
    }
}
