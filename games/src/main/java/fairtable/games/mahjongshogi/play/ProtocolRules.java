package fairtable.games.mahjongshogi.play;

import fairtable.games.mahjongshogi.BattleResult;
import fairtable.games.mahjongshogi.MahjongShogiRules;
import fairtable.games.mahjongshogi.Outcome;
import fairtable.games.mahjongshogi.Placement;
import fairtable.games.mahjongshogi.TileSet;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongTable;
import java.util.Map;
import java.util.TreeMap;

/**
 * The translation between the protocol's numbers and the rules engine's values. Both number squares rank * 9 +
 * file with seat 0 at rank 0, and both number a player's tiles by the sorted order of their starting squares, so
 * a tile id means the same thing on both sides.
 */
public final class ProtocolRules {
    private ProtocolRules() {}

    public static TileSet tileSet(MahjongParameters params) {
        return new TileSet(params.counts(), params.kingKind());
    }

    public static MahjongShogiRules rules(MahjongParameters params) {
        return new MahjongShogiRules(tileSet(params), params.moveLimit());
    }

    /** A placement as the protocol takes it: square index to kind. */
    public static Map<Integer, Integer> kindBySquare(Placement placement) {
        Map<Integer, Integer> kinds = new TreeMap<>();
        for (int id = 0; id < placement.size(); id++) {
            kinds.put(placement.startSquare(id).index(), placement.kindOf(id));
        }
        return kinds;
    }

    public static Outcome outcome(int result) {
        return switch (result) {
            case MahjongTable.DRAW -> Outcome.BOTH_REMOVED;
            case MahjongTable.ATTACKER_WINS -> Outcome.ATTACKER_WINS;
            case MahjongTable.DEFENDER_WINS -> Outcome.DEFENDER_WINS;
            default -> throw new IllegalArgumentException("results are 0, 1 and 2, not " + result);
        };
    }

    public static BattleResult battleResult(int result, boolean attackerKingLost, boolean defenderKingLost) {
        return new BattleResult(outcome(result), attackerKingLost, defenderKingLost);
    }
}
