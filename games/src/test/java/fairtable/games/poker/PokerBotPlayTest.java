package fairtable.games.poker;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.cards.Card;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bots against bots, many seeded games: what a person sitting with them would notice. Heads-up at 10/20 with
 * 1,000 chips a bot does not go broke within a few hands, and at three or more seats the bots bet: they do not
 * check almost every hand down.
 */
class PokerBotPlayTest {
    private static final HoldemRules TEN_TWENTY = new HoldemRules(10, 20);
    private static final int SAMPLES = 300; // as the registered Hold'em's bots

    /** What a game between bots showed: hands played, whether someone went broke, hands with a bet or raise. */
    private record Played(int hands, boolean broke, int handsWithABet) {}

    private static Played play(int players, int maxHands, long seed) {
        SplittableRandom dealing = new SplittableRandom(seed);
        List<PokerBot> bots = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            bots.add(new PokerBot(dealing.split(), SAMPLES));
        }
        int[] stacks = new int[players];
        java.util.Arrays.fill(stacks, 1000);
        HoldemGame game = HoldemGame.start(TEN_TWENTY, stacks, 0);
        int hands = 0;
        int withABet = 0;
        while (true) {
            List<Card> deck = new ArrayList<>(Card.deck());
            for (int i = deck.size() - 1; i > 0; i--) {
                java.util.Collections.swap(deck, i, dealing.nextInt(i + 1));
            }
            int dealt = 0;
            boolean bet = false;
            while (!game.hand().isComplete()) {
                Pending pending = game.hand().pending();
                int count = pending instanceof Pending.HoleCards h ? h.count()
                        : pending instanceof Pending.BoardCards b ? b.count() : 0;
                if (count > 0) {
                    game = game.deal(deck.subList(dealt, dealt += count));
                    continue;
                }
                Action action = bots.get(game.hand().legalActions().seat()).choose(game.hand());
                bet |= action instanceof Action.RaiseTo;
                game = game.apply(action);
            }
            hands++;
            withABet += bet ? 1 : 0;
            boolean broke = java.util.Arrays.stream(game.stacks()).anyMatch(chips -> chips == 0);
            if (broke || game.isOver() || hands == maxHands) {
                return new Played(hands, broke, withABet);
            }
            game = game.nextHand();
        }
    }

    @Test
    void headsUpAtTenTwentyWithAThousandChipsABotRarelyGoesBrokeWithinFiveHands() {
        int games = 200;
        int broke = 0;
        for (long seed = 1; seed <= games; seed++) {
            broke += play(2, 5, seed).broke() ? 1 : 0;
        }
        assertThat(broke).as("games of 200 in which a bot went broke within five hands").isLessThanOrEqualTo(games / 10);
    }

    @Test
    void atThreeToSixSeatsTheBotsBetInManyHands() {
        for (int players = 3; players <= 6; players++) {
            int hands = 0;
            int withABet = 0;
            for (long seed = 1; seed <= 40; seed++) {
                Played p = play(players, 10, 1000L * players + seed);
                hands += p.hands();
                withABet += p.handsWithABet();
            }
            assertThat((double) withABet / hands).as("share of hands with a bet or raise at %d seats", players)
                    .isGreaterThan(0.4);
        }
    }
}
