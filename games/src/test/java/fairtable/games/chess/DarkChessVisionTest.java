package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class DarkChessVisionTest {

    private static Set<Square> squares(String... names) {
        Set<Square> set = EnumSet.noneOf(Square.class);
        for (String n : names) {
            set.add(Square.parse(n));
        }
        return set;
    }

    private static Set<Square> ranks(int... ranks) {
        Set<Square> set = EnumSet.noneOf(Square.class);
        for (int r : ranks) {
            for (int f = 0; f < 8; f++) {
                set.add(Square.at(f, r - 1));
            }
        }
        return set;
    }

    @Test
    void atTheStartEachSideSeesItsThirdRankFullyAndItsFourthAsOccupancyOnly() {
        VisionMap white = DarkChessVision.vision(Position.start(), Color.WHITE);
        assertThat(white.squares(Visibility.FULL)).isEqualTo(ranks(1, 2, 3));
        assertThat(white.squares(Visibility.OCCUPANCY_ONLY)).isEqualTo(ranks(4));
        assertThat(white.squares(Visibility.UNSEEN)).isEqualTo(ranks(5, 6, 7, 8));
        VisionMap black = DarkChessVision.vision(Position.start(), Color.BLACK);
        assertThat(black.squares(Visibility.FULL)).isEqualTo(ranks(6, 7, 8));
        assertThat(black.squares(Visibility.OCCUPANCY_ONLY)).isEqualTo(ranks(5));
    }

    @Test
    void slidersSeeUpToAndIncludingTheFirstPiece() {
        Position p = Position.fromFen("7k/8/8/8/R2n4/8/8/7K w - - 0 1");
        VisionMap v = DarkChessVision.vision(p, Color.WHITE);
        Set<Square> expected = squares("a4", "b4", "c4", "d4", "a5", "a6", "a7", "a8", "a3", "a2", "a1",
                "h1", "g1", "g2", "h2");
        assertThat(v.squares(Visibility.FULL)).isEqualTo(expected);
        assertThat(v.squares(Visibility.OCCUPANCY_ONLY)).isEmpty();
        FogView view = DarkChessVision.view(p, Color.WHITE);
        assertThat(view.at(Square.D4)).isEqualTo(new SquareView.Seen(Optional.of(Piece.of(Color.BLACK, PieceType.KNIGHT))));
        assertThat(view.at(Square.C4)).isEqualTo(new SquareView.Seen(Optional.empty()));
        assertThat(view.at(Square.E4)).isEqualTo(new SquareView.Unseen());
        assertThat(view.at(Square.H8)).isEqualTo(new SquareView.Unseen());
    }

    @Test
    void knightSeesAllTargetsAndBishopStopsAtOwnPiece() {
        Position p = Position.fromFen("7k/8/8/8/8/2P5/1B6/N6K w - - 0 1");
        VisionMap v = DarkChessVision.vision(p, Color.WHITE);
        // Knight a1: b3, c2. Bishop b2: a1 (own), a3, c1, c3 (own pawn, stops). Pawn c3: b4, d4 full, c4 ahead.
        Set<Square> expected = squares("a1", "b2", "c3", "h1", "b3", "c2", "a3", "c1", "b4", "d4",
                "g1", "g2", "h2");
        assertThat(v.squares(Visibility.FULL)).isEqualTo(expected);
        assertThat(v.squares(Visibility.OCCUPANCY_ONLY)).isEqualTo(squares("c4"));
    }

    @Test
    void pawnSeesOnlyOccupancyAheadAndStopsBehindABlocker() {
        Position p = Position.fromFen("7k/8/8/4n3/4P3/3b4/3P4/7K w - - 0 1");
        FogView view = DarkChessVision.view(p, Color.WHITE);
        assertThat(view.at(Square.E5)).isEqualTo(new SquareView.Occupancy(true));
        assertThat(view.at(Square.D5)).isEqualTo(new SquareView.Seen(Optional.empty()));
        assertThat(view.at(Square.F5)).isEqualTo(new SquareView.Seen(Optional.empty()));
        // The d2 pawn is blocked by the bishop on d3: d3 is occupancy only and d4 stays dark.
        assertThat(view.at(Square.D3)).isEqualTo(new SquareView.Occupancy(true));
        assertThat(view.at(Square.D4)).isEqualTo(new SquareView.Unseen());
        assertThat(view.at(Square.C3)).isEqualTo(new SquareView.Seen(Optional.empty()));
        assertThat(view.seenPiece(Square.E5)).isEmpty();
        // Black's bishop on d3 sees the e4 pawn and stops at d2's neighbours c2 and e2; d2 is not on its rays.
        FogView black = DarkChessVision.view(p, Color.BLACK);
        assertThat(black.at(Square.E4)).isEqualTo(new SquareView.Seen(Optional.of(Piece.of(Color.WHITE, PieceType.PAWN))));
        assertThat(black.at(Square.D2)).isEqualTo(new SquareView.Unseen());
        assertThat(black.at(Square.C2)).isEqualTo(new SquareView.Seen(Optional.empty()));
    }

    @Test
    void doubleStepIsSeenFromTheStartRankOnlyWhenTheFirstSquareIsEmpty() {
        Position p = Position.fromFen("7k/8/8/8/8/8/P7/7K w - - 0 1");
        VisionMap v = DarkChessVision.vision(p, Color.WHITE);
        assertThat(v.squares(Visibility.OCCUPANCY_ONLY)).isEqualTo(squares("a3", "a4"));
        Position blocked = Position.fromFen("7k/8/8/8/8/n7/P7/7K w - - 0 1");
        VisionMap vb = DarkChessVision.vision(blocked, Color.WHITE);
        assertThat(vb.squares(Visibility.OCCUPANCY_ONLY)).isEqualTo(squares("a3"));
        assertThat(vb.visibility(Square.A4)).isEqualTo(Visibility.UNSEEN);
    }

    @Test
    void theDoubleSteppedPawnIsVisibleBesideOwnPawnForOneTurnOnly() {
        DarkChessGame g = DarkChessGame.fromPosition(Position.fromFen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
        assertThat(g.vision(Color.WHITE).visibility(Square.D7)).isEqualTo(Visibility.UNSEEN);
        DarkChessGame pushed = g.apply(Move.parseUci("d7d5"));
        FogView white = pushed.view(Color.WHITE);
        assertThat(white.at(Square.D5)).isEqualTo(new SquareView.Seen(Optional.of(Piece.of(Color.BLACK, PieceType.PAWN))));
        assertThat(white.at(Square.D6)).isEqualTo(new SquareView.Seen(Optional.empty()));
        // White declines; on the next turn the vision is gone although the pawns have not moved.
        DarkChessGame declined = pushed.apply(Move.parseUci("e1e2"));
        assertThat(declined.vision(Color.WHITE).visibility(Square.D5)).isEqualTo(Visibility.UNSEEN);
        DarkChessGame back = declined.apply(Move.parseUci("e8e7"));
        assertThat(back.vision(Color.WHITE).visibility(Square.D5)).isEqualTo(Visibility.UNSEEN);
        // A single step gives no such vision.
        DarkChessGame single = DarkChessGame.fromPosition(Position.fromFen("4k3/8/3p4/4P3/8/8/8/4K3 b - - 0 1"))
                .apply(Move.parseUci("d6d5"));
        assertThat(single.vision(Color.WHITE).visibility(Square.D5)).isEqualTo(Visibility.UNSEEN);
    }

    @Test
    void blackSeesDownTheBoard() {
        Position p = Position.fromFen("4k3/8/8/8/3p4/8/8/4K3 b - - 0 1");
        VisionMap v = DarkChessVision.vision(p, Color.BLACK);
        assertThat(v.squares(Visibility.OCCUPANCY_ONLY)).isEqualTo(squares("d3"));
        assertThat(v.visibility(Square.C3)).isEqualTo(Visibility.FULL);
        assertThat(v.visibility(Square.E3)).isEqualTo(Visibility.FULL);
        assertThat(v.visibility(Square.D5)).isEqualTo(Visibility.UNSEEN);
    }

    /**
     * Over random dark-chess games: every move's destination is seen (fully, or as occupancy for a
     * pawn push), the view shows the truth on seen squares, and vision is exactly what the honest
     * query schedule reveals.
     */
    @RepeatedTest(10)
    void visionCoversAllMovesAndMatchesTheQueries(RepetitionInfo info) {
        SplittableRandom random = new SplittableRandom(1000 + info.getCurrentRepetition());
        DarkChessGame g = DarkChessGame.start();
        for (int ply = 0; ply < 150 && !g.isOver(); ply++) {
            Color mover = g.sideToMove();
            for (Color viewer : Color.values()) {
                checkAgainstQueries(g, viewer);
            }
            VisionMap vision = g.vision(mover);
            for (Move m : g.legalMoves()) {
                boolean pawnPush = g.position().pieceAt(m.from()).orElseThrow().type() == PieceType.PAWN
                        && m.from().file() == m.to().file();
                assertThat(vision.visibility(m.to()))
                        .isEqualTo(pawnPush && vision.visibility(m.to()) != Visibility.FULL
                                ? Visibility.OCCUPANCY_ONLY : Visibility.FULL);
            }
            List<Move> moves = g.legalMoves();
            g = g.apply(moves.get(random.nextInt(moves.size())));
        }
    }

    private static void checkAgainstQueries(DarkChessGame g, Color viewer) {
        Position p = g.position();
        FogView view = g.view(viewer);
        Set<Square> fullFromQueries = new HashSet<>();
        Set<Square> aheadFromQueries = new HashSet<>();
        for (Square s : Square.values()) {
            if (p.pieceAt(s).map(Piece::color).orElse(null) == viewer) {
                fullFromQueries.add(s);
            }
        }
        for (PieceQueries q : g.honestQueries(viewer)) {
            switch (q.phase()) {
                case GENERAL -> fullFromQueries.addAll(q.informativeSquares());
                case PAWN_AHEAD -> aheadFromQueries.addAll(q.informativeSquares());
                case EN_PASSANT -> {
                    // The opponent answers "pawn" only for the pawn capturable en passant right now.
                    for (Square s : q.informativeSquares()) {
                        if (p.enPassantSquare().isPresent() && p.sideToMove() == viewer
                                && s.index() == p.enPassantSquare().get().index() - 8 * viewer.forward()) {
                            fullFromQueries.add(s);
                        }
                    }
                }
            }
        }
        aheadFromQueries.removeAll(fullFromQueries);
        VisionMap vision = view.vision();
        assertThat(vision.squares(Visibility.FULL)).isEqualTo(fullFromQueries);
        assertThat(vision.squares(Visibility.OCCUPANCY_ONLY)).isEqualTo(aheadFromQueries);
        for (Square s : Square.values()) {
            SquareView sv = view.at(s);
            if (sv instanceof SquareView.Seen seen) {
                assertThat(seen.piece()).isEqualTo(p.pieceAt(s));
            } else if (sv instanceof SquareView.Occupancy occ) {
                assertThat(occ.occupied()).isEqualTo(p.pieceAt(s).isPresent());
            }
        }
    }
}
