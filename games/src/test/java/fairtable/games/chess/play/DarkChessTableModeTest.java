package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.Move;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The one-round-trip rebuild as a mode of the party ({@code oprf-table}): whole bots games finish in three messages a
 * ply, every view the parties rebuilt is the rules engine's, the audit verifies, and the message sizes depend only
 * on the announced material.
 */
class DarkChessTableModeTest {
    static final DarkChessParameters TABLE = new DarkChessParameters(OtMode.OPRF_TABLE, 2048, 200);

    static DarkChessParameters table(int maxPlies) {
        return new DarkChessParameters(OtMode.OPRF_TABLE, 2048, maxPlies);
    }

    /** The types of the messages of each ply (from one move to the next), hellos and the reveal left out. */
    static List<List<String>> pliesOf(List<Envelope> transcript) {
        List<List<String>> plies = new ArrayList<>();
        for (Envelope e : transcript) {
            switch (e.type()) {
                case "move" -> plies.add(new ArrayList<>(List.of("move")));
                case "reply", "answer", "round" -> plies.get(plies.size() - 1).add(e.type());
                default -> { }
            }
        }
        return plies;
    }

    @Test
    void aSeededBotsGameRebuildsEveryViewInThreeMessagesAPlyAndAuditsVerified() throws Exception {
        DarkChessTable table = DarkChessPlayTest.table(table(12), 11);
        List<Integer> checked = new ArrayList<>();
        table.play(ply -> checked.add(ply));
        assertThat(table.party(0).isFinished()).isTrue();
        assertThat(table.party(1).isFinished()).isTrue();
        for (List<String> ply : pliesOf(table.transcript())) {
            assertThat(ply).hasSizeLessThanOrEqualTo(3).isSubsetOf("move", "reply", "answer");
        }
        AuditVerdict verdict = DarkChessPlayTest.audit(table);
        assertThat(verdict.line()).startsWith("VERIFIED").contains("oprf-table");
        // Both final views are the rules engine's views of the game the moves describe.
        DarkChessGame game = DarkChessGame.start();
        String white = new String(((ChessSide) table.party(0).side()).record(), StandardCharsets.UTF_8);
        String black = new String(((ChessSide) table.party(1).side()).record(), StandardCharsets.UTF_8);
        List<String> w = List.of(white.split(" "));
        List<String> b = List.of(black.split(" "));
        for (int i = 0; i < w.size() + b.size(); i++) {
            String uci = (i % 2 == 0 ? w : b).get(i / 2);
            if (uci.equals("none") || uci.equals("resign") || uci.equals("draw")) {
                break;
            }
            game = game.apply(Move.parseUci(uci));
        }
        if (!game.isOver()) {
            assertThat(((ChessSide) table.party(0).side()).view()).isEqualTo(game.view(Color.WHITE));
            assertThat(((ChessSide) table.party(1).side()).view()).isEqualTo(game.view(Color.BLACK));
        }
    }

    /** Plays the given moves in order, whatever the view (they are chosen to be legal). */
    static ChessSide.MoveChooser script(String... moves) {
        AtomicInteger next = new AtomicInteger();
        return (view, legal, random) -> Move.parseUci(moves[next.getAndIncrement()]);
    }

    @Test
    void aKingCaptureEndsTheGameAndTheAuditReplaysIt() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        DarkChessTable table = DarkChessTable.create(TABLE,
                ChessSide.start(Color.WHITE, script(DarkChessPlayTest.KING_HUNT_WHITE)),
                ChessSide.start(Color.BLACK, script(DarkChessPlayTest.KING_HUNT_BLACK)),
                DarkChessPlayTest.key(r), DarkChessPlayTest.key(r), r.split(), r.split());
        table.play(ply -> { });
        assertThat(table.party(0).result()).contains("white wins: captured the king on e8");
        assertThat(DarkChessPlayTest.audit(table).line()).startsWith("VERIFIED: white won by capturing the king");
    }

    /** The body lengths of every move, reply and answer of a scripted game in {@code mode}, audited VERIFIED. */
    static List<Integer> sizes(OtMode mode, String[] white, String[] black) throws Exception {
        SplittableRandom r = new SplittableRandom(8);
        DarkChessTable table = DarkChessTable.create(new DarkChessParameters(mode, 2048, white.length + black.length),
                ChessSide.start(Color.WHITE, script(white)), ChessSide.start(Color.BLACK, script(black)),
                DarkChessPlayTest.key(r), DarkChessPlayTest.key(r), r.split(), r.split());
        table.play(ply -> { });
        assertThat(DarkChessPlayTest.audit(table).line()).startsWith("VERIFIED");
        return table.transcript().stream().filter(e -> List.of("move", "reply", "answer").contains(e.type()))
                .map(e -> e.body().length).toList();
    }

    @Test
    void twoGamesWithTheSameMaterialSendMessagesOfTheSameSizesWhateverThePiecesSee() throws Exception {
        // Quiet openings of two plies each, no capture: 16 against 16 throughout, yet after Black's reply White's
        // pieces see other squares (the e-pawn opened the bishop's and queen's diagonals, the a-pawn the rook's file).
        List<Integer> open = sizes(OtMode.OPRF_TABLE, new String[] {"e2e4"}, new String[] {"e7e5"});
        List<Integer> closed = sizes(OtMode.OPRF_TABLE, new String[] {"a2a3"}, new String[] {"a7a6"});
        assertThat(open).hasSize(6).isEqualTo(closed);
        // At full material: move 7 + 1 + 32 + 32 + (4 + 1172) + (4 + 6) + (4 + 128 × 32); reply 32 + 32 + (4 + 1172) +
        // (4 + 128 × 32 + 64) + (4 + 6) + (4 + 4096); answer 4 + 4160: 19,036 bytes of bodies a ply.
        assertThat(open.subList(0, 3)).containsExactly(5358, 9514, 4164);
    }
}
