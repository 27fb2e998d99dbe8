package fairtable.crypto.ot;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.bouncycastle.crypto.digests.SHAKEDigest;

/**
 * The querier Q of the batched related-key oblivious PRF by OT extension of Kolesnikov–Kumaresan–Rosulek–Trieu
 * (KKRT, CCS 2016), made secure against a malicious querier by the consistency check of Orrù–Orsini–Scholl (OOS,
 * CT-RSA 2017). Q holds m inputs x_j in [0, 2048) per batch and learns F_j(x_j) for each; the {@link KkrtSealer} S
 * can evaluate F_j at every input and learns nothing of the x_j.
 *
 * <pre>
 *   once per game (w = 384 Bellare–Micali OTs on ristretto255, receiver first; C_i = hash-to-group(ctx_game, i)):
 *     S: s ∈ {0,1}^w, b_i random, PK_i = b_i·G if s_i = 0, else C_i − b_i·G  base keys: PK_0 .. PK_{w−1}
 *     Q: r random, R = rG (independent of the PK_i)                       base setup: R
 *     Q: k_i^0 = H(i, R, PK_i, r·PK_i), k_i^1 = H(i, R, PK_i, r·(C_i − PK_i));  S: k_i^{s_i} = H(i, R, PK_i, b_i·R)
 *   per batch (number β, context ctx), n = m + ρ instances, ρ = 128, the last ρ with random inputs (masks):
 *     Q: t^i = G(k_i^0), u^i = t^i ⊕ G(k_i^1) ⊕ column i of the codewords C(x_0) .. C(x_{n−1})
 *        e = challenge(ctx, u): ρ rows of m bits;  for r &lt; ρ: x~_r = x_{m+r} ⊕ ⊕_j e_rj·x_j,
 *        t~_r = t_{m+r} ⊕ ⊕_j e_rj·t_j                                      query: β, m, u, (x~_r, t~_r)
 *     S: q^i = G(k_i^{s_i}) ⊕ s_i·u^i, so row q_j = t_j ⊕ (C(x_j) ∧ s); refuses unless for every r
 *        q_{m+r} ⊕ ⊕_j e_rj·q_j = t~_r ⊕ (C(x~_r) ∧ s)
 *     F_j(x) = SHA-512(K_β, j, q_j ⊕ (C(x) ∧ s)) truncated;  Q knows F_j(x_j) = SHA-512(K_β, j, t_j)
 * </pre>
 * G(k) is SHAKE128(k | nonce), the 16-byte nonce hashed from the game context, β and ctx; K_β is SHA-256 of the
 * same; the challenge is SHA-256 of the same and every byte of the query before the checks. The code C is
 * {@link KkrtCode} (minimum distance {@value KkrtCode#MINIMUM_DISTANCE}).
 *
 * <p>The base OTs are receiver first (S speaks first), so S's keys can travel before Q has said anything. Security.
 * Q privacy: each u^i is masked by G(k_i^{1−s_i}), which S does not know (S knows the logarithm of at most one of
 * PK_i and C_i − PK_i, since nobody knows C_i's, so r times the other is pseudorandom to S under CDH with SHA-256 as
 * a random oracle), and each check row is masked by its own random instance, so S sees nothing of the inputs. The
 * keys hide s unconditionally: PK_i is uniform whatever s_i. S privacy: if every row of Q's matrix
 * is a codeword C(x_j) (what the OOS check enforces up to guessed positions, below; grinding the Fiat–Shamir
 * challenge to hide an error needs about 2^ρ hashes), F_j(x) for x ≠ x_j differs from Q's view by C(x) ⊕ C(x_j) ∧ s, at least 150 unknown bits of
 * s, and stays pseudorandom (KKRT's correlation-robustness argument). The check does not make every row a codeword:
 * a row C(x_j) ⊕ e passes exactly when Q guesses e ∧ s, with probability 2^−|e|, and then Q knows s on e's support;
 * a value at another x still hides the bits of s on C(x) ⊕ C(x_j) outside e, at least d − |e|, so a cheat costs
 * 2^|e| refused games times 2^(d − |e|) offline guesses. That bound holds only because S refuses for good after a failed
 * check: were it to answer again, one probe per bit would give Q all of s. A malicious Q can still choose any input per
 * instance. A malicious S can return false values; nothing here detects that live, the audit does (see
 * {@link KkrtAudit}). Batch numbers must never repeat under one base setup with different inputs (the same
 * t with two codewords reveals their XOR): the parties number batches from 0 and refuse any other; a game must not
 * restore a querier from a snapshot taken before a query it has sent.
 *
 * <p>Encodings (integers big-endian; packed bit vectors little-endian, bit k in byte k/8 at bit k mod 8):
 * <pre>
 *   base setup  : 0x31 | R (32)
 *   base keys   : 0x32 | w × PK_i (32)
 *   query       : 0x33 | β (u32) | m (u16) | w × u^i (⌈n/8⌉ bytes, bits ≥ n zero) | ρ × (x~_r (u16) | t~_r (48))
 * </pre>
 * Not thread-safe.
 */
