package fairtable.protocol.table;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.deck.DeferredProofs;
import fairtable.protocol.transcript.Transcript;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The table's audit keeps the deck proofs of every round for one batch at the end, and reaches the verdict that
 * checking them message by message reaches. (A refused deck message with a bad share still convicts its signer:
 * {@code TableWrappingAttackTest}, which goes through the batch and its one-by-one replay.)
 */
class TableAuditBatchTest {
    @Test
    void threeRoundsOfThreeSeatsAreCheckedAsOneBatchWithTheVerdictOfOneByOne() throws Exception {
        TableSeats table = new TableSeats(3, 3, 41);
        table.pump(table.seat(0).start());
        Transcript chain = table.seat(1).transcript();
        DeferredProofs pending = new DeferredProofs(new SplittableRandom(1));
        AuditVerdict batched = TableAudit.replay(HighCard.GAME, table.params, chain, List.of(), pending);
        assertThat(batched.verified()).as(batched.line()).isTrue();
        assertThat(batched.line()).contains("3 rounds").contains("game over");
        assertThat(pending.shuffles()).as("every seat's shuffle of every round").isEqualTo(3 * 3);
        assertThat(pending.proofs()).as("key proofs and decryption shares").isGreaterThan(3 * 3);
        assertThat(pending.verify()).isTrue();
        AuditVerdict oneByOne = TableAudit.replay(HighCard.GAME, table.params, chain, List.of(), null);
        assertThat(TableSeats.audit(table.seat(1)).line()).isEqualTo(oneByOne.line()).isEqualTo(batched.line());
    }
}
