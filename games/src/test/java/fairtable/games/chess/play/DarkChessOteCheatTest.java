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
import fairtable.protocol.darkchess.DarkChessSide.SlottedRebuild;
import fairtable.protocol.darkchess.OtMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The rules-level cheats of ote-table through the parties, done by a dishonest side and named by the audit: a false
 * sealed entry that misleads the querier, and a query behind the querier's own piece.
 */
class DarkChessOteCheatTest {
    private record Played(DarkChessTable table, AuditVerdict verdict) {}

    private static Played play(int plies, DarkChessSide white, DarkChessSide black) throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        DarkChessTable table = DarkChessTable.create(new DarkChessParameters(OtMode.OTE_TABLE, 2048, plies), white,
                black, DarkChessPlayTest.key(r), DarkChessPlayTest.key(r), r.split(), r.split());
        table.play(ply -> { });
        assertThat(table.party(0).isFinished()).isTrue();
        assertThat(table.party(1).isFinished()).isTrue();
        return new Played(table, DarkChessPlayTest.audit(table));
    }

    private static ChessSide opening(Color color, String... moves) {
        return ChessSide.start(color, DarkChessTableModeTest.script(moves));
    }

    @Test
    void honestSidesThroughTheLyingWrapperAuditVerified() throws Exception {
        Played p = play(2, new LyingSide(opening(Color.WHITE, "e2e4"), new LyingSide.Lies() { }, 0),
                new LyingSide(opening(Color.BLACK, "h7h6"), new LyingSide.Lies() { }, 0));
        assertThat(p.verdict().line()).startsWith("VERIFIED").contains("ote-table");
    }

    @Test
    void aFalseSealedEntryMisleadsTheQuerierAndTheAuditNamesTheSealer() throws Exception {
        // After 1.e4, White's table shows a pawn of its own on f6, where Black's g8 knight looks.
        int f6 = VisionTable.indexOf(Color.BLACK, new Input(Kind.SQUARE, Square.F6.index(), 0, 0)).orElseThrow();
        LyingSide.Lies phantom = new LyingSide.Lies() {
            @Override
            public byte[] table(int ply, byte[] honest) {
                byte[] lie = honest.clone();
                lie[f6] = (byte) SquareCode.of(Piece.of(Color.WHITE, PieceType.PAWN));
                return lie;
            }
        };
        Played p = play(1, new LyingSide(opening(Color.WHITE, "e2e4"), phantom, 0), ChessSide.start(Color.BLACK));
        assertThat(((ChessSide) p.table().party(1).side()).view().seenPiece(Square.F6))
                .contains(Piece.of(Color.WHITE, PieceType.PAWN));
        assertThat(p.verdict().line()).startsWith("FAILED").contains("party white")
                .contains("falsified a vision table entry: Input[kind=SQUARE, a=45, b=0, c=0] (instance ")
                .contains("in ply 1");
    }

    @Test
    void aQueryBehindTheQueriersOwnPieceIsNamedByTheAudit() throws Exception {
        // White's a1 rook, behind its own a2 pawn, spends its padding instance 19 on the a-file up to a8 in ply 2,
        // and reveals what it asked.
        Input peek = new Input(Kind.RAY, Square.A1.index(), 3, 7);
        LyingSide.Lies peeking = new LyingSide.Lies() {
            @Override
            public SlottedRebuild slottedRebuild(int ply, SlottedRebuild honest) {
                int[] indexes = honest.indexes().clone();
                assertThat(indexes[19]).isEqualTo(-1);
                indexes[19] = VisionTable.indexOf(Color.WHITE, peek).orElseThrow();
                return new SlottedRebuild(honest.announcement(), honest.inputs(), indexes, honest.offsets(),
                        honest.tableSize());
            }
        };
        Played p = play(2, new LyingSide(opening(Color.WHITE, "e2e4"), peeking, 0), opening(Color.BLACK, "h7h6"));
        assertThat(p.verdict().line()).startsWith("FAILED").contains("party white")
                .contains("asked beyond its entitlement in ply 2: asked Input[kind=RAY, a=0, b=3, c=7] where its"
                        + " piece is entitled to Input[kind=PAD");
    }
}
