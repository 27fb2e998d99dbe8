package fairtable.games.definitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.poker.PokerGame;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireWriter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random table messages, signed with the real key of the seat whose move is awaited: a move of random
 * bytes, a move for another round, a deck message of random bytes. Every one that is not a legal move is refused
 * by every other seat naming that seat, nothing else escapes, and nothing is recorded.
 */
class PokerFuzzTest {
    private static final int MESSAGES = 200;

    @Test
    void randomMessagesFromTheSeatToActAtHoldemAreRefusedNamingIt() throws Exception {
        fuzz(PokerTable.quietAfter(new Holdem(), 3, 51, PokerTable.passiveFor(0)), 0, 52);
    }

    @Test
    void randomMessagesFromTheDrawerAtFiveCardDrawAreRefusedNamingIt() throws Exception {
        fuzz(PokerTable.quietAfter(new FiveCardDraw(), 3, 53, PokerTable.passiveFor(3)), 1, 54);
    }

    private static <G extends PokerGame<G, ?>> void fuzz(PokerTable<G> t, int actor, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        TableParty<PokerState<G>, PokerMove> judge = t.seat((actor + 1) % 3);
        assertThat(judge.awaiting()).isEqualTo(PokerTable.NAMES.get(actor) + "'s move");
        int refused = 0;
        for (int i = 0; i < MESSAGES; i++) {
            byte[] move = random.nextBoolean() ? nearlyAMove(random) : randomBytes(random);
            int round = random.nextInt(10) == 0 ? 2 : 1;
            boolean deck = random.nextInt(5) == 0;
            byte[] body = deck ? randomBytes(random) : new WireWriter().u32(round).blob(move).toBytes();
            if (!deck && round == 1 && isLegal(t, judge.state(), actor, move)) {
                continue; // a legal move would be played; what is tested is that nothing else is
            }
            Envelope sent = t.sealedAs(actor, judge, deck ? TableObserver.DECK : TableObserver.MOVE, body);
            for (TableParty<PokerState<G>, PokerMove> honest : t.seats) {
                if (honest.seat() == actor) {
                    continue;
                }
                int before = honest.transcript().size();
                assertThatThrownBy(() -> honest.receive(sent)).isInstanceOf(ProtocolViolation.class)
                        .hasMessageStartingWith("step " + honest.nextStep() + ", party " + PokerTable.NAMES.get(actor) + ": ")
                        .hasMessageNotContaining("cannot judge");
                assertThat(honest.transcript().size()).isEqualTo(before);
            }
            refused++;
        }
        assertThat(refused).isGreaterThan(MESSAGES / 2);
        assertThat(PokerTable.audit(judge).failure().party()).isEqualTo(PokerTable.NAMES.get(actor));
    }

    private static <G extends PokerGame<G, ?>> boolean isLegal(PokerTable<G> t, PokerState<G> state, int actor,
            byte[] move) {
        try {
            t.game.play(state, actor, t.game.decode(move));
            return true;
        } catch (MalformedMessageException | IllegalMove | RuntimeException e) {
            return false;
        }
    }

    /** A move's shape with values off by a little: any tag, raises of any size, draws of 0 to 5 positions. */
    private static byte[] nearlyAMove(SplittableRandom random) {
        int tag = random.nextInt(3) == 0 ? random.nextInt(8) : random.nextBoolean() ? 3 : 4;
        WireWriter w = new WireWriter().u8(tag);
        if (tag == 3) {
            w.u32(random.nextInt(2000));
        } else if (tag == 4) {
            java.util.List<Integer> positions = new java.util.ArrayList<>();
            int count = random.nextInt(6);
            for (int k = 0; k < count; k++) {
                positions.add(random.nextInt(56));
            }
            w.ints(random.nextInt(4) == 0 ? positions : positions.stream().distinct().sorted().toList());
        }
        byte[] bytes = w.toBytes();
        int edit = random.nextInt(4);
        if (edit == 0) {
            return java.util.Arrays.copyOf(bytes, bytes.length + 1); // a trailing byte
        }
        return edit == 1 ? java.util.Arrays.copyOf(bytes, bytes.length - 1) : bytes; // truncated, or as is
    }

    private static byte[] randomBytes(SplittableRandom random) {
        byte[] bytes = new byte[random.nextInt(40)];
        random.nextBytes(bytes);
        return bytes;
    }
}
