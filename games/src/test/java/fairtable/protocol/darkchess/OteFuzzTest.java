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
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A dishonest player who sends seeded random corruptions of each ote-table message (bytes flipped, overwritten, cut,
 * appended, or a body of random bytes), each correctly signed, to a copy of the receiver restored from its snapshot:
 * nothing but a {@link ProtocolViolation} may escape receive, none may be an unexpected exception wrapped as one,
 * and a refusal that did not stop the game leaves the copy
 * as it was. The genuine messages then finish the game, which audits VERIFIED.
 */
class OteFuzzTest {
    private static final int CORRUPTIONS_PER_MESSAGE = 12;

    private static byte[] corrupt(byte[] body, SplittableRandom r) {
        byte[] b = body.clone();
        switch (r.nextInt(5)) {
            case 0 -> {
                for (int k = 1 + r.nextInt(4); k > 0 && b.length > 0; k--) {
                    b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
                }
            }
            case 1 -> {
                if (b.length > 0) {
                    int at = r.nextInt(b.length);
                    b[at] = (byte) r.nextInt(256);
                    if (at + 1 < b.length) {
                        b[at + 1] = (byte) r.nextInt(256);
                    }
                }
            }
            case 2 -> b = Arrays.copyOf(b, b.length == 0 ? 0 : r.nextInt(b.length));
            case 3 -> {
                b = Arrays.copyOf(b, b.length + 1 + r.nextInt(40));
                for (int k = body.length; k < b.length; k++) {
                    b[k] = (byte) r.nextInt(256);
                }
            }
            default -> {
                b = new byte[r.nextInt(2 * body.length + 2)];
                r.nextBytes(b);
            }
        }
        return b;
    }

    @Test
    void randomCorruptionsOfEveryMessageOnlyEverRaiseProtocolViolationsAndTheGenuineGameVerifies() throws Exception {
        DarkChessParameters params = new DarkChessParameters(OtMode.OTE_TABLE, 2048, 4);
        SplittableRandom r = new SplittableRandom(23);
        SigningKey[] keys = {BadMessageGame.key(r), BadMessageGame.key(r)};
        DarkChessParty[] seats = {
            DarkChessParty.create(params, 0, "white", keys[0], ChessSide.start(Color.WHITE), r.split()),
            DarkChessParty.create(params, 1, "black", keys[1], ChessSide.start(Color.BLACK), r.split())};
        SplittableRandom fuzz = new SplittableRandom(29);
        Set<String> kinds = new LinkedHashSet<>();
        Deque<Envelope> queue = new ArrayDeque<>(seats[0].start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            int to = 1 - e.sender();
            if (!e.type().equals("hello")) {
                kinds.add(e.type() + e.sender());
                byte[] snapshot = seats[to].snapshot();
                // Restoring is most of the cost: a copy that refused a corruption and waits on, unchanged, takes the
                // next one too (as a live party does); one that took a corruption or stopped is restored afresh.
                DarkChessParty copy = null;
                for (int k = 0; k < CORRUPTIONS_PER_MESSAGE; k++) {
                    if (copy == null) {
                        copy = DarkChessParty.restore(snapshot, keys[to], new SplittableRandom(k), ChessSide::fromBytes);
                    }
                    Envelope bad = Envelope.sign(keys[e.sender()], e.session(), e.seq(), e.prev(), e.sender(),
                            e.step(), e.type(), corrupt(e.body(), fuzz));
                    int size = copy.transcript().size();
                    String awaiting = copy.awaiting();
                    try {
                        copy.receive(bad);
                        copy = null;
                    } catch (ProtocolViolation refused) {
                        // An exception the receiver did not mean is wrapped so; each refusal must be one it meant.
                        assertThat(refused).hasMessageNotContaining("could not be handled").hasMessageNotContaining("\n");
                        if (copy.failure().isEmpty()) {
                            assertThat(copy.transcript().size()).as(refused.getMessage()).isEqualTo(size);
                            assertThat(copy.awaiting()).as(refused.getMessage()).isEqualTo(awaiting);
                        } else {
                            copy = null;
                        }
                    }
                }
            }
            queue.addAll(seats[to].receive(e));
        }
        assertThat(kinds).contains("move0", "reply1", "answer0", "move1", "reply0", "answer1", "choices0", "choices1",
                "open0", "open1");
        assertThat(seats[0].isFinished() && seats[1].isFinished()).isTrue();
        String verdict = Auditor.audit(new TranscriptFile.Contents(seats[0].transcript().envelopes(), List.of()),
                List.of(DarkChessReferee.audit())).line();
        assertThat(verdict).startsWith("VERIFIED").contains("ote-table");
    }
}
