package fairtable.games.poker;

import static fairtable.games.poker.Action.call;
import static fairtable.games.poker.Action.check;
import static fairtable.games.poker.Action.fold;
import static fairtable.games.poker.Action.muck;
import static fairtable.games.poker.Action.raiseTo;
import static fairtable.games.poker.Action.show;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.List;
import org.junit.jupiter.api.Test;

class HoldemHandTest {
    private static final HoldemRules BLINDS_1_2 = new HoldemRules(1, 2);

    private static int total(HoldemHand hand) {
        int sum = hand.pot();
        for (int stack : hand.stacks()) {
            sum += stack;
        }
        return sum;
    }

    @Test
    void headsUpTheButtonPostsTheSmallBlindActsFirstPreflopAndLastAfterwards() {
        ScriptedDealer dealer = new ScriptedDealer("2c 7d 9h Js Kc", "As Ad", "Ks Kd");
        HoldemHand hand = HoldemHand.start(BLINDS_1_2, new int[] {100, 100}, 0);
        assertThat(hand.smallBlindSeat()).isZero();
        assertThat(hand.bigBlindSeat()).isEqualTo(1);
        assertThat(hand.stacks()).containsExactly(99, 98);
        assertThat(hand.pending()).isEqualTo(new Pending.HoleCards(1, 2));

        hand = dealer.dealPending(hand);
        assertThat(hand.pending()).as("button acts first preflop").isEqualTo(new Pending.ActionFrom(0));
        assertThat(hand.legalActions().choices()).containsExactly(fold(), call());
        assertThat(hand.legalActions().minRaiseTo()).isEqualTo(4);
        hand = hand.apply(call());
        assertThat(hand.pending()).as("big blind has the option").isEqualTo(new Pending.ActionFrom(1));
        assertThat(hand.legalActions().choices()).containsExactly(check());
        hand = hand.apply(check());
        assertThat(hand.pending()).isEqualTo(new Pending.BoardCards(3));

        hand = dealer.dealPending(hand);
        assertThat(hand.street()).isEqualTo(HoldemHand.Street.FLOP);
        assertThat(hand.pending()).as("big blind acts first after the flop").isEqualTo(new Pending.ActionFrom(1));
        hand = hand.apply(check());
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(0));
    }

    @Test
    void withFourPlayersBlindsSitLeftOfTheButtonAndUnderTheGunActsFirst() {
        ScriptedDealer dealer = new ScriptedDealer("", "As Ad", "Ks Kd", "Qs Qd", "Js Jd");
        HoldemHand hand = dealer.dealPending(HoldemHand.start(BLINDS_1_2, new int[] {100, 100, 100, 100}, 2));
        assertThat(hand.smallBlindSeat()).isEqualTo(3);
        assertThat(hand.bigBlindSeat()).isZero();
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(1));
    }

    @Test
    void foldsEndTheHandAtOnceAndTheLastPlayerTakesThePotUnseen() {
        ScriptedDealer dealer = new ScriptedDealer("", "As Ad", "Ks Kd", "7c 2d");
        HoldemHand hand = dealer.play(HoldemHand.start(BLINDS_1_2, new int[] {100, 100, 100}, 0),
                raiseTo(6), fold(), fold());
        assertThat(hand.isComplete()).isTrue();
        assertThat(hand.pending()).isEqualTo(new Pending.HandOver());
        assertThat(hand.board()).isEmpty();
        assertThat(hand.payouts()).as("the uncalled 4 went back before the pot was paid").containsExactly(5, 0, 0);
        assertThat(hand.stacks()).containsExactly(103, 99, 98);
        assertThat(hand.shownHands()).isEmpty();
    }

    @Test
    void threeAllInsMakeAMainPotAndTwoSidePots() {
        // Shorter stacks hold better hands, so every pot goes to a different player.
        ScriptedDealer dealer = new ScriptedDealer("2c 7d 9h Js 3c", "As Ad", "Ks Kd", "Qs Qd", "4h 5h");
        HoldemHand hand = HoldemHand.start(BLINDS_1_2, new int[] {50, 100, 200, 300}, 3);
        // Button 3, small blind 0, big blind 1, seat 2 first.
        hand = dealer.play(hand, raiseTo(200), call(), call(), call());
        assertThat(hand.pots()).containsExactly(
                new Pot(200, List.of(0, 1, 2, 3)), new Pot(150, List.of(1, 2, 3)), new Pot(200, List.of(2, 3)));
        assertThat(hand.board()).as("run out without betting").hasSize(5);
        assertThat(hand.street()).isEqualTo(HoldemHand.Street.SHOWDOWN);
        assertThat(hand.pending()).as("no river aggressor: first live seat left of the button")
                .isEqualTo(new Pending.ActionFrom(0));
        hand = dealer.play(hand, show(), show(), show(), show());
        assertThat(hand.payouts()).containsExactly(200, 150, 200, 0);
        assertThat(hand.stacks()).containsExactly(200, 150, 200, 100);
    }

    @Test
    void splitPotGivesTheOddChipToTheFirstWinnerLeftOfTheButton() {
        // The board is a royal flush, so seats 0 and 2 tie; seat 1's folded small blind makes the pot odd.
        ScriptedDealer dealer = new ScriptedDealer("Ah Kh Qh Jh Th", "2c 3d", "4c 5d", "6c 7d");
        HoldemHand hand = HoldemHand.start(BLINDS_1_2, new int[] {100, 100, 100}, 0);
        hand = dealer.play(hand, call(), fold(), check(), check(), check(), check(), check(), check(), check());
        assertThat(hand.pot()).isEqualTo(5);
        hand = dealer.play(hand, show(), show());
        assertThat(hand.payouts()).containsExactly(2, 0, 3);

        // With the button on seat 2, seat 0 is now first left of the button and gets the odd chip.
        ScriptedDealer second = new ScriptedDealer("Ah Kh Qh Jh Th", "2c 3d", "4c 5d", "6c 7d");
        HoldemHand other = HoldemHand.start(BLINDS_1_2, new int[] {100, 100, 100}, 2);
        // Button 2, small blind 0, big blind 1: seat 2 calls, seat 0 folds, seat 1 checks.
        other = second.play(other, call(), fold(), check(), check(), check(), check(), check(), check(), check());
        other = second.play(other, show(), show());
        assertThat(other.payouts()).containsExactly(0, 3, 2);
    }

    @Test
    void aShortAllInDoesNotReopenTheBettingToAPlayerWhoAlreadyActed() {
        ScriptedDealer dealer = new ScriptedDealer("2c 7d 9h Js 3c", "As Ad", "Ks Kd", "Qs Qd");
        // Button 0, small blind 1, big blind 2. Everybody limps, so stacks are 150, 998, 998 on the flop.
        HoldemHand hand = dealer.play(HoldemHand.start(BLINDS_1_2, new int[] {152, 1000, 1000}, 0),
                call(), call(), check());
        assertThat(hand.stacks()).containsExactly(150, 998, 998);
        hand = dealer.play(hand, check(), raiseTo(100));
        assertThat(hand.legalActions().minRaiseTo()).as("a full raise (to 200) is out of reach: all-in only")
                .isEqualTo(150);
        assertThat(hand.legalActions().maxRaiseTo()).isEqualTo(150);
        hand = hand.apply(raiseTo(150)); // seat 0 all-in: a raise of 50, short of a full raise
        LegalActions checkedSeat = hand.legalActions();
        assertThat(checkedSeat.seat()).isEqualTo(1);
        assertThat(checkedSeat.canRaise()).as("seat 1 only checked, so it faces a full bet and may raise").isTrue();
        assertThat(checkedSeat.minRaiseTo()).as("last full raise was 100").isEqualTo(250);
        hand = hand.apply(call());
        LegalActions bettor = hand.legalActions();
        assertThat(bettor.seat()).isEqualTo(2);
        assertThat(bettor.choices()).containsExactly(fold(), call());
        assertThat(bettor.canRaise()).as("the bettor faces only the short all-in").isFalse();
        HoldemHand beforeRaise = hand;
        assertThatThrownBy(() -> beforeRaise.apply(raiseTo(400)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("may not raise to 400");
        hand = hand.apply(call());
        assertThat(hand.pending()).isEqualTo(new Pending.BoardCards(1));
    }

    @Test
    void shortAllInsThatAddUpToAFullRaiseDoReopenTheBetting() {
        ScriptedDealer dealer = new ScriptedDealer("2c 7d 9h Js 3c", "As Ad", "Ks Kd", "Qs Qd", "Js Jd");
        // Button 0, small blind 1, big blind 2, seat 3 first preflop; all limp: stacks 998, 998, 150, 220.
        HoldemHand hand = dealer.play(HoldemHand.start(BLINDS_1_2, new int[] {1000, 1000, 152, 222}, 0),
                call(), call(), call(), check());
        assertThat(hand.stacks()).containsExactly(998, 998, 150, 220);
        // Flop order 1, 2, 3, 0: a bet of 100, then two short all-ins (150: +50, 220: +70).
        hand = dealer.play(hand, raiseTo(100), raiseTo(150), raiseTo(220), call());
        LegalActions bettor = hand.legalActions();
        assertThat(bettor.seat()).isEqualTo(1);
        assertThat(bettor.canRaise()).as("the bet grew by 120 since seat 1 acted: at least a full raise").isTrue();
        assertThat(bettor.minRaiseTo()).as("the last full raise is still the 100 bet").isEqualTo(320);
    }

    @Test
    void aLosingHandMayBeMuckedButAWinningHandMustBeShown() {
        ScriptedDealer dealer = new ScriptedDealer("2c 7d 9h Js 3c", "As Ad", "Ks Kd");
        HoldemHand hand = dealer.play(HoldemHand.start(BLINDS_1_2, new int[] {100, 100}, 0),
                call(), check(), check(), check(), check(), check(), check(), check());
        assertThat(hand.street()).isEqualTo(HoldemHand.Street.SHOWDOWN);
        assertThat(hand.pending()).as("river checked through: left of the button shows first")
                .isEqualTo(new Pending.ActionFrom(1));
        assertThat(hand.legalActions().choices()).as("nothing shown yet beats seat 1").containsExactly(show());
        HoldemHand firstToShow = hand;
        assertThatThrownBy(() -> firstToShow.apply(muck())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be shown");
        hand = hand.apply(show());
        assertThat(hand.legalActions().choices()).as("aces beat the kings, so they must be shown")
                .containsExactly(show());

        ScriptedDealer loserLast = new ScriptedDealer("2c 7d 9h Js 3c", "Ks Kd", "As Ad");
        HoldemHand other = loserLast.play(HoldemHand.start(BLINDS_1_2, new int[] {100, 100}, 0),
                call(), check(), check(), check(), check(), check(), check(), check(), show());
        assertThat(other.legalActions().choices()).containsExactly(show(), muck());
        other = other.apply(muck());
        assertThat(other.isComplete()).isTrue();
        assertThat(other.mucked(0)).isTrue();
        assertThat(other.shownHands()).containsOnlyKeys(1);
        assertThat(other.shownHands().get(1).describe()).isEqualTo("pair: As Ad Js 9h 7d");
        assertThat(other.payouts()).containsExactly(0, 4);
    }

    @Test
    void theLastAggressorOnTheRiverShowsFirst() {
        ScriptedDealer dealer = new ScriptedDealer("2c 7d 9h Js 3c", "As Ad", "Ks Kd", "Qs Qd");
        HoldemHand hand = dealer.play(HoldemHand.start(BLINDS_1_2, new int[] {100, 100, 100}, 0),
                call(), call(), check(), check(), check(), check(), check(), check(), check(),
                check(), raiseTo(10), call(), call());
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(2));
    }

    @Test
    void rejectsIllegalActionsAndBadDealsWithClearMessages() {
        HoldemHand start = HoldemHand.start(BLINDS_1_2, new int[] {100, 100, 100}, 0);
        assertThatThrownBy(() -> start.apply(check())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("waiting for HoleCards");
        assertThatThrownBy(() -> start.deal(Card.parseAll("As"))).hasMessageContaining("needs 2 card(s), got 1");
        HoldemHand dealtOne = start.deal(Card.parseAll("As Ad"));
        assertThatThrownBy(() -> dealtOne.deal(Card.parseAll("Ks As")))
                .hasMessageContaining("card As was already dealt");
        HoldemHand ready = new ScriptedDealer("", "As Ad", "Ks Kd", "Qs Qd").dealPending(start);
        assertThatThrownBy(() -> ready.apply(check())).hasMessageContaining("may not check");
        assertThatThrownBy(() -> ready.apply(raiseTo(3))).hasMessageContaining("raise to 4..100");
        assertThatThrownBy(() -> ready.apply(raiseTo(101))).hasMessageContaining("may not raise to 101");
        assertThatThrownBy(() -> ready.apply(1, call())).hasMessageContaining("seat 0's turn");
        assertThatThrownBy(() -> ready.deal(Card.parseAll("2c 3c 4c"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> HoldemHand.start(BLINDS_1_2, new int[] {100}, 0)).hasMessageContaining("2 to 9");
        assertThatThrownBy(() -> HoldemHand.start(BLINDS_1_2, new int[] {100, 0, 0}, 0))
                .hasMessageContaining("at least two players");
        assertThat(total(ready)).isEqualTo(300);
    }

    @Test
    void aBigBlindAllInForLessStillMustBeCalledInFull() {
        ScriptedDealer dealer = new ScriptedDealer("2c 7d 9h Js 3c", "As Ad", "Ks Kd", "Qs Qd");
        HoldemHand hand = dealer.dealPending(HoldemHand.start(BLINDS_1_2, new int[] {100, 100, 1}, 0));
        assertThat(hand.committed(2)).isEqualTo(1);
        assertThat(hand.legalActions().seat()).isZero();
        hand = hand.apply(call());
        assertThat(hand.committed(0)).isEqualTo(2);
    }
}
