package fairtable.crypto.group;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * The built-in safe primes against their published definitions, recomputed here from pi and e rather than
 * compared with a copied hex string:
 *
 * <ul>
 *   <li>RFC 3526 section 3 (group 14): p = 2^2048 - 2^1984 - 1 + 2^64 * ( [2^1918 pi] + 124476 );
 *   <li>RFC 7919 appendix A.1 (ffdhe2048): p = 2^2048 - 2^1984 + ([2^1918 * e] + 560316) * 2^64 - 1;
 *   <li>RFC 7919 appendix A.2 (ffdhe3072): p = 2^3072 - 2^3008 + ([2^2942 * e] + 2625351) * 2^64 - 1.
 * </ul>
 *
 * pi (Machin's formula) and e (the series of 1/k!) are computed in binary fixed point with guard bits.
 */
class SafePrimeDefinitionsTest {
    private static final int GUARD_BITS = 64;

    @Test
    void modp2048IsRfc3526Group14() {
        BigInteger expected = pow2(2048).subtract(pow2(1984)).subtract(BigInteger.ONE)
                .add(pow2(64).multiply(floorPiTimesPow2(1918).add(BigInteger.valueOf(124476))));
        assertThat(SafePrimeGroup.modp2048().modulus()).isEqualTo(expected);
    }

    @Test
    void ffdhe2048IsRfc7919() {
        BigInteger expected = pow2(2048).subtract(pow2(1984))
                .add(floorETimesPow2(1918).add(BigInteger.valueOf(560316)).multiply(pow2(64)))
                .subtract(BigInteger.ONE);
        assertThat(SafePrimeGroup.ffdhe2048().modulus()).isEqualTo(expected);
    }

    @Test
    void ffdhe3072IsRfc7919() {
        BigInteger expected = pow2(3072).subtract(pow2(3008))
                .add(floorETimesPow2(2942).add(BigInteger.valueOf(2625351)).multiply(pow2(64)))
                .subtract(BigInteger.ONE);
        assertThat(SafePrimeGroup.ffdhe3072().modulus()).isEqualTo(expected);
    }

    @Test
    void theModuliAreSafePrimesOfTheAdvertisedSize() {
        assertSafePrime(SafePrimeGroup.modp2048(), 2048);
        assertSafePrime(SafePrimeGroup.ffdhe2048(), 2048);
        assertSafePrime(SafePrimeGroup.ffdhe3072(), 3072);
    }

    @Test
    void theLiteralGroupUsesTheRfc3526Prime() {
        assertThat(PatentLiteralGroup.standard().modulus()).isEqualTo(SafePrimeGroup.modp2048().modulus());
    }

    @Test
    void theFixedPointConstantsAreRight() {
        // Known leading binary digits: pi = 11.001001000011111101101010100010001000010110100011..., and the
        // RFC 3526 prime's second 64-bit word C90FDAA22168C234 is the start of pi's fraction after "11".
        assertThat(floorPiTimesPow2(62).toString(16)).isEqualTo("c90fdaa22168c234");
        // e = 2.b7e151628aed2a6a bf7158809cf4f3c7 62e7160f38b4da56 ... in hexadecimal.
        assertThat(floorETimesPow2(62).toString(16)).isEqualTo("adf85458a2bb4a9a");
        assertThat(floorETimesPow2(64).toString(16)).isEqualTo("2b7e151628aed2a6a");
    }

    private static void assertSafePrime(SafePrimeGroup group, int bits) {
        BigInteger p = group.modulus();
        assertThat(p.bitLength()).isEqualTo(bits);
        assertThat(p.isProbablePrime(64)).as("%s is prime", group.name()).isTrue();
        BigInteger q = p.subtract(BigInteger.ONE).shiftRight(1);
        assertThat(q.isProbablePrime(64)).as("(p-1)/2 of %s is prime", group.name()).isTrue();
        assertThat(group.exponentModulus()).isEqualTo(q);
        assertThat(group.elementLength()).isEqualTo(bits / 8);
    }

    private static BigInteger pow2(int exponent) {
        return BigInteger.ONE.shiftLeft(exponent);
    }

    /** floor(2^n * pi), from Machin's formula pi = 16 atan(1/5) - 4 atan(1/239). */
    static BigInteger floorPiTimesPow2(int n) {
        int bits = n + GUARD_BITS;
        BigInteger pi = arctanOfInverse(5, bits).shiftLeft(4).subtract(arctanOfInverse(239, bits).shiftLeft(2));
        return pi.shiftRight(GUARD_BITS);
    }

    /** atan(1/x) * 2^bits, from the alternating series sum (-1)^k / ((2k+1) x^(2k+1)), truncating each term. */
    private static BigInteger arctanOfInverse(int x, int bits) {
        BigInteger xSquared = BigInteger.valueOf((long) x * x);
        BigInteger power = BigInteger.ONE.shiftLeft(bits).divide(BigInteger.valueOf(x)); // 2^bits / x^(2k+1)
        BigInteger sum = power;
        for (int k = 1; power.signum() != 0; k++) {
            power = power.divide(xSquared);
            BigInteger term = power.divide(BigInteger.valueOf(2L * k + 1));
            sum = (k % 2 == 1) ? sum.subtract(term) : sum.add(term);
        }
        return sum;
    }

    /** floor(2^n * e), from e = sum 1/k!. */
    static BigInteger floorETimesPow2(int n) {
        int bits = n + GUARD_BITS;
        BigInteger term = BigInteger.ONE.shiftLeft(bits); // 2^bits / k!
        BigInteger sum = BigInteger.ZERO;
        for (int k = 1; term.signum() != 0; k++) {
            sum = sum.add(term);
            term = term.divide(BigInteger.valueOf(k));
        }
        return sum.shiftRight(GUARD_BITS);
    }
}
