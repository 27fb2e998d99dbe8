package fairtable.games.poker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class PokerBotTest {
    private static final HoldemRules BLINDS_1_2 = new HoldemRules(1, 2);

    private static List<Card> cards(String text) {
        return Card.parseAll(text);
    }

    @Test
    void preflopEquityMatchesPublishedHeadsUpFigures() {
        // Published all-in equities against one random hand: AA 85.2%, 72o 34.6%.
        SplittableRandom random = new SplittableRandom(1);
        assertThat(PokerBot.holdemEquity(cards("As Ad"), List.of(), 1, 40_000, random)).isCloseTo(0.852, within(0.01));
        assertThat(PokerBot.holdemEquity(cards("7c 2d"), List.of(), 1, 40_000, random)).isCloseTo(0.346, within(0.01));
    }

    @Test
    void riverEquityMatchesExactEnumerationOfOpponentHands() {
        List<Card> hole = cards("Ah Qd");
        List<Card> board = cards("As 9c 7d 4h 2s");
        long known = HandEvaluator.maskOf(hole) | HandEvaluator.maskOf(board);
        int mine = HandEvaluator.evaluate(concat(hole, board)).strength();
        double exact = 0;
        int hands = 0;
        for (int a = 0; a < 52; a++) {
            for (int b = a + 1; b < 52; b++) {
                if ((known >>> a & 1) == 0 && (known >>> b & 1) == 0) {
                    int theirs = HandEvaluator.strengthOfMask(HandEvaluator.maskOf(board) | 1L << a | 1L << b);
                    exact += theirs < mine ? 1 : theirs == mine ? 0.5 : 0;
                    hands++;
                }
            }
        }
        assertThat(hands).isEqualTo(990);
        double estimate = PokerBot.holdemEquity(hole, board, 1, 40_000, new SplittableRandom(2));
        assertThat(estimate).isCloseTo(exact / hands, within(0.01));
    }

    @Test
    void theNutsNeverLoseAndEquityRejectsBadInput() {
        assertThat(PokerBot.drawEquity(cards("Ah Kh Qh Jh Th"), 5, 2_000, new SplittableRandom(3))).isEqualTo(1.0);
        assertThat(PokerBot.holdemEquity(cards("Ah Kh"), cards("Qh Jh Th"), 8, 2_000, new SplittableRandom(3)))
                .isEqualTo(1.0);
        assertThatThrownBy(() -> PokerBot.holdemEquity(cards("Ah Kh"), cards("Ah"), 1, 10, new SplittableRandom(3)))
                .hasMessageContaining("duplicate card Ah");
        assertThatThrownBy(() -> new PokerBot(new SplittableRandom(3), 0)).hasMessageContaining("samples");
    }

    @RepeatedTest(10)
    void foldsTrashFacingABigBet(RepetitionInfo repetition) {
        HoldemHand hand = new ScriptedDealer("", "As Ks", "7c 2d").play(
                HoldemHand.start(BLINDS_1_2, new int[] {200, 200}, 0), Action.raiseTo(200));
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(1));
        PokerBot bot = new PokerBot(new SplittableRandom(repetition.getCurrentRepetition()), 2_000);
        assertThat(bot.choose(hand)).isEqualTo(Action.fold());
    }

    @Test
    void raisesTheNutsAndNeverFoldsThem() {
        ScriptedDealer dealer = new ScriptedDealer("Qh Jh Th 2c 3d", "9s 8s", "Ah Kh");
        // Checked down to the river, where the bot (seat 1, big blind, holding a royal flush) acts first.
        HoldemHand hand = dealer.play(HoldemHand.start(BLINDS_1_2, new int[] {200, 200}, 0),
                Action.call(), Action.check(), Action.check(), Action.check(), Action.check(), Action.check());
        assertThat(hand.street()).isEqualTo(HoldemHand.Street.RIVER);
        assertThat(hand.pending()).isEqualTo(new Pending.ActionFrom(1));
        int raises = 0;
        for (int seed = 0; seed < 20; seed++) {
            Action action = new PokerBot(new SplittableRandom(seed), 500).choose(hand);
            assertThat(action).isNotEqualTo(Action.fold());
            if (action instanceof Action.RaiseTo) {
                raises++;
            }
        }
        assertThat(raises).isPositive();
        HoldemHand facingShove = hand.apply(Action.check()).apply(Action.raiseTo(198));
        assertThat(new PokerBot(new SplittableRandom(7), 500).choose(facingShove)).isEqualTo(Action.call());
    }

    @Test
    void drawsSensibly() {
        assertThat(PokerBot.discardsFor(cards("As Ad 7c 4h 2s"))).containsExactlyElementsOf(cards("7c 4h 2s"));
        assertThat(PokerBot.discardsFor(cards("Ks Kd 9c 9h 2s"))).containsExactlyElementsOf(cards("2s"));
        assertThat(PokerBot.discardsFor(cards("Ks 9s 7s 3s 2d"))).containsExactlyElementsOf(cards("2d"));
        assertThat(PokerBot.discardsFor(cards("9c Td Jh Qs Kc"))).isEmpty();
        assertThat(PokerBot.discardsFor(cards("Ks 9d 7s 3c 2d")))
                .containsExactlyInAnyOrderElementsOf(cards("7s 3c 2d"));
    }

    @RepeatedTest(15)
    void botsOnlyChooseLegalActionsAndAreReproducible(RepetitionInfo repetition) {
        long seed = repetition.getCurrentRepetition();
        assertThat(playBotHands(seed, true)).isEqualTo(playBotHands(seed, true));
        assertThat(playBotHands(seed, false)).isEqualTo(playBotHands(seed, false));
    }

    /** Plays a few hands between bots, asserting legality; returns the decisions taken. */
    private static List<String> playBotHands(long seed, boolean holdem) {
        SplittableRandom dealing = new SplittableRandom(seed);
        int players = 2 + dealing.nextInt(holdem ? 8 : 5);
        int[] stacks = new int[players];
        for (int i = 0; i < players; i++) {
            stacks[i] = 10 + dealing.nextInt(200);
        }
        List<PokerBot> bots = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            bots.add(new PokerBot(new SplittableRandom(seed * 31 + i), 200));
        }
        List<String> log = new ArrayList<>();
        int button = 0;
        for (int round = 0; round < 5; round++) {
            PokerHand hand = holdem ? HoldemHand.start(BLINDS_1_2, stacks, button)
                    : DrawHand.start(DrawRules.withAntes(1, 2), stacks, button);
            List<Card> deck = new ArrayList<>(Card.deck());
            Collections.shuffle(deck, new java.util.Random(dealing.nextLong()));
            int dealt = 0;
            while (!hand.isComplete()) {
                Pending pending = hand.pending();
                int count = pending instanceof Pending.HoleCards h ? h.count()
                        : pending instanceof Pending.BoardCards b ? b.count()
                        : pending instanceof Pending.ReplacementCards r ? r.count() : 0;
                if (count > 0) {
                    hand = hand.deal(deck.subList(dealt, dealt += count));
                    continue;
                }
                LegalActions legal = hand.legalActions();
                Action action = bots.get(legal.seat()).choose(hand);
                assertThat(legal.allows(action)).as(action + " in " + hand).isTrue();
                log.add(legal.seat() + ":" + action);
                hand = hand.apply(action);
            }
            stacks = hand.stacks();
            if (java.util.Arrays.stream(stacks).filter(s -> s > 0).count() < 2) {
                break;
            }
            do {
                button = (button + 1) % players;
            } while (stacks[button] == 0);
        }
        return log;
    }

    private static List<Card> concat(List<Card> a, List<Card> b) {
        List<Card> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
