package fairtable.games.poker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HandEvaluatorTest {

    private static HandValue eval(String cards) {
        return HandEvaluator.evaluate(cards);
    }

    private static void assertBeats(String stronger, String weaker) {
        assertThat(eval(stronger)).as(stronger + " vs " + weaker).isGreaterThan(eval(weaker));
    }

    private static void assertTies(String first, String second) {
        assertThat(eval(first).compareTo(eval(second))).as(first + " vs " + second).isZero();
    }

    @ParameterizedTest
    @CsvSource({
        "As Kd 7h 7c 2s 9d Tc, pair: 7h 7c As Kd Tc",
        "Ah Kh Qh Jh Th, straight flush: Ah Kh Qh Jh Th",
        "5d 4d 3d 2d Ad Kd, straight flush: 5d 4d 3d 2d Ad",
        "9c 9d 9h 9s 2c Kd 3h, four of a kind: 9s 9h 9d 9c Kd",
        "Kc Kd Ks 2h 2d 2s 3c, full house: Ks Kd Kc 2s 2h",
        "2h 7h 9h Jh 4h 3h Ac, flush: Jh 9h 7h 4h 3h",
        "Ac 2d 3h 4s 5c Kd, straight: 5c 4s 3h 2d Ac",
        "Tc Jd Qh Ks Ac 9c, straight: Ac Ks Qh Jd Tc",
        "7c 7d 7h As 2d, three of a kind: 7h 7d 7c As 2d",
        "Qc Qd 3h 3s 8c 8d 2s, two pair: Qd Qc 8d 8c 3s",
        "Ac Jd 9h 6s 3c 2d 4h, high card: Ac Jd 9h 6s 4h",
    })
    void describesTheBestFiveCards(String cards, String description) {
        assertThat(HandEvaluator.describe(cards)).isEqualTo(description);
    }

    @Test
    void bestFiveDoesNotDependOnInputOrder() {
        assertThat(eval("7c 7h As Kd Tc 2s 9d").bestFive()).isEqualTo(eval("As Kd 7h 7c 2s 9d Tc").bestFive());
        assertThat(eval("Kd Kh Ks Kc 2c").bestFive()).isEqualTo(eval("Kc Ks Kh Kd 2c").bestFive());
    }

    @Test
    void categoryDisplayNamesAreExact() {
        assertThat(HandCategory.values()).extracting(HandCategory::displayName).containsExactly(
                "high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
                "four of a kind", "straight flush");
    }

    @Test
    void wheelIsTheLowestStraightAndSteelWheelTheLowestStraightFlush() {
        assertBeats("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c");
        assertBeats("Ac 2d 3h 4s 5c", "Ac Ad Ah Ks Qc");
        assertBeats("2h 3h 4h 5h 6h", "Ah 2h 3h 4h 5h");
        assertThat(eval("Ah 2h 3h 4h 5h").category()).isEqualTo(HandCategory.STRAIGHT_FLUSH);
        assertThat(eval("Qc Kd Ah 2s 3c").category()).as("no wrap-around straight").isEqualTo(HandCategory.HIGH_CARD);
    }

    @Test
    void kickersBreakTiesInOrder() {
        assertBeats("Ac Ad Kh 9s 3c", "As Ah Qc Js Tc");       // first kicker
        assertBeats("Ac Ad Kh 9s 4c", "As Ah Kc 9d 3c");       // third kicker
        assertBeats("Kc Kd 5h 5s Ac", "Ks Kh 5c 5d Qc");       // two-pair kicker
        assertBeats("Kc Kd 6h 6s 2c", "Ks Kh 5c 5d Ac");       // second pair beats kicker
        assertBeats("7c 7d 7h Ks 2c", "7s 7d 7h Qs Jc");       // trips kicker
        assertBeats("9c 9d 9h 9s 3c", "9c 9d 9h 9s 2c");       // quads kicker
        assertBeats("3c 3d 3h 2s 2c", "2d 2h 2s Ac Ad");       // full house: trips rank first
        assertBeats("Ah 9h 7h 4h 3h", "Kc Qc Jc 9c 7c");       // flush: top card
        assertBeats("Ah 9h 7h 4h 3h", "Ac 9c 7c 4c 2c");       // flush: last card
        assertBeats("Kc Qd Jh 9s 8c", "Kd Qh Jc 9c 7d");       // high card: fifth card
    }

    @Test
    void onlyTheBestFiveCountSoSixthAndSeventhCardsDoNotPlay() {
        assertTies("Ac Ad Kh Qs Jc 3d 2h", "As Ah Kd Qc Jd 5c 4s");
        assertTies("Ac Kc Qc Jc Tc 2d 3d", "Ad Kd Qd Jd Td 9s 8s");
        assertTies("Kc Kd Kh 5s 5c 5d 2h", "Ks Kd Kh 5s 5c 5h Ac"); // two trips: the lower pair plays
        assertTies("Ac Ad 8h 8s 4c 4d Kh", "As Ah 8c 8d 3c 3d Kc"); // three pairs: the best kicker is K
        assertBeats("Ac Ad 8h 8s 4c 4d Kh", "As Ah 8c 8d Qc 3d 2c");
        assertTies("2c 3d 4h 5s 6c 7d 8h", "4c 5d 6h 7s 8c 2s 3s");
    }

    @Test
    void suitsNeverBreakTies() {
        assertTies("As Ks Qs Js 9s", "Ah Kh Qh Jh 9h");
        assertTies("Ac Kd Qh Js 9s", "Ad Kc Qs Jh 9h");
    }

    @Test
    void intAndMaskEntryPointsAgreeWithCardEntryPoint() {
        List<Card> cards = Card.parseAll("As Kd 7h 7c 2s 9d Tc");
        int[] indexes = cards.stream().mapToInt(Card::index).toArray();
        int expected = HandEvaluator.evaluate(cards).strength();
        assertThat(HandEvaluator.strength(indexes)).isEqualTo(expected);
        assertThat(HandEvaluator.strength(indexes[0], indexes[1], indexes[2], indexes[3], indexes[4], indexes[5],
                indexes[6])).isEqualTo(expected);
        assertThat(HandEvaluator.strength(HandEvaluator.maskOf(cards))).isEqualTo(expected);
        assertThat(HandEvaluator.category(expected)).isEqualTo(HandCategory.PAIR);
    }

    @Test
    void rejectsDuplicateInvalidAndWrongNumberOfCards() {
        assertThatThrownBy(() -> eval("As Kd 7h 7c As")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate card As");
        assertThatThrownBy(() -> eval("As Kd 7h 7c Zz")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rank 'Z'");
        assertThatThrownBy(() -> eval("As Kd 7h 7c")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("five to seven cards, got 4");
        assertThatThrownBy(() -> eval("As Kd 7h 7c 2c 3c 4c 5c")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("five to seven cards, got 8");
        assertThatThrownBy(() -> HandEvaluator.strength(1, 2, 3, 4, 4, 5, 6))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("distinct");
        assertThatThrownBy(() -> HandEvaluator.strength(1, 2, 3, 4, 52))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("52");
    }
}
