package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.Piece;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.Square;
import fairtable.games.chess.SquareCode;
import fairtable.games.chess.VisionTable;
import fairtable.games.chess.VisionTable.Input;
import fairtable.games.chess.VisionTable.Kind;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A dishonest sealer (White) that seals, after 1.e4, a value at f6 (where Black's g8 knight looks) that Black's view
 * cannot hold. Whether Black refuses depends on what Black asked, a secret; so the refusal must stop the game naming
 * White, or White could send table after table at the same step, each with other entries spoilt, and read Black's
 * inputs (its pieces) from which ones Black refuses. The genuine table, sealed by White's party restored honest from
 * a snapshot taken before, is then refused. In both table modes: in oprf-table the table travels with White's move and
 * opens with White's answer, in ote-table it travels in the answer.
 */
class SealedTableProbeTest {
    private static final int F6 = VisionTable.indexOf(Color.BLACK, new Input(Kind.SQUARE, Square.F6.index(), 0, 0))
            .orElseThrow();

    private record Offered(DarkChessParty black, SigningKey blackKey, Envelope bad, Envelope genuine, ProtocolViolation refusal) {}

    /** Plays up to White's answer in ply 1, offers Black the answer whose f6 entry opens to {@code f6Code}. */
    private static Offered offer(OtMode mode, int f6Code) throws Exception {
        DarkChessParameters params = new DarkChessParameters(mode, 2048, 1);
        SplittableRandom r = new SplittableRandom(7);
        SigningKey whiteKey = DarkChessPlayTest.key(r);
        SigningKey blackKey = DarkChessPlayTest.key(r);
        LyingSide.Lies spoilt = new LyingSide.Lies() {
            @Override
            public byte[] table(int ply, byte[] honest) {
                byte[] lie = honest.clone();
                lie[F6] = (byte) f6Code;
                return lie;
            }
        };
        DarkChessParty white = DarkChessParty.create(params, 0, "white", whiteKey,
                new LyingSide(ChessSide.start(Color.WHITE, DarkChessTableModeTest.script("e2e4")), spoilt, 0),
                r.split());
        DarkChessParty black = DarkChessParty.create(params, 1, "black", blackKey, ChessSide.start(Color.BLACK),
                r.split());
        Deque<Envelope> queue = new ArrayDeque<>(white.start());
        while (true) {
            Envelope e = queue.poll();
            if (e.sender() == 1 && e.type().equals("reply")) {
                byte[] before = white.snapshot();
                Envelope bad = white.receive(e).get(0);
                DarkChessParty honest = DarkChessParty.restore(before, whiteKey, new SplittableRandom(1),
                        ChessSide::fromBytes);
                Envelope genuine = honest.receive(e).get(0);
                assertThat(bad.type()).isEqualTo("answer");
                assertThat(genuine.type()).isEqualTo("answer");
                ProtocolViolation refusal = null;
                try {
                    black.receive(bad);
                } catch (ProtocolViolation v) {
                    refusal = v;
                }
                return new Offered(black, blackKey, bad, genuine, refusal);
            }
            queue.addAll((e.sender() == 0 ? black : white).receive(e));
        }
    }

    @ParameterizedTest
    @EnumSource(value = OtMode.class, names = {"OTE_TABLE", "OPRF_TABLE"})
    void anUndecodableEntryStopsTheGameNamingTheSealerSoItCannotProbeAgain(OtMode mode) throws Exception {
        Offered o = offer(mode, SquareCode.of(Piece.of(Color.BLACK, PieceType.PAWN)));
        assertThat(o.refusal()).isNotNull().hasMessageContaining("party white").hasMessageContaining("step " + o.bad()
                .step()).hasMessageNotContaining("\n");
        DarkChessParty restored = DarkChessParty.restore(o.black().snapshot(), o.blackKey(),
                new SplittableRandom(2), ChessSide::fromBytes);
        for (DarkChessParty black : new DarkChessParty[] {o.black(), restored}) {
            assertThat(black.failure()).hasValueSatisfying(v -> assertThat(v).hasMessageContaining("party white"));
            assertThat(black.isFinished()).isTrue();
            assertThatThrownBy(() -> black.receive(o.genuine())).isInstanceOf(ProtocolViolation.class)
                    .hasMessageContaining("already over");
        }
        String verdict = Auditor.audit(new TranscriptFile.Contents(o.black().transcript().envelopes(),
                o.black().rejected().stream().map(rej -> rej.envelope()).toList()),
                List.of(DarkChessReferee.audit())).line();
        assertThat(verdict).startsWith("FAILED").contains("party white").contains("the game stopped here");
    }
}
