package fairtable.crypto.ot;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.bouncycastle.crypto.digests.SHAKEDigest;

/**
 * The sealer S of the KKRT batched related-key oblivious PRF (Kolesnikov–Kumaresan–Rosulek–Trieu, CCS 2016) with
 * the Orrù–Orsini–Scholl consistency check (CT-RSA 2017): the base-OT receiver with a secret choice string s, which
 * after each query can evaluate F_j(x) for every real instance j and every input x. The protocol, the encodings and
 * the security argument are on {@link KkrtQuerier}.
 *
 * <p>C(x) ∧ s is computed once per game for all 2048 inputs, so an evaluation is six XORs and one SHA-512
 * compression. Not thread-safe (one digest serves every evaluation).
 */
public final class KkrtSealer {
    static final byte STATE_TAG = 0x3b;
    private static final int W = KkrtCode.WIDTH;
    private static final int WORDS = KkrtCode.WORDS;
    private static final int SCALAR_BYTES = 32;

    private final byte[] gameContext;
    private final long[] choices;
    private final Scalar[] blinds;
    private final byte[] baseKeys;
    /** R from the querier's base setup, and the seeds k_i^{s_i}; null until the setup is received. */
    private byte[] encodedR;
    private byte[][] seeds;
    /** C(x) ∧ s for every input x, six longs each. */
    private final long[] maskedCodewords;
    private final MessageDigest sha512 = Batches.sha("SHA-512");
    private final byte[] prfInput = new byte[KkrtBits.PRF_INPUT_BYTES];
    private final byte[] prfScratch = new byte[64];
    private long nextBatch;
    /**
     * Set once a query fails the consistency check: whether a row flipped at column i passes depends on s_i, so a
     * sealer that kept answering would tell a querier one bit of s per probe, and all of s in w probes.
     */
    private boolean failedCheck;
    private byte[] batchContext;
    private int instances;
    private long[] qRows;

    private KkrtSealer(byte[] gameContext, long[] choices, Scalar[] blinds, byte[] baseKeys) {
        this.gameContext = gameContext;
        this.choices = choices;
        this.blinds = blinds;
        this.baseKeys = baseKeys;
        this.maskedCodewords = new long[KkrtCode.INPUTS * WORDS];
        for (int x = 0; x < KkrtCode.INPUTS; x++) {
            KkrtCode.encodeInto(x, maskedCodewords, x * WORDS);
            for (int w = 0; w < WORDS; w++) {
                maskedCodewords[x * WORDS + w] &= choices[w];
            }
        }
    }

    /**
     * A sealer for one game: draws s and the b_i from {@code random} (SecureRandom in use) and makes its base keys,
     * which it can send before the querier has said anything.
     */
    public static KkrtSealer start(byte[] gameContext, RandomGenerator random) {
        long[] choices = new long[WORDS];
        for (int w = 0; w < WORDS; w++) {
            choices[w] = random.nextLong();
        }
        Scalar[] blinds = new Scalar[W];
        for (int i = 0; i < W; i++) {
            blinds[i] = ChouOrlandiTransfer.randomNonZeroScalar(random);
        }
        return withSecrets(gameContext.clone(), choices, blinds, null);
    }

    /** R's encoding from a base setup, checked to decode to a point other than the identity. */
    static byte[] readBaseSetup(byte[] baseSetup) {
        WireReader in = new WireReader(baseSetup, "KKRT base setup");
        in.expectTag(KkrtQuerier.BASE_SETUP_TAG);
        byte[] encodedR = in.bytes(ChouOrlandiTransfer.POINT_BYTES);
        in.expectEnd();
        ChouOrlandiTransfer.decodePoint(encodedR, in, "point R");
        return encodedR;
    }

    /**
     * The sealer behind given secrets. With {@code baseKeys} null it computes every PK_i from s_i and b_i;
     * otherwise (the audit, a restore) it takes the given message, which the caller has checked or saved.
     */
    static KkrtSealer withSecrets(byte[] gameContext, long[] choices, Scalar[] blinds, byte[] baseKeys) {
        byte[] message = baseKeys;
        if (message == null) {
            WireWriter out = new WireWriter(KkrtQuerier.BASE_KEYS_BYTES).u8(KkrtQuerier.BASE_KEYS_TAG);
            for (int i = 0; i < W; i++) {
                out.bytes(baseKey(gameContext, i, choiceBit(choices, i), blinds[i]).encode());
            }
            message = out.toBytes();
        }
        return new KkrtSealer(gameContext, choices, blinds, message);
    }

