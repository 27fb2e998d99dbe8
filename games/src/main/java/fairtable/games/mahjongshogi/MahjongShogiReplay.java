package fairtable.games.mahjongshogi;

import java.util.List;
import java.util.OptionalInt;

/**
 * Full-information replay: given both placements, the true result of every battle follows from the
 * {@link BattleTable}. The audit uses this to check the battle results claimed during a game.
 */
public final class MahjongShogiReplay {

    /** The position after the replayed moves, and every battle with its true result. */
    public record Replay(MahjongShogiState finalState, List<BattleRecord> battles) {
    }

    private MahjongShogiReplay() {
    }

    /** The true result of the battle the state is waiting for. */
    public static BattleResult trueResult(MahjongShogiState state, Placement placement0, Placement placement1) {
        if (!(state.awaiting() instanceof MahjongShogiState.PendingBattle pending)) {
            throw new IllegalStateException("no battle pending; waiting for " + state.awaiting());
        }
        List<Placement> placements = List.of(placement0, placement1);
        int attackerKind = placements.get(pending.attacker().owner()).kindOf(pending.attacker());
        int defenderKind = placements.get(pending.defender().owner()).kindOf(pending.defender());
        return BattleResult.between(attackerKind, defenderKind, state.rules().tileSet());
    }

    /** Replays the moves, resolving each battle truthfully. Rejects an illegal move or a move after the end. */
    public static Replay replay(MahjongShogiRules rules, Placement placement0, Placement placement1,
                                List<Move> moves) {
        MahjongShogiState state = MahjongShogiState.start(rules, placement0, placement1);
        for (Move move : moves) {
            state = step(state, move, placement0, placement1);
        }
        return new Replay(state, state.battles());
    }

    /**
     * Checks claimed battle results (in order of the battles) against the truth. Returns the index of the first
     * false claim, or empty if every claim is true. The replay follows the claims up to the first false one, so
     * the moves are checked against the game the players actually saw.
     *
     * @throws IllegalArgumentException if a move is illegal or the number of claims does not match the battles
     */
    public static OptionalInt firstFalseClaim(MahjongShogiRules rules, Placement placement0, Placement placement1,
                                              List<Move> moves, List<BattleResult> claims) {
        MahjongShogiState state = MahjongShogiState.start(rules, placement0, placement1);
        int battle = 0;
        for (Move move : moves) {
            requireMoving(state, move);
            state = state.apply(move);
            if (state.awaiting() instanceof MahjongShogiState.PendingBattle) {
                if (battle >= claims.size()) {
                    throw new IllegalArgumentException("battle " + battle + " has no claimed result");
                }
                BattleResult truth = trueResult(state, placement0, placement1);
                if (!truth.equals(claims.get(battle))) {
                    return OptionalInt.of(battle);
                }
                state = state.resolveBattle(truth);
                battle++;
            }
        }
        if (battle != claims.size()) {
            throw new IllegalArgumentException(claims.size() + " claims for " + battle + " battles");
        }
        return OptionalInt.empty();
    }

    private static MahjongShogiState step(MahjongShogiState state, Move move, Placement placement0,
                                          Placement placement1) {
        requireMoving(state, move);
        MahjongShogiState next = state.apply(move);
        if (next.awaiting() instanceof MahjongShogiState.PendingBattle) {
            next = next.resolveBattle(trueResult(next, placement0, placement1));
        }
        return next;
    }

    private static void requireMoving(MahjongShogiState state, Move move) {
        if (state.isOver()) {
            throw new IllegalArgumentException("move " + move + " after the game ended: " + state.result().get());
        }
    }
}
