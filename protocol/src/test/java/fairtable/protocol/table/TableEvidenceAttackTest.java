package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An evidence file crafted against an honest seat: its genuine signed messages offered as "refused" (copies of
 * the transcript's own, and every message it signed in another game with the same key) convict nobody; the
 * audit verifies with the same result as the transcript alone.
 */
class TableEvidenceAttackTest {

    private static AuditVerdict audit(List<Envelope> messages, List<Envelope> refused) {
        return Auditor.audit(new TranscriptFile.Contents(messages, refused), List.of(new TableAudit(TableSeats.CATALOG)));
    }

    @Test
    void anHonestSeatsOwnSignedMessagesOfferedAsRefusedConvictNobody() throws Exception {
        TableSeats game = new TableSeats(3, 2, 31);
        game.pump(game.seat(0).start());
        TableSeats earlier = new TableSeats(3, 1, 31); // the same keys, another session
        earlier.pump(earlier.seat(0).start());
        List<Envelope> transcript = game.seat(2).transcript().envelopes();
        AuditVerdict alone = audit(transcript, List.of());
        assertThat(alone.verified()).as(alone.toString()).isTrue();

        List<Envelope> crafted = new ArrayList<>();
        for (Envelope e : earlier.seat(2).transcript().envelopes()) {
            if (e.sender() == 0) {
                crafted.add(e);
            }
        }
        for (Envelope e : transcript) {
            if (e.sender() == 0) {
                crafted.add(e);
            }
        }
        assertThat(crafted).hasSizeGreaterThan(20);
        AuditVerdict withCrafted = audit(transcript, crafted);
        assertThat(withCrafted.verified()).as(withCrafted.toString()).isTrue();
        assertThat(withCrafted.toString()).isEqualTo(alone.toString());
    }
}