    /**
     * PK_i, the point of choice 0: b_i·G if s_i = 0, else C_i − b_i·G (so that choice 1's point C_i − PK_i is
     * b_i·G), chosen without a branch on s_i.
     */
    static RistrettoPoint baseKey(byte[] gameContext, int index, int choice, Scalar blind) {
        RistrettoPoint known = FixedBaseTable.GENERATOR.multiply(blind);
        return known.ctSelect(KkrtBits.basePoint(gameContext, index).subtract(known), choice);
    }

    static int choiceBit(long[] choices, int index) {
        return (int) ((choices[index / 64] >>> (index % 64)) & 1);
    }

    /** The first base message, to the querier: 0x32 | PK_0 .. PK_{w−1}. */
    public byte[] baseKeys() {
        return baseKeys.clone();
    }

    /**
     * Takes the querier's base setup R and derives the seed k_i^{s_i} = H(i, R, PK_i, b_i·R) of every base OT.
     *
     * @throws InvalidOtMessageException if the setup is malformed or R does not decode or is the identity
     */
    public void receiveBaseSetup(byte[] baseSetup) {
        if (seeds != null) {
            throw new IllegalStateException("the base setup was already received");
        }
        byte[] pointR = readBaseSetup(baseSetup);
        seeds = deriveSeeds(pointR);
        encodedR = pointR;
    }

    private byte[][] deriveSeeds(byte[] pointR) {
        FixedBaseTable multiplesOfR = new FixedBaseTable(
                ChouOrlandiTransfer.decodePoint(pointR, new WireReader(pointR, "KKRT point R"), "point R"));
        byte[][] derived = new byte[W][];
        for (int i = 0; i < W; i++) {
            byte[] encodedKey = Arrays.copyOfRange(baseKeys, 1 + i * 32, 1 + (i + 1) * 32);
            derived[i] = KkrtBits.baseSeed(gameContext, i, pointR, encodedKey, multiplesOfR.multiply(blinds[i])
                    .encode());
        }
        return derived;
    }

