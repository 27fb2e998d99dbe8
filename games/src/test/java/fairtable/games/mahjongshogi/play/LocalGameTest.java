package fairtable.games.mahjongshogi.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.mahjongshogi.Move;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Seats decide from their own views; a bot seat, a resigning seat and a leaving seat end the game as they should. */
class LocalGameTest {
    private static final MahjongParameters PARAMS = MahjongParameters.standard(MahjongMode.RISTRETTO).withMoveLimit(30);

    /** A bot that records every view it is given and every move it is told about. */
    private static final class Recording implements Seat {
        final Seat bot;
        final List<PlayerView> asked = new ArrayList<>();
        final List<String> told = new ArrayList<>();
        final int resignAfter;

        Recording(SplittableRandom random, int resignAfter) {
            this.bot = Seat.bot(random);
            this.resignAfter = resignAfter;
        }

        @Override
        public Choice choose(PlayerView view) {
            asked.add(view);
            return asked.size() > resignAfter ? new Resign() : bot.choose(view);
        }

        @Override
        public void moved(int mover, Move move, PlayerView view) {
            told.add(mover + ":" + move + "@" + view.state().movesMade());
        }
    }

    @Test
    void theSameSeedPlaysTheSameGameAsTheBotGame() throws ProtocolViolation {
        SplittableRandom play = new SplittableRandom(11);
        LocalGame local = new LocalGame(PARAMS, List.of("east", "west"), List.of(Seat.bot(play), Seat.bot(play)),
                play, new SplittableRandom(1)).play();
        BotGame bots = new BotGame(PARAMS, List.of("east", "west"), new SplittableRandom(11), new SplittableRandom(2)).play();
        assertThat(moves(local.party(0).observer())).isEqualTo(moves(bots.party(0).observer())).isNotEmpty();
        assertThat(local.resigned()).isEmpty();
        assertThat(local.left()).isEmpty();
    }

    @Test
    void eachSeatIsAskedWithItsOwnViewAndToldEveryMove() throws ProtocolViolation {
        SplittableRandom play = new SplittableRandom(12);
        Recording east = new Recording(play, Integer.MAX_VALUE);
        Recording west = new Recording(play, Integer.MAX_VALUE);
        LocalGame game = new LocalGame(PARAMS, List.of("east", "west"), List.of(east, west), play,
                new SplittableRandom(3)).play();
        MahjongObserver observer = game.party(0).observer();
        assertThat(observer.movesMade()).isEqualTo(30);
        assertThat(east.asked).hasSize(15).allSatisfy(v -> {
            assertThat(v.seat()).isZero();
            assertThat(v.placement()).isSameAs(game.placement(0));
            assertThat(v.state().toMove()).isZero();
        });
        assertThat(west.asked).hasSize(15).allSatisfy(v -> assertThat(v.placement()).isSameAs(game.placement(1)));
        // Both are told every move, in order, the position already past it.
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < observer.moves().size(); i++) {
            MahjongObserver.Played p = observer.moves().get(i);
            expected.add(i % 2 + ":" + new Move(fairtable.games.mahjongshogi.Square.ofIndex(p.from()),
                    fairtable.games.mahjongshogi.Square.ofIndex(p.to())) + "@" + (i + 1));
        }
        assertThat(east.told).isEqualTo(expected);
        assertThat(west.told).isEqualTo(expected);
    }

    @Test
    void aResignationRevealsEarlyAndTheTranscriptStillVerifies() throws ProtocolViolation {
        SplittableRandom play = new SplittableRandom(13);
        LocalGame game = new LocalGame(PARAMS, List.of("east", "west"),
                List.of(Seat.bot(play), new Recording(play, 4)), play, new SplittableRandom(4)).play();
        assertThat(game.resigned()).hasValue(1);
        MahjongObserver observer = game.party(0).observer();
        assertThat(observer.movesMade()).isEqualTo(9);
        assertThat(observer.outcome().orElseThrow().reason()).isEqualTo("west stopped the game by revealing");
        assertThat(game.party(0).isFinished()).isTrue();
        assertThat(game.party(1).isFinished()).isTrue();
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(game.transcript(), List.of()));
        assertThat(verdict.verified()).as(verdict.line()).isTrue();
    }

    @Test
    void aSeatThatLeavesStopsTheGameWithNothingMoreSent() throws ProtocolViolation {
        SplittableRandom play = new SplittableRandom(14);
        Seat leaving = view -> view.state().movesMade() < 6 ? Seat.bot(play).choose(view) : new Seat.Leave("input ended");
        LocalGame game = new LocalGame(PARAMS, List.of("east", "west"), List.of(leaving, Seat.bot(play)), play,
                new SplittableRandom(5)).play();
        assertThat(game.left()).contains(new LocalGame.Left(0, "input ended"));
        assertThat(game.party(0).observer().movesMade()).isEqualTo(6);
        assertThat(game.party(0).isFinished()).isFalse();
        assertThat(game.party(0).transcript().envelopes()).hasSameSizeAs(game.party(1).transcript().envelopes());
    }

    private static List<String> moves(MahjongObserver observer) {
        return observer.moves().stream().map(p -> p.from() + "-" + p.to()).toList();
    }
}
