package fairtable.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PotTest {

    @Test
    void foldedChipsFeedThePotsTheyReachedWithoutMakingTheirOwnerEligible() {
        int[] committed = {30, 100, 100, 60, 0};
        boolean[] folded = {false, false, false, true, true};
        assertThat(Pot.split(committed, folded)).containsExactly(
                new Pot(120, List.of(0, 1, 2)), new Pot(170, List.of(1, 2)));
    }

    @Test
    void aThreeWayTieHandsTheOddChipsOutOneEachFromLeftOfTheButton() {
        List<Pot> pots = List.of(new Pot(11, List.of(0, 1, 2, 3)));
        int[] strengths = {5, 5, 1, 5};
        // Button 1: order from its left is 2, 3, 0, 1; the tied winners in that order are 3, 0, 1.
        assertThat(Pot.award(pots, strengths, 1)).containsExactly(4, 3, 0, 4);
        // Button 3: order 0, 1, 2, 3; winners 0, 1, 3.
        assertThat(Pot.award(pots, strengths, 3)).containsExactly(4, 4, 0, 3);
    }

    @Test
    void sidePotsGoToTheBestEligibleHandEach() {
        List<Pot> pots = List.of(new Pot(90, List.of(0, 1, 2)), new Pot(40, List.of(1, 2)));
        int[] strengths = {9, 3, 7};
        assertThat(Pot.award(pots, strengths, 0)).containsExactly(90, 0, 40);
    }
}
