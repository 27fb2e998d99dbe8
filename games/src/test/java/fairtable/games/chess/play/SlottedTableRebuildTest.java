package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.ot.KkrtQuerier;
import fairtable.crypto.ot.KkrtSealer;
import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.DarkChessVision;
import fairtable.games.chess.Move;
import fairtable.games.chess.Position;
import fairtable.protocol.darkchess.DarkChessSide.SlottedRebuild;
import fairtable.protocol.darkchess.VisionKkrt;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The slotted rebuild of {@code ote-table} through the KKRT OPRF, side to side: the querier's opened entries decode to
 * the rules engine's view, and what travels (the query, the sealed table) has a length that depends on the announced
 * material only.
 */
class SlottedTableRebuildTest {
    private static final byte[] GAME = "slotted rebuild test".getBytes(StandardCharsets.UTF_8);
    private static byte[] sealerState;
    private static byte[] querierState;

    @BeforeAll
    static void baseTransfers() {
        SplittableRandom random = new SplittableRandom(7);
        KkrtSealer sealer = KkrtSealer.start(GAME, random.split());
        KkrtQuerier querier = KkrtQuerier.start(GAME, random.split());
        sealer.receiveBaseSetup(querier.baseSetup());
        querier.receiveBaseKeys(sealer.baseKeys());
        sealerState = sealer.state();
        querierState = querier.state();
    }

    /** One rebuild of {@code querier} against {@code sealer}: the query and the sealed table, then the rebuilt side. */
    private record Rebuilt(ChessSide side, int queryBytes, int tableBytes) {}

    private static Rebuilt rebuild(ChessSide querierSide, ChessSide sealerSide, long seed) {
        KkrtQuerier querier = KkrtQuerier.restore(querierState, new SplittableRandom(seed));
        KkrtSealer sealer = KkrtSealer.restore(sealerState);
        SlottedRebuild mine = querierSide.startSlottedRebuild();
        byte[] query = querier.query(GAME, VisionKkrt.inputs(mine.indexes()));
        sealer.receiveQuery(GAME, query);
        int[][] candidates = sealerSide.peerSlotCandidates(mine.announcement());
        byte[] sealed = VisionKkrt.seal(sealer, candidates, sealerSide.table());
        assertThat(sealed).hasSize(mine.tableSize());
        ChessSide rebuilt = (ChessSide) querierSide.slottedTableAnswered(VisionKkrt.open(querier, sealed,
                mine.offsets()));
        return new Rebuilt(rebuilt, query.length, sealed.length);
    }

    @Test
    void atTheStartEachSideRebuildsTheRulesEnginesViewAndTheTableIsAbout20000Entries() {
        ChessSide white = ChessSide.start(Color.WHITE);
        ChessSide black = ChessSide.start(Color.BLACK);
        Rebuilt w = rebuild(white, black, 1);
        Rebuilt b = rebuild(black, white, 2);
        assertThat(w.side().view()).isEqualTo(DarkChessVision.view(Position.start(), Color.WHITE));
        assertThat(b.side().view()).isEqualTo(DarkChessVision.view(Position.start(), Color.BLACK));
        assertThat(w.tableBytes()).isEqualTo(b.tableBytes()).isBetween(15_000, 25_000);
        assertThat(w.queryBytes()).isEqualTo(7 + 384 * ((128 + 128) / 8) + 128 * 50);
    }

    @Test
    void alongBotsGamesEveryRebuildIsTheRulesEnginesViewAndTheLengthsFollowTheMaterial() {
        SplittableRandom random = new SplittableRandom(2029);
        ChessSide white = ChessSide.start(Color.WHITE);
        ChessSide black = ChessSide.start(Color.BLACK);
        DarkChessGame game = DarkChessGame.start();
        Rebuilt first = null;
        int checked = 0;
        for (int ply = 0; ply < 40 && !game.isOver(); ply++) {
            List<Move> moves = game.legalMoves();
            if (moves.isEmpty()) {
                break;
            }
            Move move = moves.get(random.nextInt(moves.size()));
            ChessSide mover = game.position().sideToMove() == Color.WHITE ? white : black;
            ChessSide other = mover == white ? black : white;
            var moved = mover.choosing(move).move(random);
            var seen = other.opponentMoved(moved.announcement());
            game = game.apply(move);
            mover = (ChessSide) moved.side();
            other = (ChessSide) seen.side();
            if (moved.gameOver().isPresent()) {
                break;
            }
            Rebuilt m = rebuild(mover, other, ply);
            Rebuilt o = rebuild(other, m.side(), ply + 1000);
            Color moverColor = game.position().sideToMove().opposite();
            assertThat(m.side().view()).as("ply %d", ply).isEqualTo(game.view(moverColor));
            assertThat(o.side().view()).as("ply %d", ply).isEqualTo(game.view(moverColor.opposite()));
            if (first == null) {
                first = m;
            } else if (sameMaterial(game.position())) {
                // No capture yet: the same announced material, so the same lengths whatever the position.
                assertThat(m.tableBytes()).isEqualTo(first.tableBytes());
                assertThat(m.queryBytes()).isEqualTo(first.queryBytes());
            }
            white = moverColor == Color.WHITE ? m.side() : o.side();
            black = moverColor == Color.WHITE ? o.side() : m.side();
            checked++;
        }
        assertThat(checked).isGreaterThan(10);
    }

    private static boolean sameMaterial(Position p) {
        int pieces = 0;
        for (var s : fairtable.games.chess.Square.values()) {
            if (p.pieceAt(s).isPresent()) {
                pieces++;
            }
        }
        return pieces == 32;
    }
}