    /**
     * Takes batch number {@link #nextBatch()} of the querier, runs the OOS consistency check, and keeps the rows
     * q_j for {@link #evaluate}. A malformed query changes nothing (its refusal depends on no secret); a query that
     * fails the consistency check makes the sealer refuse every later query, this one's retry included.
     *
     * @throws InvalidOtMessageException if the query is malformed, not the next batch, or fails a check, or an
     *     earlier query failed a check
     */
    public void receiveQuery(byte[] batchContext, byte[] query) {
        if (seeds == null) {
            throw new IllegalStateException("receive the querier's base setup first");
        }
        WireReader in = new WireReader(query, "KKRT query");
        if (failedCheck) {
            throw in.fail("refused: an earlier query failed the consistency check");
        }
        in.expectTag(KkrtQuerier.QUERY_TAG);
        long number = in.u32();
        if (number != nextBatch) {
            throw in.fail("batch " + number + ", expected " + nextBatch);
        }
        int m = in.u16();
        if (m < 1 || m > KkrtQuerier.MAX_INSTANCES) {
            throw in.fail(m + " instances, expected 1 to " + KkrtQuerier.MAX_INSTANCES);
        }
        int n = m + KkrtQuerier.CHECKS;
        int nWords = KkrtBits.words(n);
        int columnBytes = (n + 7) / 8;
        int columnsEnd = 7 + W * columnBytes;
        long expected = (long) W * columnBytes + (long) KkrtQuerier.CHECKS * KkrtQuerier.CHECK_BYTES;
        if (in.remaining() != expected) {
            throw in.fail("expected " + expected + " bytes after the header for " + m + " instances, got "
                    + in.remaining());
        }
        byte[] nonce = KkrtBits.streamNonce(gameContext, number, batchContext);
        SHAKEDigest generator = KkrtBits.newGenerator();
        long[] qColumns = new long[W * nWords];
        for (int i = 0; i < W; i++) {
            byte[] column = in.bytes(columnBytes);
            if (n % 8 != 0 && (column[columnBytes - 1] & 0xff) >>> (n % 8) != 0) {
                throw in.fail("column " + i + " sets bits past instance " + (n - 1));
            }
            KkrtBits.readBits(column, 0, columnBytes, qColumns, i * nWords);
            long select = -(long) choiceBit(choices, i);
            for (int w = 0; w < nWords; w++) {
                qColumns[i * nWords + w] &= select;
            }
            KkrtBits.xorStream(generator, seeds[i], nonce, n, qColumns, i * nWords);
        }
        long[] rows = KkrtBits.transpose(qColumns, W, nWords);
        long[] challenge = KkrtBits.challenge(gameContext, number, batchContext, Arrays.copyOf(query, columnsEnd),
                KkrtQuerier.CHECKS, m);
        int mWords = KkrtBits.words(m);
        long[] combined = new long[WORDS];
        long[] claimed = new long[WORDS];
        for (int r = 0; r < KkrtQuerier.CHECKS; r++) {
            int input = in.u16();
            if (input >= KkrtCode.INPUTS) {
                throw in.fail("check " + r + " input " + input + " is outside [0, " + KkrtCode.INPUTS + ")");
            }
            Arrays.fill(claimed, 0);
            KkrtBits.readBits(in.bytes(KkrtBits.ROW_BYTES), 0, KkrtBits.ROW_BYTES, claimed, 0);
            System.arraycopy(rows, (m + r) * WORDS, combined, 0, WORDS);
            for (int j = 0; j < m; j++) {
                long bit = -((challenge[r * mWords + j / 64] >>> (j % 64)) & 1);
                for (int w = 0; w < WORDS; w++) {
                    combined[w] ^= rows[j * WORDS + w] & bit;
                }
            }
            for (int w = 0; w < WORDS; w++) {
                claimed[w] ^= maskedCodewords[input * WORDS + w];
            }
            if (!Arrays.equals(combined, claimed)) {
                failedCheck = true;
                throw in.fail("consistency check " + r + " fails: the rows are not the codewords of the inputs"
                        + " the check claims");
            }
        }
        in.expectEnd();
        this.batchContext = batchContext.clone();
        this.instances = m;
        this.qRows = Arrays.copyOf(rows, m * WORDS);
        System.arraycopy(KkrtBits.prfBatchKey(gameContext, number, batchContext), 0, prfInput, 0, 32);
        nextBatch = number + 1;
    }

    /** The number the next query must carry. */
    /** Whether a query failed the consistency check, after which this sealer refuses every query. */
    public boolean hasFailedCheck() {
        return failedCheck;
    }

    public long nextBatch() {
        return nextBatch;
    }

    /** The real instances of the last query (m). */
    public int instances() {
        return instances;
    }

    /** F_j(x) of the last query, truncated to {@code length} bytes (1 to 32). */
    public byte[] evaluate(int instance, int input, int length) {
        byte[] out = new byte[length];
        evaluate(instance, input, out, 0, length);
        return out;
    }

    /** Writes F_j(x), truncated to {@code length} bytes (1 to 32), to {@code out[offset ..]}. */
    public void evaluate(int instance, int input, byte[] out, int offset, int length) {
        if (qRows == null) {
            throw new IllegalStateException("no query was received");
        }
        if (instance < 0 || instance >= instances) {
            throw new IllegalArgumentException("instance " + instance + " outside [0, " + instances + ")");
        }
        KkrtCode.checkInput(input);
        KkrtBits.checkPrfLength(length);
        KkrtBits.prfInput(prfInput, instance, qRows, instance * WORDS, maskedCodewords, input * WORDS);
        KkrtBits.prf(sha512, prfInput, prfScratch, out, offset, length);
    }

