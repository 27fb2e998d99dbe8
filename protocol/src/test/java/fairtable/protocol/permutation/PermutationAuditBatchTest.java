package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.proof.ProofBatch;
import fairtable.protocol.permutation.PermutationMessage.SealingKeyAnnouncement;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The audit checks every seat's sealing-key proof in one batch; a transcript whose one bad proof nobody checked
 * gets the verdict of checking one by one, naming its author.
 */
class PermutationAuditBatchTest {
    /** A whole deal of 3 seats: keys, handouts, commitments, a private and a public reveal, every opening. */
    private static Table played() throws Exception {
        return new Table(3, 20, 77).setUp().revealTo(4, 1).revealPublicly(7).finish();
    }

    @Test
    void anHonestDealKeepsEverySealingKeyProofForOneBatch() throws Exception {
        Table table = played();
        Transcript chain = table.seat(0).transcript();
        ProofBatch<Integer> pending = new ProofBatch<>();
        String batched = PermutationAudit.audit(chain, List.of(), pending).line();
        assertThat(batched).startsWith("VERIFIED");
        assertThat(pending.size()).as("one proof per seat").isEqualTo(3);
        assertThat(pending.verifies()).isTrue();
        assertThat(Table.audit(table.seat(0)).line()).isEqualTo(batched)
                .isEqualTo(PermutationAudit.audit(chain, List.of(), null).line());
    }

    /**
     * Bob's sealing key carried with alice's proof, signed by bob at step 2, and every later message signed again by
     * its sender on the new chain (no later proof or box depends on the chain): only the batch can tell.
     */
    @Test
    void aDealWithOneBadSealingKeyProofNamesItsAuthor() throws Exception {
        Table table = played();
        List<Envelope> genuine = table.seat(0).transcript().envelopes();
        byte[] alices = stepOf(genuine, 1).body();
        byte[] bobs = stepOf(genuine, 2).body();
        byte[] forged = new WireWriter().fixed(Arrays.copyOf(bobs, 32)).fixed(Arrays.copyOfRange(alices, 32, alices.length))
                .toBytes();
        Transcript spoilt = new Transcript();
        boolean after = false;
        for (Envelope e : genuine) {
            boolean bobsKey = e.step() == 2 && e.type().equals(SealingKeyAnnouncement.TYPE);
            after |= bobsKey;
            spoilt.append(!after ? e : Envelope.sign(table.keys.get(e.sender()), e.session(), e.seq(),
                    spoilt.head(), e.sender(), e.step(), e.type(), bobsKey ? forged : e.body()));
        }
        ProofBatch<Integer> pending = new ProofBatch<>();
        assertThat(PermutationAudit.audit(spoilt, List.of(), pending).line())
                .as("with its proofs kept, the forgery audits through").startsWith("VERIFIED");
        assertThat(pending.firstInvalid()).contains(2);

        assertThat(new PermutationAudit().audit(spoilt, List.of()).line())
                .isEqualTo("FAILED: step 2, party bob: does not prove that it knows its sealing key");
    }

    private static Envelope stepOf(List<Envelope> chain, int step) {
        return chain.stream().filter(e -> e.step() == step).findFirst().orElseThrow();
    }
}
