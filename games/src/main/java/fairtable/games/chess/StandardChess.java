package fairtable.games.chess;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Standard chess rules over {@link Position}: legal moves (no move may leave the own king attacked,
 * castling neither out of, through nor into check), check detection, move application and perft.
 * Every method needs a legal position: exactly one king per colour, and the side that has just moved
 * not in check (otherwise "capture the king" would count as a move); others are rejected with an
 * {@link IllegalArgumentException}.
 */
public final class StandardChess {

    /** ALIGNED[a][b]: a and b share a rank, file or diagonal. */
    private static final boolean[][] ALIGNED = new boolean[64][64];

    static {
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                int df = (a & 7) - (b & 7);
                int dr = (a >> 3) - (b >> 3);
                ALIGNED[a][b] = a != b && (df == 0 || dr == 0 || Math.abs(df) == Math.abs(dr));
            }
        }
    }

    private StandardChess() {
    }

    /** The legal moves, in a deterministic order (unmodifiable). */
    public static List<Move> legalMoves(Position position) {
        requireLegal(position);
        Rules.MoveList moves = legal(position);
        List<Move> result = new ArrayList<>(moves.size);
        for (int i = 0; i < moves.size; i++) {
            result.add(Rules.toMove(moves.moves[i]));
        }
        return Collections.unmodifiableList(result);
    }

    public static boolean isInCheck(Position position) {
        int us = requireLegal(position);
        return Rules.isAttacked(position.board, position.kingIndex(us), us ^ Rules.BLACK_BIT);
    }

    public static boolean isCheckmate(Position position) {
        requireLegal(position);
        return isInCheck(position) && legal(position).size == 0;
    }

    public static boolean isStalemate(Position position) {
        requireLegal(position);
        return !isInCheck(position) && legal(position).size == 0;
    }

    /**
     * The position after a legal move.
     *
     * @throws IllegalArgumentException if the move is not legal here
     */
    public static Position apply(Position position, Move move) {
        requireLegal(position);
        Rules.MoveList moves = legal(position);
        for (int i = 0; i < moves.size; i++) {
            if (Rules.sameMove(moves.moves[i], move)) {
                return position.play(moves.moves[i]);
            }
        }
        throw new IllegalArgumentException("illegal move " + move + " in " + position.toFen());
    }

    /**
     * Counts the leaf nodes of the legal move tree to the given depth (the standard move-generator
     * test; see the published tables on the Chess Programming Wiki "Perft Results" page).
     *
     * @throws FenException if the FEN is invalid
     */
    public static long perft(String fen, int depth) {
        return perft(Position.fromFen(fen), depth);
    }

    public static long perft(Position position, int depth) {
        if (depth < 0) {
            throw new IllegalArgumentException("depth must be >= 0: " + depth);
        }
        requireLegal(position);
        return countLeaves(position, depth);
    }

    /**
     * Perft split by first move ("divide"), in move-generation order, for finding where a move
     * generator disagrees with a reference.
     */
    public static Map<Move, Long> divide(Position position, int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("divide needs depth >= 1: " + depth);
        }
        requireLegal(position);
        Rules.MoveList moves = legal(position);
        Map<Move, Long> result = new LinkedHashMap<>();
        for (int i = 0; i < moves.size; i++) {
            result.put(Rules.toMove(moves.moves[i]), countLeaves(position.play(moves.moves[i]), depth - 1));
        }
        return result;
    }

    private static long countLeaves(Position position, int depth) {
        if (depth == 0) {
            return 1;
        }
        Rules.MoveList moves = legal(position);
        if (depth == 1) {
            return moves.size;
        }
        long total = 0;
        for (int i = 0; i < moves.size; i++) {
            total += countLeaves(position.play(moves.moves[i]), depth - 1);
        }
        return total;
    }

    /** Legal moves of a position already known to be legal (checked once at the public entry). */
    static Rules.MoveList legal(Position position) {
        int us = Rules.colorBit(position.sideToMove());
        int them = us ^ Rules.BLACK_BIT;
        Rules.MoveList pseudo = new Rules.MoveList();
        Rules.pseudoLegal(position, true, pseudo);
        byte[] board = position.board;
        byte[] scratch = board.clone();
        int king = position.kingIndex(us);
        boolean inCheck = Rules.isAttacked(board, king, them);
        Rules.MoveList legal = new Rules.MoveList();
        for (int i = 0; i < pseudo.size; i++) {
            int move = pseudo.moves[i];
            int from = Rules.from(move);
            // Shortcut: out of check, a piece off every line through the king cannot be pinned.
            if (!inCheck && from != king && (move & Rules.FLAG_EN_PASSANT) == 0 && !ALIGNED[from][king]) {
                legal.add(move);
                continue;
            }
            Rules.playOnBoard(scratch, move);
            int kingAfter = from == king ? Rules.to(move) : king;
            // Playing the move and asking "is my king attacked?" covers pins, checks, king moves and
            // the en-passant capture that uncovers a rank attack on the king.
            if (!Rules.isAttacked(scratch, kingAfter, them)) {
                legal.add(move);
            }
            System.arraycopy(board, 0, scratch, 0, 64);
        }
        return legal;
    }

    private static int requireLegal(Position position) {
        int us = Rules.colorBit(position.sideToMove());
        int them = us ^ Rules.BLACK_BIT;
        int theirKing = position.kingIndex(them);
        if (position.kingIndex(us) < 0 || theirKing < 0) {
            throw new IllegalArgumentException("standard chess needs one king of each colour: " + position.toFen());
        }
        if (Rules.isAttacked(position.board, theirKing, us)) {
            throw new IllegalArgumentException("illegal position, the side not to move is in check: " + position.toFen());
        }
        return us;
    }
}