public final class KkrtQuerier {
    /** ρ: masking instances and check rows per batch (OOS). */
    public static final int CHECKS = 128;
    /** The most real instances one batch may hold. */
    public static final int MAX_INSTANCES = 0xffff - CHECKS;
    static final byte BASE_SETUP_TAG = 0x31;
    static final byte BASE_KEYS_TAG = 0x32;
    static final byte QUERY_TAG = 0x33;
    static final byte STATE_TAG = 0x3a;
    static final int BASE_SETUP_BYTES = 1 + ChouOrlandiTransfer.POINT_BYTES;
    static final int BASE_KEYS_BYTES = 1 + KkrtCode.WIDTH * ChouOrlandiTransfer.POINT_BYTES;
    static final int CHECK_BYTES = 2 + KkrtBits.ROW_BYTES;
    private static final int W = KkrtCode.WIDTH;
    private static final int WORDS = KkrtCode.WORDS;

    private final RandomGenerator random;
    private final byte[] gameContext;
    private final Scalar secret;
    private final byte[] encodedR;
    private byte[][] seeds0;
    private byte[][] seeds1;
    private long nextBatch;
    private Batch batch;

    private KkrtQuerier(byte[] gameContext, Scalar secret, RandomGenerator random) {
        this.random = random;
        this.gameContext = gameContext.clone();
        this.secret = secret;
        this.encodedR = FixedBaseTable.GENERATOR.multiply(secret).encode();
    }

    /** A querier for one game; {@code random} draws r and, later, the mask inputs (SecureRandom in use). */
    public static KkrtQuerier start(byte[] gameContext, RandomGenerator random) {
        return new KkrtQuerier(gameContext, ChouOrlandiTransfer.randomNonZeroScalar(random), random);
    }

    /** The querier behind a revealed r, for the audit: it derives the same seeds from the same base keys. */
    static KkrtQuerier fromSecret(byte[] gameContext, Scalar secret, byte[] baseKeys) {
        KkrtQuerier querier = new KkrtQuerier(gameContext, secret, null);
        querier.receiveBaseKeys(baseKeys);
        return querier;
    }

    /** The querier's base message, to the sealer: 0x31 | R. It depends on nothing the sealer sent. */
    public byte[] baseSetup() {
        return new WireWriter(BASE_SETUP_BYTES).u8(BASE_SETUP_TAG).bytes(encodedR).toBytes();
    }

