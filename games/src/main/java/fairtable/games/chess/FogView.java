package fairtable.games.chess;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * One player's fog-of-war view of a position: per square what they see, plus the public fact of whose
 * turn it is. It contains nothing the viewer may not know.
 */
public final class FogView {

    private final Color viewer;
    private final Color sideToMove;
    private final SquareView[] squares;
    private final VisionMap vision;

    FogView(Color viewer, Color sideToMove, SquareView[] squares, VisionMap vision) {
        this.viewer = viewer;
        this.sideToMove = sideToMove;
        this.squares = squares.clone();
        this.vision = vision;
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

    @Override
    public boolean equals(Object o) {
        return o instanceof FogView v && v.viewer == viewer && v.sideToMove == sideToMove
                && Arrays.equals(v.squares, squares);
    }

    @Override
    public int hashCode() {
        return Objects.hash(viewer, sideToMove, Arrays.hashCode(squares));
    }

    @Override
    public String toString() {
        return BoardRenderer.render(this);
    }
}
