package fairtable.crypto.ot;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import org.bouncycastle.crypto.digests.SHAKEDigest;

/**
 * A second, deliberately plain implementation of the KKRT/OOS exchange written from {@link KkrtQuerier}'s javadoc:
 * one boolean per bit, no packing into longs, no transposes, no constant-time selects. The tests build queries with
 * it (honest, or with a chosen defect, as a malicious querier would) and recompute the sealer's rows and values.
 */
final class KkrtReference {
    static final int W = 384;
    static final int CHECKS = 128;

    private KkrtReference() {}

    /** A deviation from the honest query: flip bit {@code column} of row {@code row} of the codeword matrix; xor
     * {@code checkInputXor} into check 0's x~. Negative row: no flip. */
    record Tamper(int row, int column, int checkInputXor) {
        static final Tamper NONE = new Tamper(-1, -1, 0);
    }

    static boolean[] codeword(int x) {
        byte[] generator = Hashes.expand(KkrtCode.LABEL, 11 * W / 8);
        boolean[] word = new boolean[W];
        for (int k = 0; k < 11; k++) {
            if ((x >> k & 1) == 1) {
                for (int i = 0; i < W; i++) {
                    word[i] ^= bit(generator, k * W + i);
                }
            }
        }
        return word;
    }

    static boolean bit(byte[] bytes, int index) {
        return (bytes[index / 8] >> (index % 8) & 1) == 1;
    }

    static byte[] pack(boolean[] bits, int byteCount) {
        byte[] out = new byte[byteCount];
        for (int k = 0; k < bits.length; k++) {
            if (bits[k]) {
                out[k / 8] |= (byte) (1 << (k % 8));
            }
        }
        return out;
    }

    /** G(k) = SHAKE128(k | nonce). */
    static byte[] generator(byte[] key, byte[] nonce, int length) {
        SHAKEDigest shake = new SHAKEDigest(128);
        shake.update(key, 0, key.length);
        shake.update(nonce, 0, nonce.length);
        byte[] out = new byte[length];
        shake.doFinal(out, 0, length);
        return out;
    }

    static byte[] nonce(byte[] game, long batch, byte[] context) {
        return Arrays.copyOf(Hashes.sha256("fairtable/ot/kkrt/prg-nonce/v1", game, Hashes.int32((int) batch),
                context), 16);
    }

    /** e[r][j]: row r of the challenge occupies ⌈m/64⌉·64 bits of the stream SHAKE128(hash). */
    static boolean[][] challenge(byte[] game, long batch, byte[] context, byte[] columns, int m) {
        byte[] digest = Hashes.sha256("fairtable/ot/kkrt/challenge/v1", game, Hashes.int32((int) batch), context,
                columns);
        int stride = (m + 63) / 64 * 64;
        byte[] stream = generator(Arrays.copyOf(digest, 16), Arrays.copyOfRange(digest, 16, 32), CHECKS * stride / 8);
        boolean[][] e = new boolean[CHECKS][m];
        for (int r = 0; r < CHECKS; r++) {
            for (int j = 0; j < m; j++) {
                e[r][j] = bit(stream, r * stride + j);
            }
        }
        return e;
    }

    /** The querier's t rows: bit i of t_j is bit j of G(k_i^0). */
    static boolean[][] tRows(byte[][] seeds0, byte[] nonce, int n) {
        boolean[][] t = new boolean[n][W];
        for (int i = 0; i < W; i++) {
            byte[] stream = generator(seeds0[i], nonce, (n + 7) / 8);
            for (int j = 0; j < n; j++) {
                t[j][i] = bit(stream, j);
            }
        }
        return t;
    }

