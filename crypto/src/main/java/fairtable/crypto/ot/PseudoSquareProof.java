package fairtable.crypto.ot;

import fairtable.crypto.math.Jacobi;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Non-interactive proof that every unit of Jacobi symbol +1 modulo m is a square or y times a square (report step 5,
 * the part the receiver's privacy depends on). For t in [0, ROUNDS) a challenge h_t with Jacobi symbol +1 is
 * derived from SHA-512(domain, m, y, t, counter); the prover, knowing p and q, sends a square root of h_t or of
 * y·h_t. If the units of Jacobi symbol +1 fell into more than the two classes {squares, y·squares}, a random h_t
 * would lie outside them with probability at least 1/2, so a false statement survives with probability at most
 * 2^-ROUNDS (and grinding over (m, y) costs as much). When the statement holds, each packet element's residuosity
 * class is (bit xor blinding bit)·class(y): uniformly random, so the packet says nothing about the choice whatever
 * the sender did with m, y and the z (which the receiver checks have Jacobi symbol +1). It does not prove that m
 * has two prime factors; that protects only the sender's own secrets.
 */
final class PseudoSquareProof {
    static final int ROUNDS = 128;
    private static final byte[] DOMAIN =
            "fairtable/ot/andos/pseudo-square-proof/v1".getBytes(StandardCharsets.US_ASCII);

    private PseudoSquareProof() {}

    static BigInteger[] prove(GoldwasserMicaliKey key) {
        BigInteger m = key.modulus();
        BigInteger p = key.p();
        BigInteger q = key.q();
        BigInteger qInverseModP = q.modInverse(p);
        BigInteger[] roots = new BigInteger[ROUNDS];
        for (int t = 0; t < ROUNDS; t++) {
            BigInteger h = challenge(m, key.pseudoSquare(), t);
            BigInteger square = Jacobi.symbol(h, p) == 1 ? h : h.multiply(key.pseudoSquare()).mod(m);
            // p, q ≡ 3 (mod 4): v^((p+1)/4) is a square root of a residue v; combine by CRT.
            BigInteger rootP = square.mod(p).modPow(p.add(BigInteger.ONE).shiftRight(2), p);
            BigInteger rootQ = square.mod(q).modPow(q.add(BigInteger.ONE).shiftRight(2), q);
            roots[t] = rootP.subtract(rootQ).multiply(qInverseModP).mod(p).multiply(q).add(rootQ);
        }
        return roots;
    }

    /** Returns the first round that fails, or -1 if every root squares to h_t or y·h_t. */
    static int firstFailingRound(BigInteger m, BigInteger y, BigInteger[] roots) {
        for (int t = 0; t < ROUNDS; t++) {
            BigInteger h = challenge(m, y, t);
            BigInteger square = roots[t].multiply(roots[t]).mod(m);
            if (!square.equals(h) && !square.equals(h.multiply(y).mod(m))) {
                return t;
            }
        }
        return -1;
    }

    /**
     * h_t: the first SHA-512-derived value below m, for counters 0, 1, ..., with Jacobi symbol +1. For a counter
     * c, with L = ceil(bits(m) / 8) + 16 and block_k = SHA-512(DOMAIN || u32(len(M)) || M || u32(len(Y)) || Y ||
     * u32(t) || u32(c) || u32(k)), the candidate is the first L bytes of block_0 || block_1 || ..., read as an
     * unsigned big-endian integer, mod m. DOMAIN is the ASCII "fairtable/ot/andos/pseudo-square-proof/v1" with no
     * length prefix, M and Y are m's and y's {@link BigInteger#toByteArray()} (big-endian two's complement) and
     * u32 is 4 bytes big-endian.
     */
    static BigInteger challenge(BigInteger m, BigInteger y, int round) {
        byte[] modulusBytes = m.toByteArray();
        byte[] pseudoSquareBytes = y.toByteArray();
        int wanted = (m.bitLength() + 7) / 8 + 16; // 128 extra bits make the reduction mod m unbiased enough
        for (int counter = 0;; counter++) {
            byte[] wide = new byte[(wanted + 63) / 64 * 64];
            for (int block = 0; block * 64 < wide.length; block++) {
                MessageDigest sha = Batches.sha("SHA-512");
                sha.update(DOMAIN);
                lengthPrefixed(sha, modulusBytes);
                lengthPrefixed(sha, pseudoSquareBytes);
                sha.update(intBytes(round));
                sha.update(intBytes(counter));
                sha.update(intBytes(block));
                System.arraycopy(sha.digest(), 0, wide, block * 64, 64);
            }
            BigInteger h = new BigInteger(1, wide, 0, wanted).mod(m);
            if (Jacobi.symbol(h, m) == 1) {
                return h;
            }
        }
    }

    private static void lengthPrefixed(MessageDigest sha, byte[] value) {
        sha.update(intBytes(value.length));
        sha.update(value);
    }

    private static byte[] intBytes(int value) {
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }
}
