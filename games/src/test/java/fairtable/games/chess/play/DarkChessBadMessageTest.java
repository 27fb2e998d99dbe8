package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Messages an honest player never sends, correctly signed by their sender: each is refused with a reason naming the
 * sender, leaves the receiver's state unchanged (same transcript, same expectation), and the genuine message then
 * lets the game finish and audit VERIFIED.
 */
class DarkChessBadMessageTest {
    @BeforeAll
    static void rules() {
        DarkChessReferee.install();
    }

    enum Tamper {
        /** The rebuild announcement claims two queens, so it could ask 27 more squares. */
        REPLY_WITH_TWO_QUEENS("reply", "at most 1 exist") {
            @Override
            byte[] apply(byte[] body) {
                ByteBuffer b = ByteBuffer.wrap(body);
                int at = 32;
                for (int p = 0; p < 3; p++) {
                    at += 4 + b.getInt(at);
                }
                byte[] bad = body.clone();
                bad[at + 4 + 1] = 2;
                return bad;
            }
        },
        /** One query more than the padded count of the round. */
        ROUND_WITH_AN_EXTRA_QUERY("round", "where the padded count is") {
            @Override
            byte[] apply(byte[] body) {
                int q = queryOffset(body);
                byte[] bad = body.clone();
                bad[q + 6] = (byte) (bad[q + 6] + 1);
                return bad;
            }
        },
        /** A query against the offer of another phase. */
        ROUND_FOR_THE_WRONG_PHASE("round", "where phase 0 was due") {
            @Override
            byte[] apply(byte[] body) {
                byte[] bad = body.clone();
                bad[queryOffset(body) - 5] = 1;
                return bad;
            }
        },
        /** A capture announced on a square where the victim has nothing. */
        MOVE_WITH_A_PHANTOM_CAPTURE("move", "where I have no piece") {
            @Override
            byte[] apply(byte[] body) {
                byte[] bad = body.clone();
                bad[5] = 36;
                return bad;
            }
        },
        /** A byte after the end of the message. */
        ROUND_WITH_A_TRAILING_BYTE("round", "malformed round") {
            @Override
            byte[] apply(byte[] body) {
                return Arrays.copyOf(body, body.length + 1);
            }
        },
        /** An opening of a board other than the one committed. */
        OPEN_WITH_A_FALSE_BOARD("open", "does not open") {
            @Override
            byte[] apply(byte[] body) {
                byte[] bad = body.clone();
                bad[4 + 32] ^= 1;
                return bad;
            }
        },
        /** The right bytes under the wrong message type. */
        ROUND_SENT_AS_OPEN("round", "where 'round' was due") {
            @Override
            String type(String type) {
                return "open";
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

        /** Where the OT query starts in a round body that carries one, or -1. */
        static int queryOffset(byte[] body) {
            ByteBuffer b = ByteBuffer.wrap(body);
            int at = body[0] == 1 ? 1 + 4 + b.getInt(1) : 1;
            return body[at] == 1 ? at + 1 + 1 + 4 : -1;
        }

        boolean appliesTo(Envelope e) {
            return e.type().equals(target) && (!target.equals("round") || queryOffset(e.body()) >= 0);
        }
    }

    @org.junit.jupiter.api.Test
    void everyTruncationOfEveryKindOfMessageIsRefusedWithStateUnchanged() throws Exception {
        SplittableRandom r = new SplittableRandom(12);
        SigningKey[] keys = {DarkChessPlayTest.key(r), DarkChessPlayTest.key(r)};
        DarkChessTable table = DarkChessTable.bots(new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, 1), keys[0],
                keys[1], r.split(), r.split());
        SplittableRandom cuts = new SplittableRandom(13);
        java.util.Set<String> tried = new java.util.HashSet<>();
        Deque<Envelope> queue = new ArrayDeque<>(table.party(0).start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            DarkChessParty to = table.party(1 - e.sender());
            if (!e.type().equals("hello") && tried.add(e.type() + e.sender())) {
                for (int k = 0; k < 12; k++) {
                    byte[] cut = Arrays.copyOf(e.body(), cuts.nextInt(e.body().length));
                    Envelope bad = Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(), e.sender(),
                            e.step(), e.type(), cut);
                    int size = to.transcript().size();
                    assertThatThrownBy(() -> to.receive(bad)).isInstanceOf(ProtocolViolation.class);
                    assertThat(to.transcript().size()).isEqualTo(size);
                }
            }
            queue.addAll(to.receive(e));
        }
        assertThat(tried).contains("move0", "reply1", "round0", "round1", "choices0", "choices1", "open0", "open1");
        assertThat(Auditor.audit(new TranscriptFile.Contents(table.transcript(), List.of())).line())
                .startsWith("VERIFIED");
    }

    @ParameterizedTest
    @EnumSource(Tamper.class)
    void refusedNamingTheSenderAndTheStateIsUnchanged(Tamper tamper) throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        SigningKey[] keys = {DarkChessPlayTest.key(r), DarkChessPlayTest.key(r)};
        DarkChessTable table = DarkChessTable.bots(new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, 1), keys[0],
                keys[1], r.split(), r.split());
        Deque<Envelope> queue = new ArrayDeque<>(table.party(0).start());
        boolean tampered = false;
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            DarkChessParty to = table.party(1 - e.sender());
            if (!tampered && tamper.appliesTo(e)) {
                Envelope bad = Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(), e.sender(), e.step(),
                        tamper.type(e.type()), tamper.apply(e.body()));
                int size = to.transcript().size();
                String awaiting = to.awaiting();
                String sender = e.sender() == 0 ? "white" : "black";
                assertThatThrownBy(() -> to.receive(bad)).isInstanceOf(ProtocolViolation.class)
                        .hasMessageContaining("party " + sender).hasMessageContaining(tamper.reason);
                assertThat(to.transcript().size()).isEqualTo(size);
                assertThat(to.awaiting()).isEqualTo(awaiting);
                assertThat(to.rejected()).hasSize(1);
                tampered = true;
            }
            queue.addAll(to.receive(e));
        }
        assertThat(tampered).isTrue();
        assertThat(table.party(0).isFinished() && table.party(1).isFinished()).isTrue();
        assertThat(Auditor.audit(new TranscriptFile.Contents(table.transcript(), List.of())).line())
                .startsWith("VERIFIED");
    }
}