    /** The query for inputs (m real, then the 128 masks), from both seeds of every base OT. */
    static byte[] query(byte[] game, byte[][] seeds0, byte[][] seeds1, long batch, byte[] context, int[] inputs,
            int m, Tamper tamper) {
        int n = m + CHECKS;
        byte[] nonce = nonce(game, batch, context);
        boolean[][] t = tRows(seeds0, nonce, n);
        boolean[][] rows = new boolean[n][];
        for (int j = 0; j < n; j++) {
            rows[j] = codeword(inputs[j]);
        }
        if (tamper.row() >= 0) {
            rows[tamper.row()][tamper.column()] ^= true;
        }
        int columnBytes = (n + 7) / 8;
        byte[] message = new byte[7 + W * columnBytes + CHECKS * 50];
        message[0] = 0x33;
        message[1] = (byte) (batch >>> 24);
        message[2] = (byte) (batch >>> 16);
        message[3] = (byte) (batch >>> 8);
        message[4] = (byte) batch;
        message[5] = (byte) (m >>> 8);
        message[6] = (byte) m;
        for (int i = 0; i < W; i++) {
            byte[] other = generator(seeds1[i], nonce, columnBytes);
            boolean[] column = new boolean[n];
            for (int j = 0; j < n; j++) {
                column[j] = t[j][i] ^ bit(other, j) ^ rows[j][i];
            }
            System.arraycopy(pack(column, columnBytes), 0, message, 7 + i * columnBytes, columnBytes);
        }
        int columnsEnd = 7 + W * columnBytes;
        boolean[][] e = challenge(game, batch, context, Arrays.copyOf(message, columnsEnd), m);
        for (int r = 0; r < CHECKS; r++) {
            int x = inputs[m + r];
            boolean[] combined = t[m + r].clone();
            for (int j = 0; j < m; j++) {
                if (e[r][j]) {
                    x ^= inputs[j];
                    for (int i = 0; i < W; i++) {
                        combined[i] ^= t[j][i];
                    }
                }
            }
            if (r == 0) {
                x ^= tamper.checkInputXor();
            }
            int offset = columnsEnd + r * 50;
            message[offset] = (byte) (x >>> 8);
            message[offset + 1] = (byte) x;
            System.arraycopy(pack(combined, 48), 0, message, offset + 2, 48);
        }
        return message;
    }

    /** The sealer's rows q_j (all n) from its revealed s and b_i, the base messages and the query. */
    static boolean[][] sealerRows(byte[] game, byte[] baseSetup, byte[] baseKeys, byte[] revealed, byte[] context,
            byte[] query) throws MalformedEncodingException {
        byte[] encodedR = Arrays.copyOfRange(baseSetup, 1, 33);
        RistrettoPoint pointR = RistrettoPoint.decode(encodedR);
        long batch = (query[1] & 0xffL) << 24 | (query[2] & 0xff) << 16 | (query[3] & 0xff) << 8 | (query[4] & 0xff);
        int m = (query[5] & 0xff) << 8 | (query[6] & 0xff);
        int n = m + CHECKS;
        int columnBytes = (n + 7) / 8;
        byte[] nonce = nonce(game, batch, context);
        boolean[][] q = new boolean[n][W];
        for (int i = 0; i < W; i++) {
            boolean choice = bit(revealed, i);
            Scalar blind = Scalar.fromCanonicalBytes(Arrays.copyOfRange(revealed, 48 + 32 * i, 80 + 32 * i));
            byte[] encodedKey = Arrays.copyOfRange(baseKeys, 1 + 32 * i, 33 + 32 * i);
            byte[] seed = Arrays.copyOf(Hashes.sha256("fairtable/ot/kkrt/base-seed/v2", game, Hashes.int32(i),
                    encodedR, encodedKey, pointR.multiply(blind).encode()), 16);
            byte[] stream = generator(seed, nonce, columnBytes);
            for (int j = 0; j < n; j++) {
                q[j][i] = bit(stream, j) ^ (choice && bit(query, 8 * (7 + i * columnBytes) + j));
            }
        }
        return q;
    }

    /** F_j(x) = SHA-512(K_β | j | q_j ⊕ (C(x) ∧ s))[0, length). */
    static byte[] sealerValue(byte[] game, long batch, byte[] context, boolean[] qRow, boolean[] choices, int j,
            int x, int length) throws GeneralSecurityException {
        boolean[] code = codeword(x);
        boolean[] row = new boolean[W];
        for (int i = 0; i < W; i++) {
            row[i] = qRow[i] ^ (code[i] && choices[i]);
        }
        MessageDigest sha = MessageDigest.getInstance("SHA-512");
        sha.update(Hashes.sha256("fairtable/ot/kkrt/prf/v1", game, Hashes.int32((int) batch), context));
        sha.update(Hashes.int32(j));
        sha.update(pack(row, 48));
        return Arrays.copyOf(sha.digest(), length);
    }
}
