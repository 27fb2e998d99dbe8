package fairtable.crypto.math;

import java.math.BigInteger;

/** The Jacobi symbol, which for a prime modulus is the Legendre symbol (the quadratic-residue bit). */
public final class Jacobi {
    private Jacobi() {}

    /**
     * Returns (a/n) in {-1, 0, 1} for an odd positive n. Binary algorithm: far cheaper than Euler's
     * criterion a^((n-1)/2) mod n, which costs a full exponentiation.
     */
    public static int symbol(BigInteger a, BigInteger n) {
        if (n.signum() <= 0 || !n.testBit(0)) {
            throw new IllegalArgumentException("the Jacobi symbol needs an odd positive modulus");
        }
        a = a.mod(n);
        int result = 1;
        while (a.signum() != 0) {
            int twos = a.getLowestSetBit();
            a = a.shiftRight(twos);
            int nMod8 = n.intValue() & 7;
            if ((twos & 1) == 1 && (nMod8 == 3 || nMod8 == 5)) {
                result = -result;
            }
            // Quadratic reciprocity: swap, flipping the sign when both are 3 mod 4.
            if ((a.intValue() & 3) == 3 && (n.intValue() & 3) == 3) {
                result = -result;
            }
            BigInteger t = a;
            a = n.mod(t);
            n = t;
        }
        return n.equals(BigInteger.ONE) ? result : 0;
    }
}
