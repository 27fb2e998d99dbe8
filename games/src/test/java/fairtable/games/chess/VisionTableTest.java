package fairtable.games.chess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.games.chess.VisionTable.Input;
import fairtable.games.chess.VisionTable.Kind;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * The one-round-trip rebuild's chess half against the rules engine: over thousands of seeded random positions, the
 * entries an honest querier asks for decode to exactly {@link DarkChessVision}'s view, with the same number of
 * inputs for every piece and a table of the same size whatever the position.
 */
class VisionTableTest {
    private static Map<Square, PieceType> own(Position p, Color c) {
        Map<Square, PieceType> own = new EnumMap<>(Square.class);
        for (Square s : Square.values()) {
            p.pieceAt(s).filter(piece -> piece.color() == c).ifPresent(piece -> own.put(s, piece.type()));
        }
        return own;
    }

    /** What the querier decodes when the answerer's table is honest. */
    private static FogView rebuilt(Position p, Color querier) {
        List<Input> asked = VisionTable.queries(p, Set.of(), querier);
        byte[] table = VisionTable.table(p, querier.opposite());
        byte[] answers = new byte[asked.size()];
        for (int i = 0; i < answers.length; i++) {
            answers[i] = VisionTable.indexOf(querier, asked.get(i)).map(k -> table[k]).orElse((byte) 0);
        }
        return VisionTable.view(querier, p.sideToMove(), own(p, querier), asked, answers);
    }

    @Test
    void overThousandsOfRandomPositionsTheDecodedVisionIsTheRulesEnginesFogView() {
        int positions = alongRandomGames(2026, (g, random) -> {
            Position p = g.position();
            for (Color viewer : Color.values()) {
                assertThat(rebuilt(p, viewer)).as("%s in %s", viewer, p.toFen()).isEqualTo(g.view(viewer));
                List<Input> asked = VisionTable.queries(p, Set.of(), viewer);
                assertThat(asked).hasSize(VisionTable.QUERIES_PER_PIECE * own(p, viewer).size());
                assertThat(VisionTable.table(p, viewer.opposite())).hasSize(VisionTable.catalogue(viewer).size());
            }
        });
        assertThat(positions).isGreaterThan(2000);
    }

    /** Runs {@code check} on every position of 40 seeded random games (up to 160 plies each); returns their number. */
    private static int alongRandomGames(long seed, BiConsumer<DarkChessGame, SplittableRandom> check) {
        SplittableRandom random = new SplittableRandom(seed);
        int positions = 0;
        for (int game = 0; game < 40; game++) {
            DarkChessGame g = DarkChessGame.start();
            for (int ply = 0; ply < 160 && !g.isOver(); ply++) {
                check.accept(g, random);
                positions++;
                List<Move> moves = g.legalMoves();
                if (moves.isEmpty()) {
                    break;
                }
                g = g.apply(moves.get(random.nextInt(moves.size())));
            }
        }
        return positions;
    }

    @Test
    void theTableHasTheSameEntriesForEitherColourAndPaddingIsInNoTable() {
        assertThat(VisionTable.catalogue(Color.WHITE)).hasSize(1172);
        assertThat(VisionTable.catalogue(Color.BLACK)).hasSize(1172);
        assertThat(VisionTable.catalogue(Color.WHITE).stream().filter(i -> i.kind() == Kind.RAY)).hasSize(1036);
        assertThat(VisionTable.indexOf(Color.WHITE, new Input(Kind.PAD, 0, 0, 0))).isEmpty();
        Input ray = new Input(Kind.RAY, Square.A1.index(), 3, 7);
        assertThat(Input.decode(ray.encoded())).isEqualTo(ray);
    }

