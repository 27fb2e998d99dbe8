package fairtable.games.poker;

import static fairtable.games.poker.Action.call;
import static fairtable.games.poker.Action.check;
import static fairtable.games.poker.Action.fold;
import static fairtable.games.poker.Action.raiseTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The no-limit betting value on its own, against hand-worked examples. Preflop rounds use blinds 1/2;
 * rounds after the flop open with no bet and a minimum bet of 20 (numbers that make the short all-in
 * rule easy to follow by hand).
 */
class BettingTest {

    /** Blinds 1/2 posted, hole cards dealt, the player left of the big blind to act. */
    private static Betting preflop(int button, int... stacks) {
        Betting seated = Betting.seat(stacks, button, 2).postBlinds(button, 1, 2);
        return seated.openRound(seated.nextInHand(seated.bigBlindSeat(button)), 2, true);
    }

    /** A later round: no bet to match, minimum bet 20, the first player left of the button to act. */
    private static Betting later(int button, int... stacks) {
        return Betting.seat(stacks, button, 20).openRound(button + 1, 0, false);
    }

    private static Betting play(Betting betting, Action... actions) {
        for (Action action : actions) {
            betting = betting.apply(betting.toAct(), action);
        }
        return betting;
    }

    /** After {@code actions}: who acts, what they may do besides raising, and the raise range (0..0 for none). */
    record Decision(String why, Betting start, List<Action> actions, int toAct, List<Action> choices,
            int minRaiseTo, int maxRaiseTo) {
        @Override
        public String toString() {
            return why;
        }
    }

