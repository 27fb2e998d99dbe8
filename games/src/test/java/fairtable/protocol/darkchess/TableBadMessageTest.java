package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.chess.play.DarkChessReferee;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.darkchess.DarkChessMessages.TableMove;
import fairtable.protocol.darkchess.DarkChessMessages.TableReply;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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

    enum Tamper {
        MOVE_BATCH_ONE_QUERY_SHORT("move", "where the padded count is") {
            @Override
            byte[] apply(byte[] body) {
                TableMove m = move(body);
                return DarkChessMessages.tableMove(new TableMove(m.announcement(), false, m.commitment(), m.key(),
                        m.table(), m.rebuild(), Arrays.copyOf(m.batch(), m.batch().length - 32)));
            }
        },
        MOVE_TABLE_ONE_ENTRY_SHORT("move", "a table of 1171 entries where 1172 are due") {
            @Override
            byte[] apply(byte[] body) {
                TableMove m = move(body);
                return DarkChessMessages.tableMove(new TableMove(m.announcement(), false, m.commitment(), m.key(),
                        Arrays.copyOf(m.table(), m.table().length - 1), m.rebuild(), m.batch()));
            }
        },
        MOVE_KEY_IS_THE_IDENTITY("move", "the table key: the identity element is not allowed here") {
            @Override
            byte[] apply(byte[] body) {
                TableMove m = move(body);
                return DarkChessMessages.tableMove(new TableMove(m.announcement(), false, m.commitment(), IDENTITY,
                        m.table(), m.rebuild(), m.batch()));
            }
        },
        REPLY_BATCH_POINT_NOT_IN_THE_GROUP("reply", "refused reply: the batch") {
            @Override
            byte[] apply(byte[] body) {
                TableReply m = reply(body);
                return DarkChessMessages.tableReply(new TableReply(m.commitment(), m.key(), m.table(), m.answer(),
                        m.rebuild(), withPoint(m.batch(), NOT_A_POINT)));
            }
        },
        REPLY_ANSWER_POINT_NOT_IN_THE_GROUP("reply", "refused reply") {
            @Override
            byte[] apply(byte[] body) {
                TableReply m = reply(body);
                return DarkChessMessages.tableReply(new TableReply(m.commitment(), m.key(), m.table(),
                        withPoint(m.answer(), NOT_A_POINT), m.rebuild(), m.batch()));
            }
        },
        REPLY_ANSWER_ONE_POINT_SHORT("reply", "an answer of") {
            @Override
            byte[] apply(byte[] body) {
                TableReply m = reply(body);
                return DarkChessMessages.tableReply(new TableReply(m.commitment(), m.key(), m.table(),
                        Arrays.copyOfRange(m.answer(), 32, m.answer().length), m.rebuild(), m.batch()));
            }
        },
        REPLY_ANSWER_FROM_ANOTHER_KEY("reply", "proof fails") {
            @Override
            byte[] apply(byte[] body) {
                TableReply m = reply(body);
                return DarkChessMessages.tableReply(new TableReply(m.commitment(), withPoint(m.key(),
                        Arrays.copyOf(m.batch(), 32)), m.table(), m.answer(), m.rebuild(), m.batch()));
            }
        },
        REPLY_SENT_AS_ANSWER("reply", "sent 'answer' where 'reply' was due") {
            @Override
            String type(String type) {
                return DarkChessMessages.ANSWER;
            }
        },
        ANSWER_WITH_A_TRAILING_BYTE("answer", "malformed answer") {
            @Override
            byte[] apply(byte[] body) {
                return Arrays.copyOf(body, body.length + 1);
            }
        },
        ANSWER_AT_THE_NEXT_STEP("answer", "where") {
            @Override
            int step(int step) {
                return step + 1;
            }
        };

        final String target;
        final String reason;

        Tamper(String target, String reason) {
            this.target = target;
            this.reason = reason;
        }

        byte[] apply(byte[] body) {
            return body;
        }

        String type(String type) {
            return type;
        }

        int step(int step) {
            return step;
        }
    }

    private record Refusal(String sender, Throwable thrown, int sizeBefore, int sizeAfter, String awaitingBefore,
            String awaitingAfter, int rejectedBefore, int rejectedAfter) {}

    private static final Map<String, List<Refusal>> TRUNCATIONS = new LinkedHashMap<>();
    private static final Map<Tamper, Refusal> TAMPERS = new EnumMap<>(Tamper.class);
    private static String verdict;

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    @BeforeAll
    static void playOnceTryingEveryBadMessage() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        SigningKey[] keys = {key(r), key(r)};
        DarkChessParameters params = new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 1);
        DarkChessParty[] seats = {
            DarkChessParty.create(params, 0, "white", keys[0], ChessSide.start(Color.WHITE), r.split()),
            DarkChessParty.create(params, 1, "black", keys[1], ChessSide.start(Color.BLACK), r.split())};
        SplittableRandom cuts = new SplittableRandom(13);
        Deque<Envelope> queue = new ArrayDeque<>(seats[0].start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            DarkChessParty to = seats[1 - e.sender()];
            String kind = e.type() + e.sender();
            if (!e.type().equals("hello") && !TRUNCATIONS.containsKey(kind)) {
                List<Refusal> refusals = new ArrayList<>();
                for (int k = 0; k < 12; k++) {
                    byte[] cut = Arrays.copyOf(e.body(), cuts.nextInt(e.body().length));
                    refusals.add(offer(to, Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(), e.sender(),
                            e.step(), e.type(), cut)));
                }
                TRUNCATIONS.put(kind, refusals);
            }
            for (Tamper tamper : Tamper.values()) {
                if (!TAMPERS.containsKey(tamper) && e.type().equals(tamper.target)) {
                    TAMPERS.put(tamper, offer(to, Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(),
                            e.sender(), tamper.step(e.step()), tamper.type(e.type()), tamper.apply(e.body()))));
                }
            }
            queue.addAll(to.receive(e));
        }
        assertThat(seats[0].isFinished() && seats[1].isFinished()).isTrue();
        verdict = Auditor.audit(new TranscriptFile.Contents(seats[0].transcript().envelopes(), List.of()),
                List.of(DarkChessReferee.audit())).line();
    }

    private static Refusal offer(DarkChessParty to, Envelope bad) {
        int size = to.transcript().size();
        String awaiting = to.awaiting();
        int rejected = to.rejected().size();
        Throwable thrown = null;
        try {
            to.receive(bad);
        } catch (Throwable t) {
            thrown = t;
        }
        return new Refusal(bad.sender() == 0 ? "white" : "black", thrown, size, to.transcript().size(), awaiting,
                to.awaiting(), rejected, to.rejected().size());
    }

    private static void assertRefusedWithStateUnchanged(Refusal refusal) {
        assertThat(refusal.thrown()).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party " + refusal.sender()).hasMessageNotContaining("\n");
        assertThat(refusal.sizeAfter()).isEqualTo(refusal.sizeBefore());
        assertThat(refusal.awaitingAfter()).isEqualTo(refusal.awaitingBefore());
        assertThat(refusal.rejectedAfter()).isEqualTo(refusal.rejectedBefore() + 1);
    }

    @Test
    void everyTruncationOfEveryKindOfMessageIsRefusedWithStateUnchanged() {
        assertThat(TRUNCATIONS.keySet()).contains("move0", "reply1", "answer0", "choices0", "choices1", "open0", "open1");
        TRUNCATIONS.values().forEach(list -> list.forEach(TableBadMessageTest::assertRefusedWithStateUnchanged));
    }

    @ParameterizedTest
    @EnumSource(Tamper.class)
    void eachBadMessageIsRefusedNamingItsSenderWithStateUnchanged(Tamper tamper) {
        Refusal refusal = TAMPERS.get(tamper);
        assertThat(refusal).as("the game offered a message to tamper with").isNotNull();
        assertRefusedWithStateUnchanged(refusal);
        assertThat(refusal.thrown()).hasMessageContaining(tamper.reason).hasMessageContaining("step ");
    }

    @Test
    void theGenuineMessagesThenFinishTheGameVerified() {
        assertThat(verdict).startsWith("VERIFIED").contains("oprf-table");
    }
}
