package fairtable.games.chess;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The chess half of the one-round-trip vision rebuild (docs/dark-chess.md, "Design: the vision rebuild in one round
 * trip"). The answerer's <em>table</em> holds, for a querier of a given colour, one byte for every question the
 * querier may be entitled to ask: the code of a square ({@code SQUARE}), the first answerer piece within a ray's reach
 * and its distance ({@code RAY}), the occupancy ahead of a pawn ({@code AHEAD}) and the en-passant pawn
 * ({@code EP}); 1172 entries whatever the position, in a public order ({@link #catalogue}). The querier, who knows its
 * own blockers, computes each ray's reach and asks exactly {@link #QUERIES_PER_PIECE} inputs per piece
 * ({@link #queries}), padding with inputs in no table; its answers decode to exactly its {@link FogView}
 * ({@link #view}). Pure: how the querier obtains the entries without the answerer learning which (an oblivious PRF)
 * is the protocol's business.
 */
public final class VisionTable {
    /** Every announced piece asks this many inputs: the most any piece needs (a queen's 8 rays, 8 knight targets). */
    public static final int QUERIES_PER_PIECE = 8;

    /** What an input asks. */
    public enum Kind { SQUARE, RAY, AHEAD, EP, PAD }

    /**
     * One input: {@code SQUARE(t)}, {@code RAY(s, d, r)} (origin, direction 0..7, reach 2..7), {@code AHEAD(s, r)}
     * (the querier's pawn square, 1 or 2 squares), {@code EP(t)}, or {@code PAD(piece, slot)}, which no table holds.
     */
    public record Input(Kind kind, int a, int b, int c) {
        /** Canonical bytes: kind, then the three parameters, one byte each. */
        public byte[] encoded() {
            return new byte[] {(byte) kind.ordinal(), (byte) a, (byte) b, (byte) c};
        }

        /** The input {@link #encoded()} wrote. */
        public static Input decode(byte[] bytes) {
            if (bytes.length != 4 || (bytes[0] & 0xff) >= Kind.values().length) {
                throw new IllegalArgumentException("not an encoded vision-table input");
            }
            return new Input(Kind.values()[bytes[0]], bytes[1] & 0xff, bytes[2] & 0xff, bytes[3] & 0xff);
        }
    }

    /** The 8 ray directions: the rook's 4, then the bishop's 4 (indexes into {@link Rules}' ray tables). */
    private static int[] ray(int square, int direction) {
        return direction < 4 ? Rules.ORTHOGONAL_RAYS[square][direction] : Rules.DIAGONAL_RAYS[square][direction - 4];
    }

    private static final Map<Color, List<Input>> CATALOGUES = new EnumMap<>(Color.class);
    private static final Map<Color, Map<Input, Integer>> INDEXES = new EnumMap<>(Color.class);
    private static final Map<Color, List<byte[]>> ENCODED = new EnumMap<>(Color.class);

    static {
        for (Color c : Color.values()) {
            List<Input> inputs = new ArrayList<>();
            for (int t = 0; t < 64; t++) {
                inputs.add(new Input(Kind.SQUARE, t, 0, 0));
            }
            for (int s = 0; s < 64; s++) {
                for (int d = 0; d < 8; d++) {
                    for (int r = 2; r <= ray(s, d).length; r++) {
                        inputs.add(new Input(Kind.RAY, s, d, r));
                    }
                }
            }
            for (int s = 0; s < 64; s++) {
                int ahead = DarkChessQueries.pawnAhead(s, c).size();
                for (int r = 1; r <= ahead; r++) {
                    inputs.add(new Input(Kind.AHEAD, s, r, 0));
                }
            }
            int fifthRank = c == Color.WHITE ? 4 : 3;
            for (int file = 0; file < 8; file++) {
                inputs.add(new Input(Kind.EP, fifthRank * 8 + file, 0, 0));
            }
            Map<Input, Integer> index = new HashMap<>();
            for (int i = 0; i < inputs.size(); i++) {
                index.put(inputs.get(i), i);
            }
            CATALOGUES.put(c, List.copyOf(inputs));
            ENCODED.put(c, inputs.stream().map(Input::encoded).toList());
            INDEXES.put(c, Collections.unmodifiableMap(index));
        }
    }

    private VisionTable() {
    }

    /** Every input a querier of colour {@code querier} may be entitled to, in the table's order. */
    public static List<Input> catalogue(Color querier) {
        return CATALOGUES.get(querier);
    }

    /**
     * {@link #catalogue} encoded, the inputs the oblivious PRF hashes. Shared: callers must not change the arrays.
     */
    public static List<byte[]> encodedCatalogue(Color querier) {
        return ENCODED.get(querier);
    }

    /**
     * The honest table of {@code answerer} from its offers of two phases: {@code board} its general-phase codes and
     * {@code enPassant} its en-passant-phase codes (the pawn the querier may take en passant now, if any, else empty).
     */
    public static byte[] table(Color answerer, byte[] board, byte[] enPassant) {
        int pawn = -1;
        for (int sq = 0; sq < 64; sq++) {
            if (enPassant[sq] != SquareCode.empty(answerer)) {
                pawn = sq;
            }
        }
        return table(answerer, board, pawn);
    }

    /** The position of {@code input} in the table for {@code querier}, or empty if no table holds it (padding). */
    public static Optional<Integer> indexOf(Color querier, Input input) {
        return Optional.ofNullable(INDEXES.get(querier).get(input));
    }

    /**
     * The honest table of {@code answerer} for the other colour, index-aligned with {@link #catalogue}:
     * {@code board} is the answerer's 64 general-phase codes ({@link DarkChessQueries#secrets}, {@code GENERAL}) and
     * {@code enPassantPawn} the square of its pawn the querier may take en passant now (or -1).
     */
    public static byte[] table(Color answerer, byte[] board, int enPassantPawn) {
        if (board.length != 64) {
            throw new IllegalArgumentException("a board has 64 codes");
        }
        Color querier = answerer.opposite();
        List<Input> inputs = catalogue(querier);
        byte[] values = new byte[inputs.size()];
        int empty = SquareCode.empty(answerer);
        for (int i = 0; i < values.length; i++) {
            Input in = inputs.get(i);
            values[i] = (byte) switch (in.kind()) {
                case SQUARE -> board[in.a()];
                case RAY -> first(board, ray(in.a(), in.b()), in.c(), empty, false);
                case AHEAD -> first(board, squares(DarkChessQueries.pawnAhead(in.a(), querier)), in.b(), empty, true);
                case EP -> in.a() == enPassantPawn ? SquareCode.of(Piece.of(answerer, PieceType.PAWN)) : empty;
                case PAD -> throw new IllegalStateException("no table holds padding");
            };
        }
        return values;
    }

    /** The honest table of the answerer in {@code position} (the en-passant pawn only while the querier is to move). */
    public static byte[] table(Position position, Color answerer) {
        int ep = position.enPassantIndex();
        int pushed = ep >= 0 && position.sideToMove() == answerer.opposite() ? ep + 8 * answerer.forward() : -1;
        return table(answerer, DarkChessQueries.secrets(position, answerer, QueryPhase.GENERAL), pushed);
    }

    private static int[] squares(List<Square> list) {
        return list.stream().mapToInt(Square::index).toArray();
    }

    /** distance << 4 | code of the first non-empty square among the first {@code reach}, or {@code empty}. */
    private static int first(byte[] board, int[] line, int reach, int empty, boolean occupancyOnly) {
        for (int k = 0; k < reach; k++) {
            if (board[line[k]] != empty) {
                return (k + 1) << 4 | (occupancyOnly ? SquareCode.unknown(SquareCode.color(board[line[k]])) : board[line[k]]);
            }
        }
        return empty;
    }

    /**
     * The inputs an honest querier asks: {@link #QUERIES_PER_PIECE} per piece, pieces ordered by announced type (king,
     * queen, rook, bishop, knight, pawn; a promoted piece is announced as a pawn but asks as its real type), then by
     * square. {@code own} maps the querier's squares to real types.
     */
    public static List<Input> queries(Color querier, Map<Square, PieceType> own, Set<Square> promoted) {
        return padded(querier, own, promoted, false);
    }

    /**
     * The inputs an honest querier asks in the slotted layout of {@code ote-table}, where each of a piece's
     * {@link #QUERIES_PER_PIECE} instances (slots) has its own table of {@link #candidates}: a ray of direction d in
     * slot d (rook 0..3, bishop 4..7, queen 0..7; reach 1 asks the square, reach 0 is padding), knight and king
     * target k in slot k (padding where the querier's own piece stands), a pawn's left and right diagonal in slots 0
     * and 1, its occupancy ahead in slot 2, en passant of its left and right neighbour in slots 3 and 4. Pieces in the
     * order of {@link #queries}; unused slots are {@code PAD(piece, slot)}.
     */
    public static List<Input> slottedQueries(Color querier, Map<Square, PieceType> own, Set<Square> promoted) {
        return padded(querier, own, promoted, true);
    }

    /** The honest inputs of the querier's pieces in {@code position}. */
    public static List<Input> queries(Position position, Set<Square> promoted, Color querier) {
        return queries(querier, own(position, querier), promoted);
    }

    /** The honest slotted inputs of the querier's pieces in {@code position}. */
    public static List<Input> slottedQueries(Position position, Set<Square> promoted, Color querier) {
        return slottedQueries(querier, own(position, querier), promoted);
    }

    private static Map<Square, PieceType> own(Position position, Color querier) {
        Map<Square, PieceType> own = new EnumMap<>(Square.class);
        for (Square s : Square.values()) {
            position.pieceAt(s).filter(p -> p.color() == querier).ifPresent(p -> own.put(s, p.type()));
        }
        return own;
    }

    /** The querier's squares in the order its pieces ask: by announced type, then by square. */
    private static List<Square> askingOrder(Map<Square, PieceType> own, Set<Square> promoted) {
        List<Square> order = new ArrayList<>(own.keySet());
        order.sort(Comparator.comparingInt((Square s) -> announcedRank(announced(own, promoted, s)))
                .thenComparingInt(Square::index));
        return order;
    }

    private static PieceType announced(Map<Square, PieceType> own, Set<Square> promoted, Square s) {
        return promoted.contains(s) ? PieceType.PAWN : own.get(s);
    }

    private static List<Input> padded(Color querier, Map<Square, PieceType> own, Set<Square> promoted,
            boolean slotted) {
        List<Square> order = askingOrder(own, promoted);
        List<Input> result = new ArrayList<>(order.size() * QUERIES_PER_PIECE);
        for (int p = 0; p < order.size(); p++) {
            Square s = order.get(p);
            Input[] asks = slotted ? slots(querier, own, s.index(), own.get(s)) : packed(querier, own, s);
            for (int slot = 0; slot < QUERIES_PER_PIECE; slot++) {
                result.add(asks[slot] != null ? asks[slot] : new Input(Kind.PAD, p, slot, 0));
            }
        }
        return List.copyOf(result);
    }

    private static Input[] packed(Color querier, Map<Square, PieceType> own, Square s) {
        List<Input> asks = piece(querier, own, s.index(), own.get(s));
        if (asks.size() > QUERIES_PER_PIECE) {
            throw new IllegalStateException(own.get(s) + " asks " + asks.size());
        }
        return asks.toArray(new Input[QUERIES_PER_PIECE]);
    }

    /**
     * The announced types of a querier's pieces, one per piece in the order its inputs come (8 instances each): what
     * the sealer of a slotted table knows from the announcement, {@code counts} per type (king, queen, rook, bishop,
     * knight, pawn).
     */
    public static List<PieceType> announcedOrder(int[] counts) {
        if (counts.length != ANNOUNCED.length) {
            throw new IllegalArgumentException("six counts");
        }
        List<PieceType> order = new ArrayList<>();
        for (int t = 0; t < ANNOUNCED.length; t++) {
            for (int k = 0; k < counts[t]; k++) {
                order.add(ANNOUNCED[t]);
            }
        }
        return order;
    }

    private static final PieceType[] ANNOUNCED = {PieceType.KING, PieceType.QUEEN, PieceType.ROOK,
            PieceType.BISHOP, PieceType.KNIGHT, PieceType.PAWN};
    private static final Map<Color, int[][][]> CANDIDATES = new EnumMap<>(Color.class);

    static {
        for (Color c : Color.values()) {
            int[][][] byType = new int[ANNOUNCED.length][QUERIES_PER_PIECE][];
            for (int t = 0; t < ANNOUNCED.length; t++) {
                for (int slot = 0; slot < QUERIES_PER_PIECE; slot++) {
                    List<Input> inputs = CATALOGUES.get(c);
                    List<Integer> chosen = new ArrayList<>();
                    for (int i = 0; i < inputs.size(); i++) {
                        if (candidate(ANNOUNCED[t], slot, inputs.get(i))) {
                            chosen.add(i);
                        }
                    }
                    byType[t][slot] = chosen.stream().mapToInt(Integer::intValue).toArray();
                }
            }
            CANDIDATES.put(c, byType);
        }
    }

    /** Whether an honest piece announced as {@code type} may ask {@code input} in {@code slot} from some square. */
    private static boolean candidate(PieceType type, int slot, Input input) {
        boolean ray = input.kind() == Kind.RAY && input.b() == slot;
        boolean square = input.kind() == Kind.SQUARE;
        return switch (type) {
            case KING, KNIGHT -> square;
            case ROOK -> slot < 4 && (square || ray);
            case BISHOP -> slot >= 4 && (square || ray);
            case QUEEN -> square || ray;
            // A pawn may be a promoted piece of any type, asking as that type.
            case PAWN -> square || ray || (input.kind() == Kind.AHEAD && slot == 2)
                    || (input.kind() == Kind.EP && (slot == 3 || slot == 4));
        };
    }

    /**
     * The catalogue indexes (ascending) an honest piece of the querier's colour announced as {@code announced} could
     * ask in {@code slot} of the slotted layout, from any square: the entries a slotted table seals for that instance.
     * Shared: callers must not change the array.
     */
    public static int[] candidates(Color querier, PieceType announced, int slot) {
        return CANDIDATES.get(querier)[announcedRank(announced)][slot];
    }

    /**
     * The audit's check of a querier's revealed inputs against the honest ones of its true pieces in {@code position}:
     * empty if they are exactly the honest list, else why not (the first input that differs, such as a ray asked
     * beyond the querier's own piece).
     */
    public static Optional<String> unentitled(Position position, Set<Square> promoted, Color querier,
            List<Input> revealed) {
        return firstDifference(queries(position, promoted, querier), revealed);
    }

    /** {@link #unentitled} for the slotted layout ({@link #slottedQueries}). */
    public static Optional<String> unentitledSlotted(Position position, Set<Square> promoted, Color querier,
            List<Input> revealed) {
        return firstDifference(slottedQueries(position, promoted, querier), revealed);
    }

    private static Optional<String> firstDifference(List<Input> honest, List<Input> revealed) {
        if (revealed.size() != honest.size()) {
            return Optional.of(revealed.size() + " inputs where its pieces ask " + honest.size());
        }
        for (int i = 0; i < honest.size(); i++) {
            if (!honest.get(i).equals(revealed.get(i))) {
                return Optional.of("asked " + revealed.get(i) + " where its piece is entitled to " + honest.get(i));
            }
        }
        return Optional.empty();
    }

    /** One piece's inputs by slot (null where it pads). */
    private static Input[] slots(Color querier, Map<Square, PieceType> own, int sq, PieceType type) {
        Input[] asks = new Input[QUERIES_PER_PIECE];
        switch (type) {
            case KNIGHT -> slottedTargets(own, Rules.KNIGHT_TARGETS[sq], asks);
            case KING -> slottedTargets(own, Rules.KING_TARGETS[sq], asks);
            case ROOK, BISHOP, QUEEN -> {
                for (int d = type == PieceType.BISHOP ? 4 : 0; d < (type == PieceType.ROOK ? 4 : 8); d++) {
                    asks[d] = rayInput(own, sq, d);
                }
            }
            case PAWN -> {
                int file = sq & 7;
                for (Square t : DarkChessQueries.pawnDiagonals(sq, querier)) {
                    if (!mine(own, t.index())) {
                        asks[t.index() % 8 < file ? 0 : 1] = new Input(Kind.SQUARE, t.index(), 0, 0);
                    }
                }
                int reach = aheadReach(querier, own, sq);
                if (reach > 0) {
                    asks[2] = new Input(Kind.AHEAD, sq, reach, 0);
                }
                int fifthRank = querier == Color.WHITE ? 4 : 3;
                if (sq >> 3 == fifthRank) {
                    for (int side = 0; side < 2; side++) {
                        int neighbour = file + (side == 0 ? -1 : 1);
                        if (neighbour >= 0 && neighbour < 8 && !mine(own, fifthRank * 8 + neighbour)) {
                            asks[3 + side] = new Input(Kind.EP, fifthRank * 8 + neighbour, 0, 0);
                        }
                    }
                }
            }
        }
        return asks;
    }

    private static void slottedTargets(Map<Square, PieceType> own, int[] squares, Input[] asks) {
        for (int k = 0; k < squares.length; k++) {
            if (!mine(own, squares[k])) {
                asks[k] = new Input(Kind.SQUARE, squares[k], 0, 0);
            }
        }
    }

    /** A ray's input: the square for reach 1, the ray for more, null (padding) for reach 0. */
    private static Input rayInput(Map<Square, PieceType> own, int sq, int d) {
        int[] line = ray(sq, d);
        int reach = 0;
        while (reach < line.length && !mine(own, line[reach])) {
            reach++;
        }
        return reach == 0 ? null : reach == 1 ? new Input(Kind.SQUARE, line[0], 0, 0) : new Input(Kind.RAY, sq, d, reach);
    }

    private static int aheadReach(Color querier, Map<Square, PieceType> own, int sq) {
        int reach = 0;
        for (Square t : DarkChessQueries.pawnAhead(sq, querier)) {
            if (mine(own, t.index())) {
                break;
            }
            reach++;
        }
        return reach;
    }

    private static int announcedRank(PieceType t) {
        return switch (t) {
            case KING -> 0;
            case QUEEN -> 1;
            case ROOK -> 2;
            case BISHOP -> 3;
            case KNIGHT -> 4;
            case PAWN -> 5;
        };
    }

    private static boolean mine(Map<Square, PieceType> own, int sq) {
        return own.containsKey(Square.of(sq));
    }

    private static List<Input> piece(Color querier, Map<Square, PieceType> own, int sq, PieceType type) {
        List<Input> asks = new ArrayList<>();
        switch (type) {
            case KNIGHT -> targets(own, Rules.KNIGHT_TARGETS[sq], asks);
            case KING -> targets(own, Rules.KING_TARGETS[sq], asks);
            case ROOK -> rays(own, sq, 0, 4, asks);
            case BISHOP -> rays(own, sq, 4, 8, asks);
            case QUEEN -> rays(own, sq, 0, 8, asks);
            case PAWN -> {
                for (Square t : DarkChessQueries.pawnDiagonals(sq, querier)) {
                    if (!mine(own, t.index())) {
                        asks.add(new Input(Kind.SQUARE, t.index(), 0, 0));
                    }
                }
                int reach = aheadReach(querier, own, sq);
                if (reach > 0) {
                    asks.add(new Input(Kind.AHEAD, sq, reach, 0));
                }
                int fifthRank = querier == Color.WHITE ? 4 : 3;
                if (sq >> 3 == fifthRank) {
                    for (int file : new int[] {(sq & 7) - 1, (sq & 7) + 1}) {
                        if (file >= 0 && file < 8 && !mine(own, fifthRank * 8 + file)) {
                            asks.add(new Input(Kind.EP, fifthRank * 8 + file, 0, 0));
                        }
                    }
                }
            }
        }
        return asks;
    }

    private static void targets(Map<Square, PieceType> own, int[] squares, List<Input> asks) {
        for (int t : squares) {
            if (!mine(own, t)) {
                asks.add(new Input(Kind.SQUARE, t, 0, 0));
            }
        }
    }

    private static void rays(Map<Square, PieceType> own, int sq, int from, int to, List<Input> asks) {
        for (int d = from; d < to; d++) {
            Input input = rayInput(own, sq, d);
            if (input != null) {
                asks.add(input);
            }
        }
    }

    /**
     * The querier's view from its answers: {@code answers[i]} is the table entry of {@code queries.get(i)} (ignored for
     * padding). Throws {@link IllegalArgumentException} for an answer no honest table can hold (wrong colour, a
     * distance beyond the reach, a piece where the kind allows none).
     */
    public static FogView view(Color querier, Color sideToMove, Map<Square, PieceType> own, List<Input> queries,
            byte[] answers) {
        if (answers.length != queries.size()) {
            throw new IllegalArgumentException(answers.length + " answers to " + queries.size() + " queries");
        }
        Color answerer = querier.opposite();
        int empty = SquareCode.empty(answerer);
        long full = 0;
        long occupancyKnown = 0;
        long occupied = 0;
        int[] seen = new int[64];
        for (Map.Entry<Square, PieceType> e : own.entrySet()) {
            full |= 1L << e.getKey().index();
            seen[e.getKey().index()] = SquareCode.of(Piece.of(querier, e.getValue()));
        }
        Square enPassant = null;
        for (int i = 0; i < answers.length; i++) {
            Input in = queries.get(i);
            int v = answers[i] & 0xff;
            switch (in.kind()) {
                case PAD -> { }
                case SQUARE -> {
                    requirePieceOrEmpty(v, answerer, empty, in);
                    full |= 1L << in.a();
                    seen[in.a()] = v;
                }
                case RAY -> {
                    int[] line = ray(in.a(), in.b());
                    int reach = in.c();
                    int distance = v >> 4;
                    int code = v & 15;
                    if (v != empty && (distance < 1 || distance > reach)) {
                        throw new IllegalArgumentException("answer " + v + " to " + in + " is beyond its reach");
                    }
                    if (v != empty) {
                        requirePieceOrEmpty(code, answerer, -1, in);
                    }
                    int last = v == empty ? reach : distance;
                    for (int k = 0; k < last; k++) {
                        full |= 1L << line[k];
                        seen[line[k]] = k == distance - 1 ? code : empty;
                    }
                    if (v == empty && reach < line.length) {
                        full |= 1L << line[reach]; // the querier's own blocker, seen anyway
                    }
                }
                case AHEAD -> {
                    List<Square> ahead = DarkChessQueries.pawnAhead(in.a(), querier);
                    int distance = v == empty ? 0 : v >> 4;
                    if (v != empty && ((v & 15) != SquareCode.unknown(answerer) || distance < 1 || distance > in.b())) {
                        throw new IllegalArgumentException("answer " + v + " to " + in + " is no occupancy");
                    }
                    int last = distance == 0 ? Math.min(in.b() + 1, ahead.size()) : distance;
                    for (int k = 0; k < last; k++) {
                        int sq = ahead.get(k).index();
                        occupancyKnown |= 1L << sq;
                        if (k == distance - 1 || mine(own, sq)) {
                            occupied |= 1L << sq;
                        }
                    }
                }
                case EP -> {
                    if (v != empty && v != SquareCode.of(Piece.of(answerer, PieceType.PAWN))) {
                        throw new IllegalArgumentException("answer " + v + " to " + in + " is no pawn");
                    }
                    if (v != empty) {
                        // Two pawns may ask for the same neighbour; two different pawns cannot both have double-stepped.
                        if (enPassant != null && enPassant.index() != in.a()) {
                            throw new IllegalArgumentException("two en-passant pawns");
                        }
                        enPassant = Square.of(in.a());
                        full |= 1L << in.a();
                        seen[in.a()] = v;
                    }
                }
            }
        }
        // A pawn whose first square ahead is its own piece asks nothing, yet sees that square as occupied.
        for (Map.Entry<Square, PieceType> e : own.entrySet()) {
            if (e.getValue() == PieceType.PAWN) {
                List<Square> ahead = DarkChessQueries.pawnAhead(e.getKey().index(), querier);
                if (!ahead.isEmpty() && mine(own, ahead.get(0).index())) {
                    occupancyKnown |= 1L << ahead.get(0).index();
                    occupied |= 1L << ahead.get(0).index();
                }
            }
        }
        SquareView[] squares = new SquareView[64];
        for (int sq = 0; sq < 64; sq++) {
            long bit = 1L << sq;
            if ((full & bit) != 0) {
                squares[sq] = new SquareView.Seen(Optional.ofNullable(Piece.ofCode(seen[sq] == empty ? 0 : seen[sq])));
            } else if ((occupancyKnown & bit) != 0) {
                squares[sq] = new SquareView.Occupancy((occupied & bit) != 0);
            } else {
                squares[sq] = new SquareView.Unseen();
            }
        }
        return new FogView(querier, sideToMove, squares, new VisionMap(full, occupancyKnown), enPassant);
    }

    private static void requirePieceOrEmpty(int code, Color answerer, int empty, Input in) {
        if (code == empty) {
            return;
        }
        int content = SquareCode.content(code);
        if (content < 1 || content > 6 || SquareCode.color(code) != answerer) {
            throw new IllegalArgumentException("answer " + code + " to " + in + " is not one of the answerer's pieces");
        }
    }
}