    @Test
    void aRookAsksOneRayPerDirectionUpToItsOwnBlockerAndNoFurther() {
        // The a1 rook at the start: its own pawn on a2 and knight on b1 block it, so it asks nothing but padding.
        List<Input> start = VisionTable.queries(Position.start(), Set.of(), Color.WHITE);
        Position open = Position.fromFen("4k3/8/8/8/8/8/1P6/R3K3 w - - 0 1");
        List<Input> asked = VisionTable.queries(open, Set.of(), Color.WHITE);
        // King first (e1), then the rook (a1): up to a8 (reach 7) and right up to d1 (reach 3, its king on e1).
        List<Input> rook = asked.subList(8, 16);
        assertThat(rook).contains(new Input(Kind.RAY, Square.A1.index(), 3, 7), new Input(Kind.RAY, Square.A1.index(), 1, 3));
        assertThat(rook.stream().filter(i -> i.kind() != Kind.PAD)).hasSize(2);
        assertThat(start.stream().filter(i -> i.kind() == Kind.RAY && i.a() == Square.A1.index())).isEmpty();
    }

    @Test
    void anAnswerNoHonestTableHoldsIsRefused() {
        Position open = Position.fromFen("4k3/8/8/8/8/8/1P6/R3K3 w - - 0 1");
        List<Input> asked = VisionTable.queries(open, Set.of(), Color.WHITE);
        byte[] answers = new byte[asked.size()];
        java.util.Arrays.fill(answers, (byte) SquareCode.empty(Color.BLACK));
        int up = asked.indexOf(new Input(Kind.RAY, Square.A1.index(), 3, 7));
        answers[up] = (byte) (8 << 4 | SquareCode.of(Piece.of(Color.BLACK, PieceType.ROOK)));
        assertThatThrownBy(() -> VisionTable.view(Color.WHITE, Color.WHITE, own(open, Color.WHITE), asked, answers))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beyond its reach");
        answers[up] = (byte) (2 << 4 | SquareCode.of(Piece.of(Color.WHITE, PieceType.ROOK)));
        assertThatThrownBy(() -> VisionTable.view(Color.WHITE, Color.WHITE, own(open, Color.WHITE), asked, answers))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not one of the answerer's pieces");
    }

    /** What the querier decodes from a slotted table: each instance's entry at its input's place among its candidates. */
    private static FogView rebuiltSlotted(Position p, Color querier, Set<Square> promoted) {
        List<Input> asked = VisionTable.slottedQueries(p, promoted, querier);
        byte[] table = VisionTable.table(p, querier.opposite());
        List<PieceType> announced = VisionTable.announcedOrder(announcedCounts(p, querier, promoted));
        byte[] answers = new byte[asked.size()];
        for (int i = 0; i < answers.length; i++) {
            Input input = asked.get(i);
            if (input.kind() == Kind.PAD) {
                continue;
            }
            int index = VisionTable.indexOf(querier, input).orElseThrow();
            int[] candidates = VisionTable.candidates(querier, announced.get(i / 8), i % 8);
            int place = Arrays.binarySearch(candidates, index);
            assertThat(place).as("%s in slot %d of a %s", input, i % 8, announced.get(i / 8)).isNotNegative();
            answers[i] = table[candidates[place]];
        }
        return VisionTable.view(querier, p.sideToMove(), own(p, querier), asked, answers);
    }

    private static int[] announcedCounts(Position p, Color c, Set<Square> promoted) {
        int[] counts = new int[6];
        own(p, c).forEach((s, t) -> counts[promoted.contains(s) ? 5 : rank(t)]++);
        return counts;
    }

    private static int rank(PieceType t) {
        return List.of(PieceType.KING, PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT,
                PieceType.PAWN).indexOf(t);
    }

    @Test
    void overThousandsOfRandomPositionsTheSlottedQueriesDecodeToTheFogViewAndLieInTheirSlotsCandidates() {
        int[] promotedPieces = {0};
        int positions = alongRandomGames(2027, (g, random) -> {
            Position p = g.position();
            for (Color viewer : Color.values()) {
                // Any piece but the king may be a promoted one, announced as a pawn and asking as its real type.
                Set<Square> promoted = new HashSet<>();
                own(p, viewer).forEach((s, t) -> {
                    if (t != PieceType.KING && t != PieceType.PAWN && random.nextInt(6) == 0) {
                        promoted.add(s);
                    }
                });
                promotedPieces[0] += promoted.size();
                assertThat(rebuiltSlotted(p, viewer, promoted)).as("%s in %s", viewer, p.toFen())
                        .isEqualTo(g.view(viewer));
                List<Input> asked = VisionTable.slottedQueries(p, promoted, viewer);
                assertThat(asked).hasSize(VisionTable.QUERIES_PER_PIECE * own(p, viewer).size());
                assertThat(VisionTable.unentitledSlotted(p, promoted, viewer, asked)).isEmpty();
            }
        });
        assertThat(positions).isGreaterThan(2000);
        assertThat(promotedPieces[0]).isGreaterThan(1000);
    }

