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

    /** Bytes of {@link #toBytes()}: viewer, side to move, 64 squares, two 8-byte vision masks, en-passant pawn. */
    public static final int ENCODED_LENGTH = 2 + 64 + 16 + 1;
    private static final int NO_SQUARE = 255;
    private static final int SEEN_PIECE = 16;

    /**
     * The canonical encoding of this view (for snapshots): square i is 0 unseen, 1 occupancy known empty,
     * 2 occupancy known occupied, 3 seen empty, 16 + piece code seen piece.
     */
    public byte[] toBytes() {
        byte[] out = new byte[ENCODED_LENGTH];
        out[0] = (byte) viewer.ordinal();
        out[1] = (byte) sideToMove.ordinal();
        for (int sq = 0; sq < 64; sq++) {
            SquareView v = squares[sq];
            int code;
            if (v instanceof SquareView.Seen seen) {
                code = seen.piece().map(p -> SEEN_PIECE + p.code()).orElse(3);
            } else if (v instanceof SquareView.Occupancy o) {
                code = o.occupied() ? 2 : 1;
            } else {
                code = 0;
            }
            out[2 + sq] = (byte) code;
        }
        putLong(out, 66, vision.fullMask());
        putLong(out, 74, vision.occupancyOnlyMask());
        out[82] = (byte) (enPassantPawn == null ? NO_SQUARE : enPassantPawn.index());
        return out;
    }

    /**
     * The view {@link #toBytes()} encoded.
     *
     * @throws IllegalArgumentException if the bytes are not such an encoding
     */
    public static FogView fromBytes(byte[] bytes) {
        if (bytes.length != ENCODED_LENGTH || (bytes[0] & 0xff) > 1 || (bytes[1] & 0xff) > 1) {
            throw new IllegalArgumentException("not an encoded fog-of-war view");
        }
        SquareView[] squares = new SquareView[64];
        for (int sq = 0; sq < 64; sq++) {
            int code = bytes[2 + sq] & 0xff;
            squares[sq] = switch (code) {
                case 0 -> new SquareView.Unseen();
                case 1, 2 -> new SquareView.Occupancy(code == 2);
                case 3 -> new SquareView.Seen(Optional.empty());
                default -> {
                    Piece piece = code > SEEN_PIECE && code < SEEN_PIECE + 16 ? Piece.ofCode(code - SEEN_PIECE) : null;
                    if (piece == null) {
                        throw new IllegalArgumentException("square code " + code + " in an encoded view");
                    }
                    yield new SquareView.Seen(Optional.of(piece));
                }
            };
        }
        long full = getLong(bytes, 66);
        long occupancy = getLong(bytes, 74);
        for (int sq = 0; sq < 64; sq++) {
            long bit = 1L << sq;
            Visibility expected = squares[sq].visibility();
            Visibility masked = (full & bit) != 0 ? Visibility.FULL
                    : (occupancy & bit) != 0 ? Visibility.OCCUPANCY_ONLY : Visibility.UNSEEN;
            if (expected != masked || (full & occupancy & bit) != 0) {
                throw new IllegalArgumentException("the vision masks of an encoded view disagree with square " + sq);
            }
        }
        int ep = bytes[82] & 0xff;
        if (ep != NO_SQUARE && ep > 63) {
            throw new IllegalArgumentException("en-passant square " + ep + " is off the board");
        }
        Color[] colors = Color.values();
        return new FogView(colors[bytes[0]], colors[bytes[1]], squares, new VisionMap(full, occupancy),
                ep == NO_SQUARE ? null : Square.of(ep));
    }

    private static void putLong(byte[] out, int at, long v) {
        for (int i = 0; i < 8; i++) {
            out[at + i] = (byte) (v >>> (56 - 8 * i));
        }
    }

    private static long getLong(byte[] in, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (in[at + i] & 0xffL);
        }
        return v;
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
