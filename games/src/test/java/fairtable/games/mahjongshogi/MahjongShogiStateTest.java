package fairtable.games.mahjongshogi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class MahjongShogiStateTest {

    private static final MahjongShogiRules STANDARD = MahjongShogiRules.standard();

    /** A three-tile set (一筒, 東 the king, 中) to build small positions by hand. */
    private static final TileSet TINY = tiny();
    private static final MahjongShogiRules TINY_RULES = new MahjongShogiRules(TINY, 100);

    private static TileSet tiny() {
        List<Integer> counts = new ArrayList<>(Collections.nCopies(13, 0));
        counts.set(0, 1);
        counts.set(Kinds.EAST - 1, 1);
        counts.set(12, 1);
        return new TileSet(counts, Kinds.EAST);
    }

    private static Square sq(String name) {
        return new Square(name.charAt(0) - 'a', name.charAt(1) - '1');
    }

    private static Move mv(String from, String to) {
        return new Move(sq(from), sq(to));
    }

    private static Placement place(int owner, String k1, String east, String k13) {
        return Placement.of(owner, TINY, Map.of(sq(k1), 1, sq(east), Kinds.EAST, sq(k13), 13));
    }

    private static MahjongShogiState orderedStart() {
        return MahjongShogiState.start(STANDARD, new TreeSet<>(SetupTest.orderedPlacement(0).keySet()),
                new TreeSet<>(SetupTest.orderedPlacement(1).keySet()));
    }

    @Test
    void openingMovesStepOntoEmptySquaresOnly() {
        MahjongShogiState start = orderedStart();
        assertThat(start.awaiting()).isEqualTo(new MahjongShogiState.PlayerMove(0));
        List<Move> expected = new ArrayList<>();
        for (int file = 0; file <= 6; file++) {
            expected.add(new Move(new Square(file, 2), new Square(file, 3)));
        }
        expected.add(mv("g3", "h3"));
        expected.add(mv("h2", "h3"));
        expected.add(mv("i2", "i3"));
        assertThat(start.legalMoves()).containsExactlyInAnyOrderElementsOf(expected);

        MahjongShogiState second = start.apply(mv("a3", "a4"));
        assertThat(second.awaiting()).isEqualTo(new MahjongShogiState.PlayerMove(1));
        // Player 1: rank 7 steps forward (9), g9-h9, h8-h9, i8-i9.
        assertThat(second.legalMoves()).hasSize(12).contains(mv("a7", "a6"), mv("h8", "h9"))
                .doesNotContain(mv("a8", "a7"));
        assertThat(second.tileAt(sq("a4"))).hasValue(new TileRef(0, 18));
        assertThat(second.squareOf(new TileRef(0, 18))).hasValue(sq("a4"));
        assertThat(second.tileAt(sq("a3"))).isEmpty();
    }

    @Test
    void illegalMovesAreRejected() {
        MahjongShogiState start = orderedStart();
        assertThatThrownBy(() -> start.apply(mv("a2", "a3"))).hasMessageContaining("own tile");
        assertThatThrownBy(() -> start.apply(mv("a7", "a6"))).hasMessageContaining("no tile");
        assertThatThrownBy(() -> start.apply(mv("e5", "e4"))).hasMessageContaining("no tile");
        assertThatThrownBy(() -> mv("a3", "b4")).hasMessageContaining("orthogonally");
        assertThatThrownBy(() -> mv("a3", "a5")).hasMessageContaining("orthogonally");
        assertThatThrownBy(() -> start.resolveBattle(new BattleResult(Outcome.BOTH_REMOVED, false, false)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void anAttackWaitsForItsResultThenTheLoserIsRemoved() {
        MahjongShogiState state = MahjongShogiState.start(TINY_RULES, place(0, "i3", "b1", "a3"),
                place(1, "i7", "a9", "a7"));
        state = state.apply(mv("a3", "a4")).apply(mv("a7", "a6")).apply(mv("a4", "a5"));
        MahjongShogiState beforeAttack = state;
        MahjongShogiState pending = state.apply(mv("a6", "a5"));
        TileRef attacker = beforeAttack.tileAt(sq("a6")).orElseThrow();
        TileRef defender = beforeAttack.tileAt(sq("a5")).orElseThrow();
        assertThat(pending.awaiting())
                .isEqualTo(new MahjongShogiState.PendingBattle(attacker, defender, mv("a6", "a5")));
        assertThat(pending.legalMoves()).isEmpty();
        assertThatThrownBy(() -> pending.apply(mv("a9", "a8"))).isInstanceOf(IllegalStateException.class);

        MahjongShogiState attackerWon = pending.resolveBattle(new BattleResult(Outcome.ATTACKER_WINS, false, false));
        assertThat(attackerWon.tileAt(sq("a5"))).hasValue(attacker);
        assertThat(attackerWon.tileAt(sq("a6"))).isEmpty();
        assertThat(attackerWon.squareOf(defender)).isEmpty();
        assertThat(attackerWon.awaiting()).isEqualTo(new MahjongShogiState.PlayerMove(0));
        assertThat(attackerWon.movesMade()).isEqualTo(4);

        MahjongShogiState defenderWon = pending.resolveBattle(new BattleResult(Outcome.DEFENDER_WINS, false, false));
        assertThat(defenderWon.tileAt(sq("a5"))).hasValue(defender);
        assertThat(defenderWon.tileAt(sq("a6"))).isEmpty();
        assertThat(defenderWon.squareOf(attacker)).isEmpty();

        MahjongShogiState both = pending.resolveBattle(new BattleResult(Outcome.BOTH_REMOVED, false, false));
        assertThat(both.tileAt(sq("a5"))).isEmpty();
        assertThat(both.tileAt(sq("a6"))).isEmpty();
        assertThat(both.tiles(0)).hasSize(2);
        assertThat(both.tiles(1)).hasSize(2);
        assertThat(both.battles()).singleElement().extracting(BattleRecord::moveNumber).isEqualTo(3);
    }

    @Test
    void capturingTheEastWinsTheGame() {
        Placement p0 = place(0, "i3", "b1", "a3");
        Placement p1 = place(1, "i7", "a7", "b9");
        List<Move> moves = List.of(mv("a3", "a4"), mv("i7", "i6"), mv("a4", "a5"), mv("i6", "i5"),
                mv("a5", "a6"), mv("i5", "i4"), mv("a6", "a7"));
        MahjongShogiReplay.Replay replay = MahjongShogiReplay.replay(TINY_RULES, p0, p1, moves);
        MahjongShogiState end = replay.finalState();
        assertThat(end.result()).hasValue(new GameResult(OptionalInt.of(0), GameResult.Reason.KING_CAPTURED));
        assertThat(end.awaiting()).isInstanceOf(MahjongShogiState.GameOver.class);
        assertThat(end.legalMoves()).isEmpty();
        assertThat(replay.battles()).singleElement().extracting(BattleRecord::result)
                .isEqualTo(new BattleResult(Outcome.ATTACKER_WINS, false, true));
        assertThat(end.tileAt(sq("a7"))).hasValue(new TileRef(0, 1));
        assertThatThrownBy(() -> end.apply(mv("a7", "a8"))).isInstanceOf(IllegalStateException.class);
        List<Move> tooMany = new ArrayList<>(moves);
        tooMany.add(mv("b9", "b8"));
        assertThatThrownBy(() -> MahjongShogiReplay.replay(TINY_RULES, p0, p1, tooMany))
                .hasMessageContaining("after the game ended");
    }

    @Test
    void anEastThatAttacksAndLosesLosesTheGame() {
        Placement p0 = place(0, "i3", "b1", "a3");
        Placement p1 = place(1, "i7", "a7", "b9");
        List<Move> moves = List.of(mv("a3", "a4"), mv("b9", "b8"), mv("a4", "a5"), mv("b8", "c8"),
                mv("a5", "a6"), mv("a7", "a6"));
        MahjongShogiState end = MahjongShogiReplay.replay(TINY_RULES, p0, p1, moves).finalState();
        assertThat(end.result()).hasValue(new GameResult(OptionalInt.of(0), GameResult.Reason.KING_CAPTURED));
        assertThat(end.tileAt(sq("a6"))).hasValue(new TileRef(0, 1));
    }

    @Test
    void twoEastsRemovingEachOtherIsADraw() {
        Placement p0 = place(0, "i3", "a3", "b1");
        Placement p1 = place(1, "i7", "a7", "b9");
        List<Move> moves = List.of(mv("a3", "a4"), mv("a7", "a6"), mv("a4", "a5"), mv("a6", "a5"));
        MahjongShogiState end = MahjongShogiReplay.replay(TINY_RULES, p0, p1, moves).finalState();
        assertThat(end.result()).hasValue(new GameResult(OptionalInt.empty(), GameResult.Reason.BOTH_KINGS_REMOVED));
    }

    @Test
    void theWeakestTileTopplesTheStrongestInPlay() {
        Placement p0 = place(0, "a3", "b1", "i3");
        Placement p1 = place(1, "i7", "a9", "a7");
        List<Move> moves = List.of(mv("a3", "a4"), mv("a7", "a6"), mv("a4", "a5"), mv("a6", "a5"));
        MahjongShogiReplay.Replay replay = MahjongShogiReplay.replay(TINY_RULES, p0, p1, moves);
        assertThat(replay.battles()).singleElement().extracting(BattleRecord::result)
                .isEqualTo(new BattleResult(Outcome.DEFENDER_WINS, false, false));
        assertThat(replay.finalState().tileAt(sq("a5"))).hasValue(new TileRef(0, 1));
        assertThat(replay.finalState().isOver()).isFalse();
    }

    @Test
    void theMoveLimitDrawsTheGame() {
        MahjongShogiState state = MahjongShogiState.start(STANDARD.withMoveLimit(3),
                new TreeSet<>(SetupTest.orderedPlacement(0).keySet()),
                new TreeSet<>(SetupTest.orderedPlacement(1).keySet()));
        state = state.apply(mv("a3", "a4")).apply(mv("a7", "a6"));
        assertThat(state.isOver()).isFalse();
        state = state.apply(mv("b3", "b4"));
        assertThat(state.result()).hasValue(new GameResult(OptionalInt.empty(), GameResult.Reason.MOVE_LIMIT));
        assertThat(state.movesMade()).isEqualTo(3);
    }

    @Test
    void falseBattleClaimsAreFound() {
        Placement p0 = place(0, "i3", "b1", "a3");
        Placement p1 = place(1, "i7", "a7", "b9");
        List<Move> moves = List.of(mv("a3", "a4"), mv("i7", "i6"), mv("a4", "a5"), mv("i6", "i5"),
                mv("a5", "a6"), mv("i5", "i4"), mv("a6", "a7"));
        BattleResult truth = new BattleResult(Outcome.ATTACKER_WINS, false, true);
        assertThat(MahjongShogiReplay.firstFalseClaim(TINY_RULES, p0, p1, moves, List.of(truth))).isEmpty();
        BattleResult lie = new BattleResult(Outcome.DEFENDER_WINS, false, false);
        assertThat(MahjongShogiReplay.firstFalseClaim(TINY_RULES, p0, p1, moves, List.of(lie))).hasValue(0);
        assertThatThrownBy(() -> MahjongShogiReplay.firstFalseClaim(TINY_RULES, p0, p1, moves, List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tileIdsFollowTheSquaresNotTheKinds() {
        MahjongShogiState state = MahjongShogiState.start(TINY_RULES, place(0, "i3", "b1", "a3"),
                place(1, "i7", "a7", "b9"));
        assertThat(state.tileAt(sq("b1"))).hasValue(new TileRef(0, 0));
        assertThat(state.tileAt(sq("a3"))).hasValue(new TileRef(0, 1));
        assertThat(state.tileAt(sq("i3"))).hasValue(new TileRef(0, 2));
        assertThat(MahjongShogiState.start(TINY_RULES, place(0, "a3", "b1", "i3"), place(1, "i7", "a7", "b9"))
                .tiles(0)).isEqualTo(state.tiles(0));
        assertThat(Set.copyOf(state.tiles(1))).containsExactlyInAnyOrder(new TileRef(1, 0), new TileRef(1, 1),
                new TileRef(1, 2));
    }
}
