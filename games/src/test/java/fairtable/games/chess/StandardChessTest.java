package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class StandardChessTest {

    private static List<String> uci(Position p) {
        return StandardChess.legalMoves(p).stream().map(Move::uci).toList();
    }

    @Test
    void foolsMateIsCheckmate() {
        Position p = Position.start();
        for (String m : List.of("f2f3", "e7e5", "g2g4", "d8h4")) {
            p = StandardChess.apply(p, Move.parseUci(m));
        }
        assertThat(StandardChess.isInCheck(p)).isTrue();
        assertThat(StandardChess.isCheckmate(p)).isTrue();
        assertThat(StandardChess.legalMoves(p)).isEmpty();
    }

    @Test
    void stalemateIsNotCheckmate() {
        Position p = Position.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assertThat(StandardChess.isStalemate(p)).isTrue();
        assertThat(StandardChess.isCheckmate(p)).isFalse();
    }

    @Test
    void enPassantThatExposesTheKingAlongTheRankIsIllegal() {
        // After ...c7c5 the b5 pawn could take c6 e.p., but that empties the rank between a5 and h5.
        Position p = Position.fromFen("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
        assertThat(uci(p)).doesNotContain("b5c6").contains("b5b6");
        Position free = Position.fromFen("8/8/8/1Pp4r/8/K7/8/7k w - c6 0 2");
        assertThat(uci(free)).contains("b5c6");
        Position after = StandardChess.apply(free, Move.parseUci("b5c6"));
        assertThat(after.pieceAt(Square.C5)).isEmpty();
        assertThat(after.pieceAt(Square.C6)).contains(Piece.of(Color.WHITE, PieceType.PAWN));
    }

    @Test
    void castlingNeitherOutOfNorThroughCheckButTheRookMayPassAnAttackedSquare() {
        // Black rook on f8 attacks f1: no kingside castling. b1 attacked by the b8 rook: queenside fine.
        Position p = Position.fromFen("1r3rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assertThat(uci(p)).contains("e1c1").doesNotContain("e1g1");
        Position inCheck = Position.fromFen("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assertThat(uci(inCheck)).doesNotContain("e1c1", "e1g1");
        Position castled = StandardChess.apply(p, Move.parseUci("e1c1"));
        assertThat(castled.pieceAt(Square.C1)).contains(Piece.of(Color.WHITE, PieceType.KING));
        assertThat(castled.pieceAt(Square.D1)).contains(Piece.of(Color.WHITE, PieceType.ROOK));
        assertThat(castled.pieceAt(Square.A1)).isEmpty();
    }

    @Test
    void promotesToEachOfTheFourPieces() {
        Position p = Position.fromFen("8/P7/8/8/8/8/8/k6K w - - 0 1");
        assertThat(uci(p)).contains("a7a8q", "a7a8r", "a7a8b", "a7a8n").doesNotContain("a7a8");
        Position knight = StandardChess.apply(p, Move.parseUci("a7a8n"));
        assertThat(knight.pieceAt(Square.A8)).contains(Piece.of(Color.WHITE, PieceType.KNIGHT));
    }

    @Test
    void pinnedPieceMayOnlyMoveAlongThePin() {
        Position p = Position.fromFen("4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1");
        assertThat(uci(p)).filteredOn(m -> m.startsWith("e2")).containsExactlyInAnyOrder(
                "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8");
    }

    @Test
    void rejectsIllegalMovesAndKinglessPositions() {
        Position p = Position.start();
        assertThatThrownBy(() -> StandardChess.apply(p, Move.parseUci("e2e5"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StandardChess.perft("8/8/8/8/8/8/8/K7 w - - 0 1", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one king");
        assertThatThrownBy(() -> StandardChess.perft("not a fen", 1)).isInstanceOf(FenException.class);
        assertThat(StandardChess.perft(Position.START_FEN, 0)).isEqualTo(1);
        assertThatThrownBy(() -> StandardChess.legalMoves(Position.fromFen("4k3/8/8/8/8/8/8/4R2K w - - 0 1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not to move is in check");
    }

    /** Kiwipete: 48 first moves whose subtrees sum to the published perft(3). */
    @Test
    void divideSumsToPerft() {
        Position kiwipete = Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        java.util.Map<Move, Long> split = StandardChess.divide(kiwipete, 3);
        assertThat(split).hasSize(48);
        assertThat(split.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(97862L);
    }
}
