package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class DarkChessBotTest {

    /** Plays a bot-versus-bot game; every chosen move is checked against the rules before it is played. */
    private static List<Move> playOut(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DarkChessGame g = DarkChessGame.start();
        List<Move> moves = new ArrayList<>();
        // The fifty-move rule bounds any game: at most 100 plies between captures or pawn moves.
        int bound = 100 * (30 + 16 * 6 + 1);
        while (!g.isOver()) {
            assertThat(moves.size()).isLessThan(bound);
            Move m = DarkChessBot.chooseMove(g, random);
            assertThat(g.legalMoves()).contains(m);
            Piece mover = g.position().pieceAt(m.from()).orElseThrow();
            assertThat(mover.color()).isEqualTo(g.sideToMove());
            g = g.apply(m);
            moves.add(m);
        }
        assertThat(g.legalMoves()).isEmpty();
        return moves;
    }

    @RepeatedTest(20)
    void botGamesAreLegalAndFinish(RepetitionInfo info) {
        assertThat(playOut(info.getCurrentRepetition())).isNotEmpty();
    }

    @Test
    void sameSeedSameGame() {
        assertThat(playOut(77)).isEqualTo(playOut(77));
        assertThat(playOut(77)).isNotEqualTo(playOut(78));
    }

    @Test
    void mostBotGamesEndByKingCapture() {
        Map<DarkChessResult, Integer> results = new EnumMap<>(DarkChessResult.class);
        for (long seed = 100; seed < 130; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            DarkChessGame g = DarkChessGame.start();
            while (!g.isOver()) {
                g = g.apply(DarkChessBot.chooseMove(g, random));
            }
            results.merge(g.result(), 1, Integer::sum);
        }
        int decisive = results.getOrDefault(DarkChessResult.WHITE_WON_BY_KING_CAPTURE, 0)
                + results.getOrDefault(DarkChessResult.BLACK_WON_BY_KING_CAPTURE, 0);
        assertThat(decisive).as("results %s", results).isGreaterThan(15);
    }

    @Test
    void takesTheKingBeforeAnythingElse() {
        // The e4 queen can take the king on e8 or the queen on a8.
        DarkChessGame g = DarkChessGame.fromPosition(Position.fromFen("q3k3/8/8/8/4Q3/8/8/K7 w - - 0 1"));
        for (long seed = 0; seed < 20; seed++) {
            assertThat(DarkChessBot.chooseMove(g, new SplittableRandom(seed))).isEqualTo(Move.parseUci("e4e8"));
        }
    }

    @Test
    void otherwiseTakesTheMostValuablePiece() {
        // The d4 queen can take the rook on d8 or the pawn on b6.
        DarkChessGame g = DarkChessGame.fromPosition(Position.fromFen("3r2k1/8/1p6/8/3Q4/8/8/K7 w - - 0 1"));
        for (long seed = 0; seed < 20; seed++) {
            assertThat(DarkChessBot.chooseMove(g, new SplittableRandom(seed))).isEqualTo(Move.parseUci("d4d8"));
        }
    }

    @Test
    void withoutCapturesPlaysRandomLegalMoves() {
        DarkChessGame g = DarkChessGame.start();
        java.util.Set<Move> chosen = new java.util.HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            chosen.add(DarkChessBot.chooseMove(g, new SplittableRandom(seed)));
        }
        assertThat(g.legalMoves()).containsAll(chosen);
        assertThat(chosen.size()).isGreaterThan(5);
    }

    @Test
    void refusesAFinishedGame() {
        DarkChessGame over = DarkChessGame.fromPosition(Position.fromFen("4k3/8/8/8/8/8/8/4K2r b - - 0 1"))
                .apply(Move.parseUci("h1e1"));
        assertThatThrownBy(() -> DarkChessBot.chooseMove(over, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
