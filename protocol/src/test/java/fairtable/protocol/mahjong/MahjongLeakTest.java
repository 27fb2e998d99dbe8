package fairtable.protocol.mahjong;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.cipher.CommutativeKey;
import fairtable.crypto.group.Element;
import fairtable.crypto.math.Jacobi;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The residue leak of seed 003's battle (specs/protocols.md §3). The attacker A strips its key from
 * E_B(E_A(v)) and so holds E_B(v), where v is the entry of the defender's column. Every SRA key modulo a prime
 * is odd, so the Legendre symbol of E_B(v) is that of v, which A chose: A learns a bit of the defender's kind
 * beyond the result. With the fix every entry is a quadratic residue and the bit is constant.
 */
class MahjongLeakTest {
    @Test
    void faithfulAttackerLearnsTheParityOfTheDefendersKind() {
        MahjongParameters params = Match.faithfulSmall();
        BigInteger p = Match.SMALL_PRIME;
        SplittableRandom random = new SplittableRandom(2026);
        EntryEncoding.Literal encoding = (EntryEncoding.Literal) params.encoding();
        int attackerKind = 5;
        int guessedRight = 0;
        int battles = 0;
        for (int round = 0; round < 4; round++) {
            // A pads honestly-looking entries t + 4r but picks each r so that the entry's residue bit is the
            // column's parity: a residue for even kinds, a non-residue for odd kinds.
            CommutativeKey alpha = CommutativeKey.generate(params.group(), random);
            List<Element> plain = new ArrayList<>();
            for (int k = 1; k <= 13; k++) {
                int t = MahjongTable.t(attackerKind, k);
                BigInteger v;
                do {
                    v = BigInteger.valueOf(random.nextLong(1, Long.MAX_VALUE)).shiftLeft(2).add(BigInteger.valueOf(t));
                } while ((Jacobi.symbol(v, p) == 1) != (k % 2 == 0));
                plain.add(encoding.literal(v));
            }
            List<Element> row = alpha.encryptAll(plain);
            for (int defenderKind = 1; defenderKind <= 13; defenderKind++) {
                CommutativeKey beta = CommutativeKey.generate(params.group(), random);
                Element stripped = alpha.decrypt(beta.encrypt(row.get(defenderKind - 1)));
                boolean guessEven = Jacobi.symbol(value(params, stripped), p) == 1;
                battles++;
                if (guessEven == (defenderKind % 2 == 0)) {
                    guessedRight++;
                }
            }
        }
        // Always right, including between kinds 6 and 7 that both beat a 5 and so give the same result.
        assertThat(guessedRight).isEqualTo(battles);
    }

    @Test
    void fixedModeEntriesAllCarryTheSameResidueBit() {
        MahjongParameters params = MahjongParameters.standard(MahjongMode.FIXED);
        BigInteger p = ((fairtable.crypto.group.SafePrimeGroup) params.group()).modulus();
        SplittableRandom random = new SplittableRandom(2027);
        ObliviousLookup lookup = new ObliviousLookup(params, new byte[32], 0);
        CommutativeKey alpha = CommutativeKey.generate(params.group(), random);
        ObliviousLookup.Row row = lookup.row(5, alpha, random);
        for (int defenderKind = 1; defenderKind <= 13; defenderKind++) {
            assertThat(Jacobi.symbol(value(params, row.plain().get(defenderKind - 1)), p)).isEqualTo(1);
            CommutativeKey beta = CommutativeKey.generate(params.group(), random);
            Element stripped = lookup.strip(lookup.pick(row.encrypted(), defenderKind, beta), alpha);
            assertThat(Jacobi.symbol(value(params, stripped), p)).isEqualTo(1);
        }
    }

    @org.junit.jupiter.api.Test
    void fixedModeRefusesAnEntryAnAttackerTurnedIntoANonResidue() {
        MahjongParameters params = MahjongParameters.standard(MahjongMode.FIXED);
        fairtable.crypto.group.SafePrimeGroup group = (fairtable.crypto.group.SafePrimeGroup) params.group();
        ObliviousLookup lookup = new ObliviousLookup(params, new byte[32], 0);
        ObliviousLookup.Row row = lookup.row(5, CommutativeKey.generate(group, new SplittableRandom(3)), new SplittableRandom(4));
        BigInteger residue = group.valueOf(row.encrypted().get(0));
        byte[] negated = EntryEncoding.fixedLength(group.modulus().subtract(residue), group.elementLength());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> group.decode(negated))
                .isInstanceOf(fairtable.crypto.group.InvalidElementException.class);
    }

    private static BigInteger value(MahjongParameters params, Element e) {
        return new BigInteger(1, e.encoded());
    }
}
