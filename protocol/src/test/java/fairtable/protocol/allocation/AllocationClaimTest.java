package fairtable.protocol.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.hash.Hashes;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.WireWriter;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An institution publishes a claim of its own numbers; anyone checks it against the transcript. A true claim
 * is confirmed; a false one is refused naming the claimant; one that the named institution did not sign
 * blames nobody.
 */
class AllocationClaimTest {
    private static final int STEP = 14; // the step after the allocation's last message, with three institutions and a board
    private static AllocationTable table;
    private static Transcript transcript;

    @BeforeAll
    static void draw() throws Exception {
        table = new AllocationTable(3, 30, 3, true, 42).run();
        transcript = table.seat(0).transcript();
    }

    private static AllocationParty beta() {
        return table.seat(1);
    }

    /** The context a claim's shares are bound to, as AllocationClaim documents it. */
    private static ProofContext claimContext(int seat) {
        return beta().observer().context(Hashes.sha256("fairtable/allocation/claim/v1", transcript.head()), seat);
    }

    /** A claim by beta of {@code numbers}, each proved by the share {@code shares} gives for its i-th position. */
    private static Envelope betaClaims(List<Integer> numbers, IntFunction<DecryptionShare> shares, SigningKey signer) {
        WireWriter w = new WireWriter().u32(numbers.size());
        for (int i = 0; i < numbers.size(); i++) {
            w.u32(numbers.get(i)).fixed(shares.apply(i).encode());
        }
        return Envelope.sign(signer, transcript.sessionId(), transcript.size(), transcript.head(), 1, STEP,
                AllocationClaim.TYPE, w.toBytes());
    }

    private static DecryptionShare share(KeyPair key, int position, ProofContext context) {
        return key.decryptionShare(beta().observer().deck().deck().get(position), context, new SplittableRandom(position));
    }

    private static IntFunction<DecryptionShare> honestShares(ProofContext context) {
        List<Integer> positions = table.params.positionsOf(1);
        return i -> share(beta().deckKey(), positions.get(i), context);
    }

    @Test
    void everyInstitutionsOwnClaimIsConfirmedWithItsNumbers() throws Exception {
        for (AllocationParty p : table.seats) {
            AllocationClaim.Confirmed confirmed = AllocationClaim.check(transcript, p.claim());
            assertThat(confirmed.institution()).isEqualTo(p.name());
            assertThat(confirmed.numbers()).isEqualTo(p.numbers());
        }
    }

    @Test
    void aClaimBuiltByTheDocumentedRuleIsConfirmed() throws Exception {
        Envelope claim = betaClaims(beta().numbers(), honestShares(claimContext(1)), table.keys.get(1));
        assertThat(AllocationClaim.check(transcript, claim).numbers()).isEqualTo(beta().numbers());
    }

    @Test
    void claimingANumberOneDoesNotHoldIsRefusedNamingTheClaimant() {
        List<Integer> numbers = new java.util.ArrayList<>(beta().numbers());
        int held = numbers.get(0);
        numbers.set(0, table.seat(0).numbers().get(0));
        Envelope claim = betaClaims(numbers, honestShares(claimContext(1)), table.keys.get(1));
        assertThatThrownBy(() -> AllocationClaim.check(transcript, claim)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 14, party beta: its claim is false: it claims " + numbers.get(0)
                        + " where the transcript and its own share read " + held);
    }

    @Test
    void aShareMadeWithAnotherKeyIsRefusedNamingTheClaimant() {
        KeyPair other = KeyPair.generate(new SplittableRandom(5));
        List<Integer> positions = table.params.positionsOf(1);
        Envelope claim = betaClaims(beta().numbers(), i -> i == 0 ? share(other, positions.get(0), claimContext(1))
                : honestShares(claimContext(1)).apply(i), table.keys.get(1));
        assertThatThrownBy(() -> AllocationClaim.check(transcript, claim)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 14, party beta: its claim is false: the share for its number " + beta().numbers().get(0)
                        + " was not made with its deck key for that position");
    }

