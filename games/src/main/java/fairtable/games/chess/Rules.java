package fairtable.games.chess;

/**
 * The engine core shared by both variants: square tables, attack detection and pseudo-legal move
 * generation over the internal board (a byte per square: 0 empty, else colour bit 8 | type code 1..6).
 * Moves are packed into ints here for speed; the public API converts them to {@link Move}.
 */
final class Rules {

    static final int BLACK_BIT = 8;
    static final int PAWN = 1;
    static final int KNIGHT = 2;
    static final int BISHOP = 3;
    static final int ROOK = 4;
    static final int QUEEN = 5;
    static final int KING = 6;

    static final int FLAG_EN_PASSANT = 1 << 15;
    static final int FLAG_CASTLE = 1 << 16;
    static final int FLAG_DOUBLE_PUSH = 1 << 17;

    /** Rook directions in the report's order: left, right, down, up. */
    private static final int[][] ORTHOGONAL = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    /** Bishop directions in the report's order: up-right, down-right, up-left, down-left. */
    private static final int[][] DIAGONAL = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    private static final int[][] KNIGHT_STEPS = {
        {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {-2, -1}, {-2, 1}, {2, -1}, {2, 1}};
    private static final int[][] KING_STEPS = {
        {-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

    /** ORTHOGONAL_RAYS[sq][d]: squares from sq outwards in direction d, nearest first. */
    static final int[][][] ORTHOGONAL_RAYS = rays(ORTHOGONAL);
    static final int[][][] DIAGONAL_RAYS = rays(DIAGONAL);
    static final int[][] KNIGHT_TARGETS = steps(KNIGHT_STEPS);
    static final int[][] KING_TARGETS = steps(KING_STEPS);

    private static final int[] PROMOTION_CODES = {QUEEN, ROOK, BISHOP, KNIGHT};

    private Rules() {
    }

    static int move(int from, int to) {
        return from | to << 6;
    }

    static int from(int move) {
        return move & 63;
    }

    static int to(int move) {
        return (move >>> 6) & 63;
    }

    /** Promotion piece type code (2..5), or 0. */
    static int promotion(int move) {
        return (move >>> 12) & 7;
    }

    static Move toMove(int move) {
        int promo = promotion(move);
        return new Move(Square.of(from(move)), Square.of(to(move)), promo == 0 ? null : PieceType.ofCode(promo));
    }

    static boolean sameMove(int packed, Move move) {
        int promo = move.promotion() == null ? 0 : move.promotion().code();
        return from(packed) == move.from().index() && to(packed) == move.to().index() && promotion(packed) == promo;
    }

    static int colorBit(Color color) {
        return color == Color.WHITE ? 0 : BLACK_BIT;
    }

    private static int[][][] rays(int[][] directions) {
        int[][][] result = new int[64][directions.length][];
        for (int sq = 0; sq < 64; sq++) {
            for (int d = 0; d < directions.length; d++) {
                int[] buffer = new int[7];
                int n = 0;
                int f = (sq & 7) + directions[d][0];
                int r = (sq >> 3) + directions[d][1];
                while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                    buffer[n++] = r * 8 + f;
                    f += directions[d][0];
                    r += directions[d][1];
                }
                result[sq][d] = java.util.Arrays.copyOf(buffer, n);
            }
        }
        return result;
    }

    private static int[][] steps(int[][] deltas) {
        int[][] result = new int[64][];
        for (int sq = 0; sq < 64; sq++) {
            int[] buffer = new int[deltas.length];
            int n = 0;
            for (int[] d : deltas) {
                int f = (sq & 7) + d[0];
                int r = (sq >> 3) + d[1];
                if (f >= 0 && f < 8 && r >= 0 && r < 8) {
                    buffer[n++] = r * 8 + f;
                }
            }
            result[sq] = java.util.Arrays.copyOf(buffer, n);
        }
        return result;
    }

    /** Whether any piece of the colour {@code attackerBit} attacks {@code sq}. */
    static boolean isAttacked(byte[] board, int sq, int attackerBit) {
        int file = sq & 7;
        // A white pawn attacks upwards, so it sits one rank below the attacked square.
        int pawnRank = (sq >> 3) + (attackerBit == 0 ? -1 : 1);
        if (pawnRank >= 0 && pawnRank < 8) {
            int pawn = attackerBit | PAWN;
            if (file > 0 && board[pawnRank * 8 + file - 1] == pawn) {
                return true;
            }
            if (file < 7 && board[pawnRank * 8 + file + 1] == pawn) {
                return true;
            }
        }
        for (int t : KNIGHT_TARGETS[sq]) {
            if (board[t] == (attackerBit | KNIGHT)) {
                return true;
            }
        }
        for (int t : KING_TARGETS[sq]) {
            if (board[t] == (attackerBit | KING)) {
                return true;
            }
        }
        for (int[] ray : ORTHOGONAL_RAYS[sq]) {
            for (int t : ray) {
                int p = board[t];
                if (p != 0) {
                    if (p == (attackerBit | ROOK) || p == (attackerBit | QUEEN)) {
                        return true;
                    }
                    break;
                }
            }
        }
        for (int[] ray : DIAGONAL_RAYS[sq]) {
            for (int t : ray) {
                int p = board[t];
                if (p != 0) {
                    if (p == (attackerBit | BISHOP) || p == (attackerBit | QUEEN)) {
                        return true;
                    }
                    break;
                }
            }
        }
        return false;
    }

    /** A growable list of packed moves. */
    static final class MoveList {
        int[] moves = new int[64];
        int size;

        void add(int move) {
            if (size == moves.length) {
                moves = java.util.Arrays.copyOf(moves, size * 2);
            }
            moves[size++] = move;
        }
    }

    /**
     * Pseudo-legal moves of the side to move: every move the pieces can make ignoring whether the own
     * king is left attacked. Captures of the enemy king are included (they only occur in dark chess).
     * With {@code castlingThroughCheckForbidden} the king may not castle out of or through an attacked
     * square (standard chess); the landing square is left to the caller's king-safety filter.
     */
    static void pseudoLegal(Position position, boolean castlingThroughCheckForbidden, MoveList out) {
        byte[] b = position.board;
        int us = colorBit(position.sideToMove());
        int them = us ^ BLACK_BIT;
        for (int from = 0; from < 64; from++) {
            int piece = b[from];
            if (piece == 0 || (piece & BLACK_BIT) != us) {
                continue;
            }
            switch (piece & 7) {
                case PAWN -> pawnMoves(position, from, us, out);
                case KNIGHT -> stepMoves(b, from, KNIGHT_TARGETS[from], us, out);
                case KING -> stepMoves(b, from, KING_TARGETS[from], us, out);
                case BISHOP -> slideMoves(b, from, DIAGONAL_RAYS[from], us, out);
                case ROOK -> slideMoves(b, from, ORTHOGONAL_RAYS[from], us, out);
                case QUEEN -> {
                    slideMoves(b, from, DIAGONAL_RAYS[from], us, out);
                    slideMoves(b, from, ORTHOGONAL_RAYS[from], us, out);
                }
                default -> throw new IllegalStateException("corrupt board code " + piece);
            }
        }
        castlingMoves(position, us, them, castlingThroughCheckForbidden, out);
    }

    private static void stepMoves(byte[] b, int from, int[] targets, int us, MoveList out) {
        for (int to : targets) {
            int p = b[to];
            if (p == 0 || (p & BLACK_BIT) != us) {
                out.add(move(from, to));
            }
        }
    }

    private static void slideMoves(byte[] b, int from, int[][] rays, int us, MoveList out) {
        for (int[] ray : rays) {
            for (int to : ray) {
                int p = b[to];
                if (p == 0) {
                    out.add(move(from, to));
                } else {
                    if ((p & BLACK_BIT) != us) {
                        out.add(move(from, to));
                    }
                    break;
                }
            }
        }
    }

    private static void pawnMoves(Position position, int from, int us, MoveList out) {
        byte[] b = position.board;
        int step = us == 0 ? 8 : -8;
        int rank = from >> 3;
        int startRank = us == 0 ? 1 : 6;
        int lastRank = us == 0 ? 7 : 0;
        int file = from & 7;
        int one = from + step;
        if (b[one] == 0) {
            addPawnMove(from, one, lastRank, 0, out);
            if (rank == startRank && b[one + step] == 0) {
                out.add(move(from, one + step) | FLAG_DOUBLE_PUSH);
            }
        }
        int ep = position.enPassantIndex();
        for (int df = -1; df <= 1; df += 2) {
            if (file + df < 0 || file + df > 7) {
                continue;
            }
            int to = one + df;
            int p = b[to];
            if (p != 0 && (p & BLACK_BIT) != us) {
                addPawnMove(from, to, lastRank, 0, out);
            } else if (to == ep) {
                out.add(move(from, to) | FLAG_EN_PASSANT);
            }
        }
    }

    private static void addPawnMove(int from, int to, int lastRank, int flags, MoveList out) {
        if (to >> 3 == lastRank) {
            for (int code : PROMOTION_CODES) {
                out.add(move(from, to) | code << 12 | flags);
            }
        } else {
            out.add(move(from, to) | flags);
        }
    }

    private static void castlingMoves(Position position, int us, int them, boolean forbidThroughCheck, MoveList out) {
        byte[] b = position.board;
        for (CastlingRight right : CastlingRight.values()) {
            if (colorBit(right.color()) != us || !position.hasCastlingRight(right)) {
                continue;
            }
            int king = right.kingFrom().index();
            int rook = right.rookFrom().index();
            if (b[king] != (us | KING) || b[rook] != (us | ROOK)) {
                continue;
            }
            int lo = Math.min(king, rook);
            int hi = Math.max(king, rook);
            boolean clear = true;
            for (int s = lo + 1; s < hi; s++) {
                if (b[s] != 0) {
                    clear = false;
                    break;
                }
            }
            if (!clear) {
                continue;
            }
            if (forbidThroughCheck
                    && (isAttacked(b, king, them) || isAttacked(b, right.rookTo().index(), them))) {
                continue;
            }
            out.add(move(king, right.kingTo().index()) | FLAG_CASTLE);
        }
    }

    /**
     * Plays a packed move on the board in place (placement only: no clocks or rights). The move must
     * come from {@link #pseudoLegal}.
     */
    static void playOnBoard(byte[] b, int move) {
        int from = from(move);
        int to = to(move);
        int piece = b[from];
        b[from] = 0;
        int promo = promotion(move);
        b[to] = (byte) (promo == 0 ? piece : (piece & BLACK_BIT) | promo);
        if ((move & FLAG_EN_PASSANT) != 0) {
            // The captured pawn stands beside the mover: same rank as 'from', same file as 'to'.
            b[(from & ~7) | (to & 7)] = 0;
        } else if ((move & FLAG_CASTLE) != 0) {
            for (CastlingRight right : CastlingRight.values()) {
                if (right.kingFrom().index() == from && right.kingTo().index() == to) {
                    b[right.rookTo().index()] = b[right.rookFrom().index()];
                    b[right.rookFrom().index()] = 0;
                }
            }
        }
    }

    /** The square of the piece a packed move captures, or -1. */
    static int capturedSquare(byte[] b, int move) {
        if ((move & FLAG_EN_PASSANT) != 0) {
            return (from(move) & ~7) | (to(move) & 7);
        }
        return (move & FLAG_CASTLE) == 0 && b[to(move)] != 0 ? to(move) : -1;
    }
}
