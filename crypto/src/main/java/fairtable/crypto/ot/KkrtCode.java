package fairtable.crypto.ot;

import fairtable.crypto.hash.Hashes;

/**
 * The public binary linear code of the KKRT oblivious PRF ({@link KkrtQuerier}): C: F_2^11 → F_2^384, so an input
 * x in [0, 2048) becomes a 384-bit codeword C(x), the XOR of the generator rows g_k for the set bits k of x.
 *
 * <p>Kolesnikov–Kumaresan–Rosulek–Trieu (CCS 2016, "Efficient batched oblivious PRF with applications to private
 * set intersection") show that the sealer's values at any input other than the querier's stay pseudorandom when the
 * code's minimum distance is at least the security parameter κ: the querier's pad and the sealer's pad at x then
 * differ in at least d bits of the sealer's secret choice string s. The generator is a random matrix: the 528 bytes
 * of {@code Hashes.expand(LABEL, 528)}, 48 bytes (six little-endian longs) a row. A random 384 × 11 code has
 * minimum distance about 155 to 160; the label's counter suffix is the first of 0 .. 199 whose code has the
 * largest minimum distance among them ({@value #MINIMUM_DISTANCE}; suffix 0 gives 156). {@code KkrtCodeTest}
 * checks the distance over all 2047 nonzero messages, so the design's bound d ≥ 150 (above κ = 128) holds by
 * computation, not by probability.
 */
public final class KkrtCode {
    /** Bits of an input. */
    public static final int INPUT_BITS = 11;
    /** Number of inputs: inputs are ints in [0, INPUTS). */
    public static final int INPUTS = 1 << INPUT_BITS;
    /** Codeword length w in bits. */
    public static final int WIDTH = 384;
    /** Longs in a packed codeword (or any w-bit row): bit i is bit (i mod 64) of long i / 64. */
    public static final int WORDS = WIDTH / 64;
    /** The minimum Hamming weight of a nonzero codeword, computed over all 2047 messages by the tests. */
    public static final int MINIMUM_DISTANCE = 164;
    static final String LABEL = "fairtable/ot/kkrt/code/v1/17";

    private static final long[] GENERATOR = generator();

    private KkrtCode() {}

    /** C(x) as six longs. */
    public static long[] encode(int input) {
        checkInput(input);
        long[] word = new long[WORDS];
        encodeInto(input, word, 0);
        return word;
    }

    /** Writes C(x) into {@code target[offset .. offset + 6)}; x must be in range. */
    static void encodeInto(int input, long[] target, int offset) {
        for (int w = 0; w < WORDS; w++) {
            target[offset + w] = 0;
        }
        for (int k = 0; k < INPUT_BITS; k++) {
            long select = -((input >>> k) & 1L);
            for (int w = 0; w < WORDS; w++) {
                target[offset + w] ^= GENERATOR[k * WORDS + w] & select;
            }
        }
    }

    /** Generator row k (the codeword of 1 &lt;&lt; k). */
    public static long[] generatorRow(int k) {
        if (k < 0 || k >= INPUT_BITS) {
            throw new IllegalArgumentException("generator row " + k + " outside [0, " + INPUT_BITS + ")");
        }
        long[] row = new long[WORDS];
        System.arraycopy(GENERATOR, k * WORDS, row, 0, WORDS);
        return row;
    }

    static void checkInput(int input) {
        if (input < 0 || input >= INPUTS) {
            throw new IllegalArgumentException("input " + input + " outside [0, " + INPUTS + ")");
        }
    }

    private static long[] generator() {
        byte[] bytes = Hashes.expand(LABEL, INPUT_BITS * WIDTH / 8);
        long[] rows = new long[INPUT_BITS * WORDS];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = KkrtBits.readLong(bytes, 8 * i);
        }
        return rows;
    }
}
