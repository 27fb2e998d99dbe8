package fairtable.games.poker;

import static fairtable.games.poker.Action.call;
import static fairtable.games.poker.Action.fold;
import static fairtable.games.poker.Action.raiseTo;
import static fairtable.games.poker.Action.show;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HoldemGameTest {
    private static final HoldemRules BLINDS_1_2 = new HoldemRules(1, 2);

    @Test
    void stacksCarryOverBustedPlayersSitOutAndTheButtonMoves() {
        HoldemGame game = HoldemGame.start(BLINDS_1_2, new int[] {100, 100, 5}, 0);
        // Button 0, small blind 1, big blind 2 (5 chips). Seat 0 shoves, seat 1 folds, seat 2 calls all-in.
        ScriptedDealer first = new ScriptedDealer("2c 7d 9h Js 3c", "As Ad", "Ks Kd", "Qs Qd");
        game = first.play(game, raiseTo(100), fold(), call(), show(), show());
        assertThat(game.stacks()).containsExactly(106, 99, 0);
        assertThat(game.isOver()).isFalse();

        game = game.nextHand();
        assertThat(game.handNumber()).isEqualTo(2);
        assertThat(game.hand().button()).isEqualTo(1);
        assertThat(game.hand().smallBlindSeat()).as("heads-up now: the button posts the small blind").isEqualTo(1);
        assertThat(game.hand().bigBlindSeat()).isZero();
        assertThat(game.pending()).as("the busted seat is skipped").isEqualTo(new Pending.HoleCards(0, 2));
        assertThat(game.stacks()).containsExactly(104, 98, 0);

        ScriptedDealer second = new ScriptedDealer("", "9c 9d", "8c 8d", "");
        game = second.play(game);
        assertThat(game.pending()).isEqualTo(new Pending.ActionFrom(1));
        game = game.apply(fold());
        assertThat(game.hand().isComplete()).isTrue();
        assertThat(game.stacks()).as("the big blind wins the small blind").containsExactly(107, 98, 0);
        assertThat(game.nextHand().hand().button()).isZero();
    }

    @Test
    void theGameIsOverWhenOnePlayerHasEveryChip() {
        HoldemGame fresh = HoldemGame.start(BLINDS_1_2, new int[] {10, 10}, 0);
        assertThatThrownBy(fresh::nextHand).hasMessageContaining("not complete");
        HoldemGame game = new ScriptedDealer("2c 7d 9h Js 3c", "As Ad", "Ks Kd")
                .play(fresh, raiseTo(10), call(), show(), show());
        assertThat(game.isOver()).isTrue();
        assertThat(game.stacks()).containsExactly(20, 0);
        HoldemGame over = game;
        assertThatThrownBy(over::nextHand).hasMessageContaining("game is over");
    }
}
