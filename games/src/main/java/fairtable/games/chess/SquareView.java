package fairtable.games.chess;

import java.util.Objects;
import java.util.Optional;

/** What one player knows about one square. */
public sealed interface SquareView permits SquareView.Unseen, SquareView.Occupancy, SquareView.Seen {

    Visibility visibility();

    /** A dark square: nothing known. */
    record Unseen() implements SquareView {
        @Override
        public Visibility visibility() {
            return Visibility.UNSEEN;
        }
    }

    /** Only whether something stands there (a pawn's square ahead). */
    record Occupancy(boolean occupied) implements SquareView {
        @Override
        public Visibility visibility() {
            return Visibility.OCCUPANCY_ONLY;
        }
    }

    /** Fully seen: the piece standing there, or empty. */
    record Seen(Optional<Piece> piece) implements SquareView {
        public Seen {
            Objects.requireNonNull(piece, "piece");
        }

        @Override
        public Visibility visibility() {
            return Visibility.FULL;
        }
    }
}