    /**
     * Takes the sealer's PK_i and derives both seeds of every base OT.
     *
     * @throws InvalidOtMessageException if the message is malformed, a point does not decode, is the identity,
     *     C_i (so that choice 1's point would be the identity) or half of C_i (so that both choices' points, hence
     *     both seeds, would be one and every column u^i would carry the codeword bits C(x)_i unmasked)
     */
    public void receiveBaseKeys(byte[] message) {
        if (seeds0 != null) {
            throw new IllegalStateException("the base keys were already received");
        }
        RistrettoPoint[] keys = readBaseKeys(gameContext, message);
        byte[][] zero = new byte[W][];
        byte[][] one = new byte[W][];
        for (int i = 0; i < W; i++) {
            byte[] encodedKey = Arrays.copyOfRange(message, 1 + i * 32, 1 + (i + 1) * 32);
            RistrettoPoint key0 = keys[i].multiply(secret);
            RistrettoPoint key1 = KkrtBits.basePoint(gameContext, i).multiply(secret).subtract(key0);
            zero[i] = KkrtBits.baseSeed(gameContext, i, encodedR, encodedKey, key0.encode());
            one[i] = KkrtBits.baseSeed(gameContext, i, encodedR, encodedKey, key1.encode());
        }
        seeds0 = zero;
        seeds1 = one;
    }

    /**
     * Decodes a base-keys message into its w points, checking the tag, the length, and PK_i ∉ {identity, C_i, C_i/2}.
     */
    static RistrettoPoint[] readBaseKeys(byte[] gameContext, byte[] message) {
        WireReader in = new WireReader(message, "KKRT base keys");
        in.expectTag(BASE_KEYS_TAG);
        if (in.remaining() != BASE_KEYS_BYTES - 1) {
            throw in.fail("expected " + (BASE_KEYS_BYTES - 1) + " bytes of points, got " + in.remaining());
        }
        RistrettoPoint[] points = new RistrettoPoint[W];
        for (int i = 0; i < W; i++) {
            points[i] = ChouOrlandiTransfer.decodePoint(in.bytes(ChouOrlandiTransfer.POINT_BYTES), in, "point PK_" + i);
            RistrettoPoint basePoint = KkrtBits.basePoint(gameContext, i);
            if (points[i].equals(basePoint)) {
                throw in.fail("point PK_" + i + " equals C_" + i);
            }
            // 2·PK_i = C_i makes choice 1's point PK_i too: both seeds would be one, so u^i = C(x)_i in the clear.
            if (points[i].dbl().equals(basePoint)) {
                throw in.fail("point PK_" + i + " is C_" + i + " − PK_" + i + ", so both choices would share one seed");
            }
        }
        in.expectEnd();
        return points;
    }

    /**
     * Starts batch number {@link #nextBatch()}: the query for the sealer. Any earlier batch's outputs are dropped.
     *
     * @param batchContext what this batch is for (game, ply, seat); bound into every value
     * @param inputs the m inputs, each in [0, 2048), 1 ≤ m ≤ {@link #MAX_INSTANCES}
     */
    public byte[] query(byte[] batchContext, int... inputs) {
        requireBase();
        if (inputs.length < 1 || inputs.length > MAX_INSTANCES) {
            throw new IllegalArgumentException("a batch holds 1 to " + MAX_INSTANCES + " inputs, got "
                    + inputs.length);
        }
        if (nextBatch > Batches.MAX_QUERY_INDEX) {
            throw new IllegalStateException("batch numbering exhausted for this base setup");
        }
        for (int input : inputs) {
            KkrtCode.checkInput(input);
        }
        int[] masks = new int[CHECKS];
        for (int r = 0; r < CHECKS; r++) {
            masks[r] = random.nextInt(KkrtCode.INPUTS);
        }
        batch = build(nextBatch, batchContext.clone(), inputs.clone(), masks);
        nextBatch++;
        return batch.message.clone();
    }

    /** The number the next query will carry (0 for the first). */
    public long nextBatch() {
        return nextBatch;
    }

