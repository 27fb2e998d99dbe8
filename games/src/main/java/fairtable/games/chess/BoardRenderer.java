package fairtable.games.chess;

/**
 * Plain-text boards for a terminal, rank 8 at the top from white's side and rank 1 at the top from
 * black's. Pieces are FEN letters (upper case white); {@code .} is a square known to be empty,
 * {@code *} a square known only to be occupied (ahead of a pawn), {@code ?} a dark square.
 */
public final class BoardRenderer {

    private BoardRenderer() {
    }

    /** Exactly what the view's owner sees, from their side of the board. */
    public static String render(FogView view) {
        return draw(view.viewer(), (file, rank) -> {
            SquareView square = view.at(Square.at(file, rank));
            if (square instanceof SquareView.Seen seen) {
                return seen.piece().map(Piece::fenLetter).orElse('.');
            }
            if (square instanceof SquareView.Occupancy occupancy) {
                return occupancy.occupied() ? '*' : '.';
            }
            return '?';
        }) + (view.sideToMove() == view.viewer() ? "you to move" : "opponent to move") + "\n";
    }

    /** The whole position, from white's side (for standard chess and for referees and tests). */
    public static String render(Position position) {
        return draw(Color.WHITE, (file, rank) ->
                position.pieceAt(Square.at(file, rank)).map(Piece::fenLetter).orElse('.'))
                + (position.sideToMove() == Color.WHITE ? "white" : "black") + " to move\n";
    }

    private interface Cell {
        char at(int file, int rank);
    }

    private static String draw(Color side, Cell cell) {
        StringBuilder sb = new StringBuilder(200);
        for (int row = 0; row < 8; row++) {
            int rank = side == Color.WHITE ? 7 - row : row;
            sb.append((char) ('1' + rank)).append(' ');
            for (int col = 0; col < 8; col++) {
                int file = side == Color.WHITE ? col : 7 - col;
                sb.append(' ').append(cell.at(file, rank));
            }
            sb.append('\n');
        }
        sb.append("  ");
        for (int col = 0; col < 8; col++) {
            int file = side == Color.WHITE ? col : 7 - col;
            sb.append(' ').append((char) ('a' + file));
        }
        return sb.append('\n').toString();
    }
}
