package fairtable.games.chess;

import java.util.Optional;

/**
 * Dark-chess vision (Ou Yang, section 2, and the query sets of section 5.4). A player sees fully:
 * their own pieces; for knights and kings every target square; for bishops, rooks and queens each ray
 * up to and including the first occupied square; for pawns both forward diagonals, whether empty or
 * not; and, while they are to move right after an enemy double step, the double-stepped pawn if one
 * of their pawns stands beside it (the en-passant vision, lost on the next turn). They see only as
 * empty/occupied the square ahead of each pawn, and the second square ahead of a pawn on its start
 * rank when the first is empty. These are exactly the squares the three query phases reveal, and they
 * cover every destination of every dark-chess move, so a player always knows their own moves
 * (castling squares lie on the rook's ray).
 */
public final class DarkChessVision {

    private DarkChessVision() {
    }

    public static VisionMap vision(Position position, Color viewer) {
        byte[] b = position.board;
        int us = Rules.colorBit(viewer);
        long full = 0;
        long occupancy = 0;
        for (int sq = 0; sq < 64; sq++) {
            int piece = b[sq];
            if (piece == 0 || (piece & Rules.BLACK_BIT) != us) {
                continue;
            }
            full |= 1L << sq;
            switch (piece & 7) {
                case Rules.KNIGHT -> full |= mask(Rules.KNIGHT_TARGETS[sq]);
                case Rules.KING -> full |= mask(Rules.KING_TARGETS[sq]);
                case Rules.BISHOP -> full |= rayMask(b, Rules.DIAGONAL_RAYS[sq]);
                case Rules.ROOK -> full |= rayMask(b, Rules.ORTHOGONAL_RAYS[sq]);
                case Rules.QUEEN -> full |= rayMask(b, Rules.DIAGONAL_RAYS[sq]) | rayMask(b, Rules.ORTHOGONAL_RAYS[sq]);
                case Rules.PAWN -> {
                    for (Square s : DarkChessQueries.pawnDiagonals(sq, viewer)) {
                        full |= 1L << s.index();
                    }
                    for (Square s : DarkChessQueries.pawnAhead(sq, viewer)) {
                        occupancy |= 1L << s.index();
                        if (b[s.index()] != 0) {
                            break;
                        }
                    }
                }
                default -> throw new IllegalStateException("corrupt board code " + piece);
            }
        }
        int pushed = capturableEnPassantPawn(position, viewer);
        if (pushed >= 0) {
            full |= 1L << pushed;
        }
        return new VisionMap(full, occupancy);
    }

    public static FogView view(Position position, Color viewer) {
        VisionMap vision = vision(position, viewer);
        SquareView[] squares = new SquareView[64];
        for (Square s : Square.values()) {
            Optional<Piece> piece = position.pieceAt(s);
            squares[s.index()] = switch (vision.visibility(s)) {
                case UNSEEN -> new SquareView.Unseen();
                case OCCUPANCY_ONLY -> new SquareView.Occupancy(piece.isPresent());
                case FULL -> new SquareView.Seen(piece);
            };
        }
        int pushed = capturableEnPassantPawn(position, viewer);
        return new FogView(viewer, position.sideToMove(), squares, vision, pushed < 0 ? null : Square.of(pushed));
    }

    /**
     * The square of the enemy pawn that {@code viewer} may capture en passant right now and that one
     * of their pawns stands beside, or -1.
     */
    static int capturableEnPassantPawn(Position position, Color viewer) {
        int ep = position.enPassantIndex();
        if (ep < 0 || position.sideToMove() != viewer) {
            return -1;
        }
        int pushed = ep - 8 * viewer.forward();
        int ownPawn = Rules.colorBit(viewer) | Rules.PAWN;
        int file = pushed & 7;
        byte[] b = position.board;
        boolean beside = (file > 0 && b[pushed - 1] == ownPawn) || (file < 7 && b[pushed + 1] == ownPawn);
        return beside ? pushed : -1;
    }

    private static long mask(int[] squares) {
        long m = 0;
        for (int s : squares) {
            m |= 1L << s;
        }
        return m;
    }

    private static long rayMask(byte[] b, int[][] rays) {
        long m = 0;
        for (int[] ray : rays) {
            for (int s : ray) {
                m |= 1L << s;
                if (b[s] != 0) {
                    break;
                }
            }
        }
        return m;
    }
}
