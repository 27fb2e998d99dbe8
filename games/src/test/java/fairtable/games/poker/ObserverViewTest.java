package fairtable.games.poker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * In a distributed game every player runs its own engine and sees only its own cards. Here a referee
 * engine that sees everything and an observer engine that sees one seat's cards are driven through the
 * same random hands; they must agree on every public fact and on the result.
 */
class ObserverViewTest {

    @RepeatedTest(30)
    void anObserverSeeingOnlyItsOwnCardsAgreesWithTheReferee(RepetitionInfo repetition) {
        SplittableRandom random = new SplittableRandom(500 + repetition.getCurrentRepetition());
        boolean holdem = repetition.getCurrentRepetition() % 2 == 0;
        int players = 2 + random.nextInt(holdem ? 8 : 5);
        int[] stacks = new int[players];
        for (int i = 0; i < players; i++) {
            stacks[i] = random.nextInt(4) == 0 ? 1 + random.nextInt(5) : 20 + random.nextInt(200);
        }
        int button = random.nextInt(players);
        int observerSeat = random.nextInt(players);
        PokerHand referee = holdem ? HoldemHand.start(new HoldemRules(1, 2), stacks, button)
                : DrawHand.start(DrawRules.withBlinds(1, 2), stacks, button);
        PokerHand observer = referee;
        List<Card> deck = new ArrayList<>(Card.deck());
        Collections.shuffle(deck, new Random(random.nextLong()));
        int dealt = 0;
        PokerBot bot = new PokerBot(new SplittableRandom(random.nextLong()), 50);
        while (!referee.isComplete()) {
            assertThat(observer.pending()).isEqualTo(referee.pending());
            assertThat(observer.stacks()).isEqualTo(referee.stacks());
            assertThat(observer.pots()).isEqualTo(referee.pots());
            assertThat(observer.board()).isEqualTo(referee.board());
            Pending pending = referee.pending();
            if (pending instanceof Pending.HoleCards request) {
                List<Card> cards = deck.subList(dealt, dealt += request.count());
                referee = referee.deal(cards);
                observer = request.seat() == observerSeat ? observer.deal(cards) : observer.dealHidden();
            } else if (pending instanceof Pending.ReplacementCards request) {
                List<Card> cards = deck.subList(dealt, dealt += request.count());
                referee = referee.deal(cards);
                observer = request.seat() == observerSeat ? observer.deal(cards) : observer.dealHidden();
            } else if (pending instanceof Pending.BoardCards request) {
                List<Card> cards = deck.subList(dealt, dealt += request.count());
                referee = referee.deal(cards);
                observer = observer.deal(cards);
            } else {
                int seat = ((Pending.ActionFrom) pending).seat();
                LegalActions refereeLegal = referee.legalActions();
                LegalActions observerLegal = observer.legalActions();
                Action action = bot.choose(referee);
                Action seen = action;
                if (seat != observerSeat && action instanceof Action.Draw draw) {
                    seen = Action.drawUnseen(draw.discards().size());
                } else if (seat != observerSeat && action instanceof Action.Show) {
                    seen = Action.show(referee.privateCards(seat));
                }
                if (seat == observerSeat || !(action instanceof Action.Draw || action instanceof Action.Show
                        || action instanceof Action.Muck)) {
                    assertThat(observerLegal).isEqualTo(refereeLegal);
                }
                assertThat(observerLegal.allows(seen)).as(seen + " allowed to the observer").isTrue();
                referee = referee.apply(action);
                observer = observer.apply(seen);
            }
        }
        assertThat(observer.isComplete()).isTrue();
        assertThat(observer.payouts()).isEqualTo(referee.payouts());
        assertThat(observer.stacks()).isEqualTo(referee.stacks());
        assertThat(observer.shownHands()).isEqualTo(referee.shownHands());
    }

    @Test
    void hiddenHandsMustBeNamedWhenShownAndNamedCardsMustBeFresh() {
        HoldemHand hand = HoldemHand.start(new HoldemRules(1, 2), new int[] {100, 100}, 0);
        // Seat 1 is dealt first (left of the button); this engine is seat 0's.
        hand = hand.dealHidden().deal(Card.parseAll("As Ad"));
        assertThat(hand.isHidden(1)).isTrue();
        assertThat(hand.holeCards(1)).isEmpty();
        hand = hand.apply(Action.call()).apply(Action.check())
                .deal(Card.parseAll("2c 7d 9h")).apply(Action.check()).apply(Action.check())
                .deal(Card.parseAll("Js")).apply(Action.check()).apply(Action.check())
                .deal(Card.parseAll("3c")).apply(Action.check()).apply(Action.check());
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(1));
        HoldemHand showdown = hand;
        assertThatThrownBy(() -> showdown.apply(Action.show())).hasMessageContaining("must name them");
        assertThatThrownBy(() -> showdown.apply(Action.show(Card.parseAll("As Kd"))))
                .hasMessageContaining("card As was already dealt");
        assertThatThrownBy(() -> showdown.apply(Action.show(Card.parseAll("Kd")))).hasMessageContaining("needs 2");
        assertThatThrownBy(() -> showdown.apply(Action.muck())).as("nothing shown yet")
                .hasMessageContaining("must be shown");
        hand = hand.apply(Action.show(Card.parseAll("Ks Kd")));
        assertThat(hand.holeCards(1)).containsExactlyInAnyOrderElementsOf(Card.parseAll("Ks Kd"));
        HoldemHand ownTurn = hand;
        assertThatThrownBy(() -> ownTurn.apply(Action.show(Card.parseAll("Ah Ac"))))
                .hasMessageContaining("shows Ac Ah but holds As Ad");
        hand = hand.apply(Action.show(Card.parseAll("Ad As")));
        assertThat(hand.payouts()).containsExactly(4, 0);
    }
}
