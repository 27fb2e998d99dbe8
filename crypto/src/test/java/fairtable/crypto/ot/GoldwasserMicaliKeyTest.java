package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class GoldwasserMicaliKeyTest {
    /** Euler's criterion, independent of the Jacobi helper: a^((p-1)/2) mod p is 1 for residues, p-1 otherwise. */
    private static boolean isResidueModPrime(BigInteger a, BigInteger prime) {
        return a.modPow(prime.subtract(BigInteger.ONE).shiftRight(1), prime).equals(BigInteger.ONE);
    }

    @RepeatedTest(5)
    void keyIsABlumModulusWithAPseudoSquare(RepetitionInfo repetition) {
        GoldwasserMicaliKey key = GoldwasserMicaliKey.generate(512, new SplittableRandom(repetition.getCurrentRepetition()));
        BigInteger p = key.p();
        BigInteger q = key.q();

        assertThat(key.modulus()).isEqualTo(p.multiply(q));
        assertThat(key.modulus().bitLength()).isEqualTo(512);
        assertThat(p).isNotEqualTo(q);
        for (BigInteger prime : new BigInteger[] {p, q}) {
            assertThat(prime.isProbablePrime(100)).isTrue();
            assertThat(prime.mod(BigInteger.valueOf(4))).isEqualTo(BigInteger.valueOf(3));
            assertThat(prime.bitLength()).isEqualTo(256);
            assertThat(isResidueModPrime(key.pseudoSquare(), prime)).as("y is a non-residue mod each prime").isFalse();
        }
    }

    @Test
    void encryptionDecryptsByResiduosity() {
        SplittableRandom random = new SplittableRandom(3);
        GoldwasserMicaliKey key = GoldwasserMicaliKey.generate(256, random);
        for (int i = 0; i < 200; i++) {
            int bit = random.nextInt(2);
            BigInteger ciphertext = key.encrypt(bit, random);
            assertThat(isResidueModPrime(ciphertext, key.p())).isEqualTo(bit == 0);
            assertThat(isResidueModPrime(ciphertext, key.q())).isEqualTo(bit == 0);
            assertThat(key.decrypt(ciphertext)).isEqualTo(bit);
        }
        // Units with Jacobi symbol -1, and non-units, are not ciphertexts.
        BigInteger notACiphertext = findJacobiMinusOne(key.modulus());
        assertThat(key.decrypt(notACiphertext)).isEqualTo(-1);
        assertThat(key.decrypt(key.p())).isEqualTo(-1);
    }

    private static BigInteger findJacobiMinusOne(BigInteger modulus) {
        BigInteger candidate = BigInteger.TWO;
        while (fairtable.crypto.math.Jacobi.symbol(candidate, modulus) != -1) {
            candidate = candidate.add(BigInteger.ONE);
        }
        return candidate;
    }

    @Test
    void thePseudoSquareProofVerifiesAndItsChallengesHaveJacobiSymbolPlusOne() {
        GoldwasserMicaliKey key = GoldwasserMicaliKey.generate(256, new SplittableRandom(4));
        BigInteger[] proof = key.pseudoSquareProof();

        assertThat(proof).hasSize(128);
        assertThat(PseudoSquareProof.firstFailingRound(key.modulus(), key.pseudoSquare(), proof)).isEqualTo(-1);
        int nonResidues = 0;
        for (int t = 0; t < 128; t++) {
            BigInteger h = PseudoSquareProof.challenge(key.modulus(), key.pseudoSquare(), t);
            assertThat(fairtable.crypto.math.Jacobi.symbol(h, key.modulus())).isEqualTo(1);
            BigInteger square = proof[t].multiply(proof[t]).mod(key.modulus());
            if (!square.equals(h)) {
                assertThat(square).isEqualTo(h.multiply(key.pseudoSquare()).mod(key.modulus()));
                nonResidues++;
            }
        }
        // Challenges are residues or pseudo-squares with probability 1/2 each; 128 draws fall outside [40, 88]
        // with probability about 2e-5 (4.2 standard deviations). Both kinds must occur for the test to mean much.
        assertThat(nonResidues).isBetween(40, 88);
        // Another y with the same modulus gets different challenges.
        assertThat(PseudoSquareProof.challenge(key.modulus(), BigInteger.valueOf(5), 0))
                .isNotEqualTo(PseudoSquareProof.challenge(key.modulus(), key.pseudoSquare(), 0));
    }

    @Test
    void generationIsDeterministicForASeedAndDiffersAcrossSeeds() {
        GoldwasserMicaliKey first = GoldwasserMicaliKey.generate(256, new SplittableRandom(9));
        GoldwasserMicaliKey again = GoldwasserMicaliKey.generate(256, new SplittableRandom(9));
        GoldwasserMicaliKey other = GoldwasserMicaliKey.generate(256, new SplittableRandom(10));

        assertThat(again.modulus()).isEqualTo(first.modulus());
        assertThat(again.pseudoSquare()).isEqualTo(first.pseudoSquare());
        assertThat(other.modulus()).isNotEqualTo(first.modulus());
    }

    @Test
    void rejectsUnusableSizes() {
        assertThatThrownBy(() -> GoldwasserMicaliKey.generate(64, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GoldwasserMicaliKey.generate(513, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
