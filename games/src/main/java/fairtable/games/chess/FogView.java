package fairtable.games.chess;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One player's fog-of-war view of a position: per square what they see, plus the public fact of whose
 * turn it is. It contains nothing the viewer may not know.
 */
public final class FogView {

    private final Color viewer;
    private final Color sideToMove;
    private final SquareView[] squares;
    private final VisionMap vision;
    private final Square enPassantPawn;

    FogView(Color viewer, Color sideToMove, SquareView[] squares, VisionMap vision, Square enPassantPawn) {
        this.viewer = viewer;
        this.sideToMove = sideToMove;
        this.squares = squares.clone();
        this.vision = vision;
        this.enPassantPawn = enPassantPawn;
    }

    public Color viewer() {
        return viewer;
    }

    public Color sideToMove() {
        return sideToMove;
    }

    public SquareView at(Square square) {
        return squares[square.index()];
    }

    /** The piece on a fully seen square; empty if the square is empty or not fully seen. */
    public Optional<Piece> seenPiece(Square square) {
        return squares[square.index()] instanceof SquareView.Seen seen ? seen.piece() : Optional.empty();
    }

    public VisionMap vision() {
        return vision;
    }

    /**
     * The enemy pawn the viewer may capture en passant right now (seen through the en-passant
     * vision), if any.
     */
    public Optional<Square> enPassantPawn() {
        return Optional.ofNullable(enPassantPawn);
    }

    /**
     * The viewer's dark-chess moves, computed from this view alone: every destination of every move is
     * seen, so a player never needs the hidden part of the board to know what they may play. Equal to
     * {@link DarkChessGame#legalMoves()} of the true game while it is in progress.
     *
     * @param ownCastlingRights the viewer's castling rights (known to them; the opponent's are ignored)
     * @throws IllegalStateException if it is not the viewer's turn
     */
    public List<Move> legalMoves(Set<CastlingRight> ownCastlingRights) {
        if (sideToMove != viewer) {
            throw new IllegalStateException("it is not " + viewer.name().toLowerCase() + "'s turn");
        }
        byte[] board = new byte[64];
        int placeholder = Rules.colorBit(viewer.opposite()) | Rules.PAWN;
        for (int sq = 0; sq < 64; sq++) {
            SquareView v = squares[sq];
            if (v instanceof SquareView.Seen seen) {
                board[sq] = seen.piece().map(Piece::code).orElse((byte) 0);
            } else if (v instanceof SquareView.Occupancy occupancy && occupancy.occupied()) {
                // Only a pawn's push can reach an occupancy-only square, and it is blocked whatever stands there.
                board[sq] = (byte) placeholder;
            }
        }
        int rights = 0;
        for (CastlingRight r : ownCastlingRights) {
            if (r.color() == viewer) {
                rights |= r.bit();
            }
        }
        int ep = enPassantPawn == null ? -1 : enPassantPawn.index() + 8 * viewer.forward();
        Position known = Position.unchecked(board, viewer, rights, ep);
        Rules.MoveList moves = new Rules.MoveList();
        Rules.pseudoLegal(known, false, moves);
        List<Move> result = new ArrayList<>(moves.size);
        for (int i = 0; i < moves.size; i++) {
            result.add(Rules.toMove(moves.moves[i]));
        }
        return Collections.unmodifiableList(result);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FogView v && v.viewer == viewer && v.sideToMove == sideToMove
                && Arrays.equals(v.squares, squares) && Objects.equals(v.enPassantPawn, enPassantPawn);
    }

    @Override
    public int hashCode() {
        return Objects.hash(viewer, sideToMove, Arrays.hashCode(squares), enPassantPawn);
    }

    @Override
    public String toString() {
        return BoardRenderer.render(this);
    }
}
