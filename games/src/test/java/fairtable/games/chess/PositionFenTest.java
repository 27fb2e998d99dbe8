package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PositionFenTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 49 120",
    })
    void formatsWhatItParses(String fen) {
        assertThat(Position.fromFen(fen).toFen()).isEqualTo(fen);
    }

    @Test
    void readsTheFields() {
        Position p = Position.fromFen("r3k2r/8/8/8/3pP3/8/8/R3K2R b Kq e3 5 40");
        assertThat(p.sideToMove()).isEqualTo(Color.BLACK);
        assertThat(p.castlingRights()).containsExactlyInAnyOrder(CastlingRight.WHITE_KINGSIDE, CastlingRight.BLACK_QUEENSIDE);
        assertThat(p.enPassantSquare()).contains(Square.E3);
        assertThat(p.halfmoveClock()).isEqualTo(5);
        assertThat(p.fullmoveNumber()).isEqualTo(40);
        assertThat(p.pieceAt(Square.D4)).contains(Piece.of(Color.BLACK, PieceType.PAWN));
        assertThat(p.pieceAt(Square.E1)).contains(Piece.of(Color.WHITE, PieceType.KING));
        assertThat(p.pieceAt(Square.E5)).isEmpty();
        assertThat(p.kingSquare(Color.BLACK)).contains(Square.E8);
    }

    @Test
    void fourFieldFenDefaultsTheCounters() {
        assertThat(Position.fromFen("8/8/8/8/8/8/8/K6k w - -").toFen()).isEqualTo("8/8/8/8/8/8/8/K6k w - - 0 1");
    }

    /** The FEN examples of the PGN standard (section 16.1.4): 1.e4, 1...c5, 2.Nf3. */
    @Test
    void movesUpdateAllFieldsAsInThePgnStandardExample() {
        Position p = Position.start();
        p = StandardChess.apply(p, Move.parseUci("e2e4"));
        assertThat(p.toFen()).isEqualTo("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        p = StandardChess.apply(p, Move.parseUci("c7c5"));
        assertThat(p.toFen()).isEqualTo("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2");
        p = StandardChess.apply(p, Move.parseUci("g1f3"));
        assertThat(p.toFen()).isEqualTo("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    }

    @Test
    void castlingRightsGoWhenKingOrRookMovesOrTheRookIsTaken() {
        Position p = Position.fromFen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
        p = StandardChess.apply(p, Move.parseUci("g2h1"));
        assertThat(p.castlingRights()).containsExactlyInAnyOrder(
                CastlingRight.WHITE_QUEENSIDE, CastlingRight.BLACK_KINGSIDE, CastlingRight.BLACK_QUEENSIDE);
        p = StandardChess.apply(p, Move.parseUci("e1d1"));
        assertThat(p.castlingRights()).containsExactlyInAnyOrder(CastlingRight.BLACK_KINGSIDE, CastlingRight.BLACK_QUEENSIDE);
        p = StandardChess.apply(p, Move.parseUci("a8b8"));
        assertThat(p.castlingRights()).containsExactly(CastlingRight.BLACK_KINGSIDE);
        assertThat(p.toFen()).isEqualTo("1r2k2r/8/8/8/8/8/8/R2K3b w k - 2 3");
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = ';', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1;8 ranks",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0;6 space-separated fields",
        "rnbqkbnr/pppppppp/p7p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;has more than 8 squares",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;digit 9",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;has 7 squares",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;two digits in a row",
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;unknown piece letter 'x'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1;side to move",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1;castling field",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QK - 0 1;order KQkq",
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;castling right 'k' needs",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1;en-passant square e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1;double-stepped pawn",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1;en-passant field",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1;halfmove clock must be at least 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0;fullmove number must be at least 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1;halfmove clock is not a number",
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1;pawn on rank 8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1;white has 2 kings",
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1;white has 9 pawns",
    })
    void rejectsBadFenSayingWhy(String fen, String reason) {
        assertThatThrownBy(() -> Position.fromFen(fen))
                .isInstanceOf(FenException.class)
                .hasMessageContaining(reason);
    }

    @Test
    void rejectsNullAndEmpty() {
        assertThatThrownBy(() -> Position.fromFen(null)).isInstanceOf(FenException.class);
        assertThatThrownBy(() -> Position.fromFen("")).isInstanceOf(FenException.class);
    }

    @Test
    void isAValue() {
        Position a = Position.fromFen(Position.START_FEN);
        Position b = Position.start();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(StandardChess.apply(a, Move.parseUci("e2e4"))).isNotEqualTo(a);
        assertThat(a.toFen()).isEqualTo(Position.START_FEN);
        Set<CastlingRight> rights = a.castlingRights();
        rights.clear();
        assertThat(a.castlingRights()).hasSize(4);
        assertThat(a.pieceAt(Square.A1)).isEqualTo(Optional.of(Piece.of(Color.WHITE, PieceType.ROOK)));
    }

    @Test
    void squaresAndMovesParse() {
        assertThat(Square.parse("e4")).isEqualTo(Square.E4);
        assertThat(Square.E4.index()).isEqualTo(28);
        assertThat(Square.at(7, 7)).isEqualTo(Square.H8);
        assertThat(Move.parseUci("e7e8n")).isEqualTo(Move.promotion(Square.E7, Square.E8, PieceType.KNIGHT));
        assertThat(Move.parseUci("e7e8q").uci()).isEqualTo("e7e8q");
        assertThatThrownBy(() -> Move.parseUci("e7e8k")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Move.parseUci("e9e8")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Square.parse("i1")).isInstanceOf(IllegalArgumentException.class);
    }
}
