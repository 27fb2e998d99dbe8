package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A dishonest mover that announces a capture on a square to learn whether the other side has a piece there (e5, where
 * Black has none): whether Black refuses depends on Black's secret pieces, so a refusal that left Black waiting would
 * let White ask square after square, then send its genuine move. The refusal stops the game naming White, for good
 * (a snapshot keeps it), in every mode; the genuine move is then refused and the audit names White.
 */
class MoveAnnouncementProbeTest {
    @ParameterizedTest
    @EnumSource(value = OtMode.class, names = {"CHOU_ORLANDI", "OPRF_TABLE", "OTE_TABLE"})
    void aMoveAnnouncingACaptureWhereTheOtherSideHasNoPieceStopsTheGameNamingTheMover(OtMode mode) throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        SigningKey[] keys = {DarkChessPlayTest.key(r), DarkChessPlayTest.key(r)};
        DarkChessTable table = DarkChessTable.bots(new DarkChessParameters(mode, 256, 2), keys[0], keys[1], r.split(),
                r.split());
        DarkChessParty white = table.party(0);
        DarkChessParty black = table.party(1);
        List<Envelope> out = white.start();
        out = black.receive(out.get(0));
        Envelope move = white.receive(out.get(0)).get(0);
        assertThat(move.type()).isEqualTo("move");
        byte[] body = move.body().clone();
        body[5] = 36; // the announcement (a blob, first) captures on e5
        Envelope probe = Envelope.sign(keys[0], move.session(), move.seq(), move.prev(), 0, move.step(), move.type(),
                body);
        int accepted = black.transcript().size();

        assertThatThrownBy(() -> black.receive(probe)).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("party white").hasMessageContaining("step " + move.step())
                .hasMessageContaining("where I have no piece").hasMessageContaining("the game is stopped")
                .hasMessageNotContaining("\n");
        DarkChessParty restored = DarkChessParty.restore(black.snapshot(), keys[1], new SplittableRandom(3),
                ChessSide::fromBytes);
        for (DarkChessParty p : new DarkChessParty[] {black, restored}) {
            assertThat(p.failure()).hasValueSatisfying(v -> assertThat(v).hasMessageContaining("party white"));
            assertThat(p.isFinished()).isTrue();
            assertThatThrownBy(() -> p.receive(move)).isInstanceOf(ProtocolViolation.class)
                    .hasMessageContaining("already over");
            assertThat(p.transcript().size()).isEqualTo(accepted);
        }
        String verdict = Auditor.audit(new TranscriptFile.Contents(black.transcript().envelopes(),
                black.rejected().stream().map(rej -> rej.envelope()).toList()),
                List.of(DarkChessReferee.audit())).line();
        assertThat(verdict).startsWith("FAILED").contains("party white");
    }
}
