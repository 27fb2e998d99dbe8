package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalars;
import fairtable.protocol.darkchess.DarkChessMessages.OteMove;
import fairtable.protocol.darkchess.DarkChessMessages.OteReply;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ote-table messages an honest player never sends, correctly signed by their sender: each is refused with one line
 * naming the sender and the step, leaves the receiver unchanged, and the genuine message then lets the game finish
 * and audit VERIFIED. All are tried in one seeded two-ply game (ply 1 carries the base OTs, ply 2 a query and tables),
 * each before the genuine message it replaces; a target names the type and the sender's seat. A sealer advanced by a
 * refused query would refuse the genuine one (its batch number), so the verified end also shows nothing moved. A query
 * that fails the consistency check is not refused this way: it stops the game ({@link OteFailedCheckTest}).
 */
class OteBadMessageTest {
    private static OteMove move(byte[] body) {
        try {
            return DarkChessMessages.parseOteMove(body);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    private static OteReply reply(byte[] body) {
        try {
            return DarkChessMessages.parseOteReply(body);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] withQuery(OteMove m, byte[] query) {
        return DarkChessMessages.oteMove(new OteMove(m.announcement(), false, m.commitment(), m.baseKeys(),
                m.baseSetup(), m.rebuild(), query));
    }

    private static byte[] withTable(OteReply m, byte[] table) {
        return DarkChessMessages.oteReply(new OteReply(m.commitment(), m.baseKeys(), m.baseSetup(), table, m.rebuild(),
                m.query()));
    }

    enum Tamper implements BadMessageGame.BadMessage {
        FIRST_MOVE_BASE_KEY_NOT_A_POINT("move0", "refused move: KKRT base keys") {
            @Override
            public byte[] apply(byte[] body) {
                OteMove m = move(body);
                byte[] keys = m.baseKeys().clone();
                Arrays.fill(keys, 1, 33, (byte) 0xff);
                return DarkChessMessages.oteMove(new OteMove(m.announcement(), false, m.commitment(), keys,
                        m.baseSetup(), null, null));
            }
        },
        /** PK_i = C_i / 2 makes both of Black's seeds for OT i one: its column would carry its inputs' bits in clear. */
        FIRST_MOVE_BASE_KEY_IS_HALF_ITS_BASE_POINT("move0", "both choices would share one seed") {
            @Override
            public byte[] apply(Envelope genuine) {
                OteMove m = move(genuine.body());
                byte[] keys = m.baseKeys().clone();
                // C_7 as KkrtBits.basePoint derives it for White's sealer (game context: session, seat 0).
                RistrettoPoint c7 = RistrettoPoint.fromUniformBytes(Hashes.sha512("fairtable/ot/kkrt/base-point/v1",
                        VisionKkrt.pairContext(genuine.session(), 0), Hashes.int32(7)));
                byte[] half = c7.multiply(Scalars.invertVartime(Scalars.of(2))).encode();
                System.arraycopy(half, 0, keys, 1 + 7 * 32, 32);
                return DarkChessMessages.oteMove(new OteMove(m.announcement(), false, m.commitment(), keys,
                        m.baseSetup(), null, null));
            }
        },
        FIRST_MOVE_BASE_SETUP_IS_THE_IDENTITY("move0", "refused move: KKRT") {
            @Override
            public byte[] apply(byte[] body) {
                OteMove m = move(body);
                byte[] setup = m.baseSetup().clone();
                Arrays.fill(setup, 1, 33, (byte) 0);
                return DarkChessMessages.oteMove(new OteMove(m.announcement(), false, m.commitment(), m.baseKeys(),
                        setup, null, null));
            }
        },
        FIRST_MOVE_WITHOUT_BASES("move0", "carries no base keys in ply 1") {
            @Override
            public byte[] apply(byte[] body) {
                OteMove m = move(body);
                return DarkChessMessages.oteMove(new OteMove(m.announcement(), false, m.commitment(), null, null, null,
                        null));
            }
        },
        FIRST_REPLY_WITH_A_TABLE("reply1", "carries table in ply 1, where none is due") {
            @Override
            public byte[] apply(byte[] body) {
                return withTable(reply(body), new byte[100]);
            }
        },
        MOVE_QUERY_ONE_BYTE_SHORT("move1", "refused move: KKRT query") {
            @Override
            public byte[] apply(byte[] body) {
                OteMove m = move(body);
                return withQuery(m, Arrays.copyOf(m.query(), m.query().length - 1));
            }
        },
        MOVE_QUERY_OF_ANOTHER_SIZE("move1", "a query of 127 instances where the announcement allows 128") {
            @Override
            public byte[] apply(byte[] body) {
                OteMove m = move(body);
                byte[] query = m.query().clone();
                query[6]--;
                return withQuery(m, query);
            }
        },
        MOVE_WITH_BASES_AGAIN("move1", "carries base keys after ply 1") {
            @Override
            public byte[] apply(byte[] body) {
                OteMove m = move(body);
                return DarkChessMessages.oteMove(new OteMove(m.announcement(), false, m.commitment(), new byte[1],
                        new byte[1], m.rebuild(), m.query()));
            }
        },
        REPLY_TABLE_ONE_ENTRY_SHORT("reply0", "entries where") {
            @Override
            public byte[] apply(byte[] body) {
                OteReply m = reply(body);
                return withTable(m, Arrays.copyOf(m.table(), m.table().length - 1));
            }
        },
        REPLY_WITHOUT_A_TABLE("reply0", "carries no table") {
            @Override
            public byte[] apply(byte[] body) {
                return withTable(reply(body), null);
            }
        },
        REPLY_SENT_AS_ANSWER("reply1", "sent 'answer' where 'reply' was due") {
            @Override
            public String type(String type) {
                return DarkChessMessages.ANSWER;
            }
        },
        ANSWER_WITH_A_TRAILING_BYTE("answer0", "malformed answer") {
            @Override
            public byte[] apply(byte[] body) {
                return Arrays.copyOf(body, body.length + 1);
            }
        },
        ANSWER_TABLE_ONE_ENTRY_SHORT("answer1", "entries where") {
            @Override
            public byte[] apply(byte[] body) {
                byte[] table;
                try {
                    table = DarkChessMessages.parseOteAnswer(body);
                } catch (MalformedMessageException e) {
                    throw new AssertionError(e);
                }
                return DarkChessMessages.oteAnswer(Arrays.copyOf(table, table.length - 1));
            }
        },
        ANSWER_AT_THE_NEXT_STEP("answer0", "where") {
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
            return (e.type() + e.sender()).equals(target);
        }
    }

    private static BadMessageGame.Played played;

    @BeforeAll
    static void playOnceTryingEveryBadMessage() throws Exception {
        played = BadMessageGame.play(new DarkChessParameters(OtMode.OTE_TABLE, 2048, 2), 6, Tamper.values());
    }

    @Test
    void everyTruncationOfEveryKindOfMessageIsRefusedWithStateUnchanged() {
        assertThat(played.truncations().keySet()).contains("move0", "reply1", "answer0", "move1", "reply0", "answer1",
                "choices0", "choices1", "open0", "open1");
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
        assertThat(played.verdict()).startsWith("VERIFIED").contains("ote-table");
    }
}
