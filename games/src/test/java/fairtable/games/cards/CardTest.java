package fairtable.games.cards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CardTest {

    @Test
    void deckHasFiftyTwoDistinctCardsWithIndexesZeroToFiftyOne() {
        List<Card> deck = Card.deck();
        assertThat(deck).hasSize(52).doesNotHaveDuplicates();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 52; i++) {
            assertThat(deck.get(i).index()).isEqualTo(i);
            assertThat(Card.ofIndex(i)).isSameAs(deck.get(i));
            names.add(deck.get(i).toString());
        }
        assertThat(names).hasSize(52);
    }

    @Test
    void indexIsSuitMajorThenRank() {
        assertThat(Card.parse("2c").index()).isZero();
        assertThat(Card.parse("Ac").index()).isEqualTo(12);
        assertThat(Card.parse("2d").index()).isEqualTo(13);
        assertThat(Card.parse("Th").index()).isEqualTo(34);
        assertThat(Card.parse("As").index()).isEqualTo(51);
    }

    @Test
    void tenIsReadAsTOrTenAndSuitsAsLettersOrSigns() {
        assertThat(Card.parse("10h")).isSameAs(Card.parse("Th")).isSameAs(Card.parse("10♥")).isSameAs(Card.parse("T♡"));
        assertThat(Card.parse("A♠")).isSameAs(Card.parse("as"));
        assertThat(Card.parse("7♣")).isSameAs(Card.parse("7c"));
        assertThat(Card.parse("Q♦")).isSameAs(Card.parse("Qd"));
        for (String bad : new String[] {"", "1h", "10", "A", "Ahh", "100h"}) {
            assertThatThrownBy(() -> Card.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(bad.isEmpty() ? "rank then suit" : bad);
        }
        assertThatThrownBy(() -> Card.parse("Ax")).hasMessageContaining("unknown suit 'x'");
    }

    @Test
    void parseAndFormatRoundTrip() {
        for (Card card : Card.deck()) {
            assertThat(Card.parse(card.toString())).isSameAs(card);
        }
        Card ten = Card.parse("td");
        assertThat(ten.rank()).isEqualTo(Rank.TEN);
        assertThat(ten.suit()).isEqualTo(Suit.DIAMONDS);
        assertThat(ten).hasToString("Td");
        assertThat(Card.parse("7H")).hasToString("7h");
        assertThat(Card.of(Rank.ACE, Suit.SPADES)).hasToString("As");
    }

    @Test
    void parseAllSplitsOnSpacesAndCommasAndFormatsBack() {
        List<Card> cards = Card.parseAll(" As, Kd 7h\t2c ");
        assertThat(Card.format(cards)).isEqualTo("As Kd 7h 2c");
    }

    @Test
    void rejectsMalformedCardsWithClearMessages() {
        assertThatThrownBy(() -> Card.parse("1s")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rank '1'");
        assertThatThrownBy(() -> Card.parse("Ax")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("suit 'x'");
        assertThatThrownBy(() -> Card.parse("Asx")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rank then suit");
        assertThatThrownBy(() -> Card.ofIndex(52)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("52");
        assertThatThrownBy(() -> Card.parseAll("As Kd As")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate card As");
    }
}