    /** F_j(x_j) of the last query, truncated to {@code length} bytes (1 to 32). */
    public byte[] output(int instance, int length) {
        if (batch == null) {
            throw new IllegalStateException("no query was made");
        }
        if (instance < 0 || instance >= batch.inputs.length) {
            throw new IllegalArgumentException("instance " + instance + " outside [0, " + batch.inputs.length + ")");
        }
        KkrtBits.checkPrfLength(length);
        byte[] input = new byte[KkrtBits.PRF_INPUT_BYTES];
        System.arraycopy(batch.prfKey, 0, input, 0, 32);
        KkrtBits.prfInput(input, instance, batch.tRows, instance * WORDS, null, 0);
        byte[] out = new byte[length];
        KkrtBits.prf(Batches.sha("SHA-512"), input, new byte[64], out, 0, length);
        return out;
    }

    /** The secret scalar r, for the audit (reveal it only after the sealer has revealed its choices). */
    public byte[] revealSecret() {
        return secret.toByteArray();
    }

    /** One batch as built: the message, the inputs and masks behind it, and the rows t_j Q's outputs hash. */
    record Batch(long number, byte[] context, int[] inputs, int[] masks, byte[] message, long[] tRows,
            byte[] prfKey) {}

    /** Builds the query of batch {@code number} deterministically from the seeds, the inputs and the masks. */
    Batch build(long number, byte[] batchContext, int[] inputs, int[] masks) {
        int m = inputs.length;
        int n = m + CHECKS;
        int nWords = KkrtBits.words(n);
        int columnBytes = (n + 7) / 8;
        long[] codeRows = new long[nWords * 64 * WORDS];
        for (int j = 0; j < n; j++) {
            KkrtCode.encodeInto(j < m ? inputs[j] : masks[j - m], codeRows, j * WORDS);
        }
        long[] uColumns = KkrtBits.transpose(codeRows, nWords * 64, WORDS);
        long[] tColumns = new long[W * nWords];
        byte[] nonce = KkrtBits.streamNonce(gameContext, number, batchContext);
        SHAKEDigest generator = KkrtBits.newGenerator();
        for (int i = 0; i < W; i++) {
            KkrtBits.xorStream(generator, seeds0[i], nonce, n, tColumns, i * nWords);
            for (int w = 0; w < nWords; w++) {
                uColumns[i * nWords + w] ^= tColumns[i * nWords + w];
            }
            KkrtBits.xorStream(generator, seeds1[i], nonce, n, uColumns, i * nWords);
        }
        int headerBytes = 7;
        byte[] message = new byte[headerBytes + W * columnBytes + CHECKS * CHECK_BYTES];
        byte[] header = new WireWriter(headerBytes).u8(QUERY_TAG).u32(number).u16(m).toBytes();
        System.arraycopy(header, 0, message, 0, headerBytes);
        for (int i = 0; i < W; i++) {
            KkrtBits.writeBits(uColumns, i * nWords, message, headerBytes + i * columnBytes, columnBytes);
        }
        long[] tRows = KkrtBits.transpose(tColumns, W, nWords);
        int columnsEnd = headerBytes + W * columnBytes;
        long[] challenge = KkrtBits.challenge(gameContext, number, batchContext,
                Arrays.copyOf(message, columnsEnd), CHECKS, m);
        int mWords = KkrtBits.words(m);
        long[] combined = new long[WORDS];
        for (int r = 0; r < CHECKS; r++) {
            int input = masks[r];
            System.arraycopy(tRows, (m + r) * WORDS, combined, 0, WORDS);
            for (int j = 0; j < m; j++) {
                long bit = (challenge[r * mWords + j / 64] >>> (j % 64)) & 1;
                input ^= inputs[j] & (int) -bit;
                for (int w = 0; w < WORDS; w++) {
                    combined[w] ^= tRows[j * WORDS + w] & -bit;
                }
            }
            int offset = columnsEnd + r * CHECK_BYTES;
            message[offset] = (byte) (input >>> 8);
            message[offset + 1] = (byte) input;
            KkrtBits.writeBits(combined, 0, message, offset + 2, KkrtBits.ROW_BYTES);
        }
        return new Batch(number, batchContext, inputs, masks, message, tRows,
                KkrtBits.prfBatchKey(gameContext, number, batchContext));
    }

