package fairtable.games.chess;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The query schedule of the dark-chess vision protocol (Ou Yang, 5.4, with the corrections of
 * protocols.md section 4: the third bishop diagonal bound is {@code <=}). A player rebuilds vision by
 * asking the opponent about squares one at a time through 1-out-of-64 oblivious transfer. To leak
 * nothing about where their pieces are, every piece announces its type and then makes exactly
 * {@link #maxQueries} queries per phase, padding with repeats of its own square. A promoted piece is
 * announced as a pawn but queries as its real type. The number of queries therefore depends only on
 * how many pieces of each announced type the player has, which both sides know.
 *
 * <p>Per-phase counts: GENERAL knight 8, bishop 13, rook 14, king 8, queen 27, pawn 27 (a pawn may be a
 * promoted queen); PAWN_AHEAD and EN_PASSANT pawn 2, every other announced type 0 (the report leaves
 * the padding of these phases open; padding every announced pawn to 2 keeps promotions hidden).
 *
 * <p>Walking a list ({@link #queryLists}): in GENERAL and PAWN_AHEAD the querier asks the squares of
 * a list in order and stops after the first square that is not empty (an enemy piece per the answer,
 * or one of their own pieces); in EN_PASSANT every square of the list is asked.
 */
public final class DarkChessQueries {

    private DarkChessQueries() {
    }

    /** The fixed number of queries a piece announced as {@code announced} makes in {@code phase}. */
    public static int maxQueries(PieceType announced, QueryPhase phase) {
        if (phase != QueryPhase.GENERAL) {
            return announced == PieceType.PAWN ? 2 : 0;
        }
        return switch (announced) {
            case KNIGHT, KING -> 8;
            case BISHOP -> 13;
            case ROOK -> 14;
            case QUEEN, PAWN -> 27;
        };
    }

    /**
     * The report's query set Q for a piece of real type {@code type} and colour {@code color} on
     * {@code square}: ordered lists of squares it may see, nearest first. Independent of the position.
     */
    public static List<List<Square>> queryLists(PieceType type, Color color, Square square, QueryPhase phase) {
        int sq = square.index();
        List<List<Square>> lists = new ArrayList<>();
        switch (phase) {
            case GENERAL -> {
                switch (type) {
                    case KNIGHT -> singletons(Rules.KNIGHT_TARGETS[sq], lists);
                    case KING -> singletons(Rules.KING_TARGETS[sq], lists);
                    case BISHOP -> rays(Rules.DIAGONAL_RAYS[sq], lists);
                    case ROOK -> rays(Rules.ORTHOGONAL_RAYS[sq], lists);
                    case QUEEN -> {
                        rays(Rules.DIAGONAL_RAYS[sq], lists);
                        rays(Rules.ORTHOGONAL_RAYS[sq], lists);
                    }
                    case PAWN -> {
                        for (Square s : pawnDiagonals(sq, color)) {
                            lists.add(List.of(s));
                        }
                    }
                }
            }
            case PAWN_AHEAD -> {
                if (type == PieceType.PAWN) {
                    List<Square> ahead = pawnAhead(sq, color);
                    if (!ahead.isEmpty()) {
                        lists.add(ahead);
                    }
                }
            }
            case EN_PASSANT -> {
                int fifthRank = color == Color.WHITE ? 4 : 3;
                if (type == PieceType.PAWN && square.rank() == fifthRank) {
                    List<Square> beside = new ArrayList<>(2);
                    if (square.file() > 0) {
                        beside.add(Square.of(sq - 1));
                    }
                    if (square.file() < 7) {
                        beside.add(Square.of(sq + 1));
                    }
                    lists.add(List.copyOf(beside));
                }
            }
        }
        return Collections.unmodifiableList(lists);
    }

    /**
     * The 64 secrets (one {@link SquareCode} per square, index = {@link Square#index()}) that an
     * honest {@code answerer} offers in a phase (Ou Yang, 5.4): GENERAL their piece or empty;
     * PAWN_AHEAD "unknown" where they have a piece, else empty; EN_PASSANT "pawn" on the pawn that
     * double-stepped on their last move while the opponent is to move (the one-turn window), else empty.
     */
    public static byte[] secrets(Position position, Color answerer, QueryPhase phase) {
        byte[] b = position.board;
        byte[] codes = new byte[64];
        int them = Rules.colorBit(answerer);
        for (int sq = 0; sq < 64; sq++) {
            boolean theirs = b[sq] != 0 && (b[sq] & Rules.BLACK_BIT) == them;
            codes[sq] = (byte) switch (phase) {
                case GENERAL -> theirs ? b[sq] : SquareCode.empty(answerer);
                case PAWN_AHEAD -> theirs ? SquareCode.unknown(answerer) : SquareCode.empty(answerer);
                case EN_PASSANT -> SquareCode.empty(answerer);
            };
        }
        int ep = position.enPassantIndex();
        if (phase == QueryPhase.EN_PASSANT && ep >= 0 && position.sideToMove() == answerer.opposite()) {
            int pushed = ep + 8 * answerer.forward();
            codes[pushed] = (byte) (them | Rules.PAWN);
        }
        return codes;
    }

    /**
     * What an honest player queries now, answered by an honest opponent holding the true position:
     * a {@link QueryWalk} driven with {@link #secrets}. Ordered by phase, then by announced type
     * (king, queen, rook, bishop, knight, pawn), then by square; pieces with no queries in a phase
     * are left out.
     */
    public static List<PieceQueries> honestQueries(Position position, java.util.Set<Square> promotedSquares,
                                                   Color querier) {
        byte[][] secrets = new byte[QueryPhase.values().length][];
        for (QueryPhase phase : QueryPhase.values()) {
            secrets[phase.ordinal()] = secrets(position, querier.opposite(), phase);
        }
        QueryWalk walk = QueryWalk.start(position, promotedSquares, querier);
        List<PieceQueries> result = new ArrayList<>();
        List<Square> squares = new ArrayList<>();
        int informative = 0;
        QueryWalk.Query current = null;
        while (!walk.isDone()) {
            QueryWalk.Query q = walk.next();
            if (current != null && (q.phase() != current.phase() || q.piece() != current.piece())) {
                result.add(new PieceQueries(current.piece(), current.announcedType(), current.phase(), squares, informative));
                squares = new ArrayList<>();
                informative = 0;
            }
            current = q;
            squares.add(q.square());
            if (!q.padding()) {
                informative++;
            }
            walk = walk.answer(secrets[q.phase().ordinal()][q.square().index()]);
        }
        if (current != null) {
            result.add(new PieceQueries(current.piece(), current.announcedType(), current.phase(), squares, informative));
        }
        return Collections.unmodifiableList(result);
    }

    static List<PieceQueries> honestQueries(Position position, long promoted, Color querier) {
        java.util.Set<Square> set = java.util.EnumSet.noneOf(Square.class);
        for (int sq = 0; sq < 64; sq++) {
            if ((promoted & 1L << sq) != 0) {
                set.add(Square.of(sq));
            }
        }
        return honestQueries(position, set, querier);
    }

    /** The forward diagonal squares of a pawn on {@code sq}, left first. */
    static List<Square> pawnDiagonals(int sq, Color color) {
        int rank = (sq >> 3) + color.forward();
        if (rank < 0 || rank > 7) {
            return List.of();
        }
        int file = sq & 7;
        List<Square> result = new ArrayList<>(2);
        if (file > 0) {
            result.add(Square.at(file - 1, rank));
        }
        if (file < 7) {
            result.add(Square.at(file + 1, rank));
        }
        return result;
    }

    /** The squares straight ahead of a pawn on {@code sq}: one, or two from the start rank. */
    static List<Square> pawnAhead(int sq, Color color) {
        int rank = (sq >> 3) + color.forward();
        if (rank < 0 || rank > 7) {
            return List.of();
        }
        int file = sq & 7;
        int startRank = color == Color.WHITE ? 1 : 6;
        if (sq >> 3 == startRank) {
            return List.of(Square.at(file, rank), Square.at(file, rank + color.forward()));
        }
        return List.of(Square.at(file, rank));
    }

    private static void singletons(int[] squares, List<List<Square>> out) {
        for (int s : squares) {
            out.add(List.of(Square.of(s)));
        }
    }

    private static void rays(int[][] rays, List<List<Square>> out) {
        for (int[] ray : rays) {
            if (ray.length == 0) {
                continue;
            }
            List<Square> list = new ArrayList<>(ray.length);
            for (int s : ray) {
                list.add(Square.of(s));
            }
            out.add(List.copyOf(list));
        }
    }
}
