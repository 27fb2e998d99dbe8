package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.chess.Color;
import fairtable.games.chess.Piece;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.Square;
import fairtable.games.chess.SquareCode;
import fairtable.games.chess.VisionTable;
import fairtable.games.chess.VisionTable.Input;
import fairtable.games.chess.VisionTable.Kind;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessSide;
import fairtable.protocol.darkchess.DarkChessSide.TableRebuild;
import fairtable.protocol.darkchess.OtMode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The rules-level cheats of the table mode, done by a dishonest side and named by the audit: a false table entry
 * that misleads the querier, and a query behind the querier's own piece. (The cryptographic cheats, a false answer
 * and a false key, are in {@code fairtable.protocol.darkchess.TableAnswerCheatTest}.)
 */
class DarkChessTableCheatTest {
    private static final DarkChessParameters ONE_PLY = new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 1);

    private record Played(DarkChessTable table, AuditVerdict verdict) {}

    private static Played play(DarkChessSide white, DarkChessSide black) throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        DarkChessTable table = DarkChessTable.create(ONE_PLY, white, black, DarkChessPlayTest.key(r),
                DarkChessPlayTest.key(r), r.split(), r.split());
        table.play(ply -> { });
        assertThat(table.party(0).isFinished()).isTrue();
        return new Played(table, DarkChessPlayTest.audit(table));
    }

    private static ChessSide opening(Color color, String move) {
        return ChessSide.start(color, DarkChessTableModeTest.script(move));
    }

    @Test
    void honestSidesThroughTheLyingWrapperAuditVerified() throws Exception {
        Played p = play(new LyingSide(opening(Color.WHITE, "e2e4"), new LyingSide.Lies() { }, 0),
                new LyingSide(ChessSide.start(Color.BLACK), new LyingSide.Lies() { }, 0));
        assertThat(p.verdict().line()).startsWith("VERIFIED").contains("oprf-table");
    }

    @Test
    void aFalseTableEntryMisleadsTheQuerierAndTheAuditNamesTheAnswerer() throws Exception {
        // After 1.e4, Black's table shows a pawn of its own on f3, where White's g1 knight looks.
        int f3 = VisionTable.indexOf(Color.WHITE, new Input(Kind.SQUARE, Square.F3.index(), 0, 0)).orElseThrow();
        LyingSide.Lies phantom = new LyingSide.Lies() {
            @Override
            public byte[] table(int ply, byte[] honest) {
                byte[] lie = honest.clone();
                lie[f3] = (byte) SquareCode.of(Piece.of(Color.BLACK, PieceType.PAWN));
                return lie;
            }
        };
        Played p = play(opening(Color.WHITE, "e2e4"), new LyingSide(ChessSide.start(Color.BLACK), phantom, 0));
        assertThat(((ChessSide) p.table().party(0).side()).view().seenPiece(Square.F3))
                .contains(Piece.of(Color.BLACK, PieceType.PAWN));
        assertThat(p.verdict().line()).startsWith("FAILED").contains("party black")
                .contains("falsified a vision table entry: Input[kind=SQUARE, a=21, b=0, c=0] in ply 1");
    }

    @Test
    void aQueryBehindTheQueriersOwnPieceIsNamedByTheAudit() throws Exception {
        // White's a1 rook, behind its own a2 pawn, spends a padding query on the a-file up to a8 (it sees Black's a7
        // pawn at distance 6) and reveals what it asked.
        Input peek = new Input(Kind.RAY, Square.A1.index(), 3, 7);
        LyingSide.Lies peeking = new LyingSide.Lies() {
            @Override
            public TableRebuild tableRebuild(int ply, TableRebuild honest) {
                List<byte[]> inputs = new ArrayList<>(honest.inputs());
                int[] indexes = honest.indexes().clone();
                int pad = -1;
                for (int i = 0; i < inputs.size() && pad < 0; i++) {
                    if (Input.decode(inputs.get(i)).kind() == Kind.PAD) {
                        pad = i;
                    }
                }
                inputs.set(pad, peek.encoded());
                indexes[pad] = VisionTable.indexOf(Color.WHITE, peek).orElseThrow();
                return new TableRebuild(honest.announcement(), List.copyOf(inputs), indexes, honest.tableSize());
            }
        };
        Played p = play(new LyingSide(opening(Color.WHITE, "e2e4"), peeking, 0), ChessSide.start(Color.BLACK));
        assertThat(p.verdict().line()).startsWith("FAILED").contains("party white")
                .contains("asked beyond its entitlement in ply 1").contains("asked Input[kind=RAY, a=0, b=3, c=7]");
    }
}
