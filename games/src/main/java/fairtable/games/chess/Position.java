package fairtable.games.chess;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * An immutable chess position: placement, side to move, castling rights, en-passant square and the
 * two move counters, exactly the six FEN fields. It carries no rules beyond the mechanics of playing
 * a move; legality belongs to a variant ({@link StandardChess}, {@link DarkChessGame}).
 *
 * <p>Invariants (checked when parsing FEN): at most one king per colour (a finished dark-chess game
 * has lost one), no pawn on the first or last rank, at most 16 pieces and 8 pawns per colour, castling
 * rights only with king and rook on their original squares, and an en-passant square only directly
 * behind a pawn that could just have made a double step. As in the FEN standard the en-passant square
 * is recorded after every double step, whether or not a capture is possible.
 */
public final class Position {

    public static final String START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /** Package-private and never handed out: nothing outside the package can mutate it. */
    final byte[] board;
    private final Color sideToMove;
    private final int castlingRights;
    private final int enPassant;
    private final int halfmoveClock;
    private final int fullmoveNumber;

    private Position(byte[] board, Color sideToMove, int castlingRights, int enPassant, int halfmoveClock,
                     int fullmoveNumber) {
        this.board = board;
        this.sideToMove = sideToMove;
        this.castlingRights = castlingRights;
        this.enPassant = enPassant;
        this.halfmoveClock = halfmoveClock;
        this.fullmoveNumber = fullmoveNumber;
    }

    /** A position from trusted internal parts (no validation); the board array is taken over. */
    static Position unchecked(byte[] board, Color sideToMove, int castlingRights, int enPassant) {
        return new Position(board, sideToMove, castlingRights, enPassant, 0, 1);
    }

    public static Position start() {
        return fromFen(START_FEN);
    }

    /**
     * Parses the six FEN fields (the two counters may be omitted and then default to "0 1").
     *
     * @throws FenException naming the offending field when the text is not a valid position
     */
    public static Position fromFen(String fen) {
        if (fen == null) {
            throw new FenException("null", "FEN is null");
        }
        String[] fields = fen.trim().split("\\s+");
        if (fields.length != 6 && fields.length != 4) {
            throw new FenException(fen, "expected 6 space-separated fields (or 4 without the counters), got "
                    + fields.length);
        }
        byte[] board = parsePlacement(fen, fields[0]);
        Color side = switch (fields[1]) {
            case "w" -> Color.WHITE;
            case "b" -> Color.BLACK;
            default -> throw new FenException(fen, "side to move must be 'w' or 'b', got '" + fields[1] + "'");
        };
        int rights = parseCastling(fen, fields[2], board);
        int ep = parseEnPassant(fen, fields[3], board, side);
        int halfmove = 0;
        int fullmove = 1;
        if (fields.length == 6) {
            halfmove = parseCounter(fen, fields[4], "halfmove clock", 0);
            fullmove = parseCounter(fen, fields[5], "fullmove number", 1);
        }
        return new Position(board, side, rights, ep, halfmove, fullmove);
    }

