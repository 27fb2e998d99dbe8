package fairtable.protocol.darkchess;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.chess.play.DarkChessReferee;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One seeded game between two honest parties in which, before each genuine message, its receiver is offered
 * truncations of it (once per kind: type and sender seat) and every bad message that targets it, each correctly
 * signed by the sender; then the genuine message, so the game goes on and is audited at the end.
 */
final class BadMessageGame {
    /** A bad message made from a genuine one. */
    interface BadMessage {
        /** Whether this bad message replaces {@code genuine}. */
        boolean targets(Envelope genuine);

        default byte[] apply(byte[] body) {
            return body;
        }

        /** The body to send in place of {@code genuine}'s: {@link #apply(byte[])} unless it needs the session. */
        default byte[] apply(Envelope genuine) {
            return apply(genuine.body());
        }

        default String type(String type) {
            return type;
        }

        default int step(int step) {
            return step;
        }
    }

    record Refusal(String sender, Throwable thrown, int sizeBefore, int sizeAfter, String awaitingBefore,
            String awaitingAfter, int rejectedBefore, int rejectedAfter) {}

    /** What was offered: per kind ("move0", ...) its truncations' refusals, per bad message its refusal; the verdict. */
    record Played(Map<String, List<Refusal>> truncations, Map<BadMessage, Refusal> refusals, String verdict) {}

    private BadMessageGame() {}

    static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    static Played play(DarkChessParameters params, int cutsPerKind, BadMessage... bad) throws ProtocolViolation {
        SplittableRandom r = new SplittableRandom(11);
        SigningKey[] keys = {key(r), key(r)};
        DarkChessParty[] seats = {
            DarkChessParty.create(params, 0, "white", keys[0], ChessSide.start(Color.WHITE), r.split()),
            DarkChessParty.create(params, 1, "black", keys[1], ChessSide.start(Color.BLACK), r.split())};
        SplittableRandom cuts = new SplittableRandom(13);
        Map<String, List<Refusal>> truncations = new LinkedHashMap<>();
        Map<BadMessage, Refusal> refusals = new LinkedHashMap<>();
        Deque<Envelope> queue = new ArrayDeque<>(seats[0].start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            DarkChessParty to = seats[1 - e.sender()];
            String kind = e.type() + e.sender();
            if (!e.type().equals("hello") && !truncations.containsKey(kind)) {
                List<Refusal> cutRefusals = new ArrayList<>();
                for (int k = 0; k < cutsPerKind; k++) {
                    byte[] cut = Arrays.copyOf(e.body(), cuts.nextInt(e.body().length));
                    cutRefusals.add(offer(to, Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(),
                            e.sender(), e.step(), e.type(), cut)));
                }
                truncations.put(kind, cutRefusals);
            }
            for (BadMessage b : bad) {
                if (!refusals.containsKey(b) && b.targets(e)) {
                    refusals.put(b, offer(to, Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(),
                            e.sender(), b.step(e.step()), b.type(e.type()), b.apply(e))));
                }
            }
            queue.addAll(to.receive(e));
        }
        assertThat(seats[0].isFinished() && seats[1].isFinished()).isTrue();
        String verdict = Auditor.audit(new TranscriptFile.Contents(seats[0].transcript().envelopes(), List.of()),
                List.of(DarkChessReferee.audit())).line();
        return new Played(truncations, refusals, verdict);
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

    static void assertRefusedWithStateUnchanged(Refusal refusal) {
        assertThat(refusal.thrown()).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party " + refusal.sender()).hasMessageNotContaining("\n");
        assertThat(refusal.sizeAfter()).isEqualTo(refusal.sizeBefore());
        assertThat(refusal.awaitingAfter()).isEqualTo(refusal.awaitingBefore());
        assertThat(refusal.rejectedAfter()).isEqualTo(refusal.rejectedBefore() + 1);
    }
}
