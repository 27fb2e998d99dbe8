package fairtable.app.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.cards.Card;
import fairtable.games.dominoes.DominoMove;
import fairtable.games.dominoes.End;
import fairtable.games.dominoes.Tile;
import fairtable.games.poker.Action;
import fairtable.games.poker.HoldemHand;
import fairtable.games.poker.HoldemRules;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TerminalPlayerTest {

    /** Heads-up, blinds 10/20, both dealt: the button (small blind) acts first. */
    private static HoldemHand preflop() {
        HoldemHand hand = HoldemHand.start(new HoldemRules(10, 20), new int[] {1000, 1000}, 0);
        hand = hand.deal(Card.parseAll("As Kd"));
        return hand.deal(Card.parseAll("7c 2h"));
    }

    @Test
    void thePromptOffersExactlyTheLegalActionsWithTheirAmounts() {
        HoldemHand hand = preflop();
        assertThat(TerminalPlayer.options(hand, hand.legalActions())).isEqualTo("fold | call 10 | raise 40..1000 | all-in");
        HoldemHand checked = hand.apply(Action.call());
        assertThat(TerminalPlayer.options(checked, checked.legalActions())).isEqualTo("check | raise 40..1000 | all-in");
    }

    @Test
    void whenTimeRunsOutTheSeatChecksIfItMayAndFoldsOtherwise() {
        HoldemHand hand = preflop();
        assertThat(TerminalPlayer.timeoutAction(hand, hand.legalActions())).isEqualTo(Action.fold());
        HoldemHand checked = hand.apply(Action.call());
        assertThat(TerminalPlayer.timeoutAction(checked, checked.legalActions())).isEqualTo(Action.check());
    }

    @Test
    void typedInputIsParsedAndRefusedUntilLegal() {
        StringWriter text = new StringWriter();
        TerminalPlayer person = new TerminalPlayer(0, List.of("alice", "bob"),
                new BufferedReader(new StringReader("raise 5\nbogus\nall-in\n")), new PrintWriter(text, true), 30);
        assertThat(person.decide(preflop())).isEqualTo(Action.raiseTo(1000));
        assertThat(text.toString()).contains("not allowed now: raise 5", "unknown action \"bogus\"", "your cards 7c 2h")
                .doesNotContain("As Kd");
    }

    @Test
    void aCallMayNameItsAmountAsThePromptShowsIt() {
        HoldemHand hand = preflop();
        assertThat(TerminalPlayer.parse("call 10", hand)).isEqualTo(Action.call());
        assertThat(TerminalPlayer.parse("  CALL   10 ", hand)).isEqualTo(Action.call());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TerminalPlayer.parse("call 20", hand))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("calling costs 10 now, not 20");
        StringWriter text = new StringWriter();
        TerminalPlayer person = new TerminalPlayer(0, List.of("alice", "bob"),
                new BufferedReader(new StringReader("call 30\ncall 10\n")), new PrintWriter(text, true), 30);
        assertThat(person.decide(hand)).isEqualTo(Action.call());
        assertThat(text.toString()).contains("calling costs 10 now, not 30");
    }

    @Test
    void theEndOfInputCountsAsTimeRunningOut() {
        TerminalPlayer person = new TerminalPlayer(0, List.of("alice", "bob"), new BufferedReader(new StringReader("")),
                new PrintWriter(new StringWriter(), true), 30);
        assertThat(person.decide(preflop())).isEqualTo(Action.fold());
    }

    @Test
    void dominoMovesAreTypedWithOrWithoutTheEndWhenOnlyOneFits() {
        DominoMove left = DominoMove.play(Tile.of(6, 4), End.LEFT);
        DominoMove right = DominoMove.play(Tile.of(6, 4), End.RIGHT);
        DominoMove other = DominoMove.play(Tile.of(2, 1), End.RIGHT);
        assertThat(TerminalPlayer.parseMove("play 6-4", List.of(left, other))).isEqualTo(left);
        assertThat(TerminalPlayer.parseMove("play 4-6", List.of(left, other))).isEqualTo(left);
        assertThat(TerminalPlayer.parseMove("play 6-4", List.of(left, right))).isNull();
        assertThat(TerminalPlayer.parseMove("play 6-4 right", List.of(left, right))).isEqualTo(right);
        assertThat(TerminalPlayer.parseMove("draw", List.of(left))).isNull();
    }
}
