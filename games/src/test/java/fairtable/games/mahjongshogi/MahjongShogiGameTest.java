package fairtable.games.mahjongshogi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MahjongShogiGameTest {

    private static final MahjongShogiRules RULES = MahjongShogiRules.standard();

    /** A whole game on full information; a null bot moves uniformly at random. */
    private record Played(MahjongShogiState end, List<Move> moves, List<BattleResult> results) {
    }

    private static Played play(Placement p0, Placement p1, MahjongShogiBot bot0, MahjongShogiBot bot1,
                               SplittableRandom random) {
        MahjongShogiState state = MahjongShogiState.start(RULES, p0, p1);
        List<Move> moves = new ArrayList<>();
        List<BattleResult> results = new ArrayList<>();
        while (!state.isOver()) {
            MahjongShogiBot bot = state.toMove() == 0 ? bot0 : bot1;
            List<Move> legal = state.legalMoves();
            Move move = bot != null ? bot.choose(state) : legal.get(random.nextInt(legal.size()));
            assertThat(legal).contains(move);
            if (bot != null && state.tileAt(move.to()).isPresent()) {
                Placement own = state.toMove() == 0 ? p0 : p1;
                assertThat(own.isKing(state.tileAt(move.from()).orElseThrow().id())).as("bot attacks with its king")
                        .isFalse();
            }
            moves.add(move);
            state = state.apply(move);
            if (state.awaiting() instanceof MahjongShogiState.PendingBattle) {
                BattleResult result = MahjongShogiReplay.trueResult(state, p0, p1);
                results.add(result);
                state = state.resolveBattle(result);
            }
            assertThat(state.tiles(0).size() + state.tiles(1).size())
                    .isEqualTo(50 - removed(state.battles()));
        }
        return new Played(state, moves, results);
    }

    private static int removed(List<BattleRecord> battles) {
        return battles.stream().mapToInt(b -> b.result().outcome() == Outcome.BOTH_REMOVED ? 2 : 1).sum();
    }

    /**
     * Seeded bot-against-bot games finish within the move limit, and replaying the move list on full
     * information reproduces the game and confirms every battle result.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void seededBotGamesFinishAndReplay(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Placement p0 = Placement.random(0, RULES.tileSet(), random);
        Placement p1 = Placement.random(1, RULES.tileSet(), random);
        Played game = play(p0, p1, new MahjongShogiBot(p0, random.split()), new MahjongShogiBot(p1, random.split()),
                random);
        assertThat(game.end().isOver()).isTrue();
        assertThat(game.moves().size()).isLessThanOrEqualTo(RULES.moveLimit());
        MahjongShogiReplay.Replay replay = MahjongShogiReplay.replay(RULES, p0, p1, game.moves());
        assertThat(replay.finalState().result()).isEqualTo(game.end().result());
        assertThat(replay.battles()).isEqualTo(game.end().battles());
        assertThat(MahjongShogiReplay.firstFalseClaim(RULES, p0, p1, game.moves(), game.results())).isEmpty();
        if (!game.results().isEmpty()) {
            List<BattleResult> lies = new ArrayList<>(game.results());
            int last = lies.size() - 1;
            BattleResult truth = lies.get(last);
            lies.set(last, truth.outcome() == Outcome.DEFENDER_WINS
                    ? new BattleResult(Outcome.BOTH_REMOVED, false, false)
                    : new BattleResult(Outcome.DEFENDER_WINS, false, false));
            assertThat(MahjongShogiReplay.firstFalseClaim(RULES, p0, p1, game.moves(), lies)).hasValue(last);
        }
    }

    /**
     * The bot, seeing only its own tiles, should beat a player moving uniformly at random in most decided games.
     */
    @ParameterizedTest
    @ValueSource(longs = {21, 22})
    void theBotBeatsARandomPlayer(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int botWins = 0;
        int randomWins = 0;
        for (int game = 0; game < 30; game++) {
            int botSeat = game % 2;
            Placement p0 = Placement.random(0, RULES.tileSet(), random);
            Placement p1 = Placement.random(1, RULES.tileSet(), random);
            MahjongShogiBot bot = new MahjongShogiBot(botSeat == 0 ? p0 : p1, random.split());
            Played played = play(p0, p1, botSeat == 0 ? bot : null, botSeat == 1 ? bot : null, random);
            OptionalInt winner = played.end().result().orElseThrow().winner();
            if (winner.isPresent()) {
                if (winner.getAsInt() == botSeat) {
                    botWins++;
                } else {
                    randomWins++;
                }
            }
        }
        assertThat(botWins).isGreaterThanOrEqualTo(20);
        assertThat(randomWins).isLessThanOrEqualTo(2);
    }
}