    @Test
    void theSlotsCandidatesAreThoseTheLeadFixed() {
        int squares = 64;
        int northRays = (int) VisionTable.catalogue(Color.WHITE).stream().filter(i -> i.kind() == Kind.RAY && i.b() == 2).count();
        assertThat(VisionTable.candidates(Color.WHITE, PieceType.KNIGHT, 7)).hasSize(squares);
        assertThat(VisionTable.candidates(Color.WHITE, PieceType.KING, 0)).hasSize(squares);
        assertThat(VisionTable.candidates(Color.WHITE, PieceType.ROOK, 2)).hasSize(squares + northRays);
        assertThat(VisionTable.candidates(Color.WHITE, PieceType.ROOK, 4)).isEmpty();
        assertThat(VisionTable.candidates(Color.WHITE, PieceType.BISHOP, 3)).isEmpty();
        assertThat(VisionTable.candidates(Color.BLACK, PieceType.PAWN, 2)).hasSize(squares + northRays + 56 + 8);
        assertThat(VisionTable.candidates(Color.BLACK, PieceType.PAWN, 3)).hasSize(squares + (int) VisionTable
                .catalogue(Color.BLACK).stream().filter(i -> i.kind() == Kind.RAY && i.b() == 3).count() + 8);
        int[] order = {1, 1, 2, 2, 2, 8};
        assertThat(VisionTable.announcedOrder(order)).hasSize(16).startsWith(PieceType.KING, PieceType.QUEEN,
                PieceType.ROOK, PieceType.ROOK, PieceType.BISHOP).endsWith(PieceType.PAWN);
    }

    @Test
    void aSlottedRookAsksEachDirectionInItsOwnSlotAndAPeekBehindItsPieceIsUnentitled() {
        Position open = Position.fromFen("4k3/8/8/8/8/8/1P6/R3K3 w - - 0 1");
        List<Input> asked = VisionTable.slottedQueries(open, Set.of(), Color.WHITE);
        List<Input> rook = asked.subList(8, 16);
        // Direction indexes follow Rules.ORTHOGONAL_RAYS; the up ray reaches a8 (7), the right one d1 (3).
        assertThat(rook.get(3)).isEqualTo(new Input(Kind.RAY, Square.A1.index(), 3, 7));
        assertThat(rook.get(1)).isEqualTo(new Input(Kind.RAY, Square.A1.index(), 1, 3));
        assertThat(rook.subList(4, 8)).allMatch(i -> i.kind() == Kind.PAD);
        List<Input> peek = new java.util.ArrayList<>(asked);
        peek.set(9, new Input(Kind.RAY, Square.A1.index(), 1, 7));
        assertThat(VisionTable.unentitledSlotted(open, Set.of(), Color.WHITE, peek)).hasValue(
                "asked Input[kind=RAY, a=0, b=1, c=7] where its piece is entitled to Input[kind=RAY, a=0, b=1, c=3]");
        assertThat(VisionTable.unentitledSlotted(open, Set.of(), Color.WHITE, asked.subList(0, 8)))
                .hasValue("8 inputs where its pieces ask 24");
    }

    @Test
    void twoPawnsBesideTheSameDoubleSteppedPawnBothSeeIt() {
        // c5 and e5 both ask for d5 en passant: the same pawn twice is no contradiction, in either layout.
        Position p = Position.fromFen("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1");
        FogView expected = DarkChessVision.view(p, Color.WHITE);
        assertThat(expected.enPassantPawn()).contains(Square.D5);
        assertThat(rebuilt(p, Color.WHITE)).isEqualTo(expected);
        assertThat(rebuiltSlotted(p, Color.WHITE, Set.of())).isEqualTo(expected);
    }
}
