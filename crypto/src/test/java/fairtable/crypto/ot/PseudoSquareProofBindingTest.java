package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.math.Jacobi;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The pseudo-square proof's challenges h_t are bound to the modulus m, the pseudo-square y and the round t.
 *
 * <p>The prover sends no commitment, only one root per challenge, so a weak-Fiat–Shamir forger has nothing to
 * solve for in m or y: choosing y after seeing the challenges does not change which residuosity class y is in,
 * and a square y still needs every h_t to be a square (2^-128). Dropping m or y from the hash is caught by the
 * recomputation below. Dropping the round index is forgeable: every h_t would be h_0, so one root answers all
 * 128 rounds, and a square posing as y passes after about two tries.
 */
class PseudoSquareProofBindingTest {
    private static final GoldwasserMicaliKey KEY = GoldwasserMicaliKey.generate(256, new SplittableRandom(21));

    private static BigInteger squareRoot(GoldwasserMicaliKey key, BigInteger residue) {
        BigInteger p = key.p();
        BigInteger q = key.q();
        BigInteger rootP = residue.mod(p).modPow(p.add(BigInteger.ONE).shiftRight(2), p);
        BigInteger rootQ = residue.mod(q).modPow(q.add(BigInteger.ONE).shiftRight(2), q);
        return rootP.subtract(rootQ).multiply(q.modInverse(p)).mod(p).multiply(q).add(rootQ);
    }

    @Test
    void theProofFailsForAnotherPseudoSquareOrAnotherModulus() {
        BigInteger m = KEY.modulus();
        BigInteger[] proof = KEY.pseudoSquareProof();
        assertThat(PseudoSquareProof.firstFailingRound(m, KEY.pseudoSquare(), proof)).isEqualTo(-1);
        // y times a square: the same class, so a true statement, but not the one proven.
        BigInteger sameClass = KEY.pseudoSquare().multiply(BigInteger.valueOf(9)).mod(m);
        assertThat(PseudoSquareProof.firstFailingRound(m, sameClass, proof)).isNotEqualTo(-1);
        GoldwasserMicaliKey other = GoldwasserMicaliKey.generate(256, new SplittableRandom(22));
        assertThat(PseudoSquareProof.firstFailingRound(other.modulus(), KEY.pseudoSquare().mod(other.modulus()), proof))
                .isNotEqualTo(-1);
    }

    /**
     * A cheating sender who uses a square y (the packet would then show the receiver's bits in the clear) answers
     * every round with a root of h_0, the challenge it would face if the rounds were not hashed apart.
     */
    @Test
    void aForgerWhoAnswersEveryRoundWithTheFirstRoundsRootIsRejected() {
        BigInteger m = KEY.modulus();
        SplittableRandom rng = new SplittableRandom(23);
        BigInteger squareY;
        BigInteger h0;
        do { // about two tries: h_0 must be a square for its root to exist
            BigInteger s = GoldwasserMicaliKey.randomNonZeroBelow(m, rng);
            squareY = s.multiply(s).mod(m);
            h0 = PseudoSquareProof.challenge(m, squareY, 0);
        } while (KEY.decrypt(h0) != 0);
        BigInteger[] roots = new BigInteger[PseudoSquareProof.ROUNDS];
        Arrays.fill(roots, squareRoot(KEY, h0));

        assertThat(roots[0].multiply(roots[0]).mod(m)).as("the forger's root").isEqualTo(h0);
        assertThat(KEY.decrypt(squareY)).as("a false statement: y is a square").isZero();
        assertThat(PseudoSquareProof.firstFailingRound(m, squareY, roots)).isNotEqualTo(-1);
    }

    /**
     * Every h_t of every round from the formula documented on {@link PseudoSquareProof#challenge}, for a modulus
     * whose two's-complement encoding has a leading zero byte (256 bits) and one that has not (254 bits); the
     * key's proof answers exactly those.
     */
    @ParameterizedTest
    @ValueSource(ints = {254, 256})
    void everyRoundsChallengeIsTheDocumentedHash(int bits) throws Exception {
        GoldwasserMicaliKey key = GoldwasserMicaliKey.generate(bits, new SplittableRandom(bits));
        BigInteger m = key.modulus();
        BigInteger y = key.pseudoSquare();
        BigInteger[] roots = key.pseudoSquareProof();
        for (int t = 0; t < PseudoSquareProof.ROUNDS; t++) {
            BigInteger h = documentedChallenge(m, y, t);
            assertThat(PseudoSquareProof.challenge(m, y, t)).as("round %d", t).isEqualTo(h);
            BigInteger square = roots[t].multiply(roots[t]).mod(m);
            assertThat(square).as("round %d", t).isIn(h, h.multiply(y).mod(m));
        }
    }

    private static BigInteger documentedChallenge(BigInteger m, BigInteger y, int t) throws Exception {
        int length = (m.bitLength() + 7) / 8 + 16;
        for (int counter = 0;; counter++) {
            byte[] stream = new byte[0];
            for (int block = 0; stream.length < length; block++) {
                MessageDigest sha = MessageDigest.getInstance("SHA-512");
                sha.update("fairtable/ot/andos/pseudo-square-proof/v1".getBytes(StandardCharsets.US_ASCII));
                sha.update(u32(m.toByteArray().length));
                sha.update(m.toByteArray());
                sha.update(u32(y.toByteArray().length));
                sha.update(y.toByteArray());
                sha.update(u32(t));
                sha.update(u32(counter));
                sha.update(u32(block));
                byte[] digest = sha.digest();
                byte[] longer = Arrays.copyOf(stream, stream.length + digest.length);
                System.arraycopy(digest, 0, longer, stream.length, digest.length);
                stream = longer;
            }
            BigInteger h = new BigInteger(1, Arrays.copyOf(stream, length)).mod(m);
            if (Jacobi.symbol(h, m) == 1) {
                return h;
            }
        }
    }

    private static byte[] u32(int n) {
        return new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n};
    }
}
