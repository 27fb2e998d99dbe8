package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DarkChessParty#restoreVouched}, how a game by mail wakes from its owner's journal, skips verifying the
 * messages' signatures again: it must wake the very party a full replay wakes, and still refuse a saved transcript
 * whose chain does not hold.
 */
class DarkChessVouchedRestoreTest {
    private static final DarkChessParameters TABLE = new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 6);

    /** At every message of a seeded game, the receiver woken both ways: the same transcript and the same answer. */
    @Test
    void aVouchedRestoreWakesThePartyAFullReplayWakesAndItAnswersWithTheSameBytes() throws Exception {
        SplittableRandom r = new SplittableRandom(41);
        SigningKey[] keys = {DarkChessPlayTest.key(r), DarkChessPlayTest.key(r)};
        DarkChessParty[] parties = {
            DarkChessParty.create(TABLE, 0, "white", keys[0], ChessSide.start(Color.WHITE), r.split()),
            DarkChessParty.create(TABLE, 1, "black", keys[1], ChessSide.start(Color.BLACK), r.split())};
        Deque<Envelope> queue = new ArrayDeque<>(parties[0].start());
        int compared = 0;
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            int to = 1 - e.sender();
            byte[] saved = parties[to].snapshot();
            long seed = r.nextLong();
            DarkChessParty replayed = DarkChessParty.restore(saved, keys[to], new SplittableRandom(seed),
                    ChessSide::fromBytes);
            DarkChessParty vouched = DarkChessParty.restoreVouched(saved, keys[to], new SplittableRandom(seed),
                    ChessSide::fromBytes);
            assertThat(vouched.transcript().envelopes()).isEqualTo(replayed.transcript().envelopes());
            assertThat(vouched.transcript().hellos().stream().map(Hello::toBytes).toList())
                    .containsExactlyElementsOf(replayed.transcript().hellos().stream().map(Hello::toBytes).toList());
            assertThat(vouched.snapshot()).isEqualTo(saved);
            List<byte[]> fromReplayed = replayed.receive(e).stream().map(Envelope::toBytes).toList();
            List<Envelope> out = vouched.receive(e);
            assertThat(out.stream().map(Envelope::toBytes).toList()).containsExactlyElementsOf(fromReplayed);
            assertThat(vouched.snapshot()).isEqualTo(replayed.snapshot());
            parties[to] = vouched;
            queue.addAll(out);
            compared++;
        }
        assertThat(parties[0].isFinished()).isTrue();
        assertThat(parties[0].result()).contains("draw: the cap of 6 plies was reached");
        assertThat(compared).isGreaterThan(18);
    }

    /** A message of the saved transcript changed: the one after it no longer names its hash, and the wake is refused. */
    @Test
    void aVouchedRestoreStillRefusesASavedTranscriptWhoseChainIsBroken() throws Exception {
        SplittableRandom r = new SplittableRandom(42);
        SigningKey[] keys = {DarkChessPlayTest.key(r), DarkChessPlayTest.key(r)};
        DarkChessParty[] parties = {
            DarkChessParty.create(TABLE, 0, "white", keys[0], ChessSide.start(Color.WHITE), r.split()),
            DarkChessParty.create(TABLE, 1, "black", keys[1], ChessSide.start(Color.BLACK), r.split())};
        Deque<Envelope> queue = new ArrayDeque<>(parties[0].start());
        for (int i = 0; i < 10; i++) {
            Envelope e = queue.poll();
            queue.addAll(parties[1 - e.sender()].receive(e));
        }
        byte[] saved = parties[0].snapshot();
        List<Envelope> messages = parties[0].transcript().envelopes();
        byte[] third = messages.get(3).toBytes();
        int at = indexOf(saved, third);
        assertThat(at).isPositive();
        byte[] tampered = saved.clone();
        tampered[at + third.length - 64 - 4 - 1] ^= 1; // the last byte of its body
        assertThatThrownBy(() -> DarkChessParty.restoreVouched(tampered, keys[0], new SplittableRandom(1),
                ChessSide::fromBytes)).isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("message 4 of the saved transcript does not follow message 3");
        assertThat(DarkChessParty.restoreVouched(saved, keys[0], new SplittableRandom(1), ChessSide::fromBytes)
                .transcript().envelopes()).isEqualTo(messages);
    }

    private static int indexOf(byte[] in, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= in.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (in[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
