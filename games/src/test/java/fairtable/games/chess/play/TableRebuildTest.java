package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.proof.ProofContext;
import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.Move;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.Position;
import fairtable.games.chess.Square;
import fairtable.games.chess.VisionTable;
import fairtable.games.chess.VisionTable.Input;
import fairtable.protocol.darkchess.VisionOprf;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The one-round-trip rebuild end to end, outside a party: the answerer's sealed table, the querier's blinded batch,
 * the answer with its proof, the opened entries decoded to the view; the shapes depend only on the material, and the
 * checks the audit will run catch a false entry and a query behind the querier's own piece.
 */
class TableRebuildTest {
    private static final ProofContext CONTEXT = ProofContext.of(new byte[32], new byte[32], new byte[] {0});
    private static final List<byte[]> CATALOGUE_WHITE = encoded(VisionTable.catalogue(Color.WHITE));

    private static List<byte[]> encoded(List<Input> inputs) {
        return inputs.stream().map(Input::encoded).toList();
    }

    private static Map<Square, PieceType> own(Position p, Color c) {
        Map<Square, PieceType> own = new EnumMap<>(Square.class);
        for (Square s : Square.values()) {
            p.pieceAt(s).filter(piece -> piece.color() == c).ifPresent(piece -> own.put(s, piece.type()));
        }
        return own;
    }

    /** The three messages' sizes and White's decoded view, Black answering. */
    private record Exchange(int table, int batch, int answer, fairtable.games.chess.FogView view) {}

    private static Exchange rebuildWhite(Position p, List<Input> asked, SplittableRandom random) throws Exception {
        VisionOprf.Key key = VisionOprf.Key.generate(random);
        byte[] sealed = VisionOprf.seal(key, CATALOGUE_WHITE, VisionTable.table(p, Color.BLACK));
        VisionOprf.Batch batch = VisionOprf.blind(encoded(asked), random);
        byte[] answer = VisionOprf.answer(key, batch.message(), CONTEXT, random);
        int[] indexes = asked.stream().mapToInt(i -> VisionTable.indexOf(Color.WHITE, i).orElse(-1)).toArray();
        byte[] values = VisionOprf.open(batch, key.publicKey(), answer, CONTEXT, sealed, indexes);
        return new Exchange(sealed.length + key.publicKey().length, batch.message().length, answer.length,
                VisionTable.view(Color.WHITE, p.sideToMove(), own(p, Color.WHITE), asked, values));
    }

    @Test
    void throughTheOprfTheVisionIsTheRulesEnginesAndTheShapesDependOnlyOnTheMaterial() throws Exception {
        SplittableRandom random = new SplittableRandom(17);
        DarkChessGame start = DarkChessGame.start();
        DarkChessGame developed = start;
        for (String m : List.of("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6")) {
            developed = developed.apply(Move.parseUci(m));
        }
        List<Exchange> exchanges = new ArrayList<>();
        for (DarkChessGame g : List.of(start, developed)) {
            Position p = g.position();
            Exchange e = rebuildWhite(p, VisionTable.queries(p, Set.of(), Color.WHITE), random);
            assertThat(e.view()).isEqualTo(g.view(Color.WHITE));
            exchanges.add(e);
        }
        // Same material (16 against 16): every message has the same length, whatever the pieces see.
        assertThat(exchanges.get(1)).usingRecursiveComparison().ignoringFields("view").isEqualTo(exchanges.get(0));
        assertThat(exchanges.get(0).table()).isEqualTo(1172 + 32);
        assertThat(exchanges.get(0).batch()).isEqualTo(16 * 8 * 32);
        assertThat(exchanges.get(0).answer()).isEqualTo(16 * 8 * 32 + 64);
        // Random legal positions, sixteen through the real OPRF (thousands are checked without it, and the OPRF
        // opens whatever table it is given the same way).
        DarkChessGame g = start;
        for (int ply = 0; ply < 16 && !g.isOver(); ply++) {
            List<Move> moves = g.legalMoves();
            g = g.apply(moves.get(random.nextInt(moves.size())));
            Position p = g.position();
            assertThat(rebuildWhite(p, VisionTable.queries(p, Set.of(), Color.WHITE), random).view())
                    .as(p.toFen()).isEqualTo(g.view(Color.WHITE));
        }
    }

    @Test
    void aQueryBehindTheQueriersOwnPieceIsOutsideItsEntitlementAndShowsASquareItMayNotSee() throws Exception {
        // White's a1 rook stands behind its a2 pawn; it "asks" the a-file up to a8 instead of padding.
        Position p = Position.fromFen("4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1");
        List<Input> honest = VisionTable.queries(p, Set.of(), Color.WHITE);
        List<Input> peeking = new ArrayList<>(honest);
        int pad = peeking.indexOf(new Input(VisionTable.Kind.PAD, 1, 1, 0));
        peeking.set(pad, new Input(VisionTable.Kind.RAY, Square.A1.index(), 3, 7));
        assertThat(VisionTable.unentitled(p, Set.of(), Color.WHITE, honest)).isEmpty();
        assertThat(VisionTable.unentitled(p, Set.of(), Color.WHITE, peeking)).get().asString()
                .contains("asked Input[kind=RAY, a=0, b=3, c=7]");
        // What the peek buys, and why the audit must catch it: the entry names Black's a7 pawn behind White's own.
        byte[] table = VisionTable.table(p, Color.BLACK);
        int entry = VisionTable.indexOf(Color.WHITE, peeking.get(pad)).orElseThrow();
        assertThat(table[entry] >> 4).isEqualTo(6);
    }

    @Test
    void aFalseTableEntryIsFoundByRecomputingTheTableFromTheOpenedBoardUnderTheRevealedKey() {
        SplittableRandom random = new SplittableRandom(5);
        Position p = Position.start();
        VisionOprf.Key key = VisionOprf.Key.generate(random);
        byte[] honest = VisionTable.table(p, Color.BLACK);
        byte[] sealed = VisionOprf.seal(key, CATALOGUE_WHITE, honest);
        // Black hides its e7 pawn from a white piece looking at e7... by changing the SQUARE(e7) entry.
        int e7 = VisionTable.indexOf(Color.WHITE, new Input(VisionTable.Kind.SQUARE, Square.E7.index(), 0, 0)).orElseThrow();
        byte[] forged = sealed.clone();
        forged[e7] = VisionOprf.sealedEntry(key, CATALOGUE_WHITE.get(e7), (byte) 8);
        List<Integer> wrong = new ArrayList<>();
        for (int i = 0; i < forged.length; i++) {
            if (forged[i] != VisionOprf.sealedEntry(key, CATALOGUE_WHITE.get(i), honest[i])) {
                wrong.add(i);
            }
        }
        assertThat(wrong).containsExactly(e7);
    }
}
