package fairtable.protocol.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.elgamal.EscrowedShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.protocol.deck.DeferredProofs;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The audit keeps every proof of an allocation (keys, shuffles, escrowed and decryption shares) for one batch at the
 * end; a transcript with one bad escrow that nobody checked gets the verdict of checking one by one, naming its
 * author. Steps with three institutions and a board: 1-3 keys, 4-6 shuffles, 7-9 escrows, 10 the deal, 11-13 the
 * shares.
 */
class AllocationAuditBatchTest {
    private static final int ITEMS = 12;
    private static final int EACH = 3;

    @Test
    void anHonestAllocationKeepsEveryProofForOneBatch() throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 300).run();
        AllocationParty alpha = table.seat(0);
        DeferredProofs pending = new DeferredProofs(new SplittableRandom(1));
        String batched = AllocationAudit.audit(alpha.transcript(), List.of(), pending).line();
        assertThat(batched).startsWith("VERIFIED");
        // 3 key proofs, 3 escrows of 3 shares, and each of the 9 dealt positions with the 2 shares of the other seats
        assertThat(pending.proofs()).isEqualTo(3 + 3 * EACH + 3 * EACH * 2);
        assertThat(pending.shuffles()).isEqualTo(3);
        assertThat(pending.verify()).isTrue();
        assertThat(AllocationTable.audit(alpha).line()).isEqualTo(batched)
                .isEqualTo(AllocationAudit.audit(alpha.transcript(), List.of(), null).line());
    }

    /** Beta escrows a share made with a key that is not its own; no institution checks, so the allocation ends. */
    @Test
    void anAllocationWithOneBadEscrowNamesItsAuthor() throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 301);
        DeferredProofs unchecked = new DeferredProofs(new SplittableRandom(2));
        table.wire = (to, e) -> {
            if (to.observer() != null) {
                to.observer().deferProofsTo(unchecked); // institutions that do not check: the bad escrow stays in
            }
            return e;
        };
        AllocationParty beta = table.seat(1);
        beta.cheatWith((m, body) -> {
            if (!(m instanceof Escrow honest)) {
                return body;
            }
            List<EscrowedShare> shares = new ArrayList<>(honest.shares());
            shares.set(0, KeyPair.generate(new SplittableRandom(3)).escrowShare(beta.observer().deck().deck().get(1),
                    BoardKey.escrowKeyPair(table.board).publicKey(), beta.observer().context(beta.transcript().head(), 1),
                    new SplittableRandom(4)));
            return new Escrow(shares).toBytes();
        });
        table.run();
        AllocationParty alpha = table.seat(0);
        assertThat(alpha.observer().isDone()).as("the allocation went on past the bad escrow").isTrue();
        DeferredProofs pending = new DeferredProofs(new SplittableRandom(5));
        assertThat(AllocationAudit.audit(alpha.transcript(), List.of(), pending).line())
                .as("with its proofs kept, the bad escrow audits through").startsWith("VERIFIED");
        assertThat(pending.verify()).isFalse();

        assertThat(new AllocationAudit().audit(alpha.transcript(), List.of()).line())
                .isEqualTo("FAILED: step 8, party beta: the escrowed share for position 1 does not verify: it is not its "
                        + "own decryption share of that card encrypted to the board's key");
    }
}
