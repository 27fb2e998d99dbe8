package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A cheating player flips bits in each kind of table-mode message and signs the result as its own. A flip the
 * receiver can check is refused with a ProtocolViolation naming the flipper; a flip it cannot check (a sealed table
 * byte, which only the audit can open) may be accepted; nothing else, and never any other exception, comes out of
 * {@code receive}. Once a flip is accepted the receiver is restored from its snapshot taken before the flips, so
 * every flip meets a receiver in the honest state.
 */
class TableByteFlipTest {
    private static final int FLIPS_PER_KIND = 12;

    private static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    private record Outcome(String kind, String flipper, Throwable thrown) {}

    @Test
    void everyFlippedTableMessageIsRefusedNamingItsSenderOrLeftToTheAudit() throws Exception {
        SplittableRandom flips = new SplittableRandom(29);
        Map<String, List<Outcome>> outcomes = new LinkedHashMap<>();
        SplittableRandom r = new SplittableRandom(17);
        SigningKey[] keys = {key(r), key(r)};
        DarkChessParameters params = new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 1);
        DarkChessParty[] seats = {
            DarkChessParty.create(params, 0, "white", keys[0], ChessSide.start(Color.WHITE), r.split()),
            DarkChessParty.create(params, 1, "black", keys[1], ChessSide.start(Color.BLACK), r.split())};
        Deque<Envelope> queue = new ArrayDeque<>(seats[0].start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            int to = 1 - e.sender();
            String kind = e.type() + e.sender();
            List<Outcome> done = outcomes.computeIfAbsent(kind, k -> new ArrayList<>());
            byte[] honest = e.type().equals("hello") ? null : seats[to].snapshot();
            while (!e.type().equals("hello") && done.size() < FLIPS_PER_KIND) {
                byte[] body = e.body().clone();
                int bits = 1 + flips.nextInt(3);
                for (int b = 0; b < bits; b++) {
                    int at = flips.nextInt(body.length * 8);
                    body[at / 8] ^= (byte) (1 << (at % 8));
                }
                Throwable thrown = null;
                try {
                    seats[to].receive(Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(), e.sender(),
                            e.step(), e.type(), body));
                } catch (Throwable t) {
                    thrown = t;
                }
                done.add(new Outcome(kind, e.sender() == 0 ? "white" : "black", thrown));
                if (thrown == null || seats[to].failure().isPresent()) {
                    // accepted (or the game stopped): this receiver is no longer honest-state
                    seats[to] = DarkChessParty.restore(honest, keys[to], r.split(), ChessSide::fromBytes);
                }
            }
            queue.addAll(seats[to].receive(e));
        }
        assertThat(seats[0].isFinished() && seats[1].isFinished()).as("the genuine game finishes").isTrue();
        assertThat(outcomes.keySet()).contains("move0", "reply1", "answer0", "choices0", "choices1", "open0", "open1");
        Map<String, Long> accepted = new LinkedHashMap<>();
        outcomes.forEach((k, list) -> accepted.put(k, list.stream().filter(o -> o.thrown() == null).count()));
        System.out.println("flips accepted per kind (left to the audit): " + accepted);
        int refused = 0;
        for (List<Outcome> list : outcomes.values()) {
            for (Outcome o : list) {
                if (o.thrown() != null) {
                    refused++;
                    assertThat(o.thrown()).as(o.kind()).isInstanceOf(ProtocolViolation.class)
                            .hasMessageContaining("party " + o.flipper()).hasMessageNotContaining("\n");
                }
            }
        }
        assertThat(refused).as("most flips are caught at once").isGreaterThan(outcomes.size() * FLIPS_PER_KIND / 2);
    }
}
