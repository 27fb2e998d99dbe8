package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class DarkChessQueriesTest {

    @ParameterizedTest
    @CsvSource({"KNIGHT,8", "BISHOP,13", "ROOK,14", "KING,8", "QUEEN,27", "PAWN,27"})
    void generalPhaseBoundsAreTheReportsDefinition2(PieceType type, int max) {
        assertThat(DarkChessQueries.maxQueries(type, QueryPhase.GENERAL)).isEqualTo(max);
    }

    @Test
    void onlyAnnouncedPawnsQueryInThePawnAndEnPassantPhases() {
        for (PieceType t : PieceType.values()) {
            int expected = t == PieceType.PAWN ? 2 : 0;
            assertThat(DarkChessQueries.maxQueries(t, QueryPhase.PAWN_AHEAD)).isEqualTo(expected);
            assertThat(DarkChessQueries.maxQueries(t, QueryPhase.EN_PASSANT)).isEqualTo(expected);
        }
    }

    private static int total(List<List<Square>> lists) {
        return lists.stream().mapToInt(List::size).sum();
    }

    /** The report's query-set sizes (5.4, with the corrected third bishop bound), on every square. */
    @ParameterizedTest
    @EnumSource(Color.class)
    void generalQuerySetsHaveTheReportsSizesEverywhere(Color color) {
        int maxBishop = 0;
        int maxQueen = 0;
        for (Square s : Square.values()) {
            int i = s.file() + 1;
            int j = s.rank() + 1;
            int bishop = (8 - Math.max(i, j)) + Math.min(8 - i, j - 1) + Math.min(i - 1, 8 - j) + (Math.min(i, j) - 1);
            int rook = (i - 1) + (8 - i) + (j - 1) + (8 - j);
            assertThat(total(DarkChessQueries.queryLists(PieceType.BISHOP, color, s, QueryPhase.GENERAL))).isEqualTo(bishop);
            assertThat(total(DarkChessQueries.queryLists(PieceType.ROOK, color, s, QueryPhase.GENERAL))).isEqualTo(rook);
            assertThat(total(DarkChessQueries.queryLists(PieceType.QUEEN, color, s, QueryPhase.GENERAL))).isEqualTo(bishop + rook);
            int knight = 0;
            int king = 0;
            for (int dx = -2; dx <= 2; dx++) {
                for (int dy = -2; dy <= 2; dy++) {
                    boolean inside = i + dx >= 1 && i + dx <= 8 && j + dy >= 1 && j + dy <= 8;
                    if (inside && Math.abs(dx * dy) == 2) {
                        knight++;
                    }
                    if (inside && Math.max(Math.abs(dx), Math.abs(dy)) == 1) {
                        king++;
                    }
                }
            }
            assertThat(total(DarkChessQueries.queryLists(PieceType.KNIGHT, color, s, QueryPhase.GENERAL))).isEqualTo(knight);
            assertThat(total(DarkChessQueries.queryLists(PieceType.KING, color, s, QueryPhase.GENERAL))).isEqualTo(king);
            maxBishop = Math.max(maxBishop, bishop);
            maxQueen = Math.max(maxQueen, bishop + rook);
        }
        assertThat(maxBishop).isEqualTo(13);
        assertThat(maxQueen).isEqualTo(27);
    }

    @Test
    void listsFollowTheReportsOrder() {
        assertThat(DarkChessQueries.queryLists(PieceType.ROOK, Color.WHITE, Square.C2, QueryPhase.GENERAL)).containsExactly(
                List.of(Square.B2, Square.A2),
                List.of(Square.D2, Square.E2, Square.F2, Square.G2, Square.H2),
                List.of(Square.C1),
                List.of(Square.C3, Square.C4, Square.C5, Square.C6, Square.C7, Square.C8));
        assertThat(DarkChessQueries.queryLists(PieceType.PAWN, Color.WHITE, Square.A2, QueryPhase.GENERAL))
                .containsExactly(List.of(Square.B3));
        assertThat(DarkChessQueries.queryLists(PieceType.PAWN, Color.WHITE, Square.E2, QueryPhase.PAWN_AHEAD))
                .containsExactly(List.of(Square.E3, Square.E4));
        assertThat(DarkChessQueries.queryLists(PieceType.PAWN, Color.WHITE, Square.E3, QueryPhase.PAWN_AHEAD))
                .containsExactly(List.of(Square.E4));
        assertThat(DarkChessQueries.queryLists(PieceType.PAWN, Color.BLACK, Square.E7, QueryPhase.PAWN_AHEAD))
                .containsExactly(List.of(Square.E6, Square.E5));
        assertThat(DarkChessQueries.queryLists(PieceType.PAWN, Color.WHITE, Square.E5, QueryPhase.EN_PASSANT))
                .containsExactly(List.of(Square.D5, Square.F5));
        assertThat(DarkChessQueries.queryLists(PieceType.PAWN, Color.BLACK, Square.A4, QueryPhase.EN_PASSANT))
                .containsExactly(List.of(Square.B4));
        assertThat(DarkChessQueries.queryLists(PieceType.PAWN, Color.WHITE, Square.E4, QueryPhase.EN_PASSANT)).isEmpty();
        assertThat(DarkChessQueries.queryLists(PieceType.QUEEN, Color.WHITE, Square.E4, QueryPhase.PAWN_AHEAD)).isEmpty();
    }

    @Test
    void honestQueriesStopAtTheFirstPieceAndPadWithTheOwnSquare() {
        Position p = Position.fromFen("7k/8/8/8/R2n4/8/8/7K w - - 0 1");
        PieceQueries rook = DarkChessQueries.honestQueries(p, Set.of(), Color.WHITE).stream()
                .filter(q -> q.announcedType() == PieceType.ROOK).findFirst().orElseThrow();
        // Left: nothing. Right: b4, c4, d4 (knight, stop). Down: a3, a2, a1. Up: a5..a8.
        assertThat(rook.informativeSquares()).containsExactly(
                Square.B4, Square.C4, Square.D4, Square.A3, Square.A2, Square.A1,
                Square.A5, Square.A6, Square.A7, Square.A8);
        assertThat(rook.squares()).hasSize(14).endsWith(Square.A4, Square.A4, Square.A4, Square.A4);
        assertThat(rook.informative()).isEqualTo(10);
    }

    @Test
    void aPromotedQueenIsAnnouncedAsAPawnButQueriesLikeAQueen() {
        DarkChessGame g = DarkChessGame.fromPosition(Position.fromFen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"))
                .apply(Move.parseUci("a7a8q")).apply(Move.parseUci("e8d7"));
        List<PieceQueries> queries = g.honestQueries(Color.WHITE);
        List<PieceQueries> general = queries.stream().filter(q -> q.phase() == QueryPhase.GENERAL).toList();
        assertThat(general).extracting(PieceQueries::announcedType).containsExactly(PieceType.KING, PieceType.PAWN);
        PieceQueries queen = general.get(1);
        assertThat(queen.piece()).isEqualTo(Square.A8);
        assertThat(queen.squares()).hasSize(27);
        // Rank 8 to h8, file a down to a1, diagonal to h1: 7 + 7 + 7 real queries, 6 padding.
        assertThat(queen.informative()).isEqualTo(21);
        assertThat(queen.informativeSquares()).contains(Square.H8, Square.A1, Square.H1, Square.B7);
        // It still runs the pawn phases, padded, so the promotion stays hidden.
        assertThat(queries).filteredOn(q -> q.piece() == Square.A8 && q.phase() != QueryPhase.GENERAL)
                .extracting(PieceQueries::informative).containsExactly(0, 0);
    }

    @Test
    void paddingRulesAreEnforced() {
        assertThatThrownBy(() -> new PieceQueries(Square.A1, PieceType.KNIGHT, QueryPhase.GENERAL,
                List.of(Square.B3, Square.C2), 2)).isInstanceOf(IllegalArgumentException.class);
        List<Square> badPadding = new ArrayList<>(List.of(Square.B3, Square.C2));
        badPadding.addAll(Collections.nCopies(6, Square.B3));
        assertThatThrownBy(() -> new PieceQueries(Square.A1, PieceType.KNIGHT, QueryPhase.GENERAL, badPadding, 2))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * The whole point of padding: with the same announced material, the number of queries (and the
     * announced sequence) is the same in every position. Positions here are random placements of a
     * fixed material, with one promoted white queen, plus positions from random quiet games.
     */
    @Test
    void queryCountDependsOnlyOnAnnouncedMaterial() {
        SplittableRandom random = new SplittableRandom(20240412);
        String white = "KQQRRBBNNPPPPPPP";
        String black = "kqrrbbnnpppppppp";
        List<String> reference = null;
        int expectedWhite = 8 + 27 + 2 * 14 + 2 * 13 + 2 * 8 + 8 * (27 + 2 + 2);
        for (int trial = 0; trial < 300; trial++) {
            char[] board = new char[64];
            Set<Integer> used = new java.util.HashSet<>();
            Square promotedQueen = null;
            for (char c : (white + black).toCharArray()) {
                int sq;
                do {
                    sq = random.nextInt(64);
                } while (used.contains(sq) || (Character.toLowerCase(c) == 'p' && (sq < 8 || sq >= 56)));
                used.add(sq);
                board[sq] = c;
                if (c == 'Q' && promotedQueen == null) {
                    promotedQueen = Square.of(sq);
                }
            }
            Position p = Position.fromFen(fen(board, random.nextBoolean() ? " w - - 0 1" : " b - - 0 1"));
            List<PieceQueries> queries = DarkChessQueries.honestQueries(p, Set.of(promotedQueen), Color.WHITE);
            List<String> signature = signature(queries);
            if (reference == null) {
                reference = signature;
            }
            assertThat(signature).isEqualTo(reference);
            assertThat(queries.stream().mapToInt(q -> q.squares().size()).sum()).isEqualTo(expectedWhite);
            assertThat(queries.stream().mapToInt(PieceQueries::informative).distinct().count()).isGreaterThan(1);
        }
        // Quiet random games keep the material, and add double steps, en passant and castling.
        int startCount = 8 + 27 + 2 * 14 + 2 * 13 + 2 * 8 + 8 * 31;
        for (int game = 0; game < 20; game++) {
            DarkChessGame g = DarkChessGame.start();
            List<String> start = signature(g.honestQueries(Color.BLACK));
            for (int ply = 0; ply < 60; ply++) {
                List<Move> quiet = new ArrayList<>();
                for (Move m : g.legalMoves()) {
                    if (g.capturedSquare(m).isEmpty() && m.promotion() == null) {
                        quiet.add(m);
                    }
                }
                if (quiet.isEmpty()) {
                    break;
                }
                g = g.apply(quiet.get(random.nextInt(quiet.size())));
                for (Color c : Color.values()) {
                    List<PieceQueries> q = g.honestQueries(c);
                    assertThat(signature(q)).isEqualTo(start);
                    assertThat(q.stream().mapToInt(x -> x.squares().size()).sum()).isEqualTo(startCount);
                }
            }
        }
    }

    private static List<String> signature(List<PieceQueries> queries) {
        return queries.stream().map(q -> q.phase() + ":" + q.announcedType() + ":" + q.squares().size()).toList();
    }

    private static String fen(char[] board, String rest) {
        StringBuilder sb = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                char c = board[rank * 8 + file];
                if (c == 0) {
                    empty++;
                } else {
                    if (empty > 0) {
                        sb.append(empty);
                    }
                    empty = 0;
                    sb.append(c);
                }
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank > 0) {
                sb.append('/');
            }
        }
        return sb + rest;
    }

    @Test
    void startPositionQueriesAreAsExpected() {
        List<PieceQueries> queries = DarkChessGame.start().honestQueries(Color.WHITE);
        assertThat(queries).hasSize(16 + 8 + 8);
        PieceQueries knight = queries.stream().filter(q -> q.piece() == Square.B1).findFirst().orElseThrow();
        assertThat(knight.informativeSquares()).containsExactlyInAnyOrder(Square.A3, Square.C3, Square.D2);
        PieceQueries rook = queries.stream().filter(q -> q.piece() == Square.A1).findFirst().orElseThrow();
        assertThat(rook.informativeSquares()).containsExactly(Square.B1, Square.A2);
        PieceQueries ahead = queries.stream()
                .filter(q -> q.piece() == Square.E2 && q.phase() == QueryPhase.PAWN_AHEAD).findFirst().orElseThrow();
        assertThat(ahead.squares()).containsExactly(Square.E3, Square.E4);
        PieceQueries enPassant = queries.stream()
                .filter(q -> q.piece() == Square.E2 && q.phase() == QueryPhase.EN_PASSANT).findFirst().orElseThrow();
        assertThat(enPassant.squares()).containsExactly(Square.E2, Square.E2);
        assertThat(enPassant.informative()).isZero();
    }
}
