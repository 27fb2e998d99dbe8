package fairtable.games.dominoes;

import static fairtable.games.dominoes.DominoMove.play;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DominoScenarioTest {

    // Two players hold all 28 tiles (boneyard empty). Every six ends up on the line with 6 at both ends.
    private static final Set<Tile> BLOCKER_0 = Set.of(Tile.of(6, 6), Tile.of(5, 4), Tile.of(6, 0), Tile.of(3, 6),
            Tile.of(1, 2),
            Tile.of(0, 0), Tile.of(0, 1), Tile.of(0, 2), Tile.of(1, 1), Tile.of(0, 4), Tile.of(1, 3), Tile.of(2, 2),
            Tile.of(0, 5), Tile.of(1, 4));
    private static final Set<Tile> BLOCKER_1 = Set.of(Tile.of(6, 5), Tile.of(4, 6), Tile.of(0, 3), Tile.of(6, 1),
            Tile.of(2, 6),
            Tile.of(1, 5), Tile.of(2, 3), Tile.of(2, 4), Tile.of(2, 5), Tile.of(3, 3), Tile.of(3, 4), Tile.of(3, 5),
            Tile.of(4, 4), Tile.of(5, 5));
    private static final DominoRules ALL_DEALT = DominoRules.standard(2).withHandSize(14);

    private static DominoRound playedToBlock() {
        DominoRound round = DominoRound.dealOpenly(ALL_DEALT, List.of(BLOCKER_0, BLOCKER_1), OptionalInt.empty());
        assertThat(round.awaiting()).isEqualTo(new DominoRound.PlayerMove(0));
        for (DominoMove move : SCRIPT) {
            round = round.apply(move);
        }
        return round;
    }

    private static final List<DominoMove> SCRIPT = List.of(
            play(Tile.of(6, 6), End.LEFT), play(Tile.of(6, 5), End.RIGHT), play(Tile.of(5, 4), End.RIGHT),
            play(Tile.of(4, 6), End.RIGHT), play(Tile.of(6, 0), End.LEFT), play(Tile.of(0, 3), End.LEFT),
            play(Tile.of(3, 6), End.LEFT), play(Tile.of(6, 1), End.LEFT), play(Tile.of(1, 2), End.LEFT),
            play(Tile.of(2, 6), End.LEFT));

    @Test
    void aBlockedRoundIsWonByTheLowestPipCountAndScoresTheOpponentsPips() {
        DominoRound round = playedToBlock();
        assertThat(round.openEnds().orElseThrow()).isEqualTo(new DominoRound.Ends(6, 6));
        assertThat(round.legalMoves()).containsExactly(DominoMove.PASS);
        round = round.apply(DominoMove.PASS);
        assertThat(round.isOver()).isFalse();
        assertThat(round.legalMoves()).containsExactly(DominoMove.PASS);
        round = round.apply(DominoMove.PASS);

        RoundResult result = round.result().orElseThrow();
        // Left in hands: 0+1+2+2+4+4+4+5+5 = 27 against 6+5+6+7+6+7+8+8+10 = 63.
        assertThat(result.blocked()).isTrue();
        assertThat(result.pipsByPlayer()).containsExactly(27, 63);
        assertThat(result.winningSide()).hasValue(0);
        assertThat(result.winningPlayer()).hasValue(0);
        assertThat(result.points()).isEqualTo(63);
        assertThat(round.awaiting()).isEqualTo(new DominoRound.RoundOver(result));
    }

    @Test
    void aDrawFromAnEmptyBoneyardIsNeverAskedForAndIsRejected() {
        DominoRound blocked = playedToBlock();
        assertThat(blocked.boneyardSize()).isZero();
        assertThatThrownBy(() -> blocked.apply(DominoMove.DRAW)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("illegal move");
        assertThatThrownBy(() -> blocked.draw(Tile.of(0, 0))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(blocked::drawHidden).isInstanceOf(IllegalStateException.class);
        assertThat(blocked.awaiting()).isNotInstanceOf(DominoRound.TileDraw.class);
    }

    @Test
    void aPlayerWithoutAPlayDrawsUntilTheBoneyardIsEmptyThenPasses() {
        Set<Tile> allSixes = Set.of(Tile.of(6, 6), Tile.of(6, 5), Tile.of(6, 4), Tile.of(6, 3), Tile.of(6, 2),
                Tile.of(6, 1), Tile.of(6, 0));
        Set<Tile> noSixes = Set.of(Tile.of(0, 0), Tile.of(1, 1), Tile.of(2, 2), Tile.of(3, 3), Tile.of(4, 4),
                Tile.of(5, 5), Tile.of(1, 0));
        DominoRound round = DominoRound.dealOpenly(DominoRules.standard(2), List.of(allSixes, noSixes),
                OptionalInt.empty()).apply(play(Tile.of(6, 6), End.LEFT));
        List<Tile> boneyard = Tile.all().stream().filter(t -> !allSixes.contains(t) && !noSixes.contains(t)).toList();
        assertThat(boneyard).hasSize(14).noneMatch(t -> t.shows(6));
        for (Tile tile : boneyard) {
            assertThat(round.legalMoves()).containsExactly(DominoMove.DRAW);
            round = round.apply(DominoMove.DRAW);
            assertThat(round.awaiting()).isEqualTo(new DominoRound.TileDraw(1));
            DominoRound drawing = round;
            assertThatThrownBy(() -> drawing.draw(Tile.of(6, 5))).as("held by player 0")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> drawing.draw(Tile.of(6, 6))).as("on the line")
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> drawing.apply(DominoMove.PASS)).isInstanceOf(IllegalStateException.class);
            round = round.draw(tile);
        }
        assertThat(round.boneyardSize()).isZero();
        assertThat(round.hand(1).size()).isEqualTo(21);
        assertThat(round.legalMoves()).containsExactly(DominoMove.PASS);
        round = round.apply(DominoMove.PASS);
        assertThat(round.awaiting()).isEqualTo(new DominoRound.PlayerMove(0));
        assertThat(round.legalMoves()).containsExactlyInAnyOrder(play(Tile.of(6, 5), End.LEFT),
                play(Tile.of(6, 5), End.RIGHT), play(Tile.of(6, 4), End.LEFT), play(Tile.of(6, 4), End.RIGHT),
                play(Tile.of(6, 3), End.LEFT), play(Tile.of(6, 3), End.RIGHT), play(Tile.of(6, 2), End.LEFT),
                play(Tile.of(6, 2), End.RIGHT), play(Tile.of(6, 1), End.LEFT), play(Tile.of(6, 1), End.RIGHT),
                play(Tile.of(6, 0), End.LEFT), play(Tile.of(6, 0), End.RIGHT));
    }

    @Test
    void aPlayerWhoCanPlayMayNotDrawOrPass() {
        DominoRound round = DominoRound.dealOpenly(ALL_DEALT, List.of(BLOCKER_0, BLOCKER_1), OptionalInt.empty())
                .apply(play(Tile.of(6, 6), End.LEFT));
        DominoRound afterOpening = round;
        assertThatThrownBy(() -> afterOpening.apply(DominoMove.PASS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> afterOpening.apply(play(Tile.of(5, 5), End.LEFT)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> afterOpening.apply(play(Tile.of(5, 4), End.LEFT)))
                .as("a tile the player does not hold").isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theHighestDoubleOpensTheFirstRound() {
        DominoRound round = DominoRound.dealOpenly(ALL_DEALT, List.of(BLOCKER_1, BLOCKER_0), OptionalInt.empty());
        assertThat(round.awaiting()).isEqualTo(new DominoRound.PlayerMove(1));
        assertThat(round.legalMoves()).containsExactly(play(Tile.of(6, 6), End.LEFT));
        assertThatThrownBy(() -> round.apply(play(Tile.of(6, 0), End.LEFT)))
                .isInstanceOf(IllegalArgumentException.class);

        Set<Tile> noDoublesA = Set.of(Tile.of(6, 3), Tile.of(1, 0));
        Set<Tile> noDoublesB = Set.of(Tile.of(5, 4), Tile.of(2, 0));
        assertThat(Lead.opening(List.of(Hand.of(noDoublesA), Hand.of(noDoublesB))))
                .as("6-3 and 5-4 both carry 9 pips; the higher half wins")
                .isEqualTo(Lead.withTile(0, Tile.of(6, 3)));
        assertThat(Lead.opening(List.of(Hand.of(Set.of(Tile.of(6, 5))), Hand.of(Set.of(Tile.of(0, 0))))))
                .isEqualTo(Lead.withTile(1, Tile.of(0, 0)));
    }

    @Test
    void thePreviousWinnerLeadsAnyTile() {
        DominoRound round = DominoRound.dealOpenly(ALL_DEALT, List.of(BLOCKER_0, BLOCKER_1), OptionalInt.of(1));
        assertThat(round.awaiting()).isEqualTo(new DominoRound.PlayerMove(1));
        assertThat(round.legalMoves()).hasSize(14);
    }

    @Test
    void aTiedBlockScoresNothingAndPartnershipsPoolTheirPips() {
        DominoRules rules = DominoRules.standard(4);
        List<Hand> hands = List.of(Hand.of(Set.of(Tile.of(2, 0))), Hand.of(Set.of(Tile.of(1, 1))),
                Hand.of(Set.of(Tile.of(2, 1))), Hand.of(Set.of(Tile.of(4, 0))));
        RoundResult tie = RoundResult.score(rules, hands, OptionalInt.empty());
        assertThat(tie.winningSide()).isEmpty();
        assertThat(tie.points()).isZero();

        RoundResult teams = RoundResult.score(rules.withPartnerships(), hands, OptionalInt.empty());
        // Seats 0 and 1 tie alone at 2 pips; as teams 0+2 hold 2+3 = 5 and 1+3 hold 2+4 = 6: side 0 wins,
        // seat 0 (fewest pips on the side) leads next, and scores the other side's 6.
        assertThat(teams.winningSide()).hasValue(0);
        assertThat(teams.winningPlayer()).hasValue(0);
        assertThat(teams.points()).isEqualTo(6);
    }

    @Test
    void aMatchEndsWhenASideReachesTheTarget() {
        RoundResult blocked = playedToBlock().apply(DominoMove.PASS).apply(DominoMove.PASS).result().orElseThrow();
        DominoMatch toHundred = DominoMatch.start(ALL_DEALT).record(blocked);
        assertThat(toHundred.scores()).containsExactly(63, 0);
        assertThat(toHundred.isOver()).isFalse();
        assertThat(toHundred.previousWinner()).hasValue(0);
        DominoMatch twice = toHundred.record(blocked);
        assertThat(twice.scores()).containsExactly(126, 0);
        assertThat(twice.winner()).hasValue(0);
        assertThatThrownBy(() -> twice.record(blocked)).isInstanceOf(IllegalStateException.class);

        DominoMatch toSixty = DominoMatch.start(ALL_DEALT.withTargetScore(60)).record(blocked);
        assertThat(toSixty.winner()).hasValue(0);
    }

    @Test
    void dealingRejectsWrongHands() {
        DominoRules rules = DominoRules.standard(2);
        Set<Tile> seven = Set.copyOf(Tile.all().subList(0, 7));
        Set<Tile> overlapping = Set.copyOf(Tile.all().subList(6, 13));
        assertThatThrownBy(() -> DominoRound.dealOpenly(rules, List.of(seven, overlapping), OptionalInt.empty()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DominoRound.dealOpenly(rules, List.of(seven), OptionalInt.empty()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DominoRound.deal(rules, List.of(Hand.of(seven), Hand.hidden(7)),
                Lead.withTile(0, Tile.of(6, 6)))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DominoRules(5, 5, 100, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DominoRules.standard(3).withPartnerships())
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRevealMustBeConsistentWithWhatWasSeen() {
        // Player 0's view of the blocked round: player 1's tiles are hidden until the end.
        DominoRound view = DominoRound.deal(ALL_DEALT, List.of(Hand.of(BLOCKER_0), Hand.hidden(14)),
                Lead.withTile(0, Tile.of(6, 6)));
        DominoRound full = playedToBlock();
        for (DominoMove move : SCRIPT) {
            view = view.apply(move);
        }
        view = view.apply(DominoMove.PASS).apply(DominoMove.PASS);
        assertThat(view.awaiting()).isInstanceOf(DominoRound.HandsRevealed.class);
        DominoRound waiting = view;
        Set<Tile> hand0 = full.hand(0).knownTiles();
        Set<Tile> hand1 = full.hand(1).knownTiles();
        assertThatThrownBy(() -> waiting.reveal(List.of(hand0, hand0))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> waiting.reveal(List.of(hand1, hand0))).isInstanceOf(IllegalArgumentException.class);
        assertThat(waiting.reveal(List.of(hand0, hand1)).result()).isEqualTo(full.apply(DominoMove.PASS)
                .apply(DominoMove.PASS).result());
    }
}
