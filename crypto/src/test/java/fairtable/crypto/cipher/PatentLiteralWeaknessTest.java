package fairtable.crypto.cipher;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.InvalidElementException;
import fairtable.crypto.group.PatentLiteralGroup;
import fairtable.crypto.group.SafePrimeGroup;
import fairtable.crypto.math.Jacobi;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * The known weaknesses of the patent's literal arithmetic, stated as facts the code must exhibit (so the
 * insecure group is what its documentation says it is), and their absence in the prime-order group.
 */
class PatentLiteralWeaknessTest {
    private static final PatentLiteralGroup LITERAL = PatentLiteralGroup.standard();
    private static final BigInteger P = LITERAL.modulus();
    private static final byte[] DECK = "weakness".getBytes(StandardCharsets.UTF_8);

    @RepeatedTest(6)
    void encryptionPreservesTheLegendreSymbol(RepetitionInfo repetition) {
        // Every key is odd (coprime to the even p-1), so (v^k / p) = (v / p)^k = (v / p): Lipton's leak.
        SplittableRandom random = new SplittableRandom(repetition.getCurrentRepetition());
        CommutativeKey key = CommutativeKey.generate(LITERAL, random);
        assertThat(key.exponent().testBit(0)).as("keys are odd").isTrue();
        int residues = 0;
        for (int index = 0; index < 12; index++) {
            Element card = LITERAL.cardElement(DECK, index);
            int before = Jacobi.symbol(LITERAL.valueOf(card), P);
            int after = Jacobi.symbol(LITERAL.valueOf(key.encrypt(card)), P);
            assertThat(after).as("card %d", index).isEqualTo(before);
            residues += before == 1 ? 1 : 0;
        }
        // Both kinds of card occur, so the leak really splits the deck in two.
        assertThat(residues).isBetween(1, 11);
    }

    @RepeatedTest(3)
    void smallIntegerCardsKeepTheirMultiplicativeRelations(RepetitionInfo repetition) {
        SplittableRandom random = new SplittableRandom(100 + repetition.getCurrentRepetition());
        CommutativeKey key = CommutativeKey.generate(LITERAL, random);
        Element two = LITERAL.cardElement(DECK, 0);
        Element three = LITERAL.cardElement(DECK, 1);
        Element four = LITERAL.cardElement(DECK, 2);
        Element six = LITERAL.cardElement(DECK, 4);
        assertThat(LITERAL.valueOf(four)).isEqualTo(BigInteger.valueOf(4));
        // Enc(2)^2 = Enc(4), and Enc(2) * Enc(3) = Enc(6): relations visible without the key.
        assertThat(key.encrypt(two).exp(BigInteger.TWO)).isEqualTo(key.encrypt(four));
        BigInteger product = LITERAL.valueOf(key.encrypt(two)).multiply(LITERAL.valueOf(key.encrypt(three))).mod(P);
        assertThat(product).isEqualTo(LITERAL.valueOf(key.encrypt(six)));
    }

    @RepeatedTest(3)
    void minusOneEncryptsToItself(RepetitionInfo repetition) throws InvalidElementException {
        SplittableRandom random = new SplittableRandom(200 + repetition.getCurrentRepetition());
        CommutativeKey key = CommutativeKey.generate(LITERAL, random);
        Element minusOne = LITERAL.decode(bigEndian(P.subtract(BigInteger.ONE), LITERAL.elementLength()));
        assertThat(key.encrypt(minusOne)).isEqualTo(minusOne);
        assertThat(key.decrypt(minusOne)).isEqualTo(minusOne);
    }

    @Test
    void thePrimeOrderGroupLeaksNoResidueBit() {
        // Every element of the subgroup is a residue, so the symbol is 1 before and after: no information.
        SafePrimeGroup group = SafePrimeGroup.modp2048();
        CommutativeKey key = CommutativeKey.generate(group, new SplittableRandom(5));
        for (int index = 0; index < 12; index++) {
            Element card = group.cardElement(DECK, index);
            assertThat(Jacobi.symbol(group.valueOf(card), group.modulus())).isEqualTo(1);
            assertThat(Jacobi.symbol(group.valueOf(key.encrypt(card)), group.modulus())).isEqualTo(1);
        }
    }

    private static byte[] bigEndian(BigInteger v, int length) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[length];
        int copy = Math.min(raw.length, length);
        System.arraycopy(raw, raw.length - copy, out, length - copy, copy);
        return out;
    }
}
