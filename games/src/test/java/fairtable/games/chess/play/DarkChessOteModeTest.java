package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.chess.Color;
import fairtable.games.chess.DarkChessGame;
import fairtable.games.chess.Move;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The OT-extension rebuild as the default mode of the party ({@code ote-table}): whole bots games finish in at most three
 * messages a ply, every view the parties rebuilt is the rules engine's, the audit verifies, and the message sizes
 * depend only on the announced material.
 */
class DarkChessOteModeTest {
    static DarkChessParameters ote(int maxPlies) {
        return new DarkChessParameters(OtMode.OTE_TABLE, 2048, maxPlies);
    }

    @Test
    void theModeIsSelectedByNameAndIsTheDefault() {
        assertThat(OtMode.parse("ote-table")).isEqualTo(OtMode.OTE_TABLE);
        assertThat(DarkChessParameters.defaults().otMode()).isEqualTo(OtMode.OTE_TABLE);
    }

    @Test
    void aSeededBotsGameRebuildsEveryViewInThreeMessagesAPlyAndAuditsVerified() throws Exception {
        DarkChessTable table = DarkChessPlayTest.table(ote(24), 11);
        table.play(ply -> { });
        assertThat(table.party(0).isFinished()).isTrue();
        assertThat(table.party(1).isFinished()).isTrue();
        List<List<String>> plies = DarkChessTableModeTest.pliesOf(table.transcript());
        assertThat(plies).hasSizeGreaterThan(10);
        for (List<String> ply : plies) {
            assertThat(ply).hasSizeLessThanOrEqualTo(3).isSubsetOf("move", "reply", "answer");
        }
        AuditVerdict verdict = DarkChessPlayTest.audit(table);
        assertThat(verdict.line()).startsWith("VERIFIED").contains("ote-table");
        // Both final views are the rules engine's views of the game the moves describe.
        DarkChessGame game = DarkChessGame.start();
        List<String> w = List.of(new String(table.party(0).side().record(), StandardCharsets.UTF_8).split(" "));
        List<String> b = List.of(new String(table.party(1).side().record(), StandardCharsets.UTF_8).split(" "));
        for (int i = 0; i < w.size() + b.size(); i++) {
            String uci = (i % 2 == 0 ? w : b).get(i / 2);
            if (uci.equals("none") || uci.equals("resign") || uci.equals("draw")) {
                break;
            }
            game = game.apply(Move.parseUci(uci));
        }
        assertThat(game.isOver()).isFalse();
        assertThat(((ChessSide) table.party(0).side()).view()).isEqualTo(game.view(Color.WHITE));
        assertThat(((ChessSide) table.party(1).side()).view()).isEqualTo(game.view(Color.BLACK));
    }

    @Test
    void aKingCaptureEndsTheGameAndTheAuditReplaysIt() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        DarkChessTable table = DarkChessTable.create(ote(200),
                ChessSide.start(Color.WHITE, DarkChessTableModeTest.script(DarkChessPlayTest.KING_HUNT_WHITE)),
                ChessSide.start(Color.BLACK, DarkChessTableModeTest.script(DarkChessPlayTest.KING_HUNT_BLACK)),
                DarkChessPlayTest.key(r), DarkChessPlayTest.key(r), r.split(), r.split());
        table.play(ply -> { });
        assertThat(table.party(0).result()).contains("white wins: captured the king on e8");
        assertThat(DarkChessPlayTest.audit(table).line()).startsWith("VERIFIED: white won by capturing the king");
    }

    @Test
    void twoGamesWithTheSameMaterialSendMessagesOfTheSameSizesWhateverThePiecesSee() throws Exception {
        // Quiet openings of four plies each, no capture: 16 against 16 throughout, yet the pieces see other squares.
        List<Integer> open = DarkChessTableModeTest.sizes(OtMode.OTE_TABLE, new String[] {"e2e4", "g1f3"}, new String[] {"e7e5", "b8c6"});
        List<Integer> closed = DarkChessTableModeTest.sizes(OtMode.OTE_TABLE, new String[] {"a2a3", "h2h3"}, new String[] {"a7a6", "h7h6"});
        assertThat(open).hasSize(12).isEqualTo(closed);
        // Ply 1: move 7 + 1 + 32 + 1 + (4 + 12,289 base keys) + (4 + 33 base setup) + 1; reply 32 + 1 + (4 + 12,289)
        // + (4 + 33) + 1 + (4 + 6) + (4 + 18,695 query); answer 4 + 19,204 (the sealed table at full material).
        assertThat(open.subList(0, 3)).containsExactly(12_372, 31_073, 19_208);
        // Later plies: move 7 + 1 + 32 + 1 + 1 + (4 + 6) + (4 + 18,695); reply 32 + 1 + 1 + (4 + 19,204) + (4 + 6)
        // + (4 + 18,695); answer 4 + 19,204: 75,910 bytes of bodies a ply.
        assertThat(open.subList(3, 6)).containsExactly(18_751, 37_951, 19_208);
    }
}
