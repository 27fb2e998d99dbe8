package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
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
 * lets the game finish and audit VERIFIED. All are tried in one game, each before the genuine message it replaces.
 */
class DarkChessBadMessageTest {
    private static final List<ProtocolAudit> RULES = List.of(DarkChessReferee.audit());
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

    /** What one refused message did: what it threw and the receiver's state around it. */
    private record Refusal(String sender, Throwable thrown, int sizeBefore, int sizeAfter, String awaitingBefore,
            String awaitingAfter, int rejectedBefore, int rejectedAfter) {}

    /** The shared game: every truncation and every tamper, tried before the genuine message they replace. */
    private record Played(java.util.Map<String, List<Refusal>> truncations, java.util.Map<Tamper, Refusal> tampers,
            boolean finished, String verdict) {}

    private static Played played;

    /**
     * One seeded one-ply game, played once for the whole class since every test only reads what happened: before
     * the first message of each kind from each seat, 12 random truncations of it; before the first message each
     * {@link Tamper} applies to, that tamper. Each is offered to the receiver, then the genuine message.
     */
    @BeforeAll
    static void playOnceTryingEveryBadMessage() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        SigningKey[] keys = {DarkChessPlayTest.key(r), DarkChessPlayTest.key(r)};
        DarkChessTable table = DarkChessTable.bots(new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, 1), keys[0],
                keys[1], r.split(), r.split());
        SplittableRandom cuts = new SplittableRandom(13);
        java.util.Map<String, List<Refusal>> truncations = new java.util.LinkedHashMap<>();
        java.util.Map<Tamper, Refusal> tampers = new java.util.EnumMap<>(Tamper.class);
        Deque<Envelope> queue = new ArrayDeque<>(table.party(0).start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            DarkChessParty to = table.party(1 - e.sender());
            String kind = e.type() + e.sender();
            if (!e.type().equals("hello") && !truncations.containsKey(kind)) {
                List<Refusal> refusals = new java.util.ArrayList<>();
                for (int k = 0; k < 12; k++) {
                    byte[] cut = Arrays.copyOf(e.body(), cuts.nextInt(e.body().length));
                    refusals.add(offer(to, Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(), e.sender(),
                            e.step(), e.type(), cut)));
                }
                truncations.put(kind, refusals);
            }
            for (Tamper tamper : Tamper.values()) {
                if (!tampers.containsKey(tamper) && tamper.appliesTo(e)) {
                    tampers.put(tamper, offer(to, Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(),
                            e.sender(), e.step(), tamper.type(e.type()), tamper.apply(e.body()))));
                }
            }
            queue.addAll(to.receive(e));
        }
        played = new Played(truncations, tampers, table.party(0).isFinished() && table.party(1).isFinished(),
                Auditor.audit(new TranscriptFile.Contents(table.transcript(), List.of()), RULES).line());
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
                .hasMessageContaining("party " + refusal.sender());
        assertThat(refusal.sizeAfter()).isEqualTo(refusal.sizeBefore());
        assertThat(refusal.awaitingAfter()).isEqualTo(refusal.awaitingBefore());
        assertThat(refusal.rejectedAfter()).isEqualTo(refusal.rejectedBefore() + 1);
    }

    @org.junit.jupiter.api.Test
    void everyTruncationOfEveryKindOfMessageIsRefusedWithStateUnchanged() {
        assertThat(played.truncations().keySet())
                .contains("move0", "reply1", "round0", "round1", "choices0", "choices1", "open0", "open1");
        played.truncations().forEach((kind, refusals) -> {
            assertThat(refusals).as(kind).hasSize(12);
            refusals.forEach(DarkChessBadMessageTest::assertRefusedWithStateUnchanged);
        });
        assertThat(played.finished()).isTrue();
        assertThat(played.verdict()).startsWith("VERIFIED");
    }

    @ParameterizedTest
    @EnumSource(Tamper.class)
    void refusedNamingTheSenderAndTheStateIsUnchanged(Tamper tamper) {
        Refusal refusal = played.tampers().get(tamper);
        assertThat(refusal).as("the game had a message to tamper with").isNotNull();
        assertRefusedWithStateUnchanged(refusal);
        assertThat(refusal.thrown()).hasMessageContaining(tamper.reason);
        assertThat(played.finished()).isTrue();
        assertThat(played.verdict()).startsWith("VERIFIED");
    }
}