    /**
     * Q's whole state, secrets included: 0x3a | game context (u32 length, bytes) | r (32) | has seeds (u8)
     * | [w × (k_i^0 (16) | k_i^1 (16))] | next batch (u64) | has batch (u8) | [batch context (u32 length, bytes)
     * | m (u16) | m inputs (u16) | ρ masks (u16)]. The last batch is rebuilt from it on restore.
     */
    public byte[] state() {
        WireWriter out = new WireWriter(64 + gameContext.length + 2 * W * KkrtBits.SEED_BYTES)
                .u8(STATE_TAG).lengthPrefixed(gameContext).bytes(secret.toByteArray()).u8(seeds0 == null ? 0 : 1);
        if (seeds0 != null) {
            for (int i = 0; i < W; i++) {
                out.bytes(seeds0[i]).bytes(seeds1[i]);
            }
        }
        out.u64(nextBatch).u8(batch == null ? 0 : 1);
        if (batch != null) {
            out.lengthPrefixed(batch.context).u16(batch.inputs.length);
            for (int input : batch.inputs) {
                out.u16(input);
            }
            for (int mask : batch.masks) {
                out.u16(mask);
            }
        }
        return out.toBytes();
    }

    /**
     * Restores a querier saved by {@link #state()}; {@code random} draws later masks.
     *
     * @throws InvalidOtMessageException if the state is malformed
     */
    public static KkrtQuerier restore(byte[] state, RandomGenerator random) {
        WireReader in = new WireReader(state, "KKRT querier state");
        in.expectTag(STATE_TAG);
        byte[] gameContext = in.lengthPrefixed();
        Scalar secret = readSecret(in, "the secret scalar r");
        KkrtQuerier querier = new KkrtQuerier(gameContext, secret, random);
        if (readFlag(in, "has seeds")) {
            querier.seeds0 = new byte[W][];
            querier.seeds1 = new byte[W][];
            for (int i = 0; i < W; i++) {
                querier.seeds0[i] = in.bytes(KkrtBits.SEED_BYTES);
                querier.seeds1[i] = in.bytes(KkrtBits.SEED_BYTES);
            }
        }
        long next = Batches.readNextQueryIndex(in);
        querier.nextBatch = next;
        if (readFlag(in, "has batch")) {
            if (querier.seeds0 == null || next == 0) {
                throw in.fail("holds a batch before any query");
            }
            byte[] context = in.lengthPrefixed();
            int m = in.u16();
            if (m < 1 || m > MAX_INSTANCES) {
                throw in.fail("batch of " + m + " inputs");
            }
            int[] inputs = readInputs(in, m, "input");
            int[] masks = readInputs(in, CHECKS, "mask");
            querier.batch = querier.build(next - 1, context, inputs, masks);
        }
        in.expectEnd();
        return querier;
    }

    static Scalar readSecret(WireReader in, String name) {
        Scalar scalar;
        try {
            scalar = Scalar.fromCanonicalBytes(in.bytes(32));
        } catch (IllegalArgumentException e) {
            throw in.fail(name + " is not canonical");
        }
        if (scalar.equals(Scalar.ZERO)) {
            throw in.fail(name + " is zero");
        }
        return scalar;
    }

    static boolean readFlag(WireReader in, String name) {
        int flag = in.u8();
        if (flag > 1) {
            throw in.fail("flag '" + name + "' is " + flag);
        }
        return flag == 1;
    }

    private static int[] readInputs(WireReader in, int count, String name) {
        int[] values = new int[count];
        for (int k = 0; k < count; k++) {
            values[k] = in.u16();
            if (values[k] >= KkrtCode.INPUTS) {
                throw in.fail(name + " " + k + " is " + values[k] + ", outside [0, " + KkrtCode.INPUTS + ")");
            }
        }
        return values;
    }

    private void requireBase() {
        if (seeds0 == null) {
            throw new IllegalStateException("receive the sealer's base keys first");
        }
    }
}
