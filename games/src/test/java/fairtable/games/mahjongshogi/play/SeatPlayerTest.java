package fairtable.games.mahjongshogi.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Square;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Two SeatPlayers driven as a transport driver drives them (start, then act after every received message) play a
 * whole game; each seat is asked only on its turn, with its own view, and told every move once, in order.
 */
class SeatPlayerTest {
    private static final MahjongParameters PARAMS = MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(40);

    private static final class Recording implements Seat {
        final Seat bot;
        final int resignAt;
        final List<String> told = new ArrayList<>();
        int asked;

        Recording(long seed, int resignAt) {
            this.bot = Seat.bot(new SplittableRandom(seed));
            this.resignAt = resignAt;
        }

        @Override
        public Choice choose(PlayerView view) {
            asked++;
            assertThat(view.state().toMove()).isEqualTo(view.seat());
            assertThat(view.state().movesMade()).isEqualTo(told.size());
            return asked == resignAt ? new Resign() : bot.choose(view);
        }

        @Override
        public void moved(int mover, Move move, PlayerView view) {
            told.add(mover + ":" + move);
        }
    }

    private static List<SeatPlayer> play(Recording east, Recording west) throws ProtocolViolation {
        SplittableRandom secrets = new SplittableRandom(99);
        List<SeatPlayer> players = new ArrayList<>();
        List<Recording> seats = List.of(east, west);
        for (int seat = 0; seat < 2; seat++) {
            byte[] seed = new byte[32];
            secrets.nextBytes(seed);
            players.add(new SeatPlayer(PARAMS, seat, seat == 0 ? "east" : "west", SigningKey.fromSeed(seed),
                    new SplittableRandom(seat + 20), secrets, seats.get(seat)));
        }
        record Delivery(int to, Envelope envelope) {}
        Deque<Delivery> queue = new ArrayDeque<>();
        for (int seat = 0; seat < 2; seat++) {
            for (Envelope e : players.get(seat).party().start()) {
                queue.add(new Delivery(1 - seat, e));
            }
            for (Envelope e : players.get(seat).act()) {
                queue.add(new Delivery(1 - seat, e));
            }
        }
        while (!queue.isEmpty()) {
            Delivery d = queue.poll();
            SeatPlayer player = players.get(d.to());
            List<Envelope> out = new ArrayList<>(player.party().receive(d.envelope()));
            out.addAll(player.act());
            out.forEach(e -> queue.add(new Delivery(1 - d.to(), e)));
        }
        return players;
    }

    @Test
    void twoSeatsPlayToTheEndBeingToldEveryMove() throws ProtocolViolation {
        Recording east = new Recording(1, -1);
        Recording west = new Recording(2, -1);
        List<SeatPlayer> players = play(east, west);
        MahjongObserver observer = players.get(0).party().observer();
        assertThat(players.get(0).party().isFinished()).isTrue();
        assertThat(players.get(1).party().isFinished()).isTrue();
        assertThat(observer.movesMade()).isEqualTo(40);
        List<String> expected = observer.moves().stream()
                .map(p -> p.seat() + ":" + new Move(Square.ofIndex(p.from()), Square.ofIndex(p.to()))).toList();
        assertThat(east.told).isEqualTo(expected);
        assertThat(west.told).isEqualTo(expected);
        assertThat(east.asked).isEqualTo(20);
        assertThat(west.asked).isEqualTo(20);
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(players.get(0).party().transcript().envelopes(),
                List.of()));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
    }

    @Test
    void aResigningSeatRevealsAndBothFinish() throws ProtocolViolation {
        Recording east = new Recording(3, 6);
        Recording west = new Recording(4, -1);
        List<SeatPlayer> players = play(east, west);
        assertThat(players.get(0).resigned()).isTrue();
        assertThat(players.get(1).resigned()).isFalse();
        assertThat(players.get(1).party().isFinished()).isTrue();
        assertThat(players.get(1).party().observer().outcome().orElseThrow().reason())
                .isEqualTo("east stopped the game by revealing");
        assertThat(players.get(0).party().observer().movesMade()).isEqualTo(10);
    }
}
