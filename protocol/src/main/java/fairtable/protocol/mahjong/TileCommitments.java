package fairtable.protocol.mahjong;

import fairtable.crypto.commit.Commitment;
import fairtable.crypto.random.RandomChoices;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Commitments to the kind of each placed tile. The faithful mode follows seed 003 §3.2: x' = kind + 16r and
 * H(x') = x'^e mod N with the committer's own RSA modulus N (e = 65537); it is deterministic in x', malleable
 * (H(x')·s^e = H(x'·s)), binds nothing to the square or the session, and a committer who picks N with
 * gcd(e, phi(N)) != 1 can open one value several ways. The other modes use {@link Commitment}: SHA-256 over
 * a domain tag, a 32-byte nonce, the session id, the seat, the square and the kind.
 */
final class TileCommitments {
    static final BigInteger RSA_EXPONENT = BigInteger.valueOf(65537);
    static final String DOMAIN = "fairtable/mahjong-shogi/v1/tile";
    static final int HASH_OPENING_LENGTH = Commitment.NONCE_LENGTH + 1;

    private TileCommitments() {}

    /** A commitment and its secret opening, as wire bytes. */
    record Committed(byte[] commitment, byte[] opening) {}

    /** An RSA modulus for the faithful mode: two primes of half the size, with e invertible modulo phi(N). */
    static BigInteger rsaModulus(int bits, RandomGenerator random) {
        while (true) {
            BigInteger p = prime(bits / 2, random);
            BigInteger q = prime(bits - bits / 2, random);
            BigInteger phi = p.subtract(BigInteger.ONE).multiply(q.subtract(BigInteger.ONE));
            if (!p.equals(q) && phi.gcd(RSA_EXPONENT).equals(BigInteger.ONE)) {
                return p.multiply(q);
            }
        }
    }

    private static BigInteger prime(int bits, RandomGenerator random) {
        while (true) {
            BigInteger low = BigInteger.ONE.shiftLeft(bits - 1).add(BigInteger.ONE.shiftLeft(bits - 2));
            BigInteger candidate = RandomChoices.uniformInRange(random, low, BigInteger.ONE.shiftLeft(bits)).setBit(0);
            if (candidate.isProbablePrime(64)) {
                return candidate;
            }
        }
    }

    static int modulusLength(BigInteger n) {
        return (n.bitLength() + 7) / 8;
    }

    static Committed commitRsa(BigInteger n, int kind, RandomGenerator random) {
        BigInteger bound = n.shiftRight(4);
        BigInteger r = RandomChoices.uniformInRange(random, BigInteger.ONE, bound);
        BigInteger x = r.shiftLeft(4).add(BigInteger.valueOf(kind));
        int length = modulusLength(n);
        return new Committed(EntryEncoding.fixedLength(x.modPow(RSA_EXPONENT, n), length),
                EntryEncoding.fixedLength(x, length));
    }

    /** The kind an RSA opening reveals, or -1 if it does not open the commitment or is no kind. */
    static int openRsa(BigInteger n, byte[] commitment, byte[] opening) {
        int length = modulusLength(n);
        if (commitment.length != length || opening.length != length) {
            return -1;
        }
        BigInteger x = new BigInteger(1, opening);
        if (x.compareTo(n) >= 0 || !x.modPow(RSA_EXPONENT, n).equals(new BigInteger(1, commitment))) {
            return -1;
        }
        int kind = x.intValue() & 15;
        return kind >= 1 && kind <= MahjongTable.KINDS ? kind : -1;
    }

    static Committed commitHash(byte[] sessionId, int seat, int square, int kind, RandomGenerator random) {
        Commitment.Committed c = Commitment.commit(DOMAIN, value(sessionId, seat, square, kind), random);
        byte[] opening = Arrays.copyOf(c.opening().nonce(), HASH_OPENING_LENGTH);
        opening[Commitment.NONCE_LENGTH] = (byte) kind;
        return new Committed(c.commitment().toBytes(), opening);
    }

    /** The kind a hash opening reveals, or -1 if it does not open the commitment. */
    static int openHash(byte[] sessionId, int seat, int square, byte[] commitment, byte[] opening) {
        if (commitment.length != 32 || opening.length != HASH_OPENING_LENGTH) {
            return -1;
        }
        int kind = opening[Commitment.NONCE_LENGTH] & 0xff;
        if (kind < 1 || kind > MahjongTable.KINDS) {
            return -1;
        }
        Commitment.Opening o = new Commitment.Opening(Arrays.copyOf(opening, Commitment.NONCE_LENGTH),
                value(sessionId, seat, square, kind));
        return Commitment.fromBytes(commitment).isOpenedBy(DOMAIN, o) ? kind : -1;
    }

    private static byte[] value(byte[] sessionId, int seat, int square, int kind) {
        byte[] v = Arrays.copyOf(sessionId, sessionId.length + 3);
        v[sessionId.length] = (byte) seat;
        v[sessionId.length + 1] = (byte) square;
        v[sessionId.length + 2] = (byte) kind;
        return v;
    }
}
