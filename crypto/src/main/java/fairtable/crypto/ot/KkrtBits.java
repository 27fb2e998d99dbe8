package fairtable.crypto.ot;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.ristretto.RistrettoPoint;
import java.security.MessageDigest;
import java.util.Arrays;
import org.bouncycastle.crypto.digests.SHAKEDigest;

/**
 * The bit work and the hashes shared by the two KKRT parties and the audit: packed rows and columns, their transpose,
 * the SHAKE128 generator that stretches a base-OT seed into a column, and the domain-separated hashes (seeds, the
 * generator's nonce, the Fiat–Shamir challenge, the PRF). Bit j of a packed vector is bit (j mod 64) of long j / 64;
 * on the wire a packed vector is little-endian, so bit j is bit (j mod 8) of byte j / 8.
 */
final class KkrtBits {
    static final int SEED_BYTES = 16;
    static final int ROW_BYTES = KkrtCode.WIDTH / 8;
    private static final String SEED_DOMAIN = "fairtable/ot/kkrt/base-seed/v2";
    private static final String BASE_POINT_DOMAIN = "fairtable/ot/kkrt/base-point/v1";
    private static final String NONCE_DOMAIN = "fairtable/ot/kkrt/prg-nonce/v1";
    private static final String CHALLENGE_DOMAIN = "fairtable/ot/kkrt/challenge/v1";
    private static final String PRF_DOMAIN = "fairtable/ot/kkrt/prf/v1";
    /** Bytes the PRF hashes: the batch key (32), the instance (u32), the row (48); one SHA-512 block. */
    static final int PRF_INPUT_BYTES = 32 + 4 + ROW_BYTES;
    static final int PRF_MAX_LENGTH = 32;

    private KkrtBits() {}

    static long readLong(byte[] bytes, int offset) {
        long value = 0;
        for (int b = 7; b >= 0; b--) {
            value = (value << 8) | (bytes[offset + b] & 0xff);
        }
        return value;
    }

    static void writeLong(long value, byte[] bytes, int offset) {
        for (int b = 0; b < 8; b++) {
            bytes[offset + b] = (byte) (value >>> (8 * b));
        }
    }

    /** Writes the low {@code byteCount} bytes of the packed vector {@code words[offset ..]}. */
    static void writeBits(long[] words, int offset, byte[] out, int outOffset, int byteCount) {
        for (int b = 0; b < byteCount; b++) {
            out[outOffset + b] = (byte) (words[offset + b / 8] >>> (8 * (b % 8)));
        }
    }

    /** Reads {@code byteCount} bytes into the packed vector {@code words[offset ..]} (which must be zero). */
    static void readBits(byte[] in, int inOffset, int byteCount, long[] words, int offset) {
        for (int b = 0; b < byteCount; b++) {
            words[offset + b / 8] |= (in[inOffset + b] & 0xffL) << (8 * (b % 8));
        }
    }

    /** A mask of the low {@code bits mod 64} bits of the last word of a {@code bits}-bit vector (all ones if 0). */
    static long lastWordMask(int bits) {
        return bits % 64 == 0 ? -1L : (1L << (bits % 64)) - 1;
    }

    static int words(int bits) {
        return (bits + 63) / 64;
    }

    /**
     * Transposes a bit matrix of {@code inRows} rows (a multiple of 64) of {@code inWords} longs into one of
     * {@code 64 · inWords} rows of {@code inRows / 64} longs.
     */
    static long[] transpose(long[] in, int inRows, int inWords) {
        int outWords = inRows / 64;
        long[] out = new long[inWords * 64 * outWords];
        long[] block = new long[64];
        for (int rowBlock = 0; rowBlock < outWords; rowBlock++) {
            for (int wordBlock = 0; wordBlock < inWords; wordBlock++) {
                for (int k = 0; k < 64; k++) {
                    block[k] = in[(rowBlock * 64 + k) * inWords + wordBlock];
                }
                transpose64(block);
                for (int l = 0; l < 64; l++) {
                    out[(wordBlock * 64 + l) * outWords + rowBlock] = block[l];
                }
            }
        }
        return out;
    }