    static Stream<Decision> decisions() {
        return Stream.of(
                new Decision("heads-up the button posts the small blind and acts first preflop",
                        preflop(0, 100, 100), List.of(), 0, List.of(fold(), call()), 4, 100),
                new Decision("heads-up the big blind has the option after a call",
                        preflop(0, 100, 100), List.of(call()), 1, List.of(check()), 4, 100),
                new Decision("three-handed the button is under the gun",
                        preflop(0, 100, 100, 100), List.of(), 0, List.of(fold(), call()), 4, 100),
                new Decision("a raise to 6 (by 4) makes 10 the minimum re-raise",
                        preflop(0, 100, 100, 100), List.of(raiseTo(6)), 1, List.of(fold(), call()), 10, 100),
                new Decision("a re-raise to 20 (by 14) makes 34 the next minimum",
                        preflop(0, 100, 100, 100), List.of(raiseTo(6), raiseTo(20)), 2,
                        List.of(fold(), call()), 34, 100),
                new Decision("nobody has bet: check or bet at least the minimum",
                        later(2, 100, 100, 100), List.of(), 0, List.of(check()), 20, 100),
                new Decision("a stack too short for a full raise may only go all-in",
                        later(1, 100, 50), List.of(raiseTo(40)), 1, List.of(fold(), call()), 50, 50),
                new Decision("a stack that cannot even call has no raise",
                        later(1, 100, 30), List.of(raiseTo(50)), 1, List.of(fold(), call()), 0, 0),
                new Decision("a short all-in (20 to 30) does not reopen the betting to the bettor",
                        later(2, 100, 100, 30), List.of(raiseTo(20), call(), raiseTo(30)), 0,
                        List.of(fold(), call()), 0, 0),
                new Decision("nor to a caller who acted before it",
                        later(2, 100, 100, 30), List.of(raiseTo(20), call(), raiseTo(30), call()), 1,
                        List.of(fold(), call()), 0, 0),
                new Decision("a full all-in raise (20 to 40) does reopen it, next minimum 60",
                        later(2, 100, 100, 40), List.of(raiseTo(20), call(), raiseTo(40)), 0,
                        List.of(fold(), call()), 60, 100),
                new Decision("two short all-ins (20 to 30 to 40) that add up to a full raise reopen it",
                        later(3, 100, 100, 30, 40), List.of(raiseTo(20), call(), raiseTo(30), raiseTo(40)), 0,
                        List.of(fold(), call()), 60, 100),
                new Decision("a player who has not acted may raise a short all-in, by the last full raise",
                        later(3, 100, 30, 100, 100), List.of(raiseTo(20), raiseTo(30)), 2,
                        List.of(fold(), call()), 50, 100),
                new Decision("a seat with no chips sits out and is skipped",
                        preflop(0, 100, 0, 100, 100), List.of(), 0, List.of(fold(), call()), 4, 100));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decisions")
    void theSeatToActAndItsLegalActions(Decision decision) {
        Betting betting = play(decision.start(), decision.actions().toArray(Action[]::new));
        assertThat(betting.roundComplete()).isFalse();
        assertThat(betting.toAct()).isEqualTo(decision.toAct());
        LegalActions legal = betting.legalActions();
        assertThat(legal.seat()).isEqualTo(decision.toAct());
        assertThat(legal.choices()).containsExactlyElementsOf(decision.choices());
        assertThat(legal.canRaise()).isEqualTo(decision.maxRaiseTo() > 0);
        if (legal.canRaise()) {
            assertThat(legal.minRaiseTo()).isEqualTo(decision.minRaiseTo());
            assertThat(legal.maxRaiseTo()).isEqualTo(decision.maxRaiseTo());
        }
    }

    /** A finished round, once uncalled chips went back: stacks behind and the pots in the middle. */
    record Settled(String why, Betting start, List<Action> actions, int[] stacks, List<Pot> pots) {
        @Override
        public String toString() {
            return why;
        }
    }

    static Stream<Settled> settledRounds() {
        return Stream.of(
                new Settled("heads-up limp and check", preflop(0, 100, 100), List.of(call(), check()),
                        new int[] {98, 98}, List.of(new Pot(4, List.of(0, 1)))),
                new Settled("a call for less returns the bettor's uncalled 20", later(1, 100, 30),
                        List.of(raiseTo(50), call()), new int[] {70, 0}, List.of(new Pot(60, List.of(0, 1)))),
                new Settled("three all-ins make a main pot and two side pots", preflop(3, 50, 100, 200, 300),
                        List.of(raiseTo(200), call(), call(), call()), new int[] {0, 0, 0, 100},
                        List.of(new Pot(200, List.of(0, 1, 2, 3)), new Pot(150, List.of(1, 2, 3)),
                                new Pot(200, List.of(2, 3)))),
                new Settled("a folded blind feeds the pot but wins nothing", preflop(0, 100, 100, 100),
                        List.of(raiseTo(10), fold(), call()), new int[] {90, 99, 90},
                        List.of(new Pot(21, List.of(0, 2)))),
                new Settled("everybody checks", later(0, 100, 100, 100), List.of(check(), check(), check()),
                        new int[] {100, 100, 100}, List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("settledRounds")
    void aFinishedRoundSettlesIntoPots(Settled round) {
        Betting betting = play(round.start(), round.actions().toArray(Action[]::new));
        assertThat(betting.roundComplete()).isTrue();
        Betting settled = betting.returnUncalled();
        assertThat(settled.stacks()).containsExactly(round.stacks());
        assertThat(settled.pots()).containsExactlyElementsOf(round.pots());
        assertThat(settled.pot() + sum(settled.stacks())).as("chips are conserved")
                .isEqualTo(sum(round.start().stacks()) + round.start().pot());
    }

    private static int sum(int[] values) {
        int total = 0;
        for (int value : values) {
            total += value;
        }
        return total;
    }

    @Test
    void foldsToARaiseGiveTheBlindsToTheRaiserAndReturnTheUncalledChips() {
        Betting betting = play(preflop(0, 100, 100, 100), raiseTo(6), fold(), fold());
        assertThat(betting.wonByFolds()).isTrue();
        Betting paid = betting.awardToLastPlayer();
        assertThat(paid.payouts()).containsExactly(5, 0, 0);
        assertThat(paid.stacks()).containsExactly(103, 99, 98);
        assertThat(paid.pot()).isZero();
        assertThat(paid.paidOut()).isTrue();
    }

    @Test
    void thePotIsPaidOnlyToTheLastPlayer() {
        Betting betting = play(preflop(0, 100, 100, 100), raiseTo(6), fold());
        assertThat(betting.wonByFolds()).isFalse();
        assertThat(betting.paidOut()).isFalse();
        assertThatThrownBy(betting::awardToLastPlayer).hasMessageContaining("2 players are still in the hand");
        assertThatThrownBy(betting::payouts).hasMessageContaining("not complete");
    }

    @Test
    void blindSeatsFollowTheHeadsUpRule() {
        Betting headsUp = Betting.seat(new int[] {100, 100}, 1, 2);
        assertThat(headsUp.smallBlindSeat(1)).isEqualTo(1);
        assertThat(headsUp.bigBlindSeat(1)).isZero();
        Betting fourHanded = Betting.seat(new int[] {100, 100, 100, 100}, 2, 2);
        assertThat(fourHanded.smallBlindSeat(2)).isEqualTo(3);
        assertThat(fourHanded.bigBlindSeat(2)).isZero();
        Betting oneSittingOut = Betting.seat(new int[] {100, 100, 0}, 1, 2);
        assertThat(oneSittingOut.smallBlindSeat(1)).as("two players left: heads-up").isEqualTo(1);
        assertThat(oneSittingOut.bigBlindSeat(1)).isZero();
    }

    @Test
    void aShortBlindIsAllInButTheBigBlindIsStillTheBetToMatch() {
        Betting betting = preflop(0, 100, 100, 1);
        assertThat(betting.stacks()).containsExactly(100, 99, 0);
        assertThat(betting.currentBet()).isEqualTo(2);
        assertThat(betting.toAct()).isZero();
        assertThat(betting.legalActions().choices()).containsExactly(fold(), call());
    }

    @Test
    void antesGoInTheMiddleWithoutOpeningTheBetting() {
        Betting betting = Betting.seat(new int[] {100, 100, 0, 3}, 0, 20).postAntes(5);
        assertThat(betting.stacks()).containsExactly(95, 95, 0, 0);
        assertThat(betting.pot()).isEqualTo(13);
        assertThat(betting.streetCommitment(0)).isZero();
        Betting round = betting.openRound(1, 0, true);
        assertThat(round.toAct()).isEqualTo(1);
        assertThat(round.legalActions().choices()).containsExactly(check());
    }

    @Test
    void noDecisionIsAskedWhenAtMostOnePlayerCanStillBet() {
        Betting betting = play(later(1, 100, 30), raiseTo(30), call());
        assertThat(betting.roundComplete()).isTrue();
        Betting next = betting.returnUncalled().openRound(0, 0, false);
        assertThat(next.playersWhoCanBet()).isEqualTo(1);
        assertThat(next.roundComplete()).as("the one player with chips has nobody to bet against").isTrue();
    }

    @Test
    void applyingLeavesTheOriginalUnchanged() {
        Betting before = preflop(0, 100, 100, 100);
        int[] stacks = before.stacks();
        Betting after = before.apply(0, raiseTo(10));
        assertThat(before.stacks()).containsExactly(stacks);
        assertThat(before.toAct()).isZero();
        assertThat(before.currentBet()).isEqualTo(2);
        assertThat(after.stacks()).containsExactly(90, 99, 98);
        after.stacks()[0] = 0;
        assertThat(after.stack(0)).as("stacks() hands out a copy").isEqualTo(90);
    }

    @Test
    void outOfTurnAndIllegalDecisionsAreRefused() {
        Betting betting = preflop(0, 100, 100, 100);
        assertThatThrownBy(() -> betting.apply(1, call())).hasMessageContaining("seat 0's turn");
        assertThatThrownBy(() -> betting.apply(0, check())).hasMessageContaining("may not");
        assertThatThrownBy(() -> betting.apply(0, raiseTo(3))).hasMessageContaining("raise to 4..100");
        assertThatThrownBy(() -> betting.apply(0, raiseTo(101))).hasMessageContaining("may not");
        Betting done = play(betting, call(), call(), check());
        assertThatThrownBy(done::legalActions).hasMessageContaining("no betting decision");
        assertThatThrownBy(() -> done.apply(0, check())).hasMessageContaining("no betting decision");
    }

    @Test
    void seatingChecksTheButtonAndThePlayers() {
        assertThatThrownBy(() -> Betting.seat(new int[] {0, 100, 100}, 0, 2)).hasMessageContaining("button");
        assertThatThrownBy(() -> Betting.seat(new int[] {100, 100}, 2, 2)).hasMessageContaining("button");
        assertThatThrownBy(() -> Betting.seat(new int[] {100, 0, 0}, 0, 2))
                .hasMessageContaining("at least two players");
        assertThatThrownBy(() -> Betting.seat(new int[] {100, -1, 5}, 0, 2)).hasMessageContaining("negative");
    }
}
