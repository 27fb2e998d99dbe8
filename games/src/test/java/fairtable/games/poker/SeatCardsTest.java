package fairtable.games.poker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeatCardsTest {

    private static List<Card> cards(String text) {
        return Card.parseAll(text);
    }

    @Test
    void aCardIsNeverDealtTwiceInAHandEvenAfterItWasDiscardedOrWentToTheBoard() {
        SeatCards dealt = SeatCards.none(2).deal(0, cards("As Ad"), 2, "seat 0's hole");
        assertThat(dealt.of(0)).containsExactlyElementsOf(cards("As Ad"));
        assertThatThrownBy(() -> dealt.deal(1, cards("Ks As"), 2, "seat 1's hole"))
                .hasMessageContaining("card As was already dealt");
        SeatCards discarded = dealt.discard(0, cards("Ad"));
        assertThat(discarded.of(0)).containsExactlyElementsOf(cards("As"));
        assertThatThrownBy(() -> discarded.deal(1, cards("Ad"), 1, "seat 1's draw"))
                .hasMessageContaining("card Ad was already dealt");
        SeatCards board = dealt.seeCommunity(cards("2c 3c 4c"), 3);
        assertThatThrownBy(() -> board.deal(1, cards("4c 5c"), 2, "seat 1's hole"))
                .hasMessageContaining("card 4c was already dealt");
        assertThatThrownBy(() -> dealt.seeCommunity(cards("2c 3c"), 3)).hasMessageContaining("needs 3 card(s), got 2");
    }

    @Test
    void aHiddenHandIsUnknownUntilItsOwnerNamesItAtTheShow() {
        SeatCards cards = SeatCards.none(3).deal(0, cards("As Ad"), 2, "seat 0's hole").dealHidden(1);
        assertThat(cards.isHidden(1)).isTrue();
        assertThat(cards.isDealt(1)).isTrue();
        assertThat(cards.of(1)).isEmpty();
        assertThat(cards.isDealt(2)).isFalse();
        assertThat(cards.isHidden(0)).isFalse();

        SeatCards shown = cards.show(1, new Action.Show(cards("Kh Kd")), 2);
        assertThat(shown.of(1)).containsExactlyInAnyOrderElementsOf(cards("Kh Kd"));
        assertThat(shown.isHidden(1)).isFalse();
        assertThat(cards.isHidden(1)).as("showing returns a new value").isTrue();
        assertThatThrownBy(() -> cards.show(1, new Action.Show(List.of()), 2))
                .hasMessageContaining("must name them");
        assertThatThrownBy(() -> cards.show(1, new Action.Show(cards("As Kd")), 2))
                .as("a hidden hand cannot claim a card seen elsewhere")
                .hasMessageContaining("card As was already dealt");
        assertThatThrownBy(() -> cards.show(1, new Action.Show(cards("Kd")), 2))
                .hasMessageContaining("needs 2 card(s)");
    }

    @Test
    void aKnownHandShowsItselfAndMayNotBeRenamed() {
        SeatCards cards = SeatCards.none(2).deal(0, cards("As Ad"), 2, "seat 0's hole");
        assertThat(cards.show(0, new Action.Show(List.of()), 2)).isSameAs(cards);
        assertThat(cards.show(0, new Action.Show(cards("Ad As")), 2).of(0)).containsExactlyElementsOf(cards("As Ad"));
        assertThatThrownBy(() -> cards.show(0, new Action.Show(cards("Ks Kd")), 2))
                .hasMessageContaining("seat 0 shows").hasMessageContaining("but holds As Ad");
    }
}
