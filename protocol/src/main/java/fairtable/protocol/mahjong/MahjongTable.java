package fairtable.protocol.mahjong;

/**
 * The battle table of seed 003 (its figure 2) as the protocol needs it, over kinds 1..13: t(x, y) is 0 when the
 * kinds are equal (both tiles removed), 1 when the attacker x wins (x = 1 against y = 13, or x &gt; y unless x = 13
 * and y = 1), 2 when the defender wins. The games layer's BattleTable is the same relation; a games-layer test
 * holds the two equal on all 169 pairs.
 */
public final class MahjongTable {
    public static final int KINDS = 13;
    public static final int DRAW = 0;
    public static final int ATTACKER_WINS = 1;
    public static final int DEFENDER_WINS = 2;

    private MahjongTable() {}

    public static int t(int attackerKind, int defenderKind) {
        check(attackerKind);
        check(defenderKind);
        if (attackerKind == defenderKind) {
            return DRAW;
        }
        if (attackerKind == 1 && defenderKind == KINDS) {
            return ATTACKER_WINS;
        }
        if (attackerKind > defenderKind && !(attackerKind == KINDS && defenderKind == 1)) {
            return ATTACKER_WINS;
        }
        return DEFENDER_WINS;
    }

    static boolean attackerRemoved(int result) {
        return result != ATTACKER_WINS;
    }

    static boolean defenderRemoved(int result) {
        return result != DEFENDER_WINS;
    }

    private static void check(int kind) {
        if (kind < 1 || kind > KINDS) {
            throw new IllegalArgumentException("tile kinds are 1..13, not " + kind);
        }
    }
}
