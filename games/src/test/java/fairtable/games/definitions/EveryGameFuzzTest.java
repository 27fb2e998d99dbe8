package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every registered game, two bots, stopped at the first move the rules await: seeded random moves and deck messages,
 * signed with the real key of the seat to move and placed next in the chain. Each one that is not a legal move is
 * refused by the other seat naming the signer, nothing escapes `receive`, nothing is recorded, and the audit of the
 * refused evidence convicts the signer.
 */
class EveryGameFuzzTest {
    private static final int MESSAGES = 120;

    static Stream<GameDefinition<?, ?>> games() {
        return Games.ALL.definitions().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("games")
    void randomMessagesFromTheSeatToMoveAreRefusedNamingIt(GameDefinition<?, ?> game) throws Exception {
        fuzz(game, 7100 + game.name().length());
    }

    private static <S, M> void fuzz(GameDefinition<S, M> game, long seed) throws Exception {
        GameTable<S, M> t = new GameTable<>(game, 2, Map.of(), seed);
        t.playUntil(() -> t.seats.stream().allMatch(s -> s.awaiting().endsWith("'s move")));
        String awaited = t.seat(0).awaiting();
        assertThat(awaited).as(game.name() + " reaches a move").endsWith("'s move");
        int actor = Arrays.asList(GameTable.NAMES).indexOf(awaited.substring(0, awaited.length() - "'s move".length()));
        TableParty<S, M> judge = t.seat(1 - actor);
        SplittableRandom random = new SplittableRandom(seed);
        int refused = 0;
        for (int i = 0; i < MESSAGES; i++) {
            byte[] move = randomBytes(random);
            int round = random.nextInt(10) == 0 ? judge.round() + 1 : judge.round();
            boolean deck = random.nextInt(4) == 0;
            byte[] body = deck ? randomBytes(random) : new WireWriter().u32(round).blob(move).toBytes();
            if (!deck && round == judge.round() && isLegal(game, judge.state(), actor, move)) {
                continue; // a legal move would be played; what is tested is that nothing else is
            }
            Envelope sent = t.sealedAs(actor, judge, deck ? TableObserver.DECK : TableObserver.MOVE, body);
            int before = judge.transcript().size();
            assertThatThrownBy(() -> judge.receive(sent)).isInstanceOf(ProtocolViolation.class)
                    .hasMessageStartingWith("step " + judge.nextStep() + ", party " + GameTable.NAMES[actor] + ": ")
                    .hasMessageNotContaining("cannot judge");
            assertThat(judge.transcript().size()).isEqualTo(before);
            refused++;
        }
        assertThat(refused).isGreaterThan(MESSAGES / 2);
        assertThat(GameTable.audit(judge).failure().party()).isEqualTo(GameTable.NAMES[actor]);
    }

    private static <S, M> boolean isLegal(GameDefinition<S, M> game, S state, int actor, byte[] move) {
        try {
            game.play(state, actor, game.decode(move));
            return true;
        } catch (MalformedMessageException | IllegalMove | RuntimeException e) {
            return false;
        }
    }

    /** Empty, short or long: a tag byte of any value followed by anything. */
    private static byte[] randomBytes(SplittableRandom random) {
        int length = List.of(0, 1, 2, 5, 9, 40).get(random.nextInt(6));
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }
}
