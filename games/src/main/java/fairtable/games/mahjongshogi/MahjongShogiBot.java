package fairtable.games.mahjongshogi;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.random.RandomGenerator;

/**
 * A simple heuristic player that sees only what its owner sees: its own placement, the board and the battle
 * history. For each opponent tile it keeps the kinds still possible given the battles that tile survived, weighted
 * by the tile set's counts, and from that estimates the chance of winning an attack. It attacks when the expected
 * gain is positive (tiles are worth their kind, the king far more), never attacks with its king, advances its
 * other tiles and brings those likely to win exchanges closer to the opponent's, and avoids leaving tiles (above
 * all the king) next to opponent tiles that would gain by attacking them. Ties are broken with the injected
 * random generator.
 */
public final class MahjongShogiBot {

    private static final double KING_VALUE = 1000;
    private static final double ADVANCE_BONUS = 0.3;
    private static final double APPROACH_BONUS = 0.5;

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
        List<Square> opponentSquares = new ArrayList<>();
        for (int index = 0; index < Board.SQUARES; index++) {
            Square square = Square.ofIndex(index);
            if (state.tileAt(square).filter(t -> t.owner() == opponent).isPresent()) {
                opponentSquares.add(square);
            }
        }
        double[] gainByKind = new double[Kinds.STRONGEST + 1];
        for (int kind = Kinds.WEAKEST; kind <= Kinds.STRONGEST; kind++) {
            gainByKind[kind] = attackGain(kind, possible, state.tiles(opponent), tileSet);
        }
        List<Move> best = new ArrayList<>();
        double bestScore = Double.NEGATIVE_INFINITY;
        for (Move move : state.legalMoves()) {
            double score = score(state, move, possible, tileSet, me, opponentSquares, gainByKind);
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

    private double score(MahjongShogiState state, Move move, int[] possible, TileSet tileSet, int me,
                         List<Square> opponentSquares, double[] gainByKind) {
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
            double targetValue = expectedValue(kinds, tileSet, true);
            if (king) {
                return win * targetValue - (lose + tie) * KING_VALUE;
            }
            double gain = win * targetValue + tie * (targetValue - value) - lose * value;
            return gain - win * danger(state, move.to(), move.from(), kind, possible, tileSet, me);
        }
        double advance = (move.to().rank() - move.from().rank()) * Board.forward(me);
        double positional = king ? -advance : advance * ADVANCE_BONUS;
        if (!king && gainByKind[kind] > 0) {
            positional += APPROACH_BONUS * (distance(opponentSquares, move.from())
                    - distance(opponentSquares, move.to()));
        }
        return positional - danger(state, move.to(), move.from(), kind, possible, tileSet, me)
                + danger(state, move.from(), null, kind, possible, tileSet, me);
    }

    /**
     * Expected loss if a tile of this kind stands on {@code square} and each adjacent opponent tile (other than
     * one on {@code vacated}) attacks it: the tile's value when the attacker wins, less the attacker's value when
     * it loses; only threats that favour the attacker count.
     */
    private double danger(MahjongShogiState state, Square square, Square vacated, int kind, int[] possible,
                          TileSet tileSet, int me) {
        double value = kind == tileSet.kingKind() ? KING_VALUE : kind;
        double danger = 0;
        for (Square next : square.neighbours()) {
            if (next.equals(vacated)) {
                continue;
            }
            Optional<TileRef> neighbour = state.tileAt(next);
            if (neighbour.isPresent() && neighbour.get().owner() != me) {
                int kinds = possible[neighbour.get().id()];
                double theyWin = probability(kinds, tileSet, y -> BattleTable.battle(y, kind) == Outcome.ATTACKER_WINS);
                double tie = probability(kinds, tileSet, y -> y == kind);
                double theirValue = expectedValue(kinds, tileSet, false);
                double exchange = theyWin * value + tie * (value - theirValue) - (1 - theyWin - tie) * theirValue;
                danger += Math.max(0, exchange);
            }
        }
        return danger;
    }

    /** Expected gain of attacking an opponent tile picked at random among those left. */
    private static double attackGain(int kind, int[] possible, List<TileRef> opponents, TileSet tileSet) {
        double total = 0;
        for (TileRef tile : opponents) {
            int kinds = possible[tile.id()];
            double win = probability(kinds, tileSet, y -> BattleTable.battle(kind, y) == Outcome.ATTACKER_WINS);
            double tie = probability(kinds, tileSet, y -> y == kind);
            double theirValue = expectedValue(kinds, tileSet, false);
            total += win * theirValue + tie * (theirValue - kind) - (1 - win - tie) * kind;
        }
        return opponents.isEmpty() ? 0 : total / opponents.size();
    }

    private static int distance(List<Square> squares, Square square) {
        int best = Integer.MAX_VALUE;
        for (Square there : squares) {
            best = Math.min(best, Math.abs(there.file() - square.file()) + Math.abs(there.rank() - square.rank()));
        }
        return best;
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

    private static int mask(IntPredicate test) {
        int mask = 0;
        for (int kind = Kinds.WEAKEST; kind <= Kinds.STRONGEST; kind++) {
            if (test.test(kind)) {
                mask |= 1 << kind;
            }
        }
        return mask;
    }

    private static double probability(int kinds, TileSet tileSet, IntPredicate event) {
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

    /** Mean value of the possible kinds; the king counts as {@link #KING_VALUE} only if {@code withKing}. */
    private static double expectedValue(int kinds, TileSet tileSet, boolean withKing) {
        double total = 0;
        double sum = 0;
        for (int kind = Kinds.WEAKEST; kind <= Kinds.STRONGEST; kind++) {
            if ((kinds & (1 << kind)) != 0) {
                total += tileSet.count(kind);
                sum += tileSet.count(kind) * (withKing && kind == tileSet.kingKind() ? KING_VALUE : kind);
            }
        }
        return total == 0 ? 0 : sum / total;
    }
}
