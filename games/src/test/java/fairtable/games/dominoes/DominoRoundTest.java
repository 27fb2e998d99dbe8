package fairtable.games.dominoes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DominoRoundTest {

    static Stream<Arguments> tablesAndSeeds() {
        List<Arguments> args = new ArrayList<>();
        for (int players = 2; players <= 4; players++) {
            for (long seed = 1; seed <= 40; seed++) {
                args.add(Arguments.of(players, seed));
            }
        }
        return args.stream();
    }

    /**
     * Random legal rounds on full information: at every step the hands, the line and the physical boneyard hold
     * the 28 tiles exactly once, the engine's boneyard count matches, a draw is only ever asked for while the
     * boneyard has tiles, and the score is the pips left in the losers' hands.
     */
    @ParameterizedTest
    @MethodSource("tablesAndSeeds")
    void randomRoundsConserveTilesAndScoreTheLosersPips(int players, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DominoRules rules = DominoRules.standard(players);
        DominoTable table = new DominoTable(rules, random);
        DominoRound round = DominoRound.dealOpenly(rules, table.hands, OptionalInt.empty());
        int steps = 0;
        while (!round.isOver()) {
            assertConserved(round, table);
            if (round.awaiting() instanceof DominoRound.TileDraw draw) {
                assertThat(table.boneyard).isNotEmpty();
                assertThat(draw.player()).isEqualTo(round.currentPlayer());
                round = round.draw(table.drawTop());
            } else {
                List<DominoMove> moves = round.legalMoves();
                assertThat(moves).isNotEmpty();
                assertMustPlayIfAble(round, moves);
                round = round.apply(moves.get(random.nextInt(moves.size())));
            }
            assertThat(++steps).isLessThan(500);
        }
        assertConserved(round, table);
        RoundResult result = round.result().orElseThrow();
        List<Integer> pips = round.hands().stream().map(h -> h.knownTiles().stream().mapToInt(Tile::pips).sum())
                .toList();
        assertThat(result.pipsByPlayer()).isEqualTo(pips);
        if (!result.blocked()) {
            int winner = result.winningPlayer().getAsInt();
            assertThat(round.hand(winner).isEmpty()).isTrue();
            assertThat(result.points()).isEqualTo(pips.stream().mapToInt(Integer::intValue).sum());
        } else {
            assertThat(table.boneyard).isEmpty();
            for (int p = 0; p < players; p++) {
                int player = p;
                DominoRound.Ends ends = round.openEnds().orElseThrow();
                assertThat(round.hand(p).knownTiles()).as("player %d could still play", player)
                        .noneMatch(t -> t.shows(ends.left()) || t.shows(ends.right()));
            }
        }
    }

    /**
     * A player's partial view (other hands hidden, their draws hidden) follows the same moves as the full
     * view and, once the remaining hands are revealed, reaches the same result.
     */
    @ParameterizedTest
    @MethodSource("tablesAndSeeds")
    void partialViewAgreesWithFullInformation(int players, long seed) {
        SplittableRandom random = new SplittableRandom(seed * 7919);
        DominoRules rules = DominoRules.standard(players);
        DominoTable table = new DominoTable(rules, random);
        DominoRound full = DominoRound.dealOpenly(rules, table.hands, OptionalInt.empty());
        Lead lead = Lead.opening(full.hands());
        int viewer = (int) (seed % players);
        List<Hand> viewHands = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            viewHands.add(p == viewer ? Hand.of(table.hands.get(p)) : Hand.hidden(rules.handSize()));
        }
        DominoRound view = DominoRound.deal(rules, viewHands, lead);
        while (!full.isOver()) {
            assertThat(view.awaiting()).isEqualTo(full.awaiting());
            if (full.awaiting() instanceof DominoRound.TileDraw draw) {
                Tile tile = table.drawTop();
                full = full.draw(tile);
                view = draw.player() == viewer ? view.draw(tile) : view.drawHidden();
            } else {
                List<DominoMove> moves = full.legalMoves();
                assertThat(view.legalMoves()).containsAll(moves);
                DominoMove move = moves.get(random.nextInt(moves.size()));
                full = full.apply(move);
                view = view.apply(move);
            }
            assertThat(view.boneyardSize()).isEqualTo(full.boneyardSize());
        }
        if (!view.isOver()) {
            assertThat(view.awaiting()).isInstanceOf(DominoRound.HandsRevealed.class);
            List<Set<Tile>> remaining = full.hands().stream().map(Hand::knownTiles).toList();
            view = view.reveal(remaining);
        }
        assertThat(view.result()).isEqualTo(full.result());
    }

    private static void assertMustPlayIfAble(DominoRound round, List<DominoMove> moves) {
        boolean anyPlay = moves.stream().anyMatch(m -> m instanceof DominoMove.Play);
        boolean draws = moves.contains(DominoMove.DRAW);
        boolean passes = moves.contains(DominoMove.PASS);
        assertThat(anyPlay ^ (draws || passes)).as("play xor draw/pass: %s", moves).isTrue();
        if (draws) {
            assertThat(round.boneyardSize()).isPositive();
        }
        if (passes) {
            assertThat(round.boneyardSize()).isZero();
        }
    }

    private static void assertConserved(DominoRound round, DominoTable table) {
        List<Tile> everything = new ArrayList<>();
        round.hands().forEach(h -> {
            assertThat(h.isFullyKnown()).isTrue();
            everything.addAll(h.knownTiles());
        });
        round.line().forEach(l -> everything.add(l.tile()));
        everything.addAll(table.boneyard);
        assertThat(everything).hasSize(28);
        assertThat(new HashSet<>(everything)).hasSize(28);
        assertThat(round.boneyardSize()).isEqualTo(table.boneyard.size());
        assertThat(round.unseenTiles()).containsExactlyInAnyOrderElementsOf(table.boneyard);
        for (int i = 1; i < round.line().size(); i++) {
            assertThat(round.line().get(i).left()).isEqualTo(round.line().get(i - 1).right());
        }
    }

    static void rejects(Runnable action) {
        assertThatThrownBy(action::run).isInstanceOf(RuntimeException.class);
    }
}
