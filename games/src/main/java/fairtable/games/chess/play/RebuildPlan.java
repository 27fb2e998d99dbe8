package fairtable.games.chess.play;

import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessQueries;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.QueryPhase;
import fairtable.games.chess.Square;
import fairtable.games.chess.SquareCode;
import fairtable.protocol.darkchess.DarkChessSide;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One vision rebuild run in rounds: round r of a phase asks the r-th query of every piece that still owes queries
 * in that phase, so a whole rebuild takes 27 + 2 + 2 round trips instead of hundreds. Each piece walks its query
 * lists exactly as {@link fairtable.games.chess.QueryWalk} does (stop after the first non-empty square, then pad
 * with its own square up to {@link DarkChessQueries#maxQueries}); pieces never depend on each other's answers, so
 * the squares asked are the QueryWalk's, only interleaved. Immutable.
 */
final class RebuildPlan {
    /** Announcement order, as in QueryWalk: king, queen, rook, bishop, knight, pawn, then by square. */
    static final List<PieceType> ORDER = List.of(PieceType.KING, PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP,
            PieceType.KNIGHT, PieceType.PAWN);

    record Asker(Square square, PieceType realType, PieceType announcedType) {}

    private final Color querier;
    private final List<Asker> askers;
    private final long own;
    private final List<DarkChessSide.Round> rounds;
    private final int round;
    // Per asker: list index, index in list, and per phase the answered (square, code) pairs in order.
    private final int[] list;
    private final int[] inList;
    private final List<List<List<int[]>>> answers;
    // The codes of every answered round, in order: enough to replay this plan from its start (snapshots).
    private final List<int[]> history;

    private RebuildPlan(Color querier, List<Asker> askers, long own, List<DarkChessSide.Round> rounds, int round,
            int[] list, int[] inList, List<List<List<int[]>>> answers, List<int[]> history) {
        this.querier = querier;
        this.askers = askers;
        this.own = own;
        this.rounds = rounds;
        this.round = round;
        this.list = list;
        this.inList = inList;
        this.answers = answers;
        this.history = history;
    }

    static RebuildPlan start(Color querier, Map<Square, PieceType> ownPieces, Set<Square> promoted) {
        List<Asker> askers = new ArrayList<>();
        long own = 0;
        for (Map.Entry<Square, PieceType> e : ownPieces.entrySet()) {
            askers.add(new Asker(e.getKey(), e.getValue(), promoted.contains(e.getKey()) ? PieceType.PAWN : e.getValue()));
            own |= 1L << e.getKey().index();
        }
        askers.sort(Comparator.comparingInt((Asker a) -> ORDER.indexOf(a.announcedType())).thenComparing(Asker::square));
        int[] counts = new int[ORDER.size()];
        for (Asker a : askers) {
            counts[ORDER.indexOf(a.announcedType())]++;
        }
        List<List<List<int[]>>> answers = new ArrayList<>();
        for (int p = 0; p < DarkChessSide.PHASES; p++) {
            List<List<int[]>> perAsker = new ArrayList<>();
            for (int a = 0; a < askers.size(); a++) {
                perAsker.add(List.of());
            }
            answers.add(perAsker);
        }
        return new RebuildPlan(querier, List.copyOf(askers), own, rounds(counts), 0, new int[askers.size()],
                new int[askers.size()], answers, List.of());
    }

    /** The public announcement: how many pieces of each announced type query (order {@link #ORDER}). */
    byte[] announcement() {
        byte[] counts = new byte[ORDER.size()];
        for (Asker a : askers) {
            counts[ORDER.indexOf(a.announcedType())]++;
        }
        return counts;
    }

    /** The rounds an announcement implies: in each phase, round r holds every piece whose padded count exceeds r. */
    static List<DarkChessSide.Round> rounds(int[] counts) {
        List<DarkChessSide.Round> result = new ArrayList<>();
        for (QueryPhase phase : QueryPhase.values()) {
            for (int r = 0; ; r++) {
                int size = 0;
                for (int t = 0; t < ORDER.size(); t++) {
                    if (DarkChessQueries.maxQueries(ORDER.get(t), phase) > r) {
                        size += counts[t];
                    }
                }
                if (size == 0) {
                    break;
                }
                result.add(new DarkChessSide.Round(phase.ordinal(), size));
            }
        }
        return List.copyOf(result);
    }

    List<DarkChessSide.Round> rounds() {
        return rounds;
    }

    int roundIndex() {
        return round;
    }

    boolean isDone() {
        return round >= rounds.size();
    }

    private QueryPhase phase() {
        return QueryPhase.values()[rounds.get(round).phase()];
    }

    /** The askers taking part in the current round, in order. */
    private List<Integer> members() {
        QueryPhase phase = phase();
        int r = 0;
        for (int i = round - 1; i >= 0 && rounds.get(i).phase() == phase.ordinal(); i--) {
            r++;
        }
        List<Integer> members = new ArrayList<>();
        for (int a = 0; a < askers.size(); a++) {
            if (DarkChessQueries.maxQueries(askers.get(a).announcedType(), phase) > r) {
                members.add(a);
            }
        }
        return members;
    }

    private List<List<Square>> lists(int a) {
        Asker who = askers.get(a);
        return DarkChessQueries.queryLists(who.realType(), querier, who.square(), phase());
    }

    private Square nextSquare(int a) {
        List<List<Square>> lists = lists(a);
        return list[a] < lists.size() ? lists.get(list[a]).get(inList[a]) : askers.get(a).square();
    }

    /** The squares of the current round. */
    int[] choices() {
        List<Integer> members = members();
        int[] choices = new int[members.size()];
        for (int i = 0; i < choices.length; i++) {
            choices[i] = nextSquare(members.get(i)).index();
        }
        return choices;
    }

    /**
     * Takes the answers of the current round after the checks any honest answer passes (the answerer's colour,
     * what the phase allows, no piece on the querier's own squares).
     *
     * @throws IllegalArgumentException for an answer no honest opponent gives
     */
    RebuildPlan answer(int[] codes) {
        List<Integer> members = members();
        if (codes.length != members.size()) {
            throw new IllegalArgumentException(codes.length + " answers for " + members.size() + " queries");
        }
        QueryPhase phase = phase();
        Color answerer = querier.opposite();
        int[] nextList = list.clone();
        int[] nextInList = inList.clone();
        List<List<List<int[]>>> nextAnswers = new ArrayList<>(answers);
        List<List<int[]>> phaseAnswers = new ArrayList<>(answers.get(phase.ordinal()));
        for (int i = 0; i < codes.length; i++) {
            int a = members.get(i);
            int code = codes[i];
            Square square = nextSquare(a);
            if (code < 0 || code > 15 || SquareCode.color(code) != answerer) {
                throw new IllegalArgumentException("answer " + code + " for " + square + " is not a square code of "
                        + answerer.name().toLowerCase());
            }
            int content = SquareCode.content(code);
            boolean ownSquare = (own & 1L << square.index()) != 0;
            boolean allowed = switch (phase) {
                case GENERAL -> content != SquareCode.UNKNOWN;
                case PAWN_AHEAD -> content == SquareCode.EMPTY || content == SquareCode.UNKNOWN;
                case EN_PASSANT -> content == SquareCode.EMPTY || SquareCode.piece(code).map(p -> p.type() == PieceType.PAWN).orElse(false);
            };
            if (!allowed || (ownSquare && content != SquareCode.EMPTY)) {
                throw new IllegalArgumentException("impossible " + phase + " answer " + code + " for " + square);
            }
            List<int[]> pairs = new ArrayList<>(phaseAnswers.get(a));
            pairs.add(new int[] {square.index(), code});
            phaseAnswers.set(a, List.copyOf(pairs));
            List<List<Square>> lists = lists(a);
            if (nextList[a] < lists.size()) {
                boolean stop = switch (phase) {
                    case GENERAL -> ownSquare || content != SquareCode.EMPTY;
                    case PAWN_AHEAD -> ownSquare || content == SquareCode.UNKNOWN;
                    case EN_PASSANT -> false;
                };
                nextInList[a]++;
                if (stop || nextInList[a] >= lists.get(nextList[a]).size()) {
                    nextList[a]++;
                    nextInList[a] = 0;
                }
            }
        }
        nextAnswers.set(phase.ordinal(), List.copyOf(phaseAnswers));
        int next = round + 1;
        boolean phaseEnds = next >= rounds.size() || rounds.get(next).phase() != phase.ordinal();
        if (phaseEnds) {
            nextList = new int[askers.size()];
            nextInList = new int[askers.size()];
        }
        List<int[]> nextHistory = new ArrayList<>(history);
        nextHistory.add(codes.clone());
        return new RebuildPlan(querier, askers, own, rounds, next, nextList, nextInList, List.copyOf(nextAnswers),
                List.copyOf(nextHistory));
    }

    /** The codes of each answered round so far, in order ({@link #answer} them again to rebuild this plan). */
    List<int[]> answeredRounds() {
        return history.stream().map(int[]::clone).toList();
    }

    /** The (square, code) pairs asker {@code a} received in {@code phase}, in order. */
    List<int[]> answersOf(QueryPhase phase, Square piece) {
        for (int a = 0; a < askers.size(); a++) {
            if (askers.get(a).square() == piece) {
                return answers.get(phase.ordinal()).get(a);
            }
        }
        throw new IllegalArgumentException("no piece of the querier on " + piece);
    }
}
