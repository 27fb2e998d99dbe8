package fairtable.games.mahjongshogi;

/**
 * A battle's result, supplied to the engine from outside (by the protocol, or by {@link MahjongShogiReplay} on full
 * information). Besides the outcome it says whether a removed tile was its owner's king, since that ends the game.
 */
public record BattleResult(Outcome outcome, boolean attackerKingRemoved, boolean defenderKingRemoved) {

    public BattleResult {
        if (outcome == null) {
            throw new IllegalArgumentException("no outcome");
        }
        if (attackerKingRemoved && outcome == Outcome.ATTACKER_WINS) {
            throw new IllegalArgumentException("a winning attacker is not removed");
        }
        if (defenderKingRemoved && outcome == Outcome.DEFENDER_WINS) {
            throw new IllegalArgumentException("a winning defender is not removed");
        }
        if (outcome == Outcome.BOTH_REMOVED && attackerKingRemoved != defenderKingRemoved) {
            throw new IllegalArgumentException("equal kinds are either both kings or neither");
        }
    }

    public static BattleResult between(int attackerKind, int defenderKind, TileSet tileSet) {
        Outcome outcome = BattleTable.battle(attackerKind, defenderKind);
        boolean attackerKing = attackerKind == tileSet.kingKind() && outcome != Outcome.ATTACKER_WINS;
        boolean defenderKing = defenderKind == tileSet.kingKind() && outcome != Outcome.DEFENDER_WINS;
        return new BattleResult(outcome, attackerKing, defenderKing);
    }
}
