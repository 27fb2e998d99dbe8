package fairtable.games.chess;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The querier's side of one vision rebuild, as an immutable state machine the protocol layer can
 * drive one oblivious transfer at a time: {@link #next()} names the square to ask about (and the
 * piece announcement it belongs to), {@link #answer(int)} takes the opponent's 4-bit {@link SquareCode}
 * for it and returns the next state; when {@link #isDone()} the {@link #view} is the querier's new
 * fog-of-war view. It knows only the querier's own pieces; where a ray stops is decided by the answers.
 * The number and order of announcements and queries depend only on the announced types.
 *
 * <p>Answers are checked against what the querier already knows, so a lying opponent is caught where
 * the lie is visible here: wrong colour, a content the phase does not allow, a piece claimed on a
 * square the querier occupies, or an answer contradicting an earlier one about the same square. (Lies about dark squares need the commitments of the report's section 6.)
 */
public final class QueryWalk {

    /** One query: the announced piece (square and announced type), the phase and the square asked. */
    public record Query(QueryPhase phase, Square piece, PieceType announcedType, Square square, boolean padding) {
    }

    private record Asker(Square square, PieceType realType, PieceType announcedType) {
    }

    private static final List<PieceType> ANNOUNCEMENT_ORDER = List.of(
            PieceType.KING, PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT, PieceType.PAWN);

    private final Color querier;
    private final Color sideToMove;
    private final byte[] own;
    private final List<Asker> askers;
    // Cursor.
    private final int phase;
    private final int asker;
    private final int list;
    private final int inList;
    private final int asked;
    // Knowledge gathered so far: code per square for fully seen squares, occupancy for pawn-ahead ones.
    private final byte[] seen;
    private final long full;
    private final long occupancyKnown;
    private final long occupied;
    /** The pawn an en-passant answer showed, or null. */
    private final Square enPassantPawn;

    private QueryWalk(Color querier, Color sideToMove, byte[] own, List<Asker> askers, int phase, int asker,
                      int list, int inList, int asked, byte[] seen, long full, long occupancyKnown, long occupied,
                      Square enPassantPawn) {
        this.querier = querier;
        this.sideToMove = sideToMove;
        this.own = own;
        this.askers = askers;
        this.phase = phase;
        this.asker = asker;
        this.list = list;
        this.inList = inList;
        this.asked = asked;
        this.seen = seen;
        this.full = full;
        this.occupancyKnown = occupancyKnown;
        this.occupied = occupied;
        this.enPassantPawn = enPassantPawn;
    }

    /**
     * Starts a rebuild for {@code querier}, who knows their own pieces and which of them are promoted.
     *
     * @param sideToMove whose turn it is (public), needed for the en-passant phase and the view
     */
    public static QueryWalk start(Color querier, Color sideToMove, Map<Square, PieceType> ownPieces,
                                  Set<Square> promotedSquares) {
        Objects.requireNonNull(querier, "querier");
        Objects.requireNonNull(sideToMove, "sideToMove");
        byte[] own = new byte[64];
        List<Asker> askers = new ArrayList<>();
        for (Map.Entry<Square, PieceType> e : ownPieces.entrySet()) {
            Square sq = e.getKey();
            PieceType type = e.getValue();
            if (type == PieceType.PAWN && (sq.rank() == 0 || sq.rank() == 7)) {
                throw new IllegalArgumentException("no pawn can stand on " + sq);
            }
            boolean promoted = promotedSquares.contains(sq);
            if (promoted && !type.isPromotionTarget()) {
                throw new IllegalArgumentException("a " + type + " on " + sq + " cannot be a promoted piece");
            }
            own[sq.index()] = Piece.of(querier, type).code();
            askers.add(new Asker(sq, type, promoted ? PieceType.PAWN : type));
        }
        for (Square sq : promotedSquares) {
            if (!ownPieces.containsKey(sq)) {
                throw new IllegalArgumentException("promoted square " + sq + " holds none of the querier's pieces");
            }
        }
        askers.sort(Comparator.comparingInt((Asker a) -> ANNOUNCEMENT_ORDER.indexOf(a.announcedType()))
                .thenComparing(Asker::square));
        byte[] seen = own.clone();
        long full = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (own[sq] != 0) {
                full |= 1L << sq;
            }
        }
        return new QueryWalk(querier, sideToMove, own, List.copyOf(askers), 0, 0, 0, 0, 0, seen, full, 0, 0, null)
                .skipToQuery();
    }

    /**
     * Starts a rebuild from the querier's pieces in a position; the opponent's pieces and promoted
     * squares are ignored.
     */
    public static QueryWalk start(Position position, Set<Square> promotedSquares, Color querier) {
        Map<Square, PieceType> ownPieces = new java.util.EnumMap<>(Square.class);
        for (Square s : Square.values()) {
            position.pieceAt(s).filter(p -> p.color() == querier).ifPresent(p -> ownPieces.put(s, p.type()));
        }
        Set<Square> ownPromoted = java.util.EnumSet.noneOf(Square.class);
        for (Square s : promotedSquares) {
            if (ownPieces.containsKey(s)) {
                ownPromoted.add(s);
            }
        }
        return start(querier, position.sideToMove(), ownPieces, ownPromoted);
    }

    public boolean isDone() {
        return phase >= QueryPhase.values().length;
    }

    /**
     * The next query.
     *
     * @throws IllegalStateException if the walk is done
     */
    public Query next() {
        if (isDone()) {
            throw new IllegalStateException("the query walk is done");
        }
        Asker a = askers.get(asker);
        QueryPhase p = QueryPhase.values()[phase];
        List<List<Square>> lists = DarkChessQueries.queryLists(a.realType(), querier, a.square(), p);
        if (list < lists.size()) {
            return new Query(p, a.square(), a.announcedType(), lists.get(list).get(inList), false);
        }
        return new Query(p, a.square(), a.announcedType(), a.square(), true);
    }

    /**
     * Takes the opponent's answer to {@link #next()}.
     *
     * @throws IllegalArgumentException if the answer cannot be honest (see the class comment)
     */
    public QueryWalk answer(int code) {
        Query q = next();
        Color answerer = querier.opposite();
        if (code < 0 || code > 15 || SquareCode.color(code) != answerer) {
            throw new IllegalArgumentException("answer " + code + " for " + q.square() + " is not a "
                    + answerer.name().toLowerCase() + " square code");
        }
        int content = code & 7;
        boolean ownSquare = own[q.square().index()] != 0;
        switch (q.phase()) {
            case GENERAL -> {
                if (content == SquareCode.UNKNOWN) {
                    throw new IllegalArgumentException("'unknown' is not a general-phase answer, square " + q.square());
                }
            }
            case PAWN_AHEAD -> {
                if (content != SquareCode.EMPTY && content != SquareCode.UNKNOWN) {
                    throw new IllegalArgumentException("pawn-phase answers are only empty or unknown, square " + q.square());
                }
            }
            case EN_PASSANT -> {
                if (content != SquareCode.EMPTY && content != Rules.PAWN) {
                    throw new IllegalArgumentException("en-passant answers are only empty or pawn, square " + q.square());
                }
                if (content == Rules.PAWN && sideToMove != querier) {
                    throw new IllegalArgumentException("an en-passant pawn was shown although the querier is not to move");
                }
            }
        }
        if (ownSquare && content != SquareCode.EMPTY) {
            throw new IllegalArgumentException("the opponent claims a piece on " + q.square()
                    + ", where the querier's own piece stands");
        }
        if (q.padding()) {
            return advancePadding();
        }
        int sq = q.square().index();
        if (!ownSquare && (full & 1L << sq) != 0) {
            // Already seen fully in this rebuild: the new answer must agree with the earlier one.
            int known = seen[sq] == 0 ? SquareCode.empty(answerer) : seen[sq];
            boolean consistent = switch (q.phase()) {
                case GENERAL -> code == known;
                case PAWN_AHEAD -> (content == SquareCode.UNKNOWN) == ((known & 7) != SquareCode.EMPTY);
                case EN_PASSANT -> content == SquareCode.EMPTY || code == known;
            };
            if (!consistent) {
                throw new IllegalArgumentException("the answer for " + q.square() + " in phase " + q.phase()
                        + " contradicts an earlier answer");
            }
        }
        byte[] nextSeen = seen;
        long nextFull = full;
        long nextKnown = occupancyKnown;
        long nextOccupied = occupied;
        Square nextEnPassantPawn = enPassantPawn;
        boolean stop;
        switch (q.phase()) {
            case GENERAL -> {
                if (!ownSquare) {
                    nextSeen = seen.clone();
                    nextSeen[sq] = (byte) (content == SquareCode.EMPTY ? 0 : code);
                }
                nextFull |= 1L << sq;
                stop = ownSquare || content != SquareCode.EMPTY;
            }
            case PAWN_AHEAD -> {
                boolean isOccupied = ownSquare || content == SquareCode.UNKNOWN;
                nextKnown |= 1L << sq;
                if (isOccupied) {
                    nextOccupied |= 1L << sq;
                }
                stop = isOccupied;
            }
            default -> {
                if (content == Rules.PAWN) {
                    nextSeen = seen.clone();
                    nextSeen[sq] = (byte) code;
                    nextFull |= 1L << sq;
                    nextEnPassantPawn = q.square();
                }
                stop = false;
            }
        }
        QueryWalk updated = new QueryWalk(querier, sideToMove, own, askers, phase, asker, list, inList, asked + 1,
                nextSeen, nextFull, nextKnown, nextOccupied, nextEnPassantPawn);
        return updated.advanceInLists(stop);
    }

    private QueryWalk advanceInLists(boolean stop) {
        Asker a = askers.get(asker);
        List<List<Square>> lists = DarkChessQueries.queryLists(a.realType(), querier, a.square(), QueryPhase.values()[phase]);
        int nextList = list;
        int nextInList = inList + 1;
        if (stop || nextInList >= lists.get(list).size()) {
            nextList++;
            nextInList = 0;
        }
        return new QueryWalk(querier, sideToMove, own, askers, phase, asker, nextList, nextInList, asked, seen, full,
                occupancyKnown, occupied, enPassantPawn).skipToQuery();
    }

    private QueryWalk advancePadding() {
        return new QueryWalk(querier, sideToMove, own, askers, phase, asker, list, inList, asked + 1, seen, full,
                occupancyKnown, occupied, enPassantPawn).skipToQuery();
    }

    /** Moves the cursor to the next query still owed: a real one, padding, or the next piece or phase. */
    private QueryWalk skipToQuery() {
        int p = phase;
        int a = asker;
        int l = list;
        int i = inList;
        int n = asked;
        while (p < QueryPhase.values().length) {
            QueryPhase qp = QueryPhase.values()[p];
            if (a >= askers.size()) {
                p++;
                a = 0;
                l = 0;
                i = 0;
                n = 0;
                continue;
            }
            Asker who = askers.get(a);
            int max = DarkChessQueries.maxQueries(who.announcedType(), qp);
            if (n < max) {
                break;
            }
            a++;
            l = 0;
            i = 0;
            n = 0;
        }
        return new QueryWalk(querier, sideToMove, own, askers, p, a, l, i, n, seen, full, occupancyKnown, occupied,
                enPassantPawn);
    }

    /**
     * The querier's view after the walk.
     *
     * @throws IllegalStateException if queries are still owed
     */
    public FogView view() {
        if (!isDone()) {
            throw new IllegalStateException("queries are still owed: next is " + next());
        }
        SquareView[] squares = new SquareView[64];
        for (int sq = 0; sq < 64; sq++) {
            long bit = 1L << sq;
            if ((full & bit) != 0) {
                squares[sq] = new SquareView.Seen(Optional.ofNullable(Piece.ofCode(seen[sq])));
            } else if ((occupancyKnown & bit) != 0) {
                squares[sq] = new SquareView.Occupancy((occupied & bit) != 0);
            } else {
                squares[sq] = new SquareView.Unseen();
            }
        }
        return new FogView(querier, sideToMove, squares, new VisionMap(full, occupancyKnown), enPassantPawn);
    }

    /** Announcements in order, one per piece per phase in which it queries: phase and announced type. */
    public List<Map.Entry<QueryPhase, PieceType>> announcements() {
        List<Map.Entry<QueryPhase, PieceType>> result = new ArrayList<>();
        for (QueryPhase p : QueryPhase.values()) {
            for (Asker a : askers) {
                if (DarkChessQueries.maxQueries(a.announcedType(), p) > 0) {
                    result.add(Map.entry(p, a.announcedType()));
                }
            }
        }
        return Collections.unmodifiableList(result);
    }
}
