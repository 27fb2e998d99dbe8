package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.games.chess.Color;
import fairtable.games.chess.Square;
import fairtable.games.chess.SquareCode;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.audit.ProtocolAudit;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessSide;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.TranscriptFile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Each cheat the audit claims to catch, done by a dishonest player, and the audit naming it. */
class DarkChessCheatTest {
    private static final List<ProtocolAudit> RULES = List.of(DarkChessReferee.audit());
    private static final DarkChessParameters ONE_PLY = new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, 1);


    private static AuditVerdict play(DarkChessSide white, DarkChessSide black) throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        DarkChessTable table = DarkChessTable.create(ONE_PLY, white, black, DarkChessPlayTest.key(r),
                DarkChessPlayTest.key(r), r.split(), r.split());
        table.play(ply -> { });
        assertThat(table.party(0).isFinished()).isTrue();
        return Auditor.audit(new TranscriptFile.Contents(table.transcript(), List.of()), RULES);
    }

    private static DarkChessSide liar(Color color, LyingSide.Lies lies) {
        return new LyingSide(ChessSide.start(color), lies, 0);
    }

    @Test
    void honestPlayersThroughTheLyingWrapperAuditVerified() throws Exception {
        AuditVerdict verdict = play(liar(Color.WHITE, new LyingSide.Lies() { }), liar(Color.BLACK, new LyingSide.Lies() { }));
        assertThat(verdict.line()).startsWith("VERIFIED");
    }

    /** Black shows a phantom queen on e3, where White's d2 and f2 pawns look; consistently in two phases if asked. */
    private static LyingSide.Lies phantomQueen(boolean consistent) {
        return new LyingSide.Lies() {
            @Override
            public byte[] offer(int ply, int phase, byte[] honest) {
                byte[] lie = honest.clone();
                if (ply == 1 && phase == 0) {
                    lie[Square.E3.index()] = (byte) (8 | 5);
                }
                if (ply == 1 && phase == 1 && consistent) {
                    lie[Square.E3.index()] = (byte) SquareCode.unknown(Color.BLACK);
                }
                return lie;
            }
        };
    }

    @Test
    void aFalsifiedVisionAnswerIsNamedByTheAudit() throws Exception {
        AuditVerdict verdict = play(ChessSide.start(Color.WHITE), liar(Color.BLACK, phantomQueen(true)));
        assertThat(verdict.verified()).isFalse();
        assertThat(verdict.line()).contains("party black").contains("falsified a vision answer").contains("e3");
    }

    @Test
    void aVisionAnswerContradictingAnotherStopsTheGameLiveNamingTheLiar() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        DarkChessTable table = DarkChessTable.create(ONE_PLY, ChessSide.start(Color.WHITE),
                liar(Color.BLACK, phantomQueen(false)), DarkChessPlayTest.key(r), DarkChessPlayTest.key(r),
                r.split(), r.split());
        table.play(ply -> { });
        assertThat(table.party(0).rejected()).hasSize(1);
        assertThat(table.party(0).rejected().get(0).envelope().sender()).isEqualTo(1);
        // Refused, and the game stopped: whether White refuses depends on which squares it asked, so a Black that
        // could answer again, spoilt elsewhere, would read White's pieces from the refusals.
        assertThat(table.party(0).failure()).hasValueSatisfying(v -> assertThat(v).hasMessageContaining("party black")
                .hasMessageContaining("contradicts an earlier answer").hasMessageContaining("the game is stopped"));
        assertThat(table.party(0).isFinished()).isTrue();
        assertThat(table.party(0).result()).isEmpty();
    }

    @Test
    void aBoardCommitmentContradictingTheMovesIsNamed() throws Exception {
        // White commits, after its first move, to a board where its a1 rook has gone to a4.
        LyingSide.Lies teleport = new LyingSide.Lies() {
            @Override
            public byte[] board(int ply, byte[] honest) {
                byte[] lie = honest.clone();
                lie[Square.A4.index()] = lie[Square.A1.index()];
                lie[Square.A1.index()] = (byte) SquareCode.empty(Color.WHITE);
                return lie;
            }
        };
        AuditVerdict verdict = play(liar(Color.WHITE, teleport), ChessSide.start(Color.BLACK));
        assertThat(verdict.line()).startsWith("FAILED").contains("party white")
                .contains("board it committed after ply 1 does not match");
    }

    @Test
    void aRevealedMoveThatWasNotPlayedIsNamed() throws Exception {
        // White reveals an illegal move in place of the one it played.
        LyingSide.Lies rewrite = new LyingSide.Lies() {
            @Override
            public byte[] record(byte[] honest) {
                return "e2e5".getBytes(StandardCharsets.UTF_8);
            }
        };
        AuditVerdict verdict = play(liar(Color.WHITE, rewrite), ChessSide.start(Color.BLACK));
        assertThat(verdict.line()).startsWith("FAILED").contains("party white").contains("not a legal dark-chess move");
    }

    @Test
    void aQuerierPeekingAtSquaresItCannotSeeIsNamed() throws Exception {
        // In its first round White asks about d8 (Black's queen) instead of what its king sees, learns the queen,
        // and carries on as if it had asked honestly (an empty answer fits its honest square either way).
        AtomicInteger rounds = new AtomicInteger();
        AtomicInteger answers = new AtomicInteger();
        LyingSide.Lies peek = new LyingSide.Lies() {
            @Override
            public int[] choices(int ply, int[] honest) {
                int[] lie = honest.clone();
                if (rounds.getAndIncrement() == 0) {
                    lie[0] = Square.D8.index();
                }
                return lie;
            }

            @Override
            public int[] answers(int ply, int[] received) {
                int[] covered = received.clone();
                if (answers.getAndIncrement() == 0) {
                    assertThat(covered[0]).isEqualTo(8 | 5);
                    covered[0] = SquareCode.empty(Color.BLACK);
                }
                return covered;
            }
        };
        AuditVerdict verdict = play(liar(Color.WHITE, peek), ChessSide.start(Color.BLACK));
        assertThat(verdict.line()).startsWith("FAILED").contains("party white").contains("asked other squares");
    }
}
