package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** SAN as chess books print it, read against the legal moves of a position. */
class NotationTest {
    private static Optional<Move> read(Position position, String san) {
        return Notation.read(san, s -> position.pieceAt(s).filter(p -> p.color() == position.sideToMove()).map(Piece::type),
                StandardChess.legalMoves(position));
    }

    private static Position play(Position position, String san) {
        Move move = read(position, san).orElseThrow(() -> new AssertionError("not SAN: " + san));
        return StandardChess.apply(position, move);
    }

    @Test
    void theOperaGameReplayedFromItsPublishedScoreEndsInItsPublishedPosition() {
        // Morphy v the Duke of Brunswick and Count Isouard, Paris 1858, as every chess book prints it.
        String score = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7"
                + " O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
        Position position = Position.start();
        for (String san : score.split(" ")) {
            position = play(position, san);
        }
        assertThat(position.toFen()).startsWith("1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k");
    }

    @Test
    void lowerCasePieceLettersCastlingWithZerosAndPromotionsAreRead() {
        Position start = Position.start();
        assertThat(read(start, "nf3")).contains(Move.of(Square.G1, Square.F3));
        assertThat(read(start, "e2e4")).contains(Move.of(Square.E2, Square.E4));
        Position castle = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertThat(read(castle, "0-0")).contains(Move.of(Square.E1, Square.G1));
        assertThat(read(castle, "O-O-O")).contains(Move.of(Square.E1, Square.C1));
        Position promote = Position.fromFen("8/4P3/8/8/8/8/k7/7K w - - 0 1");
        assertThat(read(promote, "e8=Q")).contains(Move.promotion(Square.E7, Square.E8, PieceType.QUEEN));
        assertThat(read(promote, "e8n")).contains(Move.promotion(Square.E7, Square.E8, PieceType.KNIGHT));
        assertThatThrownBy(() -> read(promote, "e8")).hasMessageContaining("promotes");
    }

    @Test
    void anAmbiguousOrImpossibleMoveSaysWhatIsAllowed() {
        Position knights = Position.fromFen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        assertThatThrownBy(() -> read(knights, "Nd2")).hasMessageContaining("b1-d2 or f1-d2").hasMessageContaining("file");
        assertThat(read(knights, "Nbd2")).contains(Move.of(Square.B1, Square.D2));
        assertThatThrownBy(() -> read(Position.start(), "Nf4")).hasMessage("No knight of yours can move to f4 now (Nf4).");
        assertThatThrownBy(() -> read(Position.start(), "O-O")).hasMessageContaining("cannot castle short");
        assertThat(read(Position.start(), "hello")).isEmpty();
        assertThat(read(Position.start(), "")).isEmpty();
    }

    @Test
    void bIsAPawnsFileFirstAndABishopOnlyWhenNoPawnFits() {
        Position both = Position.fromFen("4k3/8/8/8/2p5/1P6/8/2B1K3 w - - 0 1");
        assertThat(read(both, "bc4")).contains(Move.of(Square.B3, Square.C4));
        Position bishop = Position.fromFen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
        assertThat(read(bishop, "be3")).contains(Move.of(Square.C1, Square.E3));
    }
}
