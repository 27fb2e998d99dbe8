package fairtable.games.mahjongshogi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BattleTableTest {

    /**
     * The full table written out by hand from the rule text: row = attacker kind 1..13, column = defender kind
     * 1..13; '=' both removed, 'A' attacker wins, 'D' defender wins. Higher kinds win, equal kinds remove each
     * other, and the one exception: 一筒 (1) beats 中 (13), whichever attacks.
     */
    private static final List<String> TABLE = List.of(
            "=DDDDDDDDDDDA",
            "A=DDDDDDDDDDD",
            "AA=DDDDDDDDDD",
            "AAA=DDDDDDDDD",
            "AAAA=DDDDDDDD",
            "AAAAA=DDDDDDD",
            "AAAAAA=DDDDDD",
            "AAAAAAA=DDDDD",
            "AAAAAAAA=DDDD",
            "AAAAAAAAA=DDD",
            "AAAAAAAAAA=DD",
            "AAAAAAAAAAA=D",
            "DAAAAAAAAAAA=");

    @Test
    void theFullTableMatchesTheRuleText() {
        for (int x = 1; x <= 13; x++) {
            for (int y = 1; y <= 13; y++) {
                Outcome expected = switch (TABLE.get(x - 1).charAt(y - 1)) {
                    case '=' -> Outcome.BOTH_REMOVED;
                    case 'A' -> Outcome.ATTACKER_WINS;
                    case 'D' -> Outcome.DEFENDER_WINS;
                    default -> throw new AssertionError();
                };
                assertThat(BattleTable.battle(x, y)).as("t(%d, %d)", x, y).isEqualTo(expected);
            }
        }
    }

    @Test
    void whoWinsDoesNotDependOnWhoAttacks() {
        for (int x = 1; x <= 13; x++) {
            for (int y = 1; y <= 13; y++) {
                if (x != y) {
                    assertThat(BattleTable.battle(x, y) == Outcome.ATTACKER_WINS)
                            .isEqualTo(BattleTable.battle(y, x) == Outcome.DEFENDER_WINS);
                }
            }
        }
    }

    @Test
    void eastBattlesAsKindTen() {
        assertThat(Kinds.name(Kinds.EAST)).isEqualTo("東");
        assertThat(Kinds.name(1)).isEqualTo("一筒");
        assertThat(Kinds.name(13)).isEqualTo("中");
        assertThat(BattleTable.battle(Kinds.EAST, 9)).isEqualTo(Outcome.ATTACKER_WINS);
        assertThat(BattleTable.battle(Kinds.EAST, 11)).isEqualTo(Outcome.DEFENDER_WINS);
        TileSet standard = TileSet.standard();
        assertThat(BattleResult.between(11, Kinds.EAST, standard))
                .isEqualTo(new BattleResult(Outcome.ATTACKER_WINS, false, true));
        assertThat(BattleResult.between(Kinds.EAST, 11, standard))
                .isEqualTo(new BattleResult(Outcome.DEFENDER_WINS, true, false));
        assertThat(BattleResult.between(Kinds.EAST, Kinds.EAST, standard))
                .isEqualTo(new BattleResult(Outcome.BOTH_REMOVED, true, true));
        assertThat(BattleResult.between(Kinds.EAST, 3, standard))
                .isEqualTo(new BattleResult(Outcome.ATTACKER_WINS, false, false));
    }

    @Test
    void rejectsKindsOutsideOneToThirteenAndInconsistentResults() {
        assertThatThrownBy(() -> BattleTable.battle(0, 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BattleTable.battle(5, 14)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BattleResult(Outcome.ATTACKER_WINS, true, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BattleResult(Outcome.DEFENDER_WINS, false, true))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BattleResult(Outcome.BOTH_REMOVED, true, false))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
