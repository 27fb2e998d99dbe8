package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class QueryWalkTest {

    /** Runs a walk answered honestly from the true position; returns the final walk. */
    private static QueryWalk runHonest(DarkChessGame game, Color querier) {
        QueryWalk walk = QueryWalk.start(game.position(), game.promotedSquares(), querier);
        byte[][] secrets = new byte[3][];
        for (QueryPhase phase : QueryPhase.values()) {
            secrets[phase.ordinal()] = DarkChessQueries.secrets(game.position(), querier.opposite(), phase);
        }
        while (!walk.isDone()) {
            QueryWalk.Query q = walk.next();
            walk = walk.answer(secrets[q.phase().ordinal()][q.square().index()]);
        }
        return walk;
    }

    /** The querier rebuilds, from answers alone, exactly the view the rules define. */
    @RepeatedTest(8)
    void honestAnswersRebuildTheRulesView(RepetitionInfo info) {
        SplittableRandom random = new SplittableRandom(500 + info.getCurrentRepetition());
        DarkChessGame g = DarkChessGame.start();
        for (int ply = 0; ply < 120 && !g.isOver(); ply++) {
            for (Color c : Color.values()) {
                assertThat(runHonest(g, c).view()).isEqualTo(g.view(c));
            }
            g = g.apply(DarkChessBot.chooseMove(g, random));
        }
    }

    @Test
    void seesTheEnPassantPawnOnlyThroughTheEnPassantPhase() {
        DarkChessGame g = DarkChessGame.fromPosition(Position.fromFen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"))
                .apply(Move.parseUci("d7d5"));
        FogView view = runHonest(g, Color.WHITE).view();
        assertThat(view.seenPiece(Square.D5)).contains(Piece.of(Color.BLACK, PieceType.PAWN));
        assertThat(DarkChessQueries.secrets(g.position(), Color.BLACK, QueryPhase.EN_PASSANT)[Square.D5.index()])
                .isEqualTo((byte) SquareCode.of(Piece.of(Color.BLACK, PieceType.PAWN)));
    }

    @Test
    void countsAndAnnouncementsDependOnlyOnAnnouncedTypes() {
        Map<Square, PieceType> a = Map.of(Square.E1, PieceType.KING, Square.D4, PieceType.QUEEN, Square.A2, PieceType.PAWN);
        Map<Square, PieceType> b = Map.of(Square.H8, PieceType.KING, Square.A1, PieceType.QUEEN, Square.G7, PieceType.PAWN);
        QueryWalk wa = QueryWalk.start(Color.WHITE, Color.WHITE, a, Set.of());
        QueryWalk wb = QueryWalk.start(Color.WHITE, Color.BLACK, b, Set.of());
        assertThat(wa.announcements()).isEqualTo(wb.announcements());
        assertThat(countQueries(wa)).isEqualTo(8 + 27 + 27 + 2 + 2).isEqualTo(countQueries(wb));
        // A promoted queen is announced as a pawn and pays a pawn's full count.
        QueryWalk promoted = QueryWalk.start(Color.WHITE, Color.WHITE, a, Set.of(Square.D4));
        assertThat(promoted.announcements()).extracting(Map.Entry::getValue)
                .containsExactly(PieceType.KING, PieceType.PAWN, PieceType.PAWN,
                        PieceType.PAWN, PieceType.PAWN, PieceType.PAWN, PieceType.PAWN);
        assertThat(countQueries(promoted)).isEqualTo(8 + 27 + 27 + 4 + 4);
    }

    /** Answers every query "empty" and counts the queries. */
    private static int countQueries(QueryWalk walk) {
        int n = 0;
        while (!walk.isDone()) {
            walk = walk.answer(SquareCode.empty(Color.BLACK));
            n++;
        }
        return n;
    }

    @Test
    void catchesAnswersThatCannotBeHonest() {
        Map<Square, PieceType> own = Map.of(Square.A1, PieceType.ROOK, Square.B1, PieceType.KING, Square.E2, PieceType.PAWN);
        QueryWalk walk = QueryWalk.start(Color.WHITE, Color.WHITE, own, Set.of());
        QueryWalk.Query first = walk.next();
        assertThat(first.phase()).isEqualTo(QueryPhase.GENERAL);
        assertThat(first.announcedType()).isEqualTo(PieceType.KING);
        // Wrong colour, and "unknown" in the general phase.
        assertThatThrownBy(() -> walk.answer(SquareCode.empty(Color.WHITE))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> walk.answer(SquareCode.unknown(Color.BLACK))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> walk.answer(16)).isInstanceOf(IllegalArgumentException.class);
        // The king on b1 asks a1 first (its first neighbour): a black piece there would sit on the white rook.
        assertThat(first.square()).isEqualTo(Square.A1);
        assertThatThrownBy(() -> walk.answer(SquareCode.of(Piece.of(Color.BLACK, PieceType.KNIGHT))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("own piece");
        // Walk on to the pawn phase and answer with a piece instead of occupied/empty.
        QueryWalk w = walk;
        while (w.next().phase() == QueryPhase.GENERAL) {
            w = w.answer(SquareCode.empty(Color.BLACK));
        }
        QueryWalk pawnPhase = w;
        assertThat(pawnPhase.next().square()).isEqualTo(Square.E3);
        assertThatThrownBy(() -> pawnPhase.answer(SquareCode.of(Piece.of(Color.BLACK, PieceType.QUEEN))))
                .isInstanceOf(IllegalArgumentException.class);
        // Occupied e3: the pawn stops and pads with its own square.
        QueryWalk stopped = pawnPhase.answer(SquareCode.unknown(Color.BLACK));
        assertThat(stopped.next()).isEqualTo(new QueryWalk.Query(QueryPhase.PAWN_AHEAD, Square.E2, PieceType.PAWN, Square.E2, true));
        QueryWalk enPassant = stopped.answer(SquareCode.empty(Color.BLACK));
        assertThat(enPassant.next().phase()).isEqualTo(QueryPhase.EN_PASSANT);
        QueryWalk done = enPassant.answer(SquareCode.empty(Color.BLACK)).answer(SquareCode.empty(Color.BLACK));
        assertThat(done.isDone()).isTrue();
        assertThatThrownBy(done::next).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(walk::view).isInstanceOf(IllegalStateException.class);
        assertThat(done.view().at(Square.E3)).isEqualTo(new SquareView.Occupancy(true));
        assertThat(done.view().at(Square.E4)).isEqualTo(new SquareView.Unseen());
    }

    @Test
    void anEnPassantPawnShownOutOfTurnIsCaught() {
        Map<Square, PieceType> own = Map.of(Square.E1, PieceType.KING, Square.E5, PieceType.PAWN);
        QueryWalk w = QueryWalk.start(Color.WHITE, Color.BLACK, own, Set.of());
        while (w.next().phase() != QueryPhase.EN_PASSANT) {
            w = w.answer(SquareCode.empty(Color.BLACK));
        }
        QueryWalk atEnPassant = w;
        assertThat(atEnPassant.next().square()).isEqualTo(Square.D5);
        assertThatThrownBy(() -> atEnPassant.answer(SquareCode.of(Piece.of(Color.BLACK, PieceType.PAWN))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not to move");
    }

    @Test
    void rejectsImpossibleOwnPieces() {
        assertThatThrownBy(() -> QueryWalk.start(Color.WHITE, Color.WHITE, Map.of(Square.A8, PieceType.PAWN), Set.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> QueryWalk.start(Color.WHITE, Color.WHITE, Map.of(Square.A1, PieceType.KING), Set.of(Square.A1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> QueryWalk.start(Color.WHITE, Color.WHITE, Map.of(Square.A1, PieceType.KING), Set.of(Square.A2)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void contradictingAnEarlierAnswerIsCaught() {
        // Knight b1 and knight d1 both ask c3; the king on h1 asks nothing shared.
        Map<Square, PieceType> own = Map.of(Square.H1, PieceType.KING, Square.B1, PieceType.KNIGHT, Square.D1, PieceType.KNIGHT);
        QueryWalk w = QueryWalk.start(Color.WHITE, Color.WHITE, own, Set.of());
        int bishop = SquareCode.of(Piece.of(Color.BLACK, PieceType.BISHOP));
        boolean answeredOnce = false;
        while (!w.isDone()) {
            QueryWalk.Query q = w.next();
            if (q.square() == Square.C3 && !q.padding()) {
                if (answeredOnce) {
                    QueryWalk second = w;
                    assertThatThrownBy(() -> second.answer(SquareCode.empty(Color.BLACK)))
                            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("contradicts");
                    w = w.answer(bishop);
                    continue;
                }
                answeredOnce = true;
                w = w.answer(bishop);
            } else {
                w = w.answer(SquareCode.empty(Color.BLACK));
            }
        }
        assertThat(answeredOnce).isTrue();
        assertThat(w.view().seenPiece(Square.C3)).contains(Piece.of(Color.BLACK, PieceType.BISHOP));
    }

    @Test
    void ownMovesFollowFromTheViewAlone() {
        SplittableRandom random = new SplittableRandom(99);
        for (int game = 0; game < 6; game++) {
            DarkChessGame g = DarkChessGame.start();
            for (int ply = 0; ply < 150 && !g.isOver(); ply++) {
                Color mover = g.sideToMove();
                FogView rebuilt = runHonest(g, mover).view();
                assertThat(rebuilt.legalMoves(g.position().castlingRights()))
                        .containsExactlyInAnyOrderElementsOf(g.legalMoves());
                assertThat(rebuilt.enPassantPawn()).isEqualTo(g.view(mover).enPassantPawn());
                g = g.apply(DarkChessBot.chooseMove(g, random));
            }
        }
    }
}
