package fairtable.games.chess;

import java.util.List;
import java.util.Objects;

/**
 * The queries one piece makes in one phase.
 *
 * @param piece the square of the querying piece
 * @param announcedType the type announced to the opponent (PAWN for a promoted piece)
 * @param phase the query phase
 * @param squares the squares queried, in order, always exactly
 *     {@link DarkChessQueries#maxQueries(PieceType, QueryPhase)} long: first the informative queries,
 *     then the piece's own square repeated as padding (as the report does; oblivious transfer hides
 *     which square is asked, so padding is indistinguishable from real queries)
 * @param informative how many leading entries of {@code squares} are real queries
 */
public record PieceQueries(Square piece, PieceType announcedType, QueryPhase phase, List<Square> squares,
                           int informative) {

    public PieceQueries {
        Objects.requireNonNull(piece, "piece");
        Objects.requireNonNull(announcedType, "announcedType");
        Objects.requireNonNull(phase, "phase");
        squares = List.copyOf(squares);
        if (squares.size() != DarkChessQueries.maxQueries(announcedType, phase)) {
            throw new IllegalArgumentException(announcedType + " must query exactly "
                    + DarkChessQueries.maxQueries(announcedType, phase) + " squares in phase " + phase
                    + ", not " + squares.size());
        }
        if (informative < 0 || informative > squares.size()) {
            throw new IllegalArgumentException("informative count out of range: " + informative);
        }
        for (int i = informative; i < squares.size(); i++) {
            if (squares.get(i) != piece) {
                throw new IllegalArgumentException("padding must repeat the piece's own square " + piece);
            }
        }
    }

    /** The real (non-padding) queries. */
    public List<Square> informativeSquares() {
        return squares.subList(0, informative);
    }
}
