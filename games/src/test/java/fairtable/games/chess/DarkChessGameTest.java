package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DarkChessGameTest {

    private static DarkChessGame game(String fen) {
        return DarkChessGame.fromPosition(Position.fromFen(fen));
    }

    private static List<String> uci(DarkChessGame g) {
        return g.legalMoves().stream().map(Move::uci).toList();
    }

    private static DarkChessGame play(DarkChessGame g, String... moves) {
        for (String m : moves) {
            g = g.apply(Move.parseUci(m));
        }
        return g;
    }

    @Test
    void startsLikeChess() {
        DarkChessGame g = DarkChessGame.start();
        assertThat(g.legalMoves()).hasSize(20);
        assertThat(g.result()).isEqualTo(DarkChessResult.IN_PROGRESS);
        assertThat(g.sideToMove()).isEqualTo(Color.WHITE);
    }

    @Test
    void kingMayMoveOntoAnAttackedSquare() {
        String fen = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1";
        assertThat(uci(game(fen))).contains("e1d2", "e1e2", "e1f2");
        assertThat(StandardChess.legalMoves(Position.fromFen(fen)).stream().map(Move::uci))
                .doesNotContain("e1d2", "e1e2", "e1f2");
    }

    @Test
    void kingMayStayAttackedAndCastleOutOfAttack() {
        DarkChessGame g = game("4k3/8/8/8/8/8/7P/r3K2R w K - 0 1");
        assertThat(uci(g)).contains("h2h3", "e1g1");
        assertThat(StandardChess.legalMoves(g.position()).stream().map(Move::uci)).doesNotContain("h2h3", "e1g1");
    }

    @Test
    void mayCastleThroughAnAttackedSquare() {
        DarkChessGame g = game("4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
        DarkChessGame castled = play(g, "e1g1");
        assertThat(castled.position().toFen()).isEqualTo("4kr2/8/8/8/8/8/8/5RK1 b - - 1 1");
    }

    @Test
    void castlingNeedsRightsAndEmptySquaresBetweenKingAndRook() {
        assertThat(uci(game("4k3/8/8/8/8/8/8/4K1NR w K - 0 1"))).doesNotContain("e1g1");
        assertThat(uci(game("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1"))).doesNotContain("e1c1");
        assertThat(uci(game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))).doesNotContain("e1c1");
        assertThat(uci(game("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"))).contains("e1c1");
        assertThat(uci(game("r3k3/8/8/8/8/8/8/4K3 b q - 0 1"))).contains("e8c8");
    }

    @Test
    void capturingTheKingWins() {
        DarkChessGame g = game("4k3/8/8/8/8/8/8/4K2r b - - 0 1");
        Move take = Move.parseUci("h1e1");
        assertThat(g.capturedSquare(take)).contains(Square.E1);
        DarkChessGame over = g.apply(take);
        assertThat(over.result()).isEqualTo(DarkChessResult.BLACK_WON_BY_KING_CAPTURE);
        assertThat(over.result().winner()).contains(Color.BLACK);
        assertThat(over.isOver()).isTrue();
        assertThat(over.legalMoves()).isEmpty();
        assertThatThrownBy(() -> over.apply(Move.parseUci("e8e7")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("over");
        assertThat(over.position().kingSquare(Color.WHITE)).isEmpty();
        assertThat(Position.fromFen(over.position().toFen())).isEqualTo(over.position());
    }

    @Test
    void pawnAndKnightCanTakeTheKingToo() {
        DarkChessGame g = game("4k3/8/8/8/8/8/3p4/4K3 b - - 0 1");
        assertThat(uci(g)).contains("d2e1q", "d2e1n", "d2d1r").doesNotContain("d2c1q");
        assertThat(g.apply(Move.parseUci("d2d1q")).result()).isEqualTo(DarkChessResult.IN_PROGRESS);
        assertThat(g.apply(Move.parseUci("d2e1n")).result()).isEqualTo(DarkChessResult.BLACK_WON_BY_KING_CAPTURE);
        DarkChessGame knight = game("4k3/8/8/8/8/3n4/8/4K3 b - - 0 1");
        assertThat(knight.apply(Move.parseUci("d3e1")).result()).isEqualTo(DarkChessResult.BLACK_WON_BY_KING_CAPTURE);
    }

    @Test
    void fiftyMovesWithoutCaptureOrPawnMoveDraw() {
        DarkChessGame g = game("4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80");
        DarkChessGame quiet = play(g, "a1a2");
        assertThat(quiet.result()).isEqualTo(DarkChessResult.IN_PROGRESS);
        DarkChessGame drawn = play(quiet, "e8d8");
        assertThat(drawn.position().halfmoveClock()).isEqualTo(100);
        assertThat(drawn.result()).isEqualTo(DarkChessResult.DRAW_BY_FIFTY_MOVES);
        assertThat(drawn.result().winner()).isEmpty();
        DarkChessGame pawnMove = play(g, "e2e3", "e8d8");
        assertThat(pawnMove.result()).isEqualTo(DarkChessResult.IN_PROGRESS);
        assertThat(pawnMove.position().halfmoveClock()).isEqualTo(1);
    }

    @Test
    void noMoveAtAllIsADraw() {
        // Black's king, bishop, rook and pawns block each other; no pawn has anything to capture.
        String fen = "kb6/prp5/PpP5/1P6/8/8/8/7K b - - 0 1";
        DarkChessGame g = game(fen);
        assertThat(g.legalMoves()).isEmpty();
        assertThat(g.result()).isEqualTo(DarkChessResult.DRAW_BY_NO_MOVES);
        assertThat(StandardChess.isStalemate(Position.fromFen(fen))).isTrue();
    }

    @Test
    void enPassantCapturesTheDoubleSteppedPawnOnlyRightAway() {
        DarkChessGame g = play(game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), "d7d5");
        assertThat(g.position().enPassantSquare()).contains(Square.D6);
        Move ep = Move.parseUci("e5d6");
        assertThat(g.isLegal(ep)).isTrue();
        assertThat(g.capturedSquare(ep)).contains(Square.D5);
        DarkChessGame taken = g.apply(ep);
        assertThat(taken.position().pieceAt(Square.D5)).isEmpty();
        assertThat(taken.position().pieceAt(Square.D6)).contains(Piece.of(Color.WHITE, PieceType.PAWN));
        DarkChessGame later = play(g, "e1e2", "e8e7");
        assertThat(later.isLegal(ep)).isFalse();
    }

    @Test
    void promotionsAreTrackedForTheQueryProtocol() {
        DarkChessGame g = game("4k3/P7/8/8/8/8/8/4K2r w - - 0 1");
        assertThat(uci(g)).contains("a7a8q", "a7a8r", "a7a8b", "a7a8n").doesNotContain("a7a8");
        DarkChessGame promoted = play(g, "a7a8q");
        assertThat(promoted.position().pieceAt(Square.A8)).contains(Piece.of(Color.WHITE, PieceType.QUEEN));
        assertThat(promoted.promotedSquares()).containsExactly(Square.A8);
        DarkChessGame moved = play(promoted, "h1h2", "a8a1");
        assertThat(moved.promotedSquares()).containsExactly(Square.A1);
        DarkChessGame captured = play(moved, "h2h1", "e1f2", "h1a1");
        assertThat(captured.promotedSquares()).isEmpty();
    }

    @Test
    void rejectsIllegalMovesAndBadStarts() {
        DarkChessGame g = DarkChessGame.start();
        assertThatThrownBy(() -> g.apply(Move.parseUci("e2e5"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> g.apply(Move.parseUci("e7e5"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DarkChessGame.fromPosition(Position.fromFen("8/8/8/8/8/8/8/K7 w - - 0 1")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DarkChessGame.fromPosition(Position.start(), Set.of(Square.E2)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(DarkChessGame.fromPosition(Position.start(), Set.of(Square.D1)).promotedSquares())
                .containsExactly(Square.D1);
    }

    /** Dark-chess moves are exactly the standard pseudo-legal moves: legal ones plus those ignoring check. */
    @Test
    void everyStandardLegalMoveIsADarkMove() {
        for (String fen : List.of(Position.START_FEN,
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")) {
            assertThat(game(fen).legalMoves()).containsAll(StandardChess.legalMoves(Position.fromFen(fen)));
        }
        // Position 4: white is in check with 6 legal moves, but dark chess ignores the check.
        assertThat(game("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1").legalMoves().size())
                .isGreaterThan(6);
    }
}
