package fairtable.games.poker;

import static fairtable.games.poker.Action.call;
import static fairtable.games.poker.Action.check;
import static fairtable.games.poker.Action.fold;
import static fairtable.games.poker.Action.raiseTo;
import static fairtable.games.poker.Action.show;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.List;
import org.junit.jupiter.api.Test;

class DrawHandTest {

    private static List<Card> cards(String text) {
        return Card.parseAll(text);
    }

    private static Action discard(String text) {
        return Action.draw(text.isBlank() ? List.of() : cards(text));
    }

    /** Three players with antes: button 0, so seat 1 is dealt first and opens. */
    private static DrawHand dealtThreeWithAntes() {
        DrawHand hand = DrawHand.start(DrawRules.withAntes(1, 2), new int[] {100, 100, 100}, 0);
        assertThat(hand.pot()).isEqualTo(3);
        assertThat(hand.pending()).isEqualTo(new Pending.HoleCards(1, 5));
        hand = hand.deal(cards("As Ad 7c 4h 2s"));
        assertThat(hand.pending()).isEqualTo(new Pending.HoleCards(2, 5));
        hand = hand.deal(cards("Ks Kd Kc 9h 3s"));
        return hand.deal(cards("Qs Jd Tc 9d 3c"));
    }

    @Test
    void antesFirstRoundDrawInOrderSecondRoundAndShowdown() {
        DrawHand hand = dealtThreeWithAntes();
        assertThat(hand.phase()).isEqualTo(DrawHand.Phase.FIRST_BETTING);
        assertThat(hand.pending()).as("left of the button opens").isEqualTo(new Pending.ActionFrom(1));
        assertThat(hand.legalActions().choices()).containsExactly(check());
        assertThat(hand.legalActions().minRaiseTo()).isEqualTo(2);
        hand = hand.apply(raiseTo(10)).apply(call()).apply(call());

        assertThat(hand.phase()).isEqualTo(DrawHand.Phase.DRAW);
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(1));
        assertThat(hand.legalActions().choices()).as("1 + 5 + 10 + 10 subsets of at most three cards").hasSize(26);
        hand = hand.apply(discard("7c 4h 2s"));
        assertThat(hand.pending()).isEqualTo(new Pending.ReplacementCards(1, 3));
        hand = hand.deal(cards("Ah 8c 5d"));
        assertThat(hand.hand(1)).containsExactlyElementsOf(cards("As Ad Ah 8c 5d"));
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(2));
        hand = hand.apply(discard("9h 3s")).deal(cards("Kh 6c"));
        assertThat(hand.pending()).as("the button draws last").isEqualTo(new Pending.ActionFrom(0));
        hand = hand.apply(discard(""));
        assertThat(hand.phase()).isEqualTo(DrawHand.Phase.SECOND_BETTING);
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(1));

        hand = hand.apply(check()).apply(raiseTo(20)).apply(fold()).apply(call());
        assertThat(hand.phase()).isEqualTo(DrawHand.Phase.SHOWDOWN);
        assertThat(hand.pending()).as("the last aggressor shows first").isEqualTo(new Pending.ActionFrom(2));
        hand = hand.apply(show());
        assertThat(hand.legalActions().choices()).containsExactly(show(), Action.muck());
        hand = hand.apply(Action.muck());
        assertThat(hand.isComplete()).isTrue();
        assertThat(hand.shownHands().get(2).describe()).isEqualTo("four of a kind: Ks Kh Kd Kc 6c");
        assertThat(hand.payouts()).containsExactly(0, 0, 73);
        assertThat(hand.stacks()).containsExactly(89, 69, 142);
    }

    @Test
    void drawsAreCheckedAgainstTheHandAndTheDeck() {
        DrawHand hand = dealtThreeWithAntes().apply(check()).apply(check()).apply(check());
        DrawHand drawing = hand;
        assertThatThrownBy(() -> drawing.apply(discard("7c 4h 2s As"))).hasMessageContaining("at most 3");
        assertThatThrownBy(() -> drawing.apply(discard("Kh"))).hasMessageContaining("cannot discard Kh");
        assertThatThrownBy(() -> drawing.apply(check())).hasMessageContaining("must draw");
        DrawHand waiting = hand.apply(discard("2s"));
        assertThatThrownBy(() -> waiting.deal(cards("2s"))).as("a discard never comes back")
                .hasMessageContaining("card 2s was already dealt");
        assertThatThrownBy(() -> waiting.deal(cards("Ks"))).hasMessageContaining("card Ks was already dealt");
        assertThatThrownBy(() -> waiting.deal(cards("2h 3h"))).hasMessageContaining("needs 1 card(s), got 2");
    }

    @Test
    void withBlindsTheSeatLeftOfTheBigBlindOpensAndFoldsEndTheHand() {
        DrawHand hand = DrawHand.start(DrawRules.withBlinds(1, 2), new int[] {50, 50, 50, 50}, 1);
        // Button 1, small blind 2, big blind 3: seat 0 opens.
        hand = hand.deal(cards("2c 3c 4c 5c 7d")).deal(cards("2d 3d 4d 5d 7h")).deal(cards("2h 3h 4h 5h 7s"))
                .deal(cards("2s 3s 4s 5s 7c"));
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(0));
        assertThat(hand.legalActions().choices()).containsExactly(fold(), call());
        hand = hand.apply(fold()).apply(fold()).apply(fold());
        assertThat(hand.isComplete()).isTrue();
        assertThat(hand.payouts()).as("the big blind's uncalled chip goes back first").containsExactly(0, 0, 0, 2);
        assertThat(hand.stacks()).containsExactly(50, 50, 49, 51);
    }

    @Test
    void allInPlayersStillDrawAndTheHandSkipsBettingNobodyCanDo() {
        DrawHand hand = DrawHand.start(DrawRules.withAntes(1, 2), new int[] {11, 100}, 0);
        assertThat(hand.pending()).isEqualTo(new Pending.HoleCards(1, 5));
        hand = hand.deal(cards("Ks Kd Kc 9h 3s")).deal(cards("As Ad 7c 4h 2s"));
        hand = hand.apply(raiseTo(10)).apply(call());
        assertThat(hand.phase()).isEqualTo(DrawHand.Phase.DRAW);
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(1));
        hand = hand.apply(discard("9h 3s")).deal(cards("Ah 2c"));
        assertThat(hand.pending()).as("the all-in button still draws").isEqualTo(new Pending.ActionFrom(0));
        hand = hand.apply(discard("7c 4h 2s")).deal(cards("Ac Qd Jd"));
        assertThat(hand.phase()).as("no second betting round with a player all-in").isEqualTo(DrawHand.Phase.SHOWDOWN);
        hand = hand.apply(show()).apply(show());
        assertThat(hand.shownHands().get(0).category()).isEqualTo(HandCategory.THREE_OF_A_KIND);
        assertThat(hand.payouts()).containsExactly(22, 0);
    }

    @Test
    void rejectsBadTables() {
        assertThatThrownBy(() -> DrawHand.start(DrawRules.withAntes(1, 2), new int[7], 0))
                .hasMessageContaining("2 to 6 seats");
        assertThatThrownBy(() -> new DrawRules(0, 0, 0, 2)).hasMessageContaining("antes or blinds");
        assertThatThrownBy(() -> new DrawRules(0, 1, 2, 5)).hasMessageContaining("minimum bet is the big blind");
    }
}
