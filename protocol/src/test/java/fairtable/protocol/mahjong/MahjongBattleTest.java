package fairtable.protocol.mahjong;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.cipher.CommutativeKey;
import fairtable.crypto.group.Element;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The protocol's oblivious lookup gives the battle table's result for all 13 x 13 kind pairs in every mode. */
class MahjongBattleTest {
    private static MahjongParameters params(MahjongMode mode) {
        return mode == MahjongMode.FAITHFUL ? Match.faithfulSmall() : MahjongParameters.standard(mode);
    }

    @ParameterizedTest
    @EnumSource(MahjongMode.class)
    void everyPairReadsTheTable(MahjongMode mode) {
        MahjongParameters params = params(mode);
        SplittableRandom random = new SplittableRandom(6 + mode.ordinal());
        byte[] session = new byte[32];
        random.nextBytes(session);
        int battle = 0;
        for (int x = 1; x <= 13; x++) {
            // One row per attacker kind, read by every defender kind under a fresh defender key.
            ObliviousLookup lookup = new ObliviousLookup(params, session, battle++);
            CommutativeKey alpha = CommutativeKey.generate(params.group(), random);
            ObliviousLookup.Row row = lookup.row(x, alpha, random);
            assertThat(row.encrypted()).doesNotHaveDuplicates().hasSize(13);
            for (int y = 1; y <= 13; y++) {
                CommutativeKey beta = CommutativeKey.generate(params.group(), random);
                Element picked = lookup.pick(row.encrypted(), y, beta);
                Element stripped = lookup.strip(picked, alpha);
                assertThat(lookup.read(stripped, y, beta)).as("t(%d, %d) in %s", x, y, mode).isEqualTo(expected(x, y));
            }
        }
    }

    /** Figure 2 of seed 003, written out independently of MahjongTable: 一筒 beats 中, otherwise stronger wins. */
    private static int expected(int x, int y) {
        if (x == y) {
            return 0;
        }
        if (x == 1 && y == 13) {
            return 1;
        }
        if (x == 13 && y == 1) {
            return 2;
        }
        return x > y ? 1 : 2;
    }

    /** The faithful mode's bare t + 4r reads most garbage as a result; the fixed modes refuse it. */
    @ParameterizedTest
    @EnumSource(value = MahjongMode.class, names = {"FIXED", "RISTRETTO"})
    void anEntryReadInTheWrongColumnOrUnderTheWrongKeyIsRefused(MahjongMode mode) {
        MahjongParameters params = params(mode);
        SplittableRandom random = new SplittableRandom(60 + mode.ordinal());
        byte[] session = new byte[32];
        ObliviousLookup lookup = new ObliviousLookup(params, session, 0);
        CommutativeKey alpha = CommutativeKey.generate(params.group(), random);
        ObliviousLookup.Row row = lookup.row(7, alpha, random);
        int rejectedWrongKey = 0;
        for (int trial = 0; trial < 8; trial++) {
            CommutativeKey beta = CommutativeKey.generate(params.group(), random);
            CommutativeKey other = CommutativeKey.generate(params.group(), random);
            Element stripped = lookup.strip(lookup.pick(row.encrypted(), 3, beta), other);
            if (lookup.read(stripped, 3, beta) < 0) {
                rejectedWrongKey++;
            }
        }
        // A garbled value passes the fixed mode's check only if it lands below 2^258 (chance 2^-1790).
        assertThat(rejectedWrongKey).isEqualTo(8);
        if (mode == MahjongMode.RISTRETTO) {
            CommutativeKey beta = CommutativeKey.generate(params.group(), random);
            Element stripped = lookup.strip(lookup.pick(row.encrypted(), 3, beta), alpha);
            assertThat(lookup.read(stripped, 4, beta)).isEqualTo(-1);
            assertThat(new ObliviousLookup(params, session, 1).read(stripped, 3, beta)).isEqualTo(-1);
        }
    }
}
