package fairtable.games.mahjongshogi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class SetupTest {

    private static final TileSet STANDARD = TileSet.standard();

    /** Player 0's home squares in order, leaving out the last two (h3, i3) empty. */
    static Map<Square, Integer> orderedPlacement(int owner) {
        Map<Square, Integer> kinds = new TreeMap<>();
        List<Square> home = new ArrayList<>();
        for (int index = 0; index < Board.SQUARES; index++) {
            if (Board.isHome(owner, Square.ofIndex(index))) {
                home.add(Square.ofIndex(index));
            }
        }
        int next = 0;
        for (int kind = 1; kind <= 13; kind++) {
            for (int i = 0; i < STANDARD.count(kind); i++) {
                kinds.put(home.get(next++), kind);
            }
        }
        return kinds;
    }

    @Test
    void theStandardSetIsTwoOfEachKindAndOneEast() {
        assertThat(STANDARD.size()).isEqualTo(25);
        assertThat(STANDARD.kingKind()).isEqualTo(Kinds.EAST);
        for (int kind = 1; kind <= 13; kind++) {
            assertThat(STANDARD.count(kind)).isEqualTo(kind == Kinds.EAST ? 1 : 2);
        }
    }

    @Test
    void tileSetsNeedOneKingAndFitTheHomeRanks() {
        List<Integer> twoKings = new ArrayList<>(Collections.nCopies(13, 2));
        assertThatThrownBy(() -> new TileSet(twoKings, Kinds.EAST)).isInstanceOf(IllegalArgumentException.class);
        List<Integer> tooMany = new ArrayList<>(Collections.nCopies(13, 3));
        tooMany.set(Kinds.EAST - 1, 1);
        assertThatThrownBy(() -> new TileSet(tooMany, Kinds.EAST)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TileSet(List.of(1, 2), 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aValidPlacementKeepsTwentyFiveTilesOnTheThreeHomeRanks() {
        Placement placement = Placement.of(0, STANDARD, orderedPlacement(0));
        assertThat(placement.size()).isEqualTo(25);
        assertThat(placement.squares()).allMatch(s -> s.rank() < 3);
        assertThat(placement.kindOf(0)).isEqualTo(1);
        assertThat(placement.startSquare(0)).isEqualTo(new Square(0, 0));
        assertThat(placement.isKing(18)).isTrue();
        assertThat(Placement.of(1, STANDARD, orderedPlacement(1)).squares()).allMatch(s -> s.rank() >= 6);
    }

    @Test
    void placementsOffTheHomeRanksOrWithWrongCountsAreRejected() {
        Map<Square, Integer> offHome = new TreeMap<>(orderedPlacement(0));
        offHome.remove(new Square(0, 0));
        offHome.put(new Square(4, 3), 1);
        assertThatThrownBy(() -> Placement.of(0, STANDARD, offHome)).hasMessageContaining("may not place");

        assertThatThrownBy(() -> Placement.of(1, STANDARD, orderedPlacement(0))).hasMessageContaining("may not place");

        Map<Square, Integer> threeEasts = new TreeMap<>(orderedPlacement(0));
        threeEasts.put(new Square(7, 2), Kinds.EAST);
        assertThatThrownBy(() -> Placement.of(0, STANDARD, threeEasts)).hasMessageContaining("東");

        Map<Square, Integer> missingOne = new TreeMap<>(orderedPlacement(0));
        missingOne.remove(new Square(0, 0));
        assertThatThrownBy(() -> Placement.of(0, STANDARD, missingOne)).isInstanceOf(IllegalArgumentException.class);

        Map<Square, Integer> swapped = new TreeMap<>(orderedPlacement(0));
        swapped.put(new Square(0, 0), 13);
        assertThatThrownBy(() -> Placement.of(0, STANDARD, swapped)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theEngineChecksThePublicLayouts() {
        MahjongShogiRules rules = MahjongShogiRules.standard();
        TreeSet<Square> layout0 = new TreeSet<>(orderedPlacement(0).keySet());
        TreeSet<Square> layout1 = new TreeSet<>(orderedPlacement(1).keySet());
        assertThat(MahjongShogiState.start(rules, layout0, layout1).tiles(1)).hasSize(25);
        assertThatThrownBy(() -> MahjongShogiState.start(rules, layout1, layout0))
                .isInstanceOf(IllegalArgumentException.class);
        TreeSet<Square> short0 = new TreeSet<>(layout0);
        short0.pollFirst();
        assertThatThrownBy(() -> MahjongShogiState.start(rules, short0, layout1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @RepeatedTest(20)
    void randomPlacementsAreValidAndKeepTheKingOnTheBackRank(org.junit.jupiter.api.RepetitionInfo info) {
        SplittableRandom random = new SplittableRandom(info.getCurrentRepetition());
        for (int owner = 0; owner < 2; owner++) {
            Placement placement = Placement.random(owner, STANDARD, random);
            int king = -1;
            for (int id = 0; id < placement.size(); id++) {
                if (placement.isKing(id)) {
                    king = id;
                }
            }
            assertThat(placement.startSquare(king).rank()).isEqualTo(owner == 0 ? 0 : 8);
            int[] counts = new int[14];
            for (int id = 0; id < placement.size(); id++) {
                counts[placement.kindOf(id)]++;
                assertThat(Board.isHome(owner, placement.startSquare(id))).isTrue();
            }
            for (int kind = 1; kind <= 13; kind++) {
                assertThat(counts[kind]).isEqualTo(STANDARD.count(kind));
            }
        }
    }
}