    /** The choice string s (48 bytes, packed) and every b_i (32 each), for the audit, once the game is over. */
    public byte[] revealChoices() {
        WireWriter out = new WireWriter(KkrtBits.ROW_BYTES + W * SCALAR_BYTES);
        byte[] packed = new byte[KkrtBits.ROW_BYTES];
        KkrtBits.writeBits(choices, 0, packed, 0, packed.length);
        out.bytes(packed);
        for (Scalar blind : blinds) {
            out.bytes(blind.toByteArray());
        }
        return out.toBytes();
    }

    /** Reads revealed (or saved) choices: s and the b_i, each b_i canonical and nonzero. */
    static Scalar[] readChoices(WireReader in, long[] choices) {
        KkrtBits.readBits(in.bytes(KkrtBits.ROW_BYTES), 0, KkrtBits.ROW_BYTES, choices, 0);
        Scalar[] blinds = new Scalar[W];
        for (int i = 0; i < W; i++) {
            blinds[i] = KkrtQuerier.readSecret(in, "b_" + i);
        }
        return blinds;
    }

    /**
     * S's whole state, secrets included: 0x3b | game context (u32 length, bytes) | s (48) | w × b_i (32)
     * | the base-keys message | has setup (u8) | [R (32) | next batch (u64) | failed a check (u8) | has batch (u8) | [batch context
     * (u32 length, bytes) | m (u16) | m × q_j (48)]]. The seeds are derived again from R on restore.
     */
    public byte[] state() {
        WireWriter out = new WireWriter(64 + gameContext.length + baseKeys.length + W * 48)
                .u8(STATE_TAG).lengthPrefixed(gameContext).bytes(revealChoices()).bytes(baseKeys)
                .u8(seeds == null ? 0 : 1);
        if (seeds == null) {
            return out.toBytes();
        }
        out.bytes(encodedR).u64(nextBatch).u8(failedCheck ? 1 : 0).u8(qRows == null ? 0 : 1);
        if (qRows != null) {
            out.lengthPrefixed(batchContext).u16(instances);
            byte[] packed = new byte[instances * KkrtBits.ROW_BYTES];
            KkrtBits.writeBits(qRows, 0, packed, 0, packed.length);
            out.bytes(packed);
        }
        return out.toBytes();
    }

    /**
     * Restores a sealer saved by {@link #state()}.
     *
     * @throws InvalidOtMessageException if the state is malformed
     */
    public static KkrtSealer restore(byte[] state) {
        WireReader in = new WireReader(state, "KKRT sealer state");
        in.expectTag(STATE_TAG);
        byte[] gameContext = in.lengthPrefixed();
        long[] choices = new long[WORDS];
        Scalar[] blinds = readChoices(in, choices);
        byte[] baseKeys = in.bytes(KkrtQuerier.BASE_KEYS_BYTES);
        KkrtQuerier.readBaseKeys(gameContext, baseKeys);
        KkrtSealer sealer = new KkrtSealer(gameContext, choices, blinds, baseKeys);
        if (!KkrtQuerier.readFlag(in, "has setup")) {
            in.expectEnd();
            return sealer;
        }
        byte[] pointR = in.bytes(ChouOrlandiTransfer.POINT_BYTES);
        ChouOrlandiTransfer.decodePoint(pointR, in, "point R");
        sealer.seeds = sealer.deriveSeeds(pointR);
        sealer.encodedR = pointR;
        sealer.nextBatch = Batches.readNextQueryIndex(in);
        sealer.failedCheck = KkrtQuerier.readFlag(in, "failed a check");
        if (KkrtQuerier.readFlag(in, "has batch")) {
            if (sealer.nextBatch == 0) {
                throw in.fail("holds a batch before any query");
            }
            sealer.batchContext = in.lengthPrefixed();
            int m = in.u16();
            if (m < 1 || m > KkrtQuerier.MAX_INSTANCES) {
                throw in.fail("batch of " + m + " instances");
            }
            sealer.instances = m;
            sealer.qRows = new long[m * WORDS];
            KkrtBits.readBits(in.bytes(m * KkrtBits.ROW_BYTES), 0, m * KkrtBits.ROW_BYTES, sealer.qRows, 0);
            System.arraycopy(KkrtBits.prfBatchKey(gameContext, sealer.nextBatch - 1, sealer.batchContext), 0,
                    sealer.prfInput, 0, 32);
        }
        in.expectEnd();
        return sealer;
    }
}
