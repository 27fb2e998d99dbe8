package fairtable.games.chess.play;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DarkChessPlayTest {
    @BeforeAll
    static void rules() {
        DarkChessReferee.install();
    }

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
        return Auditor.audit(new TranscriptFile.Contents(table.transcript(), List.of()));
    }

    @Test
    void seededBotsGameFinishesAndAuditsVerified() throws Exception {
        DarkChessTable table = table(new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, 12), 4);
        table.play(ply -> { });
        assertThat(table.party(0).isFinished()).isTrue();
        assertThat(table.party(1).isFinished()).isTrue();
        assertThat(table.party(0).result()).contains("draw: the cap of 12 plies was reached");
        AuditVerdict verdict = audit(table);
        assertThat(verdict.line()).startsWith("VERIFIED");
        assertThat(verdict.line()).contains("draw by the ply cap", "12 plies");
    }
}