    /** Alpha's positions proved with beta's key: the shares are real, but not of beta's positions. */
    @Test
    void sharesOfAnotherInstitutionsPositionsAreRefused() {
        List<Integer> alphas = table.params.positionsOf(0);
        Envelope claim = betaClaims(beta().numbers(), i -> share(beta().deckKey(), alphas.get(i), claimContext(1)),
                table.keys.get(1));
        assertThatThrownBy(() -> AllocationClaim.check(transcript, claim)).isInstanceOf(ProtocolViolation.class)
                .hasMessageStartingWith("step 14, party beta: its claim is false: the share for its number ");
    }

    /** Each element of the shares' context changed in turn: the session, the hash, the prover. */
    @Test
    void sharesProvedUnderAnyOtherContextAreRefused() {
        ProofContext right = claimContext(1);
        List<ProofContext> wrong = List.of(
                ProofContext.of(new byte[32], right.transcriptHash(), right.proverId()),
                beta().observer().context(transcript.head(), 1), // the draw's own context, not the claim's
                ProofContext.of(right.sessionId(), Hashes.sha256("fairtable/allocation/claim/v1", new byte[32]), right.proverId()),
                claimContext(0));
        for (ProofContext context : wrong) {
            Envelope claim = betaClaims(beta().numbers(), honestShares(context), table.keys.get(1));
            assertThatThrownBy(() -> AllocationClaim.check(transcript, claim)).isInstanceOf(ProtocolViolation.class)
                    .hasMessageContaining("party beta: its claim is false: the share for its number");
        }
    }

    @Test
    void aClaimNotSignedByTheInstitutionItNamesBlamesNobody() {
        Envelope claim = betaClaims(beta().numbers(), honestShares(claimContext(1)), table.keys.get(2));
        assertThatThrownBy(() -> AllocationClaim.check(transcript, claim)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 14, party nobody: the claim in beta's name is not signed by beta's key: it proves "
                        + "nothing, and nothing against beta");
    }

    @Test
    void aClaimAboutAnotherAllocationIsRefused() throws Exception {
        Envelope genuine = beta().claim();
        Envelope elsewhere = Envelope.sign(table.keys.get(1), new byte[32], genuine.seq(), genuine.prev(), 1, STEP,
                AllocationClaim.TYPE, genuine.body());
        assertThatThrownBy(() -> AllocationClaim.check(transcript, elsewhere)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 14, party beta: its claim is not about this allocation (another session, or it does "
                        + "not follow the last message)");
    }

    @Test
    void aClaimFromASeatTheAllocationDoesNotHaveIsRefused() throws Exception {
        Envelope genuine = beta().claim();
        Envelope nobody = Envelope.sign(table.keys.get(1), genuine.session(), genuine.seq(), genuine.prev(), 5, STEP,
                AllocationClaim.TYPE, genuine.body());
        assertThatThrownBy(() -> AllocationClaim.check(transcript, nobody)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 14, party seat 5: there is no seat 5 in this allocation");
    }

    @Test
    void aClaimOfTooFewNumbersIsRefused() {
        Envelope claim = betaClaims(beta().numbers().subList(0, 2), honestShares(claimContext(1)), table.keys.get(1));
        assertThatThrownBy(() -> AllocationClaim.check(transcript, claim)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 14, party beta: its claim is malformed: 2 numbers claimed where the allocation dealt 3");
    }

    @Test
    void noClaimIsCheckedAgainstAnUnfinishedAllocation() throws Exception {
        Transcript unfinished = new Transcript();
        for (Envelope e : transcript.envelopes().subList(0, transcript.size() - 1)) {
            unfinished.append(e);
        }
        assertThatThrownBy(() -> AllocationClaim.check(unfinished, beta().claim())).isInstanceOf(ProtocolViolation.class)
                .hasMessageContaining("the allocation is not complete");
    }
}
