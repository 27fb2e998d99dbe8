package fairtable.games.poker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/**
 * Seeded random games: random table sizes and stacks, random deals, random legal decisions. At every
 * step the chips on the table are conserved, every action offered by {@code legalActions()} is accepted
 * and amounts just outside the raise range are refused.
 */
class RandomPokerGamesTest {

    @RepeatedTest(40)
    void holdemGamesConserveChipsAndAcceptEveryLegalAction(RepetitionInfo repetition) {
        SplittableRandom random = new SplittableRandom(repetition.getCurrentRepetition());
        int players = 2 + random.nextInt(8);
        int[] stacks = randomStacks(random, players);
        int total = Arrays.stream(stacks).sum();
        HoldemGame game = HoldemGame.start(new HoldemRules(1, 2), stacks, random.nextInt(players));
        int hands = 0;
        while (true) {
            game = ((GameTable) playOut(new GameTable(game), random, total)).game();
            hands++;
            assertThat(Arrays.stream(game.stacks()).sum()).isEqualTo(total);
            if (game.isOver() || hands == 60) {
                break;
            }
            int previousButton = game.hand().button();
            game = game.nextHand();
            assertThat(game.hand().button()).isNotEqualTo(previousButton);
            assertThat(game.stacks()[game.hand().button()] + game.hand().committed(game.hand().button()))
                    .as("the button holds chips").isPositive();
        }
        assertThat(hands).isGreaterThan(0);
    }

    @RepeatedTest(40)
    void drawGamesConserveChipsAndAcceptEveryLegalAction(RepetitionInfo repetition) {
        SplittableRandom random = new SplittableRandom(1000 + repetition.getCurrentRepetition());
        int players = 2 + random.nextInt(5);
        int[] stacks = randomStacks(random, players);
        int total = Arrays.stream(stacks).sum();
        DrawRules rules = random.nextBoolean() ? DrawRules.withAntes(1, 2) : DrawRules.withBlinds(1, 2);
        DrawGame game = DrawGame.start(rules, stacks, random.nextInt(players));
        for (int hand = 1; hand <= 40; hand++) {
            game = ((DrawTable) playOut(new DrawTable(game), random, total)).game();
            assertThat(Arrays.stream(game.stacks()).sum()).isEqualTo(total);
            assertThat(game.handNumber()).isEqualTo(hand);
            if (game.isOver()) {
                break;
            }
            int previousButton = game.hand().button();
            game = game.nextHand();
            assertThat(game.hand().button()).isNotEqualTo(previousButton);
        }
    }

    /** A multi-hand game to drive, seen through its current hand. */
    private interface Table {
        PokerHand hand();

        Table apply(Action action);

        Table deal(List<Card> cards);
    }

    private record DrawTable(DrawGame game) implements Table {
        public PokerHand hand() {
            return game.hand();
        }

        public Table apply(Action action) {
            return new DrawTable(game.apply(action));
        }

        public Table deal(List<Card> cards) {
            return new DrawTable(game.deal(cards));
        }
    }

    private record GameTable(HoldemGame game) implements Table {
        public PokerHand hand() {
            return game.hand();
        }

        public Table apply(Action action) {
            return new GameTable(game.apply(action));
        }

        public Table deal(List<Card> cards) {
            return new GameTable(game.deal(cards));
        }
    }

    private static int[] randomStacks(SplittableRandom random, int players) {
        int[] stacks = new int[players];
        for (int i = 0; i < players; i++) {
            // Mix tiny stacks (all-ins from the blinds) with deep ones.
            stacks[i] = random.nextInt(4) == 0 ? 1 + random.nextInt(5) : 20 + random.nextInt(300);
        }
        return stacks;
    }

    private static Table playOut(Table table, SplittableRandom random, int total) {
        List<Card> deck = new ArrayList<>(Card.deck());
        for (int i = deck.size() - 1; i > 0; i--) {
            java.util.Collections.swap(deck, i, random.nextInt(i + 1));
        }
        int dealt = 0;
        int steps = 0;
        while (!table.hand().isComplete()) {
            PokerHand hand = table.hand();
            assertConserved(hand, total);
            assertThat(steps++).as("hand terminates").isLessThan(500);
            Pending pending = hand.pending();
            int count = pending instanceof Pending.HoleCards h ? h.count()
                    : pending instanceof Pending.BoardCards b ? b.count()
                    : pending instanceof Pending.ReplacementCards r ? r.count() : 0;
            if (count > 0) {
                table = table.deal(deck.subList(dealt, dealt + count));
                dealt += count;
                continue;
            }
            Pending.ActionFrom from = (Pending.ActionFrom) pending;
            LegalActions legal = hand.legalActions();
            assertThat(legal.seat()).isEqualTo(from.seat());
            assertThat(legal.choices()).isNotEmpty();
            for (Action choice : legal.choices()) {
                assertConserved(hand.apply(choice), total);
            }
            if (legal.canRaise()) {
                assertConserved(hand.apply(Action.raiseTo(legal.minRaiseTo())), total);
                assertConserved(hand.apply(Action.raiseTo(legal.maxRaiseTo())), total);
                PokerHand before = hand;
                assertThatThrownBy(() -> before.apply(Action.raiseTo(legal.maxRaiseTo() + 1)))
                        .isInstanceOf(IllegalArgumentException.class);
                if (legal.minRaiseTo() > hand.currentBet() + 1) {
                    assertThatThrownBy(() -> before.apply(Action.raiseTo(legal.minRaiseTo() - 1)))
                            .isInstanceOf(IllegalArgumentException.class);
                }
            }
            table = table.apply(pick(legal, random));
        }
        PokerHand hand = table.hand();
        assertConserved(hand, total);
        assertThat(hand.pot()).isZero();
        assertThat(hand.pending()).isEqualTo(new Pending.HandOver());
        return table;
    }

    private static Action pick(LegalActions legal, SplittableRandom random) {
        int roll = random.nextInt(100);
        if (legal.canRaise() && roll < 20) {
            int span = legal.maxRaiseTo() - legal.minRaiseTo();
            int amount = roll < 5 ? legal.maxRaiseTo() : legal.minRaiseTo() + random.nextInt(Math.min(span, 40) + 1);
            return Action.raiseTo(amount);
        }
        List<Action> choices = legal.choices();
        if (choices.contains(Action.fold()) && roll < 35) {
            return Action.fold();
        }
        for (Action passive : List.of(Action.call(), Action.check())) {
            if (choices.contains(passive)) {
                return passive;
            }
        }
        return choices.get(random.nextInt(choices.size()));
    }

    private static void assertConserved(PokerHand hand, int total) {
        int[] stacks = hand.stacks();
        int sum = hand.pot();
        for (int stack : stacks) {
            assertThat(stack).isNotNegative();
            sum += stack;
        }
        assertThat(sum).as("chips on the table").isEqualTo(total);
        int inPots = hand.pots().stream().mapToInt(Pot::amount).sum();
        assertThat(inPots).as("pots hold every chip in the middle").isEqualTo(hand.pot());
    }
}
