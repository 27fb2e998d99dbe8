package fairtable.crypto.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Jacobi symbol against its definitions: for a prime modulus it is the Legendre symbol, which Euler's
 * criterion computes as a^((p-1)/2) mod p; for a composite n it is the product of the Legendre symbols over
 * the prime factorisation of n, each found here by listing the squares modulo the prime.
 */
class JacobiTest {

    static Stream<BigInteger> primes() {
        return Stream.of(
                BigInteger.valueOf(3),
                BigInteger.valueOf(5),
                BigInteger.valueOf(7),
                BigInteger.valueOf(13),
                BigInteger.valueOf(17),
                BigInteger.valueOf(10_007),
                BigInteger.valueOf(2_147_483_647L), // 2^31 - 1
                BigInteger.ONE.shiftLeft(61).subtract(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19)),
                // RFC 3526 group 14 and RFC 7919 ffdhe2048 (safe primes, both 7 mod 8)
                new BigInteger("FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22"
                        + "514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42"
                        + "E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163"
                        + "BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D67"
                        + "0C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF0"
                        + "6F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF",
                        16));
    }

    @ParameterizedTest
    @MethodSource("primes")
    void agreesWithEulersCriterionForRandomValues(BigInteger p) {
        assertThat(p.isProbablePrime(64)).isTrue();
        SplittableRandom random = new SplittableRandom(p.longValue());
        BigInteger halfOrder = p.subtract(BigInteger.ONE).shiftRight(1);
        for (int i = 0; i < 200; i++) {
            // Random values of about the size of p, negative ones and ones beyond p included.
            byte[] bytes = new byte[(p.bitLength() + 4 + 7) / 8 + 1];
            random.nextBytes(bytes);
            BigInteger a = new BigInteger(1, bytes).mod(p.shiftLeft(4)).subtract(p.shiftLeft(3));
            assertThat(Jacobi.symbol(a, p)).as("(%s / %s)", a, p).isEqualTo(euler(a, p, halfOrder));
        }
    }

    @ParameterizedTest
    @MethodSource("primes")
    void agreesWithEulersCriterionAtTheEdges(BigInteger p) {
        BigInteger halfOrder = p.subtract(BigInteger.ONE).shiftRight(1);
        for (BigInteger a : new BigInteger[] {
            BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, p.subtract(BigInteger.ONE), p, p.add(BigInteger.ONE),
            BigInteger.ONE.negate(), BigInteger.TWO.negate(), p.negate()
        }) {
            assertThat(Jacobi.symbol(a, p)).as("(%s / %s)", a, p).isEqualTo(euler(a, p, halfOrder));
        }
    }

    @Test
    void isTheDefinitionOnEverySmallOddModulus() {
        // Every a in [-n, 2n) for every odd n below 400, composites and prime powers included.
        for (int n = 1; n < 400; n += 2) {
            for (int a = -n; a < 2 * n; a++) {
                assertThat(Jacobi.symbol(BigInteger.valueOf(a), BigInteger.valueOf(n)))
                        .as("(%d / %d)", a, n)
                        .isEqualTo(jacobiByFactorisation(a, n));
            }
        }
    }

    @Test
    void knownValues() {
        // Textbook examples: (1001/9907) = -1, (19/45) = 1 although 19 is not a square mod 45, (8/21) = -1.
        assertThat(Jacobi.symbol(BigInteger.valueOf(1001), BigInteger.valueOf(9907))).isEqualTo(-1);
        assertThat(Jacobi.symbol(BigInteger.valueOf(19), BigInteger.valueOf(45))).isEqualTo(1);
        assertThat(Jacobi.symbol(BigInteger.valueOf(8), BigInteger.valueOf(21))).isEqualTo(-1);
        assertThat(Jacobi.symbol(BigInteger.valueOf(5), BigInteger.valueOf(21))).isEqualTo(1);
        assertThat(Jacobi.symbol(BigInteger.valueOf(6), BigInteger.valueOf(15))).isEqualTo(0);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, -3, -7, 2, 4, 100, 1L << 40})
    void rejectsEvenAndNonPositiveModuli(long n) {
        assertThatThrownBy(() -> Jacobi.symbol(BigInteger.valueOf(3), BigInteger.valueOf(n)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static int euler(BigInteger a, BigInteger p, BigInteger halfOrder) {
        BigInteger r = a.mod(p).modPow(halfOrder, p);
        if (r.signum() == 0) {
            return 0;
        }
        if (r.equals(BigInteger.ONE)) {
            return 1;
        }
        assertThat(r).isEqualTo(p.subtract(BigInteger.ONE));
        return -1;
    }

    /** The product of Legendre symbols over the prime factorisation of the odd number n. */
    private static int jacobiByFactorisation(int a, int n) {
        int result = 1;
        int rest = n;
        for (int p = 3; rest > 1; p += 2) {
            while (rest % p == 0) {
                result *= legendreByListingSquares(a, p);
                rest /= p;
            }
        }
        return result;
    }

    /** 0 if p divides a, 1 if a is a square modulo the prime p, -1 otherwise. */
    private static int legendreByListingSquares(int a, int p) {
        int r = Math.floorMod(a, p);
        if (r == 0) {
            return 0;
        }
        for (int x = 1; x < p; x++) {
            if (x * x % p == r) {
                return 1;
            }
        }
        return -1;
    }
}
