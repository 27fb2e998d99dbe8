package fairtable.games.poker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.List;
import org.junit.jupiter.api.Test;

class ActionTest {

    @Test
    void parsesWhatPlayersType() {
        assertThat(Action.parse("fold")).isEqualTo(Action.fold());
        assertThat(Action.parse(" Check ")).isEqualTo(Action.check());
        assertThat(Action.parse("call")).isEqualTo(Action.call());
        assertThat(Action.parse("bet 20")).isEqualTo(Action.raiseTo(20));
        assertThat(Action.parse("raise  45")).isEqualTo(Action.raiseTo(45));
        assertThat(Action.parse("show")).isEqualTo(Action.show());
        assertThat(Action.parse("muck")).isEqualTo(Action.muck());
        assertThat(Action.parse("draw")).isEqualTo(Action.draw(List.of()));
        assertThat(Action.parse("draw 7c 2s")).isEqualTo(Action.draw(Card.parseAll("2s 7c")));
    }

    @Test
    void rejectsNonsenseClearly() {
        assertThatThrownBy(() -> Action.parse("jump")).hasMessageContaining("unknown action \"jump\"");
        assertThatThrownBy(() -> Action.parse("raise")).hasMessageContaining("positive whole amount");
        assertThatThrownBy(() -> Action.parse("raise -3")).hasMessageContaining("positive whole amount");
        assertThatThrownBy(() -> Action.parse("call 5")).hasMessageContaining("takes no argument");
        assertThatThrownBy(() -> Action.parse("draw 7c 7c")).hasMessageContaining("duplicate card 7c");
        // What another seat declares it drew, unseen: never a negative count.
        assertThatThrownBy(() -> Action.drawUnseen(-1)).hasMessageContaining("no fewer than 0 cards");
    }
}