    private static byte[] parsePlacement(String fen, String placement) {
        String[] ranks = placement.split("/", -1);
        if (ranks.length != 8) {
            throw new FenException(fen, "placement must have 8 ranks separated by '/', got " + ranks.length);
        }
        byte[] board = new byte[64];
        int[] kings = new int[2];
        int[] pawns = new int[2];
        int[] pieces = new int[2];
        for (int i = 0; i < 8; i++) {
            int rank = 7 - i;
            int file = 0;
            boolean lastWasDigit = false;
            for (char c : ranks[i].toCharArray()) {
                if (c >= '1' && c <= '8') {
                    if (lastWasDigit) {
                        throw new FenException(fen, "rank " + (rank + 1) + " has two digits in a row");
                    }
                    file += c - '0';
                    lastWasDigit = true;
                } else if (c == '0' || c == '9') {
                    throw new FenException(fen, "rank " + (rank + 1) + " has digit " + c + ", only 1..8 allowed");
                } else {
                    PieceType type = PieceType.ofLetter(c);
                    if (type == null) {
                        throw new FenException(fen, "unknown piece letter '" + c + "' in rank " + (rank + 1));
                    }
                    if (file > 7) {
                        throw new FenException(fen, "rank " + (rank + 1) + " has more than 8 squares");
                    }
                    Color color = Character.isUpperCase(c) ? Color.WHITE : Color.BLACK;
                    if (type == PieceType.PAWN && (rank == 0 || rank == 7)) {
                        throw new FenException(fen, "pawn on rank " + (rank + 1));
                    }
                    board[rank * 8 + file] = Piece.of(color, type).code();
                    int ci = color.ordinal();
                    pieces[ci]++;
                    if (type == PieceType.KING) {
                        kings[ci]++;
                    } else if (type == PieceType.PAWN) {
                        pawns[ci]++;
                    }
                    file++;
                    lastWasDigit = false;
                }
            }
            if (file != 8) {
                throw new FenException(fen, "rank " + (rank + 1) + " has " + file + " squares, not 8");
            }
        }
        for (Color color : Color.values()) {
            int ci = color.ordinal();
            String name = color.name().toLowerCase();
            if (kings[ci] > 1) {
                throw new FenException(fen, name + " has " + kings[ci] + " kings");
            }
            if (pawns[ci] > 8) {
                throw new FenException(fen, name + " has " + pawns[ci] + " pawns");
            }
            if (pieces[ci] > 16) {
                throw new FenException(fen, name + " has " + pieces[ci] + " pieces");
            }
        }
        return board;
    }

    private static int parseCastling(String fen, String field, byte[] board) {
        if (field.equals("-")) {
            return 0;
        }
        int rights = 0;
        int lastOrdinal = -1;
        for (char c : field.toCharArray()) {
            CastlingRight right = null;
            for (CastlingRight r : CastlingRight.values()) {
                if (r.fenLetter() == c) {
                    right = r;
                }
            }
            if (right == null) {
                throw new FenException(fen, "castling field may contain only K, Q, k, q or be '-', got '" + field + "'");
            }
            if (right.ordinal() <= lastOrdinal) {
                throw new FenException(fen, "castling letters must be in the order KQkq without repeats: '" + field + "'");
            }
            lastOrdinal = right.ordinal();
            int bit = Rules.colorBit(right.color());
            if (board[right.kingFrom().index()] != (bit | Rules.KING)
                    || board[right.rookFrom().index()] != (bit | Rules.ROOK)) {
                throw new FenException(fen, "castling right '" + c + "' needs the king on " + right.kingFrom()
                        + " and the rook on " + right.rookFrom());
            }
            rights |= right.bit();
        }
        return rights;
    }

    private static int parseEnPassant(String fen, String field, byte[] board, Color side) {
        if (field.equals("-")) {
            return -1;
        }
        Square square;
        try {
            square = Square.parse(field);
        } catch (IllegalArgumentException e) {
            throw new FenException(fen, "en-passant field must be a square or '-', got '" + field + "'");
        }
        int expectedRank = side == Color.WHITE ? 5 : 2;
        if (square.rank() != expectedRank) {
            throw new FenException(fen, "en-passant square " + square + " must be on rank " + (expectedRank + 1)
                    + " when " + side.name().toLowerCase() + " is to move");
        }
        int pusher = Rules.colorBit(side.opposite());
        int back = side == Color.WHITE ? 8 : -8;
        int ep = square.index();
        if (board[ep - back] != (pusher | Rules.PAWN) || board[ep] != 0 || board[ep + back] != 0) {
            throw new FenException(fen, "en-passant square " + square
                    + " needs it and the square behind it empty and the double-stepped pawn in front of it");
        }
        return ep;
    }

    private static int parseCounter(String fen, String field, String name, int min) {
        int value;
        try {
            value = Integer.parseInt(field);
        } catch (NumberFormatException e) {
            throw new FenException(fen, name + " is not a number: '" + field + "'");
        }
        if (value < min || field.startsWith("+")) {
            throw new FenException(fen, name + " must be at least " + min + ", got '" + field + "'");
        }
        return value;
    }

