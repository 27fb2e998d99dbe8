package fairtable.games.gin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.List;
import org.junit.jupiter.api.Test;

class GinMoveTest {

    @Test
    void everyMoveReadsBackFromItsText() {
        Card card = Card.parse("Td");
        List<GinMove> moves = List.of(GinMove.TAKE_UPCARD, GinMove.PASS, GinMove.DRAW_STOCK, GinMove.TAKE_DISCARD,
                GinMove.discard(card), GinMove.knock(card), GinMove.gin(card));
        assertThat(moves).extracting(GinMove::toString).containsExactly("take-upcard", "pass", "draw-stock",
                "take-discard", "discard Td", "knock Td", "gin Td");
        assertThat(moves).allSatisfy(move -> assertThat(GinMove.parse(move.toString())).isEqualTo(move));
    }

    @Test
    void textThatIsNoMoveIsRefused() {
        assertThatThrownBy(() -> GinMove.parse("fold")).hasMessage("not a gin move: \"fold\"");
        assertThatThrownBy(() -> GinMove.parse("knock")).hasMessage("not a gin move: \"knock\"");
        assertThatThrownBy(() -> GinMove.parse("meld Td")).hasMessage("not a gin move: \"meld Td\"");
    }
}
