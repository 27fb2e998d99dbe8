package fairtable.games.mahjongshogi;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A simple heuristic player that sees only what its owner sees: its own placement, the board and the battle
 * history. For each opponent tile it keeps the kinds still possible given the battles that tile survived, weighted
 * by the tile set's counts, and from that estimates the chance of winning an attack. It attacks when the expected
 * gain is positive (tiles are worth their kind, the king far more), never attacks with its king, advances its
 * other tiles, and avoids leaving tiles (above all the king) next to opponent tiles that probably beat them. Ties
 * are broken with the injected random generator.
 */
public final class MahjongShogiBot {

    private static final double KING_VALUE = 1000;
    private static final double ADVANCE_BONUS = 0.3;

    private final Placement own;
    private final RandomGenerator random;

    public MahjongShogiBot(Placement own, RandomGenerator random) {
        this.own = own;
        this.random = random;
    }

    public Move choose(MahjongShogiState state) {
        if (!(state.awaiting() instanceof MahjongShogiState.PlayerMove turn) || turn.player() != own.owner()) {
            throw new IllegalStateException("not this bot's move: " + state.awaiting());
        }
        TileSet tileSet = state.rules().tileSet();
        int me = own.owner();
        int opponent = 1 - me;
        int[] possible = new int[Board.HOME_SQUARES];
        for (TileRef tile : state.tiles(opponent)) {
            possible[tile.id()] = possibleKinds(state, tile, tileSet);
        }
        List<Move> best = new ArrayList<>();
        double bestScore = Double.NEGATIVE_INFINITY;
        for (Move move : state.legalMoves()) {
            double score = score(state, move, possible, tileSet, me);
            if (score > bestScore + 1e-9) {
                bestScore = score;
                best.clear();
                best.add(move);
            } else if (Math.abs(score - bestScore) <= 1e-9) {
                best.add(move);
            }
        }
        return best.get(random.nextInt(best.size()));
    }

    private double score(MahjongShogiState state, Move move, int[] possible, TileSet tileSet, int me) {
        TileRef mover = state.tileAt(move.from()).orElseThrow();
        int kind = own.kindOf(mover);
        boolean king = kind == tileSet.kingKind();
        double value = king ? KING_VALUE : kind;
        Optional<TileRef> target = state.tileAt(move.to());
        if (target.isPresent()) {
            int kinds = possible[target.get().id()];
            double win = probability(kinds, tileSet, y -> BattleTable.battle(kind, y) == Outcome.ATTACKER_WINS);
            double tie = probability(kinds, tileSet, y -> y == kind);
            double lose = 1 - win - tie;
            double targetValue = expectedValue(kinds, tileSet);
            if (king) {
                return win * targetValue - (lose + tie) * KING_VALUE;
            }
            double gain = win * targetValue + tie * (targetValue - value) - lose * value;
            return gain - win * danger(state, move.to(), move.from(), kind, possible, tileSet, me);
        }
        double advance = (move.to().rank() - move.from().rank()) * Board.forward(me);
        double positional = king ? -advance : advance * ADVANCE_BONUS;
        return positional - danger(state, move.to(), move.from(), kind, possible, tileSet, me)
                + danger(state, move.from(), null, kind, possible, tileSet, me);
    }

    /** Expected loss if a tile of this kind stands on {@code square} next to opponent tiles (ignoring {@code vacated}). */
    private double danger(MahjongShogiState state, Square square, Square vacated, int kind, int[] possible,
                          TileSet tileSet, int me) {
        double value = kind == tileSet.kingKind() ? KING_VALUE : kind;
        double survive = 1;
        for (Square next : square.neighbours()) {
            if (next.equals(vacated)) {
                continue;
            }
            Optional<TileRef> neighbour = state.tileAt(next);
            if (neighbour.isPresent() && neighbour.get().owner() != me) {
                int kinds = possible[neighbour.get().id()];
                survive *= 1 - probability(kinds, tileSet, y -> BattleTable.battle(y, kind) != Outcome.DEFENDER_WINS);
            }
        }
        return (1 - survive) * value;
    }

    /** Bit k set when the opponent tile may be of kind k, after the battles it survived against known tiles. */
    private int possibleKinds(MahjongShogiState state, TileRef tile, TileSet tileSet) {
        int kinds = 0;
        for (int kind = Kinds.WEAKEST; kind <= Kinds.STRONGEST; kind++) {
            if (tileSet.count(kind) > 0) {
                kinds |= 1 << kind;
            }
        }
        for (BattleRecord battle : state.battles()) {
            Outcome outcome = battle.result().outcome();
            if (battle.defender().equals(tile) && outcome == Outcome.DEFENDER_WINS) {
                int attackerKind = own.kindOf(battle.attacker());
                kinds &= mask(y -> BattleTable.battle(attackerKind, y) == Outcome.DEFENDER_WINS);
            } else if (battle.attacker().equals(tile) && outcome == Outcome.ATTACKER_WINS) {
                int defenderKind = own.kindOf(battle.defender());
                kinds &= mask(y -> BattleTable.battle(y, defenderKind) == Outcome.ATTACKER_WINS);
            }
        }
        return kinds;
    }

    private static int mask(java.util.function.IntPredicate test) {
        int mask = 0;
        for (int kind = Kinds.WEAKEST; kind <= Kinds.STRONGEST; kind++) {
            if (test.test(kind)) {
                mask |= 1 << kind;
            }
        }
        return mask;
    }

    private static double probability(int kinds, TileSet tileSet, java.util.function.IntPredicate event) {
        double total = 0;
        double hits = 0;
        for (int kind = Kinds.WEAKEST; kind <= Kinds.STRONGEST; kind++) {
            if ((kinds & (1 << kind)) != 0) {
                total += tileSet.count(kind);
                hits += event.test(kind) ? tileSet.count(kind) : 0;
            }
        }
        return total == 0 ? 0 : hits / total;
    }

    private static double expectedValue(int kinds, TileSet tileSet) {
        double total = 0;
        double sum = 0;
        for (int kind = Kinds.WEAKEST; kind <= Kinds.STRONGEST; kind++) {
            if ((kinds & (1 << kind)) != 0) {
                total += tileSet.count(kind);
                sum += tileSet.count(kind) * (kind == tileSet.kingKind() ? KING_VALUE : kind);
            }
        }
        return total == 0 ? 0 : sum / total;
    }
}