    /** In place: bit l of a[k] becomes bit k of a[l] (recursive block swaps, Hacker's Delight 7-3). */
    static void transpose64(long[] a) {
        long mask = 0x00000000ffffffffL;
        for (int j = 32; j != 0; j >>>= 1, mask ^= mask << j) {
            for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
                long t = ((a[k] >>> j) ^ a[k | j]) & mask;
                a[k] ^= t << j;
                a[k | j] ^= t;
            }
        }
    }

    /**
     * A generator instance, one per party and batch. SHAKE128 rather than AES-128-CTR: a column is only ⌈n/64⌉
     * words, and re-keying javax AES per column cost 2.3 and 3.2 times SHAKE128 over a batch's 1152 columns in two
     * runs (JMH {@code KkrtOprfBenchmark.prg*}).
     */
    static SHAKEDigest newGenerator() {
        return new SHAKEDigest(128);
    }

    /**
     * XORs the first {@code bits} bits of SHAKE128(key | nonce) into {@code target[offset .. offset + words(bits))};
     * bits past {@code bits} are left alone.
     */
    static void xorStream(SHAKEDigest generator, byte[] key, byte[] nonce, int bits, long[] target, int offset) {
        int wordCount = words(bits);
        byte[] stream = new byte[wordCount * 8];
        generator.update(key, 0, key.length);
        generator.update(nonce, 0, nonce.length);
        generator.doFinal(stream, 0, stream.length);
        for (int w = 0; w < wordCount; w++) {
            long word = readLong(stream, 8 * w);
            target[offset + w] ^= w == wordCount - 1 ? word & lastWordMask(bits) : word;
        }
    }

    /** seed = SHA-256(domain, game context, i, R, PK_i, K)[0, 16), with K = r·PK_i, r·(C_i − PK_i) or b_i·R. */
    static byte[] baseSeed(byte[] gameContext, int index, byte[] senderPoint, byte[] receiverPoint, byte[] key) {
        return Arrays.copyOf(Hashes.sha256(SEED_DOMAIN, gameContext, Hashes.int32(index), senderPoint,
                receiverPoint, key), SEED_BYTES);
    }

    /**
     * C_i, the hash to ristretto255 of the game context and i (RFC 9496's one-way map of SHA-512): nobody knows its
     * logarithm, so a sealer cannot know the logarithms of both PK_i and C_i − PK_i.
     */
    static RistrettoPoint basePoint(byte[] gameContext, int index) {
        return RistrettoPoint.fromUniformBytes(Hashes.sha512(BASE_POINT_DOMAIN, gameContext, Hashes.int32(index)));
    }

    /** The generator's nonce for one batch: every column of the batch uses it under its own seed. */
    static byte[] streamNonce(byte[] gameContext, long batch, byte[] batchContext) {
        return Arrays.copyOf(Hashes.sha256(NONCE_DOMAIN, gameContext, Hashes.int32((int) batch), batchContext),
                16);
    }

    /**
     * The Fiat–Shamir challenge (OOS): {@code checks} rows of {@code instances} bits, from SHA-256 of the context and
     * every column, stretched by SHAKE128 (the generator, keyed by the hash's two halves).
     */
    static long[] challenge(byte[] gameContext, long batch, byte[] batchContext, byte[] columns, int checks,
            int instances) {
        byte[] digest = Hashes.sha256(CHALLENGE_DOMAIN, gameContext, Hashes.int32((int) batch), batchContext,
                columns);
        int rowWords = words(instances);
        long[] rows = new long[checks * rowWords];
        byte[] key = Arrays.copyOf(digest, 16);
        byte[] nonce = Arrays.copyOfRange(digest, 16, 32);
        xorStream(newGenerator(), key, nonce, checks * rowWords * 64, rows, 0);
        for (int r = 0; r < checks; r++) {
            rows[r * rowWords + rowWords - 1] &= lastWordMask(instances);
        }
        return rows;
    }

    /** The PRF's batch key: binds every value of a batch to the game, the batch number and its context. */
    static byte[] prfBatchKey(byte[] gameContext, long batch, byte[] batchContext) {
        return Hashes.sha256(PRF_DOMAIN, gameContext, Hashes.int32((int) batch), batchContext);
    }

    /**
     * Fills {@code input} for F_j: batch key (32) | u32 j | row (48). {@code row} is XORed from two packed rows:
     * {@code a[aOffset ..] ⊕ b[bOffset ..]} ({@code b} null for the querier's t_j alone).
     */
    static void prfInput(byte[] input, int instance, long[] a, int aOffset, long[] b, int bOffset) {
        input[32] = (byte) (instance >>> 24);
        input[33] = (byte) (instance >>> 16);
        input[34] = (byte) (instance >>> 8);
        input[35] = (byte) instance;
        for (int w = 0; w < KkrtCode.WORDS; w++) {
            long word = b == null ? a[aOffset + w] : a[aOffset + w] ^ b[bOffset + w];
            writeLong(word, input, 36 + 8 * w);
        }
    }

    /**
     * F = SHA-512(input)[0, length): the input fits one SHA-512 block, so one compression a value; SHA-256 needs two
     * and took 1.4 times as long over 20,000 values (JMH {@code KkrtOprfBenchmark.prf*}).
     */
    static void prf(MessageDigest sha512, byte[] input, byte[] scratch, byte[] out, int offset, int length) {
        sha512.update(input, 0, PRF_INPUT_BYTES);
        try {
            sha512.digest(scratch, 0, 64);
        } catch (java.security.DigestException e) {
            throw new IllegalStateException("a 64-byte buffer holds SHA-512", e);
        }
        System.arraycopy(scratch, 0, out, offset, length);
    }

    static void checkPrfLength(int length) {
        if (length < 1 || length > PRF_MAX_LENGTH) {
            throw new IllegalArgumentException("a PRF value is 1 to " + PRF_MAX_LENGTH + " bytes, got " + length);
        }
    }
}
