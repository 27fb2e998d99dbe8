package fairtable.games.chess;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An immutable dark-chess (fog of war) game state over a {@link Position}.
 *
 * <p>Rules (Ou Yang, "Cryptographic Dark Chess", section 2): moves are the ordinary chess moves with
 * no notion of check. A king may move onto an attacked square or stay attacked; castling needs only
 * the right, king and rook on their squares and the squares between them empty, so the king may
 * castle out of, through and into attacked squares. En passant and promotion (to Q, R, B or N) are as
 * usual. Capturing the enemy king wins. Draws: see {@link DarkChessResult}.
 *
 * <p>The state also remembers which squares hold promoted pieces: the query protocol announces a
 * promoted piece as a pawn (see {@link DarkChessQueries}).
 */
public final class DarkChessGame {

    /** Plies without capture or pawn move after which the game is drawn (the fifty-move rule). */
    public static final int DRAW_HALFMOVE_LIMIT = 100;

    private final Position position;
    private final long promoted;
    private final DarkChessResult result;
    private final Rules.MoveList moves;

    private DarkChessGame(Position position, long promoted) {
        this.position = position;
        this.promoted = promoted;
        Rules.MoveList generated = new Rules.MoveList();
        this.result = judge(position, generated);
        this.moves = result.isOver() ? new Rules.MoveList() : generated;
    }

    private static DarkChessResult judge(Position position, Rules.MoveList out) {
        if (position.kingIndex(0) < 0) {
            return DarkChessResult.BLACK_WON_BY_KING_CAPTURE;
        }
        if (position.kingIndex(Rules.BLACK_BIT) < 0) {
            return DarkChessResult.WHITE_WON_BY_KING_CAPTURE;
        }
        if (position.halfmoveClock() >= DRAW_HALFMOVE_LIMIT) {
            return DarkChessResult.DRAW_BY_FIFTY_MOVES;
        }
        Rules.pseudoLegal(position, false, out);
        return out.size == 0 ? DarkChessResult.DRAW_BY_NO_MOVES : DarkChessResult.IN_PROGRESS;
    }

    /** A new game from the standard starting position. */
    public static DarkChessGame start() {
        return new DarkChessGame(Position.start(), 0L);
    }

    /** A game from any position with one king per colour, no piece counted as promoted. */
    public static DarkChessGame fromPosition(Position position) {
        return fromPosition(position, Set.of());
    }

    /**
     * A game from a position in which the pieces on {@code promotedSquares} are known to be promoted
     * pawns (so they are announced as pawns when querying).
     *
     * @throws IllegalArgumentException if a king is missing or a promoted square holds no knight,
     *     bishop, rook or queen
     */
    public static DarkChessGame fromPosition(Position position, Set<Square> promotedSquares) {
        Objects.requireNonNull(position, "position");
        if (position.kingIndex(0) < 0 || position.kingIndex(Rules.BLACK_BIT) < 0) {
            throw new IllegalArgumentException("a dark-chess game needs one king of each colour: " + position);
        }
        long mask = 0;
        for (Square square : promotedSquares) {
            PieceType type = position.pieceAt(square).map(Piece::type).orElse(null);
            if (type == null || !type.isPromotionTarget()) {
                throw new IllegalArgumentException("no promoted piece can stand on " + square + ": " + position);
            }
            mask |= 1L << square.index();
        }
        return new DarkChessGame(position, mask);
    }

    public Position position() {
        return position;
    }

    public Color sideToMove() {
        return position.sideToMove();
    }

    public DarkChessResult result() {
        return result;
    }

    public boolean isOver() {
        return result.isOver();
    }

    /** The moves the side to move may play; empty once the game is over. */
    public List<Move> legalMoves() {
        List<Move> list = new ArrayList<>(moves.size);
        for (int i = 0; i < moves.size; i++) {
            list.add(Rules.toMove(moves.moves[i]));
        }
        return Collections.unmodifiableList(list);
    }

    public boolean isLegal(Move move) {
        return find(move) >= 0;
    }

    /**
     * The game after a legal move.
     *
     * @throws IllegalArgumentException if the game is over or the move is not legal
     */
    public DarkChessGame apply(Move move) {
        int index = find(move);
        if (index < 0) {
            throw new IllegalArgumentException(result.isOver()
                    ? "the game is over (" + result + "), no move " + move
                    : "illegal dark-chess move " + move + " in " + position.toFen());
        }
        int packed = moves.moves[index];
        int from = Rules.from(packed);
        int to = Rules.to(packed);
        long next = promoted;
        int captured = Rules.capturedSquare(position.board, packed);
        if (captured >= 0) {
            next &= ~(1L << captured);
        }
        boolean wasPromoted = (next & 1L << from) != 0;
        next &= ~(1L << from);
        if (wasPromoted || Rules.promotion(packed) != 0) {
            next |= 1L << to;
        }
        return new DarkChessGame(position.play(packed), next);
    }

    /**
     * The square of the piece a move would capture (differs from the target for en passant), which
     * the mover announces publicly; empty for a non-capture.
     *
     * @throws IllegalArgumentException if the move is not legal
     */
    public Optional<Square> capturedSquare(Move move) {
        int index = find(move);
        if (index < 0) {
            throw new IllegalArgumentException("illegal dark-chess move " + move + " in " + position.toFen());
        }
        int sq = Rules.capturedSquare(position.board, moves.moves[index]);
        return sq < 0 ? Optional.empty() : Optional.of(Square.of(sq));
    }

    /** Squares holding pieces that were promoted from pawns. */
    public Set<Square> promotedSquares() {
        EnumSet<Square> set = EnumSet.noneOf(Square.class);
        for (int sq = 0; sq < 64; sq++) {
            if ((promoted & 1L << sq) != 0) {
                set.add(Square.of(sq));
            }
        }
        return set;
    }

    long promotedMask() {
        return promoted;
    }

    /** What {@code viewer} sees now. */
    public VisionMap vision(Color viewer) {
        return DarkChessVision.vision(position, viewer);
    }

    /** {@code viewer}'s fog-of-war view of the board now. */
    public FogView view(Color viewer) {
        return DarkChessVision.view(position, viewer);
    }

    /** The honest, padded query schedule {@code querier} runs to rebuild vision now. */
    public List<PieceQueries> honestQueries(Color querier) {
        return DarkChessQueries.honestQueries(position, promoted, querier);
    }

    private int find(Move move) {
        Objects.requireNonNull(move, "move");
        for (int i = 0; i < moves.size; i++) {
            if (Rules.sameMove(moves.moves[i], move)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DarkChessGame g && position.equals(g.position) && promoted == g.promoted;
    }

    @Override
    public int hashCode() {
        return position.hashCode() * 31 + Long.hashCode(promoted);
    }

    @Override
    public String toString() {
        return "DarkChessGame[" + position.toFen() + ", promoted=" + promotedSquares() + ", " + result + "]";
    }
}
