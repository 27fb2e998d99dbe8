package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.darkchess.DarkChessMessages.OteMove;
import fairtable.protocol.darkchess.DarkChessMessages.OteReply;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An ote-table query that fails the consistency check stops the game naming the querier, for good: whether a bent
 * query passes depends on one bit of the sealer's secret s, so a sealer that judged the same query again (the
 * genuine one, or a second probe) would hand a dishonest querier s a bit per message. Tried at each place a query
 * travels: Black's first reply (whose base OTs the receiver checks on copies), Black's move in ply 2, and White's
 * reply in ply 2. The stop survives a snapshot and restore, and the genuine message is refused after it.
 */
class OteFailedCheckTest {
    private static final DarkChessParameters PARAMS = new DarkChessParameters(OtMode.OTE_TABLE, 2048, 2);

    /** The message with the last byte of its query (inside the last check row) flipped. */
    private static byte[] bent(Envelope e) throws MalformedMessageException {
        if (e.type().equals(DarkChessMessages.MOVE)) {
            OteMove m = DarkChessMessages.parseOteMove(e.body());
            return DarkChessMessages.oteMove(new OteMove(m.announcement(), false, m.commitment(), m.baseKeys(),
                    m.baseSetup(), m.rebuild(), flipLast(m.query())));
        }
        OteReply m = DarkChessMessages.parseOteReply(e.body());
        return DarkChessMessages.oteReply(new OteReply(m.commitment(), m.baseKeys(), m.baseSetup(), m.table(),
                m.rebuild(), flipLast(m.query())));
    }

    private static byte[] flipLast(byte[] query) {
        byte[] q = query.clone();
        q[q.length - 1] ^= 1;
        return q;
    }

    @ParameterizedTest
    @ValueSource(strings = {"reply1", "move1", "reply0"})
    void aQueryThatFailsTheCheckStopsTheGameNamingTheQuerier(String target) throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        SigningKey[] keys = {BadMessageGame.key(r), BadMessageGame.key(r)};
        String[] names = {"white", "black"};
        DarkChessParty[] seats = {
            DarkChessParty.create(PARAMS, 0, names[0], keys[0], ChessSide.start(Color.WHITE), r.split()),
            DarkChessParty.create(PARAMS, 1, names[1], keys[1], ChessSide.start(Color.BLACK), r.split())};
        Deque<Envelope> queue = new ArrayDeque<>(seats[0].start());
        Envelope genuine = queue.poll();
        while (genuine != null && !(genuine.type() + genuine.sender()).equals(target)) {
            queue.addAll(seats[1 - genuine.sender()].receive(genuine));
            genuine = queue.poll();
        }
        assertThat(genuine).as("the game reached " + target).isNotNull();
        int querier = genuine.sender();
        DarkChessParty sealer = seats[1 - querier];
        int accepted = sealer.transcript().size();
        Envelope bent = Envelope.sign(keys[querier], genuine.session(), genuine.seq(), genuine.prev(), querier,
                genuine.step(), genuine.type(), bent(genuine));

        assertThatThrownBy(() -> sealer.receive(bent)).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party " + names[querier]).hasMessageContaining("step " + genuine.step())
                .hasMessageContaining("consistency check").hasMessageNotContaining("\n");
        assertStopped(sealer, names[querier], accepted);

        DarkChessParty restored = DarkChessParty.restore(sealer.snapshot(), keys[1 - querier], r.split(),
                ChessSide::fromBytes);
        assertStopped(restored, names[querier], accepted);
        Envelope retry = genuine;
        for (DarkChessParty p : new DarkChessParty[] {sealer, restored}) {
            assertThatThrownBy(() -> p.receive(retry)).isInstanceOf(ProtocolViolation.class)
                    .hasMessageContaining("already over");
            assertThat(p.transcript().size()).isEqualTo(accepted);
        }
    }

    private static void assertStopped(DarkChessParty p, String cheater, int accepted) {
        assertThat(p.failure()).hasValueSatisfying(v -> assertThat(v).hasMessageContaining("party " + cheater)
                .hasMessageContaining("consistency check"));
        assertThat(p.isFinished()).isTrue();
        assertThat(p.isMyMove()).isFalse();
        assertThat(p.awaiting()).startsWith("nothing: the game was stopped");
        assertThat(p.transcript().size()).isEqualTo(accepted);
        assertThat(p.rejected()).last().satisfies(rej -> assertThat(rej.reason()).hasMessageContaining("consistency check"));
    }
}
