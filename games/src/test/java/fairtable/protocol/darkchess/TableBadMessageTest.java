package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.darkchess.DarkChessMessages.TableMove;
import fairtable.protocol.darkchess.DarkChessMessages.TableReply;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Table-mode messages an honest player never sends, correctly signed by their sender: each is refused with one line
 * naming the sender and the step, leaves the receiver unchanged, and the genuine message then lets the game finish
 * and audit VERIFIED. All are tried in one seeded one-ply game, each before the genuine message it replaces.
 */
class TableBadMessageTest {
    private static final byte[] NOT_A_POINT = filled((byte) 0xff);
    private static final byte[] IDENTITY = filled((byte) 0);

    private static byte[] filled(byte b) {
        byte[] x = new byte[32];
        Arrays.fill(x, b);
        return x;
    }

    private static TableMove move(byte[] body) {
        try {
            return DarkChessMessages.parseTableMove(body);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    private static TableReply reply(byte[] body) {
        try {
            return DarkChessMessages.parseTableReply(body);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] withPoint(byte[] points, byte[] point) {
        byte[] bad = points.clone();
        System.arraycopy(point, 0, bad, 0, 32);
        return bad;
    }

    enum Tamper implements BadMessageGame.BadMessage {
        MOVE_BATCH_ONE_QUERY_SHORT("move", "where the padded count is") {
            @Override
            public byte[] apply(byte[] body) {
                TableMove m = move(body);
                return DarkChessMessages.tableMove(new TableMove(m.announcement(), false, m.commitment(), m.key(),
                        m.table(), m.rebuild(), Arrays.copyOf(m.batch(), m.batch().length - 32)));
            }
        },
        MOVE_TABLE_ONE_ENTRY_SHORT("move", "a table of 1171 entries where 1172 are due") {
            @Override
            public byte[] apply(byte[] body) {
                TableMove m = move(body);
                return DarkChessMessages.tableMove(new TableMove(m.announcement(), false, m.commitment(), m.key(),
                        Arrays.copyOf(m.table(), m.table().length - 1), m.rebuild(), m.batch()));
            }
        },
        MOVE_KEY_IS_THE_IDENTITY("move", "the table key: the identity element is not allowed here") {
            @Override
            public byte[] apply(byte[] body) {
                TableMove m = move(body);
                return DarkChessMessages.tableMove(new TableMove(m.announcement(), false, m.commitment(), IDENTITY,
                        m.table(), m.rebuild(), m.batch()));
            }
        },
        REPLY_BATCH_POINT_NOT_IN_THE_GROUP("reply", "refused reply: the batch") {
            @Override
            public byte[] apply(byte[] body) {
                TableReply m = reply(body);
                return DarkChessMessages.tableReply(new TableReply(m.commitment(), m.key(), m.table(), m.answer(),
                        m.rebuild(), withPoint(m.batch(), NOT_A_POINT)));
            }
        },
        REPLY_ANSWER_POINT_NOT_IN_THE_GROUP("reply", "refused reply") {
            @Override
            public byte[] apply(byte[] body) {
                TableReply m = reply(body);
                return DarkChessMessages.tableReply(new TableReply(m.commitment(), m.key(), m.table(),
                        withPoint(m.answer(), NOT_A_POINT), m.rebuild(), m.batch()));
            }
        },
        REPLY_ANSWER_ONE_POINT_SHORT("reply", "an answer of") {
            @Override
            public byte[] apply(byte[] body) {
                TableReply m = reply(body);
                return DarkChessMessages.tableReply(new TableReply(m.commitment(), m.key(), m.table(),
                        Arrays.copyOfRange(m.answer(), 32, m.answer().length), m.rebuild(), m.batch()));
            }
        },
        REPLY_ANSWER_FROM_ANOTHER_KEY("reply", "proof fails") {
            @Override
            public byte[] apply(byte[] body) {
                TableReply m = reply(body);
                return DarkChessMessages.tableReply(new TableReply(m.commitment(), withPoint(m.key(),
                        Arrays.copyOf(m.batch(), 32)), m.table(), m.answer(), m.rebuild(), m.batch()));
            }
        },
        REPLY_SENT_AS_ANSWER("reply", "sent 'answer' where 'reply' was due") {
            @Override
            public String type(String type) {
                return DarkChessMessages.ANSWER;
            }
        },
        ANSWER_WITH_A_TRAILING_BYTE("answer", "malformed answer") {
            @Override
            public byte[] apply(byte[] body) {
                return Arrays.copyOf(body, body.length + 1);
            }
        },
        ANSWER_AT_THE_NEXT_STEP("answer", "where") {
            @Override
            public int step(int step) {
                return step + 1;
            }
        };

        final String target;
        final String reason;

        Tamper(String target, String reason) {
            this.target = target;
            this.reason = reason;
        }

        @Override
        public boolean targets(Envelope e) {
            return e.type().equals(target);
        }
    }

    private static BadMessageGame.Played played;

    @BeforeAll
    static void playOnceTryingEveryBadMessage() throws Exception {
        played = BadMessageGame.play(new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 1), 12, Tamper.values());
    }

    @Test
    void everyTruncationOfEveryKindOfMessageIsRefusedWithStateUnchanged() {
        assertThat(played.truncations().keySet()).contains("move0", "reply1", "answer0", "choices0", "choices1", "open0", "open1");
        played.truncations().values().forEach(list -> list.forEach(BadMessageGame::assertRefusedWithStateUnchanged));
    }

    @ParameterizedTest
    @EnumSource(Tamper.class)
    void eachBadMessageIsRefusedNamingItsSenderWithStateUnchanged(Tamper tamper) {
        BadMessageGame.Refusal refusal = played.refusals().get(tamper);
        assertThat(refusal).as("the game offered a message to tamper with").isNotNull();
        BadMessageGame.assertRefusedWithStateUnchanged(refusal);
        assertThat(refusal.thrown()).hasMessageContaining(tamper.reason).hasMessageContaining("step ");
    }

    @Test
    void theGenuineMessagesThenFinishTheGameVerified() {
        assertThat(played.verdict()).startsWith("VERIFIED").contains("oprf-table");
    }
}
