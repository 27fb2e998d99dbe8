package fairtable.games.mahjongshogi;

/**
 * The battle table t(x, y) for an attacker of kind x against a defender of kind y: equal kinds remove each
 * other; the attacker wins if x is 1 and y is 13 (一筒 topples 中), or if x &gt; y except when x is 13 and y is 1;
 * otherwise the defender wins. The relation does not depend on who attacks.
 */
public final class BattleTable {

    private BattleTable() {
    }

    public static Outcome battle(int attackerKind, int defenderKind) {
        Kinds.check(attackerKind);
        Kinds.check(defenderKind);
        if (attackerKind == defenderKind) {
            return Outcome.BOTH_REMOVED;
        }
        boolean weakestTopplesStrongest = attackerKind == Kinds.WEAKEST && defenderKind == Kinds.STRONGEST;
        boolean strongestToppled = attackerKind == Kinds.STRONGEST && defenderKind == Kinds.WEAKEST;
        if (weakestTopplesStrongest || (attackerKind > defenderKind && !strongestToppled)) {
            return Outcome.ATTACKER_WINS;
        }
        return Outcome.DEFENDER_WINS;
    }
}
