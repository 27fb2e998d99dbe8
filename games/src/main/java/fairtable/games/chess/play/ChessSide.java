package fairtable.games.chess.play;

import fairtable.games.chess.CastlingRight;
import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Move;
import fairtable.games.chess.Piece;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.Position;
import fairtable.games.chess.QueryPhase;
import fairtable.games.chess.QueryWalk;
import fairtable.games.chess.Square;
import fairtable.games.chess.SquareCode;
import fairtable.games.chess.VisionTable;
import fairtable.protocol.darkchess.DarkChessSide;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * One player's dark chess as the protocol sees it: only its own pieces, castling rights and promoted pieces, its
 * fog-of-war view from the last rebuild, and the public facts (captures announced, the opponent's announced
 * material). It chooses moves with a {@link MoveChooser} (the bot by default) from its view alone. Immutable.
 *
 * <p>Move announcement: kind (u8: 0 move, 1 no legal move, 2 resignation, 3 move offering a draw, 4 acceptance of
 * the draw the opponent's last move offered) | captured square (u8, 255 for none) | king captured (u8).
 * Rebuild announcement: six counts, pieces announced as king, queen, rook, bishop, knight, pawn (promoted pieces as
 * pawns).
 */
public final class ChessSide implements DarkChessSide {
    private static final int[] INITIAL_COUNTS = {1, 1, 2, 2, 2, 8};
    private static final int NONE = 255;

    /** How a player picks its move from its own view. */
    public interface MoveChooser {
        /** One of {@code legal}; or null when the move is chosen later (a person typing it between two runs). */
        Move choose(FogView view, List<Move> legal, RandomGenerator random);

        /**
         * As {@link #choose(FogView, List, RandomGenerator)}, told whether the opponent's last move offered a draw:
         * a chooser may then throw {@link AcceptsDraw} (moving declines it). By default the offer is ignored.
         */
        default Move choose(FogView view, List<Move> legal, boolean drawOffered, RandomGenerator random) {
            return choose(view, legal, random);
        }
    }

    /**
     * Thrown by a chooser whose player accepts the draw the opponent's last move offered: the side announces the
     * acceptance instead of moving, which ends the game drawn.
     */
    public static final class AcceptsDraw extends RuntimeException {
        public AcceptsDraw() {
            super("the player accepts the draw", null, false, false);
        }
    }

    /** Thrown by a chooser whose player plays {@code move} and offers a draw with it. */
    public static final class OffersDraw extends RuntimeException {
        private final Move move;

        public OffersDraw(Move move) {
            super("the player offers a draw with " + move, null, false, false);
            this.move = move;
        }

        public Move move() {
            return move;
        }
    }

    /**
     * Thrown by a chooser whose player resigns when asked for a move (a person typing "resign" at the terminal):
     * the side then announces its resignation instead of moving, as {@link #resigning()} does.
     */
    public static final class Resigns extends RuntimeException {
        public Resigns() {
            super("the player resigns", null, false, false);
        }
    }

    /** Chooses no move: the party waits until the person's move is given with {@link #choosing(Move)}. */
    public static final MoveChooser LATER = (view, legal, random) -> null;

    /** Chooses to resign instead of moving (see {@link #resigning()}); never asked for a move. */
    private static final MoveChooser RESIGNS = (view, legal, random) -> {
        throw new IllegalStateException("a resigning side chooses no move");
    };

    /** The announcement of a resignation: kind 2, nothing captured. */
    private static final int RESIGNATION = 2;
    /** A move that offers a draw: kind 3, then what the move captured, as for kind 0. */
    private static final int MOVE_OFFERING_DRAW = 3;
    /** The acceptance of the draw offered by the opponent's last move: kind 4, nothing captured; ends the game. */
    private static final int DRAW_ACCEPTED = 4;
    /** What the revealed move record says for a resignation and for an accepted draw. */
    public static final String RESIGN_RECORD = "resign";
    public static final String DRAW_RECORD = "draw";

    /** Accepts the draw offered (see {@link #acceptingDraw()}); never asked for a move. */
    private static final MoveChooser ACCEPTS_DRAW = (view, legal, random) -> {
        throw new IllegalStateException("a side accepting a draw chooses no move");
    };

    private final Color me;
    private final Color sideToMove;
    private final Map<Square, PieceType> own;
    private final Set<Square> promoted;
    private final Set<CastlingRight> rights;
    private final Square doublePushed;
    private final FogView view;
    private final int myCaptures;
    private final List<String> moves;
    private final RebuildPlan plan;
    private final MoveChooser chooser;
    /** The draw on offer: the last move, by whichever side made it, offered one (or none did). */
    private final DrawOffer drawOffer;

    /** Who offered the draw still on offer: only the last move's offer stands, and moving declines it. */
    private enum DrawOffer { NONE, BY_OPPONENT, BY_ME }

    private ChessSide(Color me, Color sideToMove, Map<Square, PieceType> own, Set<Square> promoted,
            Set<CastlingRight> rights, Square doublePushed, FogView view, int myCaptures, List<String> moves,
            RebuildPlan plan, MoveChooser chooser) {
        this(me, sideToMove, own, promoted, rights, doublePushed, view, myCaptures, moves, plan, chooser, DrawOffer.NONE);
    }

    private ChessSide(Color me, Color sideToMove, Map<Square, PieceType> own, Set<Square> promoted,
            Set<CastlingRight> rights, Square doublePushed, FogView view, int myCaptures, List<String> moves,
            RebuildPlan plan, MoveChooser chooser, DrawOffer drawOffer) {
        this.me = me;
        this.sideToMove = sideToMove;
        this.own = own;
        this.promoted = promoted;
        this.rights = rights;
        this.doublePushed = doublePushed;
        this.view = view;
        this.myCaptures = myCaptures;
        this.moves = moves;
        this.plan = plan;
        this.chooser = chooser;
        this.drawOffer = drawOffer;
    }

    /** A player of {@code color} at the standard start, moving like {@link BotChooser}. */
    public static ChessSide start(Color color) {
        return start(color, new BotChooser());
    }

    public static ChessSide start(Color color, MoveChooser chooser) {
        DarkChessGame game = DarkChessGame.start();
        Map<Square, PieceType> own = new EnumMap<>(Square.class);
        for (Square s : Square.values()) {
            game.position().pieceAt(s).filter(p -> p.color() == color).ifPresent(p -> own.put(s, p.type()));
        }
        Set<CastlingRight> rights = EnumSet.noneOf(CastlingRight.class);
        for (CastlingRight r : CastlingRight.values()) {
            if (r.color() == color) {
                rights.add(r);
            }
        }
        return new ChessSide(color, Color.WHITE, Map.copyOf(own), Set.of(), Set.copyOf(rights), null,
                game.view(color), 0, List.of(), null, chooser);
    }

    public Color color() {
        return me;
    }

    /** The view from the last completed rebuild. */
    public FogView view() {
        return view;
    }

    /** The moves this side may play now: none unless it is its turn and its view is rebuilt. */
    public List<Move> legalMoves() {
        return sideToMove == me && plan == null ? view.legalMoves(rights) : List.of();
    }

    private Moved resigned() {
        return new Moved(with(me.opposite(), own, promoted, rights, null, view, myCaptures, append(RESIGN_RECORD), null)
                .withDrawOffer(DrawOffer.NONE), new byte[] {RESIGNATION, (byte) NONE, 0},
                Optional.of(name(me.opposite()) + " wins: " + name(me) + " resigned"));
    }

    private Moved acceptedDraw() {
        if (drawOffer != DrawOffer.BY_OPPONENT) {
            throw new IllegalStateException("no draw was offered: " + name(me.opposite())
                    + "'s last move did not offer one");
        }
        return new Moved(with(me.opposite(), own, promoted, rights, null, view, myCaptures, append(DRAW_RECORD), null)
                .withDrawOffer(DrawOffer.NONE), new byte[] {DRAW_ACCEPTED, (byte) NONE, 0}, Optional.of(AGREED_DRAW));
    }

    /** The result of a draw offered and accepted. */
    public static final String AGREED_DRAW = "draw: agreed";

    /** This side resigning at its turn: its "move" ends the game, which the other side wins. */
    public ChessSide resigning() {
        return withChooser(RESIGNS);
    }

    /**
     * This side accepting, at its turn, the draw the opponent's last move offered: its "move" ends the game drawn.
     * {@link #move} refuses it if no draw is on offer.
     */
    public ChessSide acceptingDraw() {
        return withChooser(ACCEPTS_DRAW);
    }

    /** This side choosing {@code move} at its turn (a move a person typed); {@link #move} refuses it if illegal. */
    public ChessSide choosing(Move move) {
        return withChooser((v, legal, random) -> move);
    }

    /** This side playing {@code move} at its turn and offering a draw with it. */
    public ChessSide offeringDraw(Move move) {
        return withChooser((v, legal, random) -> {
            throw new OffersDraw(move);
        });
    }

    private ChessSide with(Color toMove, Map<Square, PieceType> ownNow, Set<Square> promotedNow,
            Set<CastlingRight> rightsNow, Square pushed, FogView viewNow, int captures, List<String> movesNow,
            RebuildPlan planNow) {
        return new ChessSide(me, toMove, ownNow, promotedNow, rightsNow, pushed, viewNow, captures, movesNow, planNow,
                chooser, drawOffer);
    }

    private ChessSide withDrawOffer(DrawOffer offer) {
        return new ChessSide(me, sideToMove, own, promoted, rights, doublePushed, view, myCaptures, moves, plan, chooser,
                offer);
    }

    private ChessSide withChooser(MoveChooser next) {
        return new ChessSide(me, sideToMove, own, promoted, rights, doublePushed, view, myCaptures, moves, plan, next,
                drawOffer);
    }

    /** Whether the opponent's last move offered a draw, which this side may accept instead of moving. */
    public boolean drawOffered() {
        return drawOffer == DrawOffer.BY_OPPONENT;
    }

    private static int forward(Color c) {
        return c == Color.WHITE ? 1 : -1;
    }

    @Override
    public Moved move(RandomGenerator random) {
        if (sideToMove != me || plan != null) {
            throw new IllegalStateException("not " + me + "'s turn to move");
        }
        if (chooser == RESIGNS) {
            return resigned();
        }
        if (chooser == ACCEPTS_DRAW) {
            return acceptedDraw();
        }
        List<Move> legal = view.legalMoves(rights);
        if (legal.isEmpty()) {
            return new Moved(with(me.opposite(), own, promoted, rights, null, view, myCaptures, append("none"), null)
                    .withDrawOffer(DrawOffer.NONE), new byte[] {1, (byte) NONE, 0}, Optional.of("draw: " + name(me) + " has no move"));
        }
        Move move;
        boolean offering = false;
        try {
            move = chooser.choose(view, legal, drawOffered(), random);
        } catch (Resigns resigns) {
            return resigned();
        } catch (AcceptsDraw accepts) {
            return acceptedDraw();
        } catch (OffersDraw offers) {
            move = offers.move();
            offering = true;
        }
        if (move == null) {
            return null;
        }
        if (!legal.contains(move)) {
            throw new IllegalStateException("the chooser picked " + move + ", not a legal move");
        }
        Map<Square, PieceType> next = new EnumMap<>(Square.class);
        next.putAll(own);
        Set<Square> nextPromoted = EnumSet.noneOf(Square.class);
        nextPromoted.addAll(promoted);
        Set<CastlingRight> nextRights = EnumSet.noneOf(CastlingRight.class);
        nextRights.addAll(rights);
        PieceType type = next.remove(move.from());
        Square captured = null;
        Optional<Piece> target = view.seenPiece(move.to());
        if (target.isPresent() && target.get().color() != me) {
            captured = move.to();
        } else if (type == PieceType.PAWN && move.from().file() != move.to().file()) {
            captured = Square.at(move.to().file(), move.from().rank());
        }
        boolean kingTaken = captured != null && view.seenPiece(captured).map(p -> p.type() == PieceType.KING).orElse(false);
        next.put(move.to(), move.promotion() != null ? move.promotion() : type);
        boolean wasPromoted = nextPromoted.remove(move.from());
        if (wasPromoted || move.promotion() != null) {
            nextPromoted.add(move.to());
        }
        for (CastlingRight r : CastlingRight.values()) {
            if (r.color() == me && type == PieceType.KING && r.kingFrom() == move.from() && r.kingTo() == move.to()
                    && rights.contains(r)) {
                next.remove(r.rookFrom());
                next.put(r.rookTo(), PieceType.ROOK);
            }
            if (r.color() == me && (type == PieceType.KING || r.rookFrom() == move.from())) {
                nextRights.remove(r);
            }
        }
        Square pushed = type == PieceType.PAWN && Math.abs(move.to().rank() - move.from().rank()) == 2 ? move.to() : null;
        ChessSide after = with(me.opposite(), Map.copyOf(next), Set.copyOf(nextPromoted), Set.copyOf(nextRights),
                pushed, view, myCaptures + (captured == null ? 0 : 1), append(move.uci()), null)
                .withDrawOffer(offering ? DrawOffer.BY_ME : DrawOffer.NONE);
        byte[] announcement = {(byte) (offering ? MOVE_OFFERING_DRAW : 0),
                (byte) (captured == null ? NONE : captured.index()), (byte) (kingTaken ? 1 : 0)};
        return new Moved(after, announcement, kingTaken
                ? Optional.of(name(me) + " wins: captured the king on " + captured) : Optional.empty());
    }

    private List<String> append(String move) {
        List<String> list = new ArrayList<>(moves);
        list.add(move);
        return List.copyOf(list);
    }

    static String name(Color c) {
        return c == Color.WHITE ? "white" : "black";
    }

    @Override
    public Moved opponentMoved(byte[] announcement) {
        if (sideToMove == me || plan != null) {
            throw new IllegalArgumentException("it is not the opponent's turn to move");
        }
        if (announcement.length != 3 || announcement[0] > DRAW_ACCEPTED || announcement[0] < 0 || announcement[2] > 1
                || announcement[2] < 0) {
            throw new IllegalArgumentException("malformed move announcement");
        }
        int capturedIndex = announcement[1] & 0xff;
        boolean kingClaimed = announcement[2] == 1;
        if (announcement[0] == RESIGNATION) {
            if (capturedIndex != NONE || kingClaimed) {
                throw new IllegalArgumentException("a resignation with a capture");
            }
            return new Moved(with(me, own, promoted, rights, null, view, myCaptures, moves, null), announcement,
                    Optional.of(name(me) + " wins: " + name(me.opposite()) + " resigned"));
        }
        if (announcement[0] == DRAW_ACCEPTED) {
            if (capturedIndex != NONE || kingClaimed) {
                throw new IllegalArgumentException("a draw acceptance with a capture");
            }
            if (drawOffer != DrawOffer.BY_ME) {
                throw new IllegalArgumentException("accepts a draw my last move did not offer");
            }
            return new Moved(with(me, own, promoted, rights, null, view, myCaptures, moves, null), announcement,
                    Optional.of(AGREED_DRAW));
        }
        if (announcement[0] == 1) {
            if (capturedIndex != NONE || kingClaimed) {
                throw new IllegalArgumentException("a 'no move' announcement with a capture");
            }
            return new Moved(with(me, own, promoted, rights, null, view, myCaptures, moves, null), announcement,
                    Optional.of("draw: " + name(me.opposite()) + " has no move"));
        }
        Map<Square, PieceType> next = own;
        Set<Square> nextPromoted = promoted;
        Set<CastlingRight> nextRights = rights;
        boolean kingTaken = false;
        if (capturedIndex != NONE) {
            if (capturedIndex > 63) {
                throw new IllegalArgumentException("capture square " + capturedIndex + " is off the board");
            }
            Square sq = Square.of(capturedIndex);
            PieceType lost = own.get(sq);
            if (lost == null) {
                throw new ContradictsOwnPieces("announces a capture on " + sq + ", where I have no piece");
            }
            kingTaken = lost == PieceType.KING;
            Map<Square, PieceType> m = new EnumMap<>(Square.class);
            m.putAll(own);
            m.remove(sq);
            next = Map.copyOf(m);
            Set<Square> p = EnumSet.noneOf(Square.class);
            p.addAll(promoted);
            p.remove(sq);
            nextPromoted = Set.copyOf(p);
            Set<CastlingRight> r = EnumSet.noneOf(CastlingRight.class);
            r.addAll(rights);
            r.removeIf(right -> right.rookFrom() == sq);
            nextRights = Set.copyOf(r);
        }
        if (kingTaken != kingClaimed) {
            throw new ContradictsOwnPieces(kingClaimed ? "claims my king was captured, it was not"
                    : "captured my king without saying so");
        }
        return new Moved(with(me, next, nextPromoted, nextRights, null, view, myCaptures, moves, null)
                .withDrawOffer(announcement[0] == MOVE_OFFERING_DRAW ? DrawOffer.BY_OPPONENT : DrawOffer.NONE), announcement,
                kingTaken ? Optional.of(name(me.opposite()) + " wins: captured the king") : Optional.empty());
    }

    @Override
    public byte[] board() {
        return offer(QueryPhase.GENERAL.ordinal());
    }

    @Override
    public byte[] offer(int phase) {
        byte[] codes = new byte[64];
        for (int sq = 0; sq < 64; sq++) {
            PieceType type = own.get(Square.of(sq));
            codes[sq] = (byte) switch (QueryPhase.values()[phase]) {
                case GENERAL -> type == null ? SquareCode.empty(me) : SquareCode.of(Piece.of(me, type));
                case PAWN_AHEAD -> type == null ? SquareCode.empty(me) : SquareCode.unknown(me);
                case EN_PASSANT -> SquareCode.empty(me);
            };
        }
        if (phase == QueryPhase.EN_PASSANT.ordinal() && doublePushed != null && sideToMove == me.opposite()) {
            codes[doublePushed.index()] = (byte) SquareCode.of(Piece.of(me, PieceType.PAWN));
        }
        return codes;
    }

    @Override
    public Rebuild startRebuild() {
        RebuildPlan started = RebuildPlan.start(me, own, promoted);
        return new Rebuild(with(sideToMove, own, promoted, rights, doublePushed, view, myCaptures, moves, started),
                started.announcement(), started.rounds());
    }

    @Override
    public List<Round> peerRounds(byte[] announcement) {
        if (announcement.length != INITIAL_COUNTS.length) {
            throw new IllegalArgumentException("a rebuild announcement has six counts, got " + announcement.length);
        }
        int[] counts = new int[INITIAL_COUNTS.length];
        int total = 0;
        for (int t = 0; t < counts.length; t++) {
            counts[t] = announcement[t];
            if (counts[t] < 0 || counts[t] > INITIAL_COUNTS[t]) {
                throw new IllegalArgumentException("announces " + counts[t] + " pieces of type "
                        + RebuildPlan.ORDER.get(t) + ", at most " + INITIAL_COUNTS[t] + " exist");
            }
            total += counts[t];
        }
        if (counts[0] != 1) {
            throw new IllegalArgumentException("announces " + counts[0] + " kings");
        }
        if (total != 16 - myCaptures) {
            throw new IllegalArgumentException("announces " + total + " pieces; I captured " + myCaptures
                    + " of 16");
        }
        return RebuildPlan.rounds(counts);
    }

    @Override
    public int[] nextChoices() {
        if (plan == null || plan.isDone()) {
            throw new IllegalStateException("no rebuild round is due");
        }
        return plan.choices();
    }

    @Override
    public DarkChessSide answered(int[] codes) {
        if (plan == null || plan.isDone()) {
            throw new IllegalArgumentException("answers to no query");
        }
        RebuildPlan next = plan.answer(codes);
        if (!next.isDone()) {
            return with(sideToMove, own, promoted, rights, doublePushed, view, myCaptures, moves, next);
        }
        // Replay every answer through the QueryWalk, which checks them together and builds the view.
        QueryWalk walk = QueryWalk.start(me, sideToMove, own, promoted);
        Map<QueryPhase, Map<Square, Integer>> used = new EnumMap<>(QueryPhase.class);
        while (!walk.isDone()) {
            QueryWalk.Query q = walk.next();
            int k = used.computeIfAbsent(q.phase(), x -> new EnumMap<>(Square.class)).merge(q.piece(), 1, Integer::sum) - 1;
            int[] pair = next.answersOf(q.phase(), q.piece()).get(k);
            if (pair[0] != q.square().index()) {
                throw new IllegalStateException("round schedule and query walk disagree at " + q);
            }
            walk = walk.answer(pair[1]);
        }
        return with(sideToMove, own, promoted, rights, doublePushed, walk.view(), myCaptures, moves, null);
    }

    // ---- the one-round-trip rebuild: the rules half of VisionTable, the cryptography is the party's.

    @Override
    public List<byte[]> tableInputs() {
        return VisionTable.encodedCatalogue(me.opposite());
    }

    @Override
    public byte[] table() {
        return VisionTable.table(me, board(), offer(QueryPhase.EN_PASSANT.ordinal()));
    }

    @Override
    public TableRebuild startTableRebuild() {
        List<VisionTable.Input> inputs = VisionTable.queries(me, own, promoted);
        int[] indexes = inputs.stream().mapToInt(i -> VisionTable.indexOf(me, i).orElse(-1)).toArray();
        return new TableRebuild(RebuildPlan.start(me, own, promoted).announcement(),
                inputs.stream().map(VisionTable.Input::encoded).toList(), indexes, VisionTable.catalogue(me).size());
    }

    @Override
    public int peerTableQueries(byte[] announcement) {
        peerRounds(announcement); // the same checks of the announced material
        int pieces = 0;
        for (byte count : announcement) {
            pieces += count;
        }
        return VisionTable.QUERIES_PER_PIECE * pieces;
    }

    @Override
    public DarkChessSide tableAnswered(byte[] entries) {
        return viewFrom(VisionTable.queries(me, own, promoted), entries);
    }

    /** This side with the view its asked inputs' opened entries decode to. */
    private ChessSide viewFrom(List<VisionTable.Input> asked, byte[] entries) {
        FogView rebuilt = VisionTable.view(me, sideToMove, own, asked, entries);
        return with(sideToMove, own, promoted, rights, doublePushed, rebuilt, myCaptures, moves, null);
    }

    @Override
    public SlottedRebuild startSlottedRebuild() {
        List<VisionTable.Input> inputs = VisionTable.slottedQueries(me, own, promoted);
        byte[] announcement = RebuildPlan.start(me, own, promoted).announcement();
        int[][] candidates = slotCandidates(me, announcement);
        int[] indexes = new int[inputs.size()];
        int[] offsets = new int[inputs.size()];
        int offset = 0;
        for (int j = 0; j < indexes.length; j++) {
            indexes[j] = VisionTable.indexOf(me, inputs.get(j)).orElse(-1);
            offsets[j] = indexes[j] < 0 ? -1 : offset + Arrays.binarySearch(candidates[j], indexes[j]);
            if (indexes[j] >= 0 && offsets[j] < offset) {
                throw new IllegalStateException(inputs.get(j) + " is no candidate of its slot");
            }
            offset += candidates[j].length;
        }
        return new SlottedRebuild(announcement, inputs.stream().map(VisionTable.Input::encoded).toList(), indexes,
                offsets, offset);
    }

    @Override
    public int[][] peerSlotCandidates(byte[] announcement) {
        peerRounds(announcement); // the same checks of the announced material
        return slotCandidates(me.opposite(), announcement);
    }

    /** Each instance's candidates for a querier of colour {@code querier} whose announcement is {@code counts}. */
    static int[][] slotCandidates(Color querier, byte[] counts) {
        int[] announced = new int[counts.length];
        for (int t = 0; t < counts.length; t++) {
            announced[t] = counts[t];
        }
        List<PieceType> order = VisionTable.announcedOrder(announced);
        int[][] candidates = new int[order.size() * VisionTable.QUERIES_PER_PIECE][];
        for (int j = 0; j < candidates.length; j++) {
            candidates[j] = VisionTable.candidates(querier, order.get(j / VisionTable.QUERIES_PER_PIECE),
                    j % VisionTable.QUERIES_PER_PIECE);
        }
        return candidates;
    }

    @Override
    public DarkChessSide slottedTableAnswered(byte[] entries) {
        return viewFrom(VisionTable.slottedQueries(me, own, promoted), entries);
    }

    @Override
    public DarkChessSide rebuiltAgainstPublicBoard() {
        if (me != Color.WHITE || moves.size() != 1 || sideToMove != Color.BLACK) {
            return null;
        }
        byte[] startTable = VisionTable.table(Position.start(), Color.BLACK);
        List<VisionTable.Input> inputs = VisionTable.slottedQueries(me, own, promoted);
        byte[] entries = new byte[inputs.size()];
        for (int j = 0; j < entries.length; j++) {
            entries[j] = VisionTable.indexOf(me, inputs.get(j)).map(i -> startTable[i]).orElse((byte) 0);
        }
        return slottedTableAnswered(entries);
    }

    @Override
    public byte[] record() {
        return String.join(" ", moves).getBytes(StandardCharsets.UTF_8);
    }

    /** How many rounds of a rebuild in progress are answered (0 when none is in progress). */
    int rebuildRoundsAnswered() {
        return plan == null ? 0 : plan.roundIndex();
    }

    /** Version 2 added the draw on offer; version 1 (no draw offers then) still decodes. */
    private static final int ENCODING_VERSION = 2;
    private static final int MAX_MOVES = 1 << 16;

    /**
     * Version | colour | side to move | own pieces (count, then square and type ordinal, by square) | promoted
     * squares (count, squares) | castling rights (bit per ordinal) | double-pushed pawn (255 none) | view |
     * captures | moves (space-separated UCI; the last may be resign or draw) | draw on offer (u8: none, by the
     * opponent, by me) | rebuild in progress (flag, then the codes of each answered round,
     * replayed from its start on decoding, which re-checks them). The move chooser is not state: it is given back
     * by {@link #fromBytes(byte[], MoveChooser)}.
     */
    @Override
    public byte[] toBytes() {
        WireWriter w = new WireWriter().u8(ENCODING_VERSION).u8(me.ordinal()).u8(sideToMove.ordinal());
        List<Square> ownSquares = own.keySet().stream().sorted().toList();
        w.u8(ownSquares.size());
        for (Square s : ownSquares) {
            w.u8(s.index()).u8(own.get(s).ordinal());
        }
        List<Square> promotedSquares = promoted.stream().sorted().toList();
        w.u8(promotedSquares.size());
        promotedSquares.forEach(s -> w.u8(s.index()));
        int rightBits = 0;
        for (CastlingRight r : rights) {
            rightBits |= 1 << r.ordinal();
        }
        w.u8(rightBits).u8(doublePushed == null ? NONE : doublePushed.index()).fixed(view.toBytes()).u32(myCaptures)
                .string(String.join(" ", moves));
        w.u8(drawOffer.ordinal());
        w.u8(plan == null ? 0 : 1);
        if (plan != null) {
            List<int[]> rounds = plan.answeredRounds();
            w.u32(rounds.size());
            for (int[] codes : rounds) {
                byte[] b = new byte[codes.length];
                for (int i = 0; i < b.length; i++) {
                    b[i] = (byte) codes[i];
                }
                w.blob(b);
            }
        }
        return w.toBytes();
    }

    /** The side {@link #toBytes()} encoded, moving like {@link BotChooser}. */
    public static ChessSide fromBytes(byte[] bytes) throws MalformedMessageException {
        return fromBytes(bytes, new BotChooser());
    }

    /**
     * The side {@link #toBytes()} encoded, choosing its moves with {@code chooser}.
     *
     * @throws MalformedMessageException if the bytes are not an encoded side
     */
    public static ChessSide fromBytes(byte[] bytes, MoveChooser chooser) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int version = r.u8();
        if (version != ENCODING_VERSION && version != 1) {
            throw new MalformedMessageException("unknown chess side encoding version");
        }
        try {
            Color me = color(r.u8());
            Color toMove = color(r.u8());
            int ownCount = r.u8();
            // A side whose king was captured has lost but must still open (a mail game read after it ended).
            if (ownCount > 16) {
                throw new MalformedMessageException(ownCount + " own pieces");
            }
            Map<Square, PieceType> own = new EnumMap<>(Square.class);
            Square previous = null;
            for (int i = 0; i < ownCount; i++) {
                Square s = square(r.u8());
                int type = r.u8();
                if (type >= PieceType.values().length || (previous != null && s.compareTo(previous) <= 0)) {
                    throw new MalformedMessageException("own pieces not a sorted list of typed squares");
                }
                own.put(s, PieceType.values()[type]);
                previous = s;
            }
            if (own.values().stream().filter(t -> t == PieceType.KING).count() > 1) {
                throw new MalformedMessageException("own pieces with more than one king");
            }
            int promotedCount = r.u8();
            Set<Square> promoted = EnumSet.noneOf(Square.class);
            for (int i = 0; i < promotedCount; i++) {
                Square s = square(r.u8());
                if (!own.containsKey(s) || !promoted.add(s)) {
                    throw new MalformedMessageException("promoted square " + s + " holds none of my pieces");
                }
            }
            int rightBits = r.u8();
            Set<CastlingRight> rights = EnumSet.noneOf(CastlingRight.class);
            for (CastlingRight right : CastlingRight.values()) {
                if ((rightBits & 1 << right.ordinal()) != 0) {
                    if (right.color() != me) {
                        throw new MalformedMessageException("a castling right of the other colour");
                    }
                    rights.add(right);
                }
            }
            if (rightBits >>> CastlingRight.values().length != 0) {
                throw new MalformedMessageException("unknown castling right bits");
            }
            int pushed = r.u8();
            Square doublePushed = pushed == NONE ? null : square(pushed);
            FogView view;
            try {
                view = FogView.fromBytes(r.fixed(FogView.ENCODED_LENGTH, "the view"));
            } catch (IllegalArgumentException e) {
                throw new MalformedMessageException(e.getMessage());
            }
            if (view.viewer() != me) {
                throw new MalformedMessageException("the view is the other colour's");
            }
            int captures = r.count(15, "the captures");
            String joined = r.string(MAX_MOVES * 6, "the moves");
            List<String> moves = joined.isEmpty() ? List.of() : List.of(joined.split(" ", -1));
            for (int i = 0; i < moves.size(); i++) {
                String m = moves.get(i);
                boolean ending = m.equals(RESIGN_RECORD) || m.equals(DRAW_RECORD);
                if (ending ? i != moves.size() - 1 : !m.equals("none") && !m.matches("[a-h][1-8][a-h][1-8][nbrq]?")) {
                    throw new MalformedMessageException("'" + m + "' is not a recorded move"
                            + (ending ? " before the last" : ""));
                }
            }
            DrawOffer offer = DrawOffer.NONE;
            if (version >= 2) {
                int o = r.u8();
                if (o >= DrawOffer.values().length) {
                    throw new MalformedMessageException("draw offer " + o);
                }
                offer = DrawOffer.values()[o];
            }
            RebuildPlan plan = null;
            if (r.u8() == 1) {
                Map<Square, PieceType> ownNow = Map.copyOf(own);
                plan = RebuildPlan.start(me, ownNow, Set.copyOf(promoted));
                int answeredRounds = r.count(plan.rounds().size() - 1, "the answered rounds");
                for (int i = 0; i < answeredRounds; i++) {
                    byte[] b = r.blob(16, "a round's answers");
                    int[] codes = new int[b.length];
                    for (int k = 0; k < codes.length; k++) {
                        codes[k] = b[k];
                    }
                    try {
                        plan = plan.answer(codes);
                    } catch (IllegalArgumentException e) {
                        throw new MalformedMessageException("round " + i + " of the rebuild: " + e.getMessage());
                    }
                }
            }
            r.end();
            return new ChessSide(me, toMove, Map.copyOf(own), Set.copyOf(promoted), Set.copyOf(rights), doublePushed,
                    view, captures, moves, plan, chooser, offer);
        } catch (MalformedMessageException e) {
            throw new MalformedMessageException("chess side: " + e.getMessage());
        }
    }

    private static Color color(int ordinal) throws MalformedMessageException {
        if (ordinal > 1) {
            throw new MalformedMessageException("colour " + ordinal);
        }
        return Color.values()[ordinal];
    }

    private static Square square(int index) throws MalformedMessageException {
        if (index > 63) {
            throw new MalformedMessageException("square " + index + " is off the board");
        }
        return Square.of(index);
    }
}