    public String toFen() {
        StringBuilder sb = new StringBuilder(90);
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                Piece p = Piece.ofCode(board[rank * 8 + file]);
                if (p == null) {
                    empty++;
                } else {
                    if (empty > 0) {
                        sb.append(empty);
                        empty = 0;
                    }
                    sb.append(p.fenLetter());
                }
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank > 0) {
                sb.append('/');
            }
        }
        sb.append(sideToMove == Color.WHITE ? " w " : " b ");
        if (castlingRights == 0) {
            sb.append('-');
        }
        for (CastlingRight r : CastlingRight.values()) {
            if (hasCastlingRight(r)) {
                sb.append(r.fenLetter());
            }
        }
        sb.append(' ').append(enPassant < 0 ? "-" : Square.of(enPassant).algebraic());
        sb.append(' ').append(halfmoveClock).append(' ').append(fullmoveNumber);
        return sb.toString();
    }

    public Optional<Piece> pieceAt(Square square) {
        return Optional.ofNullable(Piece.ofCode(board[square.index()]));
    }

    public Color sideToMove() {
        return sideToMove;
    }

    public boolean hasCastlingRight(CastlingRight right) {
        return (castlingRights & right.bit()) != 0;
    }

    public Set<CastlingRight> castlingRights() {
        EnumSet<CastlingRight> set = EnumSet.noneOf(CastlingRight.class);
        for (CastlingRight r : CastlingRight.values()) {
            if (hasCastlingRight(r)) {
                set.add(r);
            }
        }
        return set;
    }

    /** The square a pawn passed over with a double step on the last move, if that was the last move. */
    public Optional<Square> enPassantSquare() {
        return enPassant < 0 ? Optional.empty() : Optional.of(Square.of(enPassant));
    }

    int enPassantIndex() {
        return enPassant;
    }

    /** Plies since the last capture or pawn move. */
    public int halfmoveClock() {
        return halfmoveClock;
    }

    public int fullmoveNumber() {
        return fullmoveNumber;
    }

    public Optional<Square> kingSquare(Color color) {
        int code = Rules.colorBit(color) | Rules.KING;
        for (int sq = 0; sq < 64; sq++) {
            if (board[sq] == code) {
                return Optional.of(Square.of(sq));
            }
        }
        return Optional.empty();
    }

    int kingIndex(int colorBit) {
        int code = colorBit | Rules.KING;
        for (int sq = 0; sq < 64; sq++) {
            if (board[sq] == code) {
                return sq;
            }
        }
        return -1;
    }

    /**
     * The position after a packed move from {@link Rules#pseudoLegal}; no legality check here, the
     * variants check before calling.
     */
    Position play(int move) {
        byte[] next = board.clone();
        int from = Rules.from(move);
        int to = Rules.to(move);
        boolean pawnMove = (board[from] & 7) == Rules.PAWN;
        boolean capture = Rules.capturedSquare(board, move) >= 0;
        Rules.playOnBoard(next, move);
        int rights = castlingRights;
        for (CastlingRight r : CastlingRight.values()) {
            int king = r.kingFrom().index();
            int rook = r.rookFrom().index();
            if (from == king || from == rook || to == king || to == rook) {
                rights &= ~r.bit();
            }
        }
        int ep = (move & Rules.FLAG_DOUBLE_PUSH) != 0 ? (from + to) / 2 : -1;
        int halfmove = pawnMove || capture ? 0 : halfmoveClock + 1;
        int fullmove = sideToMove == Color.BLACK ? fullmoveNumber + 1 : fullmoveNumber;
        return new Position(next, sideToMove.opposite(), rights, ep, halfmove, fullmove);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && Arrays.equals(board, p.board) && sideToMove == p.sideToMove
                && castlingRights == p.castlingRights && enPassant == p.enPassant
                && halfmoveClock == p.halfmoveClock && fullmoveNumber == p.fullmoveNumber;
    }

    @Override
    public int hashCode() {
        return ((Arrays.hashCode(board) * 31 + sideToMove.hashCode()) * 31 + castlingRights) * 31
                + enPassant * 961 + halfmoveClock * 31 + fullmoveNumber;
    }

    @Override
    public String toString() {
        return toFen();
    }
}
