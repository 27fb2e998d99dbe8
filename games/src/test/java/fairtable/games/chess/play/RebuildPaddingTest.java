package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessBot;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.DarkChessQueries;
import fairtable.games.chess.Move;
import fairtable.games.chess.PieceQueries;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.Position;
import fairtable.games.chess.QueryPhase;
import fairtable.games.chess.Square;
import fairtable.protocol.darkchess.DarkChessSide;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** The number of queries depends only on the announced material, never on where the pieces stand. */
class RebuildPaddingTest {
    /** The report's table (Definition 2): 8 pawns x 27 + queen 27 + 2 rooks x 14 + 2 bishops x 13 + 2 knights x 8 + king 8. */
    private static final int FULL_ARMY_GENERAL = 8 * 27 + 27 + 2 * 14 + 2 * 13 + 2 * 8 + 8;

    /** Plays the plan against the true position; returns the squares asked per round. */
    private static List<int[]> run(Position position, Set<Square> promoted, Color querier) {
        Map<Square, PieceType> own = new EnumMap<>(Square.class);
        for (Square sq : Square.values()) {
            position.pieceAt(sq).filter(p -> p.color() == querier).ifPresent(p -> own.put(sq, p.type()));
        }
        RebuildPlan plan = RebuildPlan.start(querier, own, promoted);
        List<int[]> asked = new ArrayList<>();
        while (!plan.isDone()) {
            int phase = plan.rounds().get(plan.roundIndex()).phase();
            byte[] secrets = DarkChessQueries.secrets(position, querier.opposite(), QueryPhase.values()[phase]);
            int[] choices = plan.choices();
            int[] codes = new int[choices.length];
            for (int i = 0; i < choices.length; i++) {
                codes[i] = secrets[choices[i]];
            }
            asked.add(choices);
            plan = plan.answer(codes);
        }
        return asked;
    }

    @RepeatedTest(5)
    void quietGamesWithTheSameMaterialAskTheSameNumberOfQueriesInTheSameRounds(
            org.junit.jupiter.api.RepetitionInfo info) {
        SplittableRandom random = new SplittableRandom(100 + info.getCurrentRepetition());
        DarkChessGame game = DarkChessGame.start();
        List<Integer> startSizes = null;
        Set<String> distinctSchedules = new HashSet<>();
        for (int ply = 0; ply < 16 && !game.isOver(); ply++) {
            DarkChessGame current = game;
            List<Move> quiet = current.legalMoves().stream().filter(m -> current.capturedSquare(m).isEmpty()).toList();
            if (quiet.isEmpty()) {
                break;
            }
            DarkChessGame next = game.apply(quiet.get(random.nextInt(quiet.size())));
            for (Color querier : Color.values()) {
                List<int[]> asked = run(next.position(), next.promotedSquares(), querier);
                List<Integer> sizes = asked.stream().map(a -> a.length).toList();
                if (startSizes == null) {
                    startSizes = sizes;
                }
                assertThat(sizes).isEqualTo(startSizes);
                assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(FULL_ARMY_GENERAL + 16 + 16);
                StringBuilder squares = new StringBuilder();
                asked.forEach(a -> squares.append(java.util.Arrays.toString(a)));
                distinctSchedules.add(querier + squares.toString());
            }
            game = next;
        }
        // The squares asked do change with the position (the count is what stays fixed).
        assertThat(distinctSchedules.size()).isGreaterThan(4);
    }


    @Test
    void aPromotedQueenIsAnnouncedAndPaddedAsAPawn() {
        Position promotedQueen = Position.fromFen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        Position pawn = Position.fromFen("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
        Position realQueen = Position.fromFen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        List<int[]> asPawn = run(promotedQueen, Set.of(Square.D1), Color.WHITE);
        List<int[]> ofPawn = run(pawn, Set.of(), Color.WHITE);
        List<int[]> ofQueen = run(realQueen, Set.of(), Color.WHITE);
        assertThat(asPawn.stream().map(a -> a.length).toList()).isEqualTo(ofPawn.stream().map(a -> a.length).toList());
        // A real queen has no pawn-ahead or en-passant padding, so it is distinguishable: the promoted one is not.
        assertThat(ofQueen.stream().mapToInt(a -> a.length).sum()).isEqualTo(27 + 8);
        assertThat(asPawn.stream().mapToInt(a -> a.length).sum()).isEqualTo(27 + 8 + 2 + 2);
    }

    @RepeatedTest(5)
    void eachPieceAsksExactlyTheSquaresOfTheSequentialQueryWalk(org.junit.jupiter.api.RepetitionInfo info) {
        SplittableRandom random = new SplittableRandom(200 + info.getCurrentRepetition());
        DarkChessGame game = DarkChessGame.start();
        for (int ply = 0; ply < 30 && !game.isOver(); ply++) {
            game = game.apply(DarkChessBot.chooseMove(game, random));
        }
        if (game.isOver()) {
            return;
        }
        Color querier = game.sideToMove();
        List<int[]> rounds = run(game.position(), game.promotedSquares(), querier);
        // The sequential walk's squares, concatenated per phase in piece order, against the plan's rounds.
        List<PieceQueries> walk = DarkChessQueries.honestQueries(game.position(), game.promotedSquares(), querier);
        for (QueryPhase phase : QueryPhase.values()) {
            List<List<Square>> perPiece = walk.stream().filter(q -> q.phase() == phase).map(PieceQueries::squares).toList();
            int phaseRounds = perPiece.stream().mapToInt(List::size).max().orElse(0);
            int offset = 0;
            for (QueryPhase earlier : QueryPhase.values()) {
                if (earlier == phase) {
                    break;
                }
                offset += walk.stream().filter(q -> q.phase() == earlier).mapToInt(q -> q.squares().size()).max().orElse(0);
            }
            for (int r = 0; r < phaseRounds; r++) {
                List<Integer> expected = new ArrayList<>();
                for (List<Square> squares : perPiece) {
                    if (r < squares.size()) {
                        expected.add(squares.get(r).index());
                    }
                }
                assertThat(rounds.get(offset + r)).containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
            }
        }
        assertThat(DarkChessSide.PHASES).isEqualTo(QueryPhase.values().length);
    }
}
