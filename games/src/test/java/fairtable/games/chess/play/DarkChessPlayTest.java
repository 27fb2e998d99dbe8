package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DarkChessPlayTest {
    private static final List<ProtocolAudit> RULES = List.of(DarkChessReferee.audit());

    static SigningKey key(SplittableRandom random) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    static DarkChessTable table(DarkChessParameters params, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        return DarkChessTable.bots(params, key(r), key(r), r.split(), r.split());
    }

    static AuditVerdict audit(DarkChessTable table) {
        return Auditor.audit(new TranscriptFile.Contents(table.transcript(), List.of()), RULES);
    }

    @Test
    void seededBotsGameFinishesAndAuditsVerified() throws Exception {
        // Two plies, each seat moving once, to the cap (a Chou-Orlandi ply costs seconds); White moving again after
        // rebuilding from Black's move is aKingCaptureEndsTheGameAndTheAuditReplaysTheCaptures's third ply.
        DarkChessTable table = table(new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, 2), 4);
        table.play(ply -> { });
        assertThat(table.party(0).isFinished()).isTrue();
        assertThat(table.party(1).isFinished()).isTrue();
        assertThat(table.party(0).result()).contains("draw: the cap of 2 plies was reached");
        AuditVerdict verdict = audit(table);
        assertThat(verdict.line()).startsWith("VERIFIED");
        assertThat(verdict.line()).contains("draw by the ply cap", "2 plies");
        // Both players' final views are the true fog-of-war views of the game the audit replayed.
        assertThat(((ChessSide) table.party(0).side()).view().viewer()).isEqualTo(fairtable.games.chess.Color.WHITE);
    }

    /**
     * The shortest game with a capture on each side that ends by taking the king: 1.e4 f5 2.Qh5 fxe4 3.Qxe8 (the
     * queen sees the king along h5-g6-f7, which the f-pawn left).
     */
    static final String[] KING_HUNT_WHITE = {"e2e4", "d1h5", "h5e8"};
    static final String[] KING_HUNT_BLACK = {"f7f5", "f5e4"};

    @Test
    void aKingCaptureEndsTheGameAndTheAuditReplaysTheCaptures() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        DarkChessTable table = DarkChessTable.create(new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, 200),
                ChessSide.start(fairtable.games.chess.Color.WHITE, DarkChessTableModeTest.script(KING_HUNT_WHITE)),
                ChessSide.start(fairtable.games.chess.Color.BLACK, DarkChessTableModeTest.script(KING_HUNT_BLACK)),
                key(r), key(r), r.split(), r.split());
        table.play(ply -> { });
        assertThat(table.party(0).result()).contains("white wins: captured the king on e8");
        assertThat(table.party(1).result()).contains("white wins: captured the king");
        assertThat(table.party(0).plies()).isEqualTo(5);
        assertThat(table.party(1).plies()).isEqualTo(5);
        assertThat(audit(table).line()).startsWith("VERIFIED: white won by capturing the king");
    }

    @Test
    void theTranscriptSurvivesAFileRoundTripAndTamperingFailsTheAudit(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        // The file and the cut are the same in every mode: the default one, ote-table, plays the ply fastest.
        DarkChessTable table = table(new DarkChessParameters(OtMode.OTE_TABLE, 2048, 1), 5);
        table.play(ply -> { });
        java.nio.file.Path file = dir.resolve("game.jsonl");
        TranscriptFile.write(file, table.transcript(), List.of());
        assertThat(Auditor.audit(TranscriptFile.read(file), RULES).line()).startsWith("VERIFIED");
        List<fairtable.protocol.transcript.Envelope> cut = table.transcript().subList(0, table.transcript().size() - 1);
        assertThat(Auditor.audit(new TranscriptFile.Contents(cut, List.of()), RULES).line())
                .startsWith("FAILED").contains("party black").contains("before this player revealed");
    }

    /** What a person leaving mid-game throws out of its chooser. */
    private static final class Left extends RuntimeException {
    }

    @Test
    void aPersonWhoLeavesStopsTheTableWithoutABlameOrARefusedMessage() {
        SplittableRandom r = new SplittableRandom(6);
        List<fairtable.games.chess.FogView> asked = new java.util.ArrayList<>();
        DarkChessTable table = DarkChessTable.personAgainstBot(new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, 4),
                fairtable.games.chess.Color.BLACK, (view, legal, random) -> {
                    asked.add(view);
                    throw new Left();
                }, key(r), key(r), r.split(), r.split());
        // The bot plays White's first move, both rebuild, then the person (Black) is asked and leaves.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> table.play(ply -> { })).isInstanceOf(Left.class);
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).viewer()).isEqualTo(fairtable.games.chess.Color.BLACK);
        assertThat(asked.get(0).sideToMove()).isEqualTo(fairtable.games.chess.Color.BLACK);
        for (int seat = 0; seat < 2; seat++) {
            assertThat(table.party(seat).failure()).isEmpty();
            assertThat(table.party(seat).rejected()).isEmpty();
            assertThat(table.party(seat).isFinished()).isFalse();
            assertThat(table.party(seat).result()).isEmpty();
        }
        // The person's party had completed ply 0 (its last round answer sealed, never delivered) when it was asked;
        // the bot still waits for that answer. The person's transcript continues the bot's, nothing else differs.
        assertThat(table.party(1).plies()).isEqualTo(1);
        assertThat(table.party(0).plies()).isEqualTo(0);
        List<fairtable.protocol.transcript.Envelope> bot = table.party(0).transcript().envelopes();
        List<fairtable.protocol.transcript.Envelope> person = table.party(1).transcript().envelopes();
        assertThat(person).hasSizeGreaterThan(bot.size());
        assertThat(person.subList(0, bot.size())).isEqualTo(bot);
    }
}
