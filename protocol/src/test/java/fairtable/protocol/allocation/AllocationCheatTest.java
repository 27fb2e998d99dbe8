package fairtable.protocol.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.elgamal.EscrowedShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.proof.ProofContext;
import fairtable.protocol.EvidenceRule;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.deck.DeckMessage.Deal;
import fairtable.protocol.deck.DeckMessage.Open;
import fairtable.protocol.deck.DeckMessage.Reveal;
import fairtable.protocol.deck.DeckMessage.Shares;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.WireWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A dishonest institution (honest code plus a hook that rewrites what it signs, or a message signed by hand)
 * trips each check that allocation/v1 adds to the deck. An honest institution refuses the message on receipt,
 * naming the sender, the step and the reason; its state does not change; and the evidence file it writes
 * audits FAILED naming the same institution and step.
 *
 * <p>Steps with three institutions and a board: 0 hellos, 1-3 keys, 4-6 shuffles, 7-9 escrows (alpha, beta,
 * gamma), 10 the deal, 11-13 the shares.
 */
class AllocationCheatTest {
    private static final int ITEMS = 12;
    private static final int EACH = 3;
    private static final int BETA_ESCROW = 8;
    private static final int DEAL = 10;

    @TempDir
    Path dir;

    private AuditVerdict auditFromFile(AllocationParty keeper) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), keeper.rejected());
        assertThat(Files.readAllLines(file)).anyMatch(line -> line.contains("\"refused\""));
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(file));
        assertThat(verdict.line()).isEqualTo(AllocationTable.audit(keeper).line());
        return verdict;
    }

    private void assertRefusedAndConvicted(AllocationParty honest, Envelope cheat, String expected) throws Exception {
        int size = honest.transcript().size();
        String awaiting = honest.awaiting();
        assertThatThrownBy(() -> honest.receive(cheat)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
        assertThat(honest.transcript().size()).isEqualTo(size);
        assertThat(honest.awaiting()).isEqualTo(awaiting);
        assertThat(honest.rejected()).extracting(r -> r.envelope()).contains(cheat);
        AuditVerdict verdict = auditFromFile(honest);
        assertThat(verdict.line()).isEqualTo("FAILED: " + expected);
    }

    /** What a cheating beta has at hand when its escrow goes out. */
    record Cheat(AllocationParty beta, Escrow honest, AllocationTable table) {
        ProofContext context() {
            return beta.observer().context(beta.transcript().head(), 1);
        }

        EscrowedShare escrowOf(KeyPair key, int position, KeyPair to, ProofContext context) {
            return key.escrowShare(beta.observer().deck().deck().get(position), to.publicKey(), context, new SplittableRandom(1));
        }

        KeyPair board() {
            return BoardKey.escrowKeyPair(table.board);
        }

        byte[] replacingFirst(EscrowedShare share) {
            List<EscrowedShare> shares = new ArrayList<>(honest.shares());
            shares.set(0, share);
            return new Escrow(shares).toBytes();
        }
    }

    enum EscrowCheat {
        /** A share made with a key that is not beta's deck key, correctly proved for that other key. */
        NOT_ITS_SHARE(c -> c.replacingFirst(c.escrowOf(KeyPair.generate(new SplittableRandom(2)), 1, c.board(), c.context())),
                "the escrowed share for position 1 does not verify: it is not its own decryption share of that card "
                        + "encrypted to the board's key"),
        /** Its real share, encrypted to a key of its own instead of the board's: nobody but beta could open it. */
        ESCROWED_TO_ANOTHER_KEY(c -> c.replacingFirst(c.escrowOf(c.beta.deckKey(), 1, KeyPair.generate(new SplittableRandom(3)),
                c.context())), "the escrowed share for position 1 does not verify: it is not its own decryption share of "
                        + "that card encrypted to the board's key"),
        /** The right shares in the wrong order: the board would read beta's numbers at the wrong positions. */
        SWAPPED_POSITIONS(c -> new Escrow(List.of(c.honest.shares().get(1), c.honest.shares().get(0),
                c.honest.shares().get(2))).toBytes(), "the escrowed share for position 1 does not verify: it is not its own "
                        + "decryption share of that card encrypted to the board's key"),
        /** Shares of alpha's positions instead of its own. */
        ANOTHER_INSTITUTIONS_POSITIONS(c -> c.replacingFirst(c.escrowOf(c.beta.deckKey(), 0, c.board(), c.context())),
                "the escrowed share for position 1 does not verify: it is not its own decryption share of that card "
                        + "encrypted to the board's key"),
        /** A proof whose response has been changed. */
        WRONG_PROOF(c -> {
            byte[] body = c.honest.toBytes();
            body[4 + 64 + 40] ^= 1;
            return body;
        }, "the escrowed share for position 1 does not verify: it is not its own decryption share of that card "
                + "encrypted to the board's key"),
        /** A proof made for another moment of the draw (before the last shuffle). */
        PROOF_FROM_AN_EARLIER_MOMENT(c -> c.replacingFirst(c.escrowOf(c.beta.deckKey(), 1, c.board(),
                c.beta.observer().context(c.beta.transcript().envelopes().get(5).hash(), 1))),
                "the escrowed share for position 1 does not verify: it is not its own decryption share of that card "
                        + "encrypted to the board's key"),
        /** A proof made in alpha's name. */
        PROOF_AS_ANOTHER_INSTITUTION(c -> c.replacingFirst(c.escrowOf(c.beta.deckKey(), 1, c.board(),
                c.beta.observer().context(c.beta.transcript().head(), 0))),
                "the escrowed share for position 1 does not verify: it is not its own decryption share of that card "
                        + "encrypted to the board's key"),
        /** A proof made in another session. */
        PROOF_FROM_ANOTHER_SESSION(c -> c.replacingFirst(c.escrowOf(c.beta.deckKey(), 1, c.board(),
                ProofContext.of(new byte[32], c.context().transcriptHash(), c.context().proverId()))),
                "the escrowed share for position 1 does not verify: it is not its own decryption share of that card "
                        + "encrypted to the board's key"),
        /** Alpha's escrow sent again as beta's. */
        ALPHAS_ESCROW_REPLAYED(c -> c.beta.transcript().envelopes().get(c.beta.transcript().size() - 1).body(),
                "the escrowed share for position 1 does not verify: it is not its own decryption share of that card "
                        + "encrypted to the board's key"),
        /** One position left out: the board could not read it. */
        TOO_FEW(c -> new Escrow(c.honest.shares().subList(0, 2)).toBytes(), "2 escrowed shares where 3 are due"),
        /** A share "escrowed" with R = identity: the share itself, in the clear for everyone. */
        SHARE_IN_THE_CLEAR(c -> {
            byte[] body = c.honest.toBytes();
            java.util.Arrays.fill(body, 4, 4 + 32, (byte) 0);
            return body;
        }, "escrowed share 1: an escrowed share must be encrypted (R is the identity)");

        final Function<Cheat, byte[]> body;
        final String reason;

        EscrowCheat(Function<Cheat, byte[]> body, String reason) {
            this.body = body;
            this.reason = reason;
        }
    }

    @ParameterizedTest
    @EnumSource(EscrowCheat.class)
    void aFalseEscrowIsRefusedOnReceiptAndConvictsItsSender(EscrowCheat cheat) throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 100 + cheat.ordinal());
        AllocationParty beta = table.seat(1);
        beta.cheatWith((m, body) -> m instanceof Escrow e ? cheat.body.apply(new Cheat(beta, e, table)) : body);
        assertThatThrownBy(table::run).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + BETA_ESCROW + ", party beta: " + cheat.reason);
        AllocationParty alpha = table.seat(0);
        assertThat(alpha.awaiting()).isEqualTo("beta to escrow its shares to the board (step 8)");
        assertThat(alpha.rejected()).hasSize(1);
        assertThat(alpha.numbers()).isEmpty();
        AuditVerdict verdict = auditFromFile(alpha);
        assertThat(verdict.line()).isEqualTo("FAILED: step 8, party beta: " + cheat.reason);
    }

    enum DealCheat {
        ONE_FEWER_EACH(new Deal(List.of(0, 1, 2), EACH - 1), "deals 2 each to seats [0, 1, 2]; the allocation deals 3 to "
                + "each institution in seat order"),
        OUT_OF_SEAT_ORDER(new Deal(List.of(1, 0, 2), EACH), "deals 3 each to seats [1, 0, 2]; the allocation deals 3 to "
                + "each institution in seat order"),
        LEAVING_AN_INSTITUTION_OUT(new Deal(List.of(0, 1), EACH), "deals 3 each to seats [0, 1]; the allocation deals 3 "
                + "to each institution in seat order");

        final Deal deal;
        final String reason;

        DealCheat(Deal deal, String reason) {
            this.deal = deal;
            this.reason = reason;
        }
    }

    @ParameterizedTest
    @EnumSource(DealCheat.class)
    void aDealOtherThanTheAllocationsIsRefusedAndConvictsTheDealer(DealCheat cheat) throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 200 + cheat.ordinal());
        table.seat(0).cheatWith((m, body) -> m instanceof Deal ? cheat.deal.toBytes() : body);
        assertThatThrownBy(table::run).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step " + DEAL + ", party alpha: " + cheat.reason);
        AllocationParty beta = table.seat(1);
        assertThat(beta.awaiting()).isEqualTo("alpha to deal the numbers (step 10)");
        assertThat(auditFromFile(beta).line()).isEqualTo("FAILED: step 10, party alpha: " + cheat.reason);
    }

    /** The table stalled where beta must escrow: every escrow from beta is lost on the way. */
    private static AllocationTable stalledAtBetasEscrow(long seed) throws ProtocolViolation {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, seed);
        table.wire = (to, e) -> e.type().equals(Escrow.TYPE) && e.sender() == 1 ? null : e;
        return table.run();
    }

    @Test
    void anEscrowOutOfTurnIsRefused() throws Exception {
        AllocationTable table = stalledAtBetasEscrow(300);
        AllocationParty alpha = table.seat(0);
        byte[] gammasOwn = new Escrow(List.of()).toBytes();
        Envelope early = table.signed(2, alpha, BETA_ESCROW, Escrow.TYPE, gammasOwn);
        assertRefusedAndConvicted(alpha, early, "step 8, party gamma: spoke out of turn: beta must send 'escrow'");
    }

    @Test
    void aDealWhereAnEscrowIsDueIsRefused() throws Exception {
        AllocationTable table = stalledAtBetasEscrow(301);
        AllocationParty alpha = table.seat(0);
        Envelope deal = table.signed(1, alpha, BETA_ESCROW, Deal.TYPE, new Deal(List.of(0, 1, 2), EACH).toBytes());
        assertRefusedAndConvicted(alpha, deal, "step 8, party beta: sent 'deal' where 'escrow' is due");
    }

    @Test
    void aMessageClaimingAnotherStepIsRefused() throws Exception {
        AllocationTable table = stalledAtBetasEscrow(302);
        AllocationParty alpha = table.seat(0);
        Envelope skipping = table.signed(1, alpha, BETA_ESCROW + 1, Escrow.TYPE, new Escrow(List.of()).toBytes());
        assertRefusedAndConvicted(alpha, skipping, "step 9, party beta: claims step 9 but step 8 is due");
    }

    /** The table stalled where alpha must deal: alpha's deal, and its shares after it, are lost on the way. */
    private static AllocationTable stalledAtTheDeal(long seed, boolean withBoard) throws ProtocolViolation {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, withBoard, seed);
        table.wire = (to, e) -> e.sender() == 0 && (e.type().equals(Deal.TYPE) || e.type().equals(Shares.TYPE)) ? null : e;
        return table.run();
    }

    @Test
    void aDealByAnotherInstitutionIsRefused() throws Exception {
        AllocationTable table = stalledAtTheDeal(400, true);
        AllocationParty gamma = table.seat(2);
        Envelope deal = table.signed(1, gamma, DEAL, Deal.TYPE, new Deal(List.of(0, 1, 2), EACH).toBytes());
        assertRefusedAndConvicted(gamma, deal, "step 10, party beta: spoke out of turn: alpha must send 'deal'");
    }

    /** A reveal would make every honest institution publish its shares, its own numbers' included. */
    @Test
    void aRevealInsteadOfTheDealIsRefused() throws Exception {
        AllocationTable table = stalledAtTheDeal(401, true);
        AllocationParty gamma = table.seat(2);
        assertRefusedAndConvicted(gamma, table.signed(0, gamma, DEAL, Reveal.TYPE, new Reveal().toBytes()),
                "step 10, party alpha: sent 'reveal' where 'deal' is due");
    }

    /** Opening the stock would show everyone which numbers nobody holds. */
    @Test
    void anOpenInsteadOfTheDealIsRefused() throws Exception {
        AllocationTable table = stalledAtTheDeal(403, true);
        AllocationParty gamma = table.seat(2);
        assertRefusedAndConvicted(gamma, table.signed(0, gamma, DEAL, Open.TYPE, new Open(ITEMS).toBytes()),
                "step 10, party alpha: sent 'open' where 'deal' is due");
    }

    @Test
    void anEscrowWithoutABoardIsRefused() throws Exception {
        AllocationTable table = stalledAtTheDeal(402, false);
        AllocationParty beta = table.seat(1);
        Envelope escrow = table.signed(0, beta, 7, Escrow.TYPE, new Escrow(List.of()).toBytes());
        assertRefusedAndConvicted(beta, escrow, "step 7, party alpha: sent 'escrow' where 'deal' is due");
    }

    /** With gamma's shares lost, alpha waits for them; beta asks for a reveal instead. */
    @Test
    void aRevealWhileSharesAreDueIsRefused() throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 500);
        table.wire = (to, e) -> e.sender() == 2 && e.type().equals(Shares.TYPE) ? null : e;
        table.run();
        AllocationParty alpha = table.seat(0);
        assertThat(alpha.awaiting()).isEqualTo("gamma to send its decryption shares for the deal (step 13)");
        Envelope reveal = table.signed(2, alpha, 13, Reveal.TYPE, new Reveal().toBytes());
        assertRefusedAndConvicted(alpha, reveal, "step 13, party gamma: sent 'reveal' where 'shares' is due");
    }

    /**
     * After the last share nothing is accepted. A live institution refuses anything as the game being over;
     * the audit judges the message itself, and names its sender.
     */
    @Test
    void aMessageAfterTheAllocationIsRefused() throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 600).run();
        AllocationParty alpha = table.seat(0);
        Envelope reveal = table.signed(1, alpha, 14, Reveal.TYPE, new Reveal().toBytes());
        assertThatThrownBy(() -> alpha.receive(reveal)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 14, party beta: the game is already over");
        AuditVerdict verdict = auditFromFile(alpha);
        assertThat(verdict.line()).isEqualTo("FAILED: step 14, party beta: sent 'reveal' after the allocation is over");
    }

    /** A refused message that its claimed author did not sign proves nothing: the audit still verifies. */
    @Test
    void aForgedMessageInSomeonesNameConvictsNobody() throws Exception {
        AllocationTable table = stalledAtTheDeal(700, true);
        AllocationParty gamma = table.seat(2);
        Envelope forged = Envelope.sign(table.keys.get(2), gamma.transcript().sessionId(), gamma.transcript().size(),
                gamma.transcript().head(), 0, DEAL, Reveal.TYPE, new WireWriter().toBytes());
        assertThatThrownBy(() -> gamma.receive(forged)).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("bad signature");
        AuditVerdict verdict = auditFromFile(gamma);
        assertThat(verdict.line()).isEqualTo("FAILED: step 10, party alpha: the transcript ends before the allocation is "
                + "complete: awaiting alpha to deal the numbers (step 10)");
    }

    /**
     * Beta's signed escrow from an earlier draw with the same keys, offered to alpha in place of the genuine one:
     * refused and kept, it proves nothing; alpha goes on waiting, takes the genuine escrow, and the draw verifies.
     */
    @Test
    void aMessageReplayedFromAnotherSessionIsRefusedButConvictsNobody() throws Exception {
        AllocationTable old = new AllocationTable(3, ITEMS, EACH, true, 700);
        Envelope[] oldEscrow = new Envelope[1];
        old.wire = (to, e) -> {
            if (e.type().equals(Escrow.TYPE) && e.sender() == 1 && oldEscrow[0] == null) {
                oldEscrow[0] = e;
            }
            return e;
        };
        old.run();
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 700);
        // Same signing keys and parameters as the old draw, fresh randomness: another session.
        SplittableRandom seeds = new SplittableRandom(701);
        table.seats.clear();
        for (int s = 0; s < 3; s++) {
            table.seats.add(AllocationParty.create(table.params, s, AllocationTable.NAMES[s], table.keys.get(s),
                    seeds.split()));
        }
        table.wire = (to, e) -> {
            if (to.seat() == 0 && e.type().equals(Escrow.TYPE) && e.sender() == 1) {
                EvidenceRule.refusedAndKept(to, oldEscrow[0], EvidenceRule.fromAnotherSession(BETA_ESCROW, "beta"));
                EvidenceRule.convictsNobody(to);
            }
            return e;
        };
        table.run();
        assertThat(auditFromFile(table.seat(0)).line()).startsWith("VERIFIED: ");
        EvidenceRule.convictsNobody(table.seat(0));
    }

    /**
     * Beta's escrow re-signed over garbage: where it fits it convicts beta, live and in the audit of alpha's file;
     * numbered or chained for another place it proves nothing. Either way alpha goes on waiting for the genuine one.
     */
    @ParameterizedTest
    @EnumSource(EvidenceRule.Offer.class)
    void aSignedMessageConvictsOnlyWhereItFits(EvidenceRule.Offer offer) throws Exception {
        AllocationTable table = new AllocationTable(3, ITEMS, EACH, true, 702);
        ProtocolViolation[] live = new ProtocolViolation[1];
        table.wire = (to, e) -> {
            if (to.seat() == 0 && e.type().equals(Escrow.TYPE) && e.sender() == 1 && live[0] == null) {
                live[0] = EvidenceRule.offer(to, table.keys.get(1), e, "beta", offer,
                        "step " + BETA_ESCROW + ", party beta: truncated: a 32-bit integer is missing");
            }
            return e;
        };
        table.run();
        assertThat(live[0]).isNotNull();
        if (offer == EvidenceRule.Offer.FITTING) {
            assertThat(auditFromFile(table.seat(0)).line()).isEqualTo("FAILED: " + live[0].getMessage());
            EvidenceRule.convictsAsLive(table.seat(0), live[0]);
        } else {
            assertThat(auditFromFile(table.seat(0)).line()).startsWith("VERIFIED: ");
            EvidenceRule.convictsNobody(table.seat(0));
        }
    }
}
