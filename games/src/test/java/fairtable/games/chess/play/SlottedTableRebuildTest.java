package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.ot.InvalidOtMessageException;
import fairtable.crypto.ot.KkrtAudit;
import fairtable.crypto.ot.KkrtQuerier;
import fairtable.crypto.ot.KkrtSealer;
import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.DarkChessVision;
import fairtable.games.chess.Move;
import fairtable.games.chess.Position;
import fairtable.games.chess.Square;
import fairtable.games.chess.VisionTable;
import fairtable.games.chess.VisionTable.Input;
import fairtable.games.chess.VisionTable.Kind;
import fairtable.protocol.darkchess.DarkChessSide.SlottedRebuild;
import fairtable.protocol.darkchess.VisionKkrt;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
    private static byte[] baseKeys;
    private static byte[] baseSetup;
    private static byte[] sealerChoices;

    @BeforeAll
    static void baseTransfers() {
        SplittableRandom random = new SplittableRandom(7);
        KkrtSealer sealer = KkrtSealer.start(GAME, random.split());
        KkrtQuerier querier = KkrtQuerier.start(GAME, random.split());
        sealer.receiveBaseSetup(querier.baseSetup());
        querier.receiveBaseKeys(sealer.baseKeys());
        sealerState = sealer.state();
        querierState = querier.state();
        baseKeys = sealer.baseKeys();
        baseSetup = querier.baseSetup();
        sealerChoices = sealer.revealChoices();
    }

    /** One batch of a slotted rebuild, as sent: the query, the candidates it was sealed over and the sealed table. */
    private record Exchange(KkrtQuerier querier, SlottedRebuild mine, byte[] query, int[][] candidates,
            byte[] sealed) {}

    private static Exchange exchange(ChessSide querierSide, ChessSide sealerSide, long seed) {
        KkrtQuerier querier = KkrtQuerier.restore(querierState, new SplittableRandom(seed));
        KkrtSealer sealer = KkrtSealer.restore(sealerState);
        SlottedRebuild mine = querierSide.startSlottedRebuild();
        byte[] query = querier.query(GAME, VisionKkrt.inputs(mine.indexes()));
        sealer.receiveQuery(GAME, query);
        int[][] candidates = sealerSide.peerSlotCandidates(mine.announcement());
        return new Exchange(querier, mine, query, candidates, VisionKkrt.seal(sealer, candidates, sealerSide.table()));
    }

    /** One rebuild of {@code querier} against {@code sealer}: the query and the sealed table, then the rebuilt side. */
    private record Rebuilt(ChessSide side, int queryBytes, int tableBytes) {}

    private static Rebuilt rebuild(ChessSide querierSide, ChessSide sealerSide, long seed) {
        Exchange x = exchange(querierSide, sealerSide, seed);
        assertThat(x.sealed()).hasSize(x.mine().tableSize());
        ChessSide rebuilt = (ChessSide) querierSide.slottedTableAnswered(VisionKkrt.open(x.querier(), x.sealed(),
                x.mine().offsets()));
        return new Rebuilt(rebuilt, x.query().length, x.sealed().length);
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

    @Test
    void theAuditRecomputesEverySealedEntryAndNamesAFalseOne() {
        ChessSide black = ChessSide.start(Color.BLACK);
        Exchange x = exchange(ChessSide.start(Color.WHITE), black, 3);
        byte[] query = x.query();
        int[][] candidates = x.candidates();
        byte[] sealed = x.sealed();

        KkrtSealer replayed = KkrtAudit.replaySealer(GAME, baseKeys, baseSetup, sealerChoices);
        replayed.receiveQuery(GAME, query);
        assertThat(VisionKkrt.firstFalseEntry(replayed, candidates, black.table(), sealed)).isEmpty();
        // Instance 64 (the first pawn's slot 0, after 8 pieces): its fifth candidate sealed false.
        int offset = 0;
        for (int j = 0; j < 64; j++) {
            offset += candidates[j].length;
        }
        sealed[offset + 4] ^= 0x10;
        KkrtSealer again = KkrtAudit.replaySealer(GAME, baseKeys, baseSetup, sealerChoices);
        again.receiveQuery(GAME, query);
        assertThat(VisionKkrt.firstFalseEntry(again, candidates, black.table(), sealed))
                .contains(new VisionKkrt.Entry(64, candidates[64][4]));
    }

    @Test
    void aPeekBehindTheQueriersOwnPieceIsNamedAndSoIsAQueryNotMadeFromTheRevealedInputs() {
        Position start = Position.start();
        List<Input> honest = VisionTable.slottedQueries(start, Set.of(), Color.WHITE);
        // Instance 19: the a1 rook's slot 3, the ray up the a-file behind its own pawn, padding when honest.
        assertThat(honest.get(19).kind()).isEqualTo(Kind.PAD);
        List<Input> peek = new ArrayList<>(honest);
        peek.set(19, new Input(Kind.RAY, Square.A1.index(), 3, 7));
        int[] peekInputs = VisionKkrt.inputs(peek.stream()
                .mapToInt(i -> VisionTable.indexOf(Color.WHITE, i).orElse(-1)).toArray());
        int[] honestInputs = VisionKkrt.inputs(honest.stream()
                .mapToInt(i -> VisionTable.indexOf(Color.WHITE, i).orElse(-1)).toArray());
        KkrtQuerier querier = KkrtQuerier.restore(querierState, new SplittableRandom(4));
        byte[] query = querier.query(GAME, peekInputs);
        byte[] revealedR = querier.revealSecret();

        // The revealed inputs made the query, and the referee finds them beyond the rook's entitlement.
        KkrtAudit.checkQuery(GAME, baseKeys, baseSetup, revealedR, GAME, peekInputs, query);
        assertThat(VisionTable.unentitledSlotted(start, Set.of(), Color.WHITE, peek)).hasValue("asked "
                + peek.get(19) + " where its piece is entitled to " + honest.get(19));
        // Claiming the honest inputs instead does not hide the peek: the query was not made from them.
        assertThatThrownBy(() -> KkrtAudit.checkQuery(GAME, baseKeys, baseSetup, revealedR, GAME, honestInputs,
                query)).isInstanceOf(InvalidOtMessageException.class)
                .hasMessageEndingWith("batch 0 is not made from the revealed r and the claimed inputs");
    }

    @Test
    void afterEachFirstMoveWhiteRebuildsAgainstBlacksPublicStartWithoutAQuery() {
        DarkChessGame start = DarkChessGame.start();
        for (Move move : start.legalMoves()) {
            ChessSide white = (ChessSide) ChessSide.start(Color.WHITE).choosing(move).move(new SplittableRandom(1))
                    .side();
            ChessSide rebuilt = (ChessSide) white.rebuiltAgainstPublicBoard();
            DarkChessGame after = start.apply(move);
            assertThat(rebuilt.view()).as("after %s", move).isEqualTo(after.view(Color.WHITE));
            // The same as through the KKRT parties against Black's side.
            assertThat(rebuild(white, ChessSide.start(Color.BLACK), 5).side().view()).isEqualTo(rebuilt.view());
        }
        // Before White's move, and for Black, the peer's board is not known to be the start.
        assertThat(ChessSide.start(Color.WHITE).rebuiltAgainstPublicBoard()).isNull();
        assertThat(ChessSide.start(Color.BLACK).rebuiltAgainstPublicBoard()).isNull();
    }
}
