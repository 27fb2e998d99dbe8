package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.group.Element;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.patent.PatentMessage.Deal2;
import fairtable.protocol.patent.PatentMessage.Deal3;
import fairtable.protocol.patent.PatentMessage.Deal4;
import fairtable.protocol.patent.PatentMessage.Draw;
import fairtable.protocol.patent.PatentMessage.DrawAnswer;
import fairtable.protocol.patent.PatentMessage.Rekey;
import fairtable.protocol.patent.PatentMessage.Remix;
import fairtable.protocol.patent.PatentMessage.Return;
import fairtable.protocol.patent.PatentMessage.Reveal;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cheats after the deal that the honest peer cannot see while playing (the values are under keys only the
 * cheater knows), so the game plays on to both reveals; the end-of-game audit of the evidence file then
 * names the cheater, the step and the arithmetic check of {@link PatentAudit} that the revealed keys fail.
 */
class PatentAuditReplayTest {
    @TempDir
    Path dir;

    private static final PatentParameters PARAMS = new PatentParameters(PatentMode.RISTRETTO, 12, 3);

    /** A valid group element that is no card of the deck under any key anyone knows. */
    private static Element rogue() {
        return PARAMS.group().cardElement("a card from another deck".getBytes(StandardCharsets.UTF_8), 0);
    }

    /**
     * A secret exponent of {@code p}, read as a cheater who wrote its own client would know it: the honest code
     * offers no way to encrypt a chosen card under the current key, which these cheats need.
     */
    private static BigInteger secret(PatentParty p, String field) {
        try {
            java.lang.reflect.Field f = PatentParty.class.getDeclaredField(field);
            f.setAccessible(true);
            return (BigInteger) f.get(p);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static List<Element> underKey(List<Integer> cards, BigInteger key) {
        BigInteger k = key.mod(PARAMS.group().exponentModulus());
        return cards.stream().map(c -> PARAMS.deck().element(c).exp(k)).toList();
    }

    private AuditVerdict auditFromFile(PatentParty keeper) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), keeper.rejected());
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(file));
        assertThat(verdict.line()).isEqualTo(Table.audit(keeper).line());
        return verdict;
    }

    /** The step of the last message of {@code type} in what {@code keeper} kept. */
    private static int stepOf(PatentParty keeper, String type) {
        return keeper.transcript().envelopes().stream().filter(e -> e.type().equals(type))
                .mapToInt(Envelope::step).max().orElseThrow();
    }

    private static void assertBothRevealed(PatentParty keeper) {
        assertThat(keeper.transcript().envelopes().stream().filter(e -> e.type().equals(Reveal.TYPE))).hasSize(2);
    }

    private void assertAuditFails(PatentParty keeper, String type, String cheater, String reason) throws Exception {
        assertThat(auditFromFile(keeper).line())
                .isEqualTo("FAILED: step " + stepOf(keeper, type) + ", party " + cheater + ": " + reason);
    }

    /** Alice returns one card; Bob re-keys the pile and Alice remixes it; the peer of each sees only new values. */
    private static void returnOneCard(Table table) throws ProtocolViolation {
        table.pump(table.alice, table.alice.giveBack(List.of(table.alice.hand().get(0))));
    }

    @Test
    void aRemixWithOneValueUnderAnotherKeyFailsTheAuditOnTheRemixer() throws Exception {
        Table table = new Table(PARAMS, 101).deal();
        table.alice.cheatWith((m, body) -> {
            if (m instanceof Remix r) {
                List<Element> pile = new ArrayList<>(r.pile());
                pile.set(0, pile.get(0).exp(BigInteger.valueOf(7)));
                return new Remix(pile).toBytes();
            }
            return body;
        });
        returnOneCard(table);
        assertThat(table.bob.failure()).isEmpty();
        table.finish();
        assertBothRevealed(table.bob);
        assertAuditFails(table.bob, Remix.TYPE, "alice", "the remixed pile is not the pile under one new key");
    }

    @Test
    void aRekeyThatSwapsAValueForAnotherElementFailsTheAuditOnTheRekeyer() throws Exception {
        Table table = new Table(PARAMS, 102).deal();
        table.bob.cheatWith((m, body) -> {
            if (m instanceof Rekey r) {
                List<Element> pile = new ArrayList<>(r.pile());
                pile.set(0, rogue());
                return new Rekey(pile).toBytes();
            }
            return body;
        });
        returnOneCard(table);
        assertThat(table.alice.failure()).isEmpty();
        table.finish();
        assertBothRevealed(table.alice);
        assertAuditFails(table.alice, Rekey.TYPE, "bob",
                "the re-keyed pile is not the pile and the returned cards under one new key");
    }

    /** Bob names two pile positions but sends the values of two others: he still gets two genuine pile cards. */
    @Test
    void aDrawWhoseValuesAreNotAtTheNamedPositionsFailsTheAuditOnTheDrawer() throws Exception {
        Table table = new Table(PARAMS, 103).deal();
        table.bob.cheatWith((m, body) -> {
            if (m instanceof Draw d) {
                List<Integer> others = IntStream.range(0, table.alice.pileSize())
                        .filter(i -> !d.positions().contains(i)).limit(d.positions().size()).boxed().toList();
                return new Draw(others, d.values()).toBytes();
            }
            return body;
        });
        table.pump(table.bob, table.bob.draw(2));
        assertThat(table.alice.failure()).isEmpty();
        assertThat(table.bob.failure()).isEmpty();
        assertThat(table.bob.hand()).hasSize(5);
        table.finish();
        assertBothRevealed(table.alice);
        assertAuditFails(table.alice, Draw.TYPE, "bob", "the drawn values are not the chosen pile values under one key");
    }

    private static Table answeringWithARogueValue(long seed) throws ProtocolViolation {
        Table table = new Table(PARAMS, seed).deal();
        table.alice.cheatWith((m, body) -> {
            if (m instanceof DrawAnswer a) {
                List<Element> values = new ArrayList<>(a.values());
                values.set(0, rogue());
                return new DrawAnswer(values).toBytes();
            }
            return body;
        });
        return table;
    }

    /** Bob sees the bad answer, stops and reveals; Alice reveals too, and her own keys convict her. */
    @Test
    void anAnswerThatIsNotTheDrawnValuesFailsTheAuditOnTheAnswerer() throws Exception {
        Table table = answeringWithARogueValue(104);
        table.pump(table.bob, table.bob.draw(2));
        int step = stepOf(table.bob, DrawAnswer.TYPE);
        assertThat(table.bob.failure()).hasValueSatisfying(v -> assertThat(v).hasMessage("step " + step
                + ", party alice: the drawn values do not decrypt to cards that can be in the pile"));
        assertBothRevealed(table.bob);
        assertAuditFails(table.bob, DrawAnswer.TYPE, "alice",
                "the answer is not the drawn values with the pile key removed");
    }

    /** Alice keeps her keys to herself; Bob's revealed keys alone show that her answer holds no pile cards. */
    @Test
    void anAnswerThatDecryptsToNoCardFailsTheAuditOnTheAnswererByTheDrawersKeys() throws Exception {
        Table table = answeringWithARogueValue(105);
        table.wire = e -> e.type().equals(Reveal.TYPE) && e.sender() == table.alice.seat() ? null : e;
        table.pump(table.bob, table.bob.draw(2));
        assertThat(table.bob.failure()).isPresent();
        assertThat(table.bob.transcript().envelopes().stream().filter(e -> e.type().equals(Reveal.TYPE))).hasSize(1);
        assertAuditFails(table.bob, DrawAnswer.TYPE, "alice",
                "the answer does not decrypt to cards that can be in the pile");
    }

    @Test
    void aReturnOfAValueThatIsNoCardFailsTheAuditOnTheReturner() throws Exception {
        Table table = new Table(PARAMS, 106).deal();
        table.alice.cheatWith((m, body) -> m instanceof Return ? new Return(List.of(rogue())).toBytes() : body);
        returnOneCard(table);
        assertThat(table.bob.failure()).isEmpty();
        assertThat(table.alice.failure()).isEmpty();
        table.finish();
        assertBothRevealed(table.bob);
        assertAuditFails(table.bob, Return.TYPE, "alice", "returns values that are not cards it holds under its pile key");
    }

    /** Alice returns, under her genuine pile key, a card Bob holds: Bob cannot tell it from one of hers. */
    @Test
    void aReturnOfACardTheReturnerDoesNotHoldFailsTheAuditOnTheReturner() throws Exception {
        Table table = new Table(PARAMS, 107).deal();
        int bobsCard = table.bob.hand().get(0);
        table.alice.cheatWith((m, body) -> m instanceof Return
                ? new Return(underKey(List.of(bobsCard), secret(table.alice, "pileKey"))).toBytes() : body);
        returnOneCard(table);
        assertThat(table.bob.failure()).isEmpty();
        assertThat(table.alice.failure()).isEmpty();
        table.finish();
        assertBothRevealed(table.bob);
        assertAuditFails(table.bob, Return.TYPE, "alice", "returns values that are not cards it holds under its pile key");
    }

    /**
     * Alice answers Bob's draw with cards he already holds, under his own keys (as a cheater who learnt them would):
     * they decrypt to cards, but not to cards that can be in the pile. Alice keeps her keys; Bob's convict her.
     */
    @Test
    void anAnswerOfCardsTheDrawerAlreadyHoldsFailsTheAuditOnTheAnswererByTheDrawersKeys() throws Exception {
        Table table = new Table(PARAMS, 108).deal();
        List<Integer> held = List.copyOf(table.bob.hand().subList(0, 2));
        table.alice.cheatWith((m, body) -> m instanceof DrawAnswer
                ? new DrawAnswer(underKey(held, secret(table.bob, "pileKey").multiply(secret(table.bob, "drawKey"))))
                        .toBytes()
                : body);
        table.wire = e -> e.type().equals(Reveal.TYPE) && e.sender() == table.alice.seat() ? null : e;
        table.pump(table.bob, table.bob.draw(2));
        int step = stepOf(table.bob, DrawAnswer.TYPE);
        assertThat(table.bob.failure()).hasValueSatisfying(v -> assertThat(v).hasMessage("step " + step
                + ", party alice: the drawn values do not decrypt to cards that can be in the pile"));
        assertAuditFails(table.bob, DrawAnswer.TYPE, "alice",
                "the answer does not decrypt to cards that can be in the pile");
    }

    // ---- The deal: a cheat the peer may or may not see live; the audit names it by its own check either way. ----

    private static final BigInteger EXTRA = BigInteger.valueOf(7);

    private static List<Element> withFirst(List<Element> values, Element first) {
        List<Element> out = new ArrayList<>(values);
        out.set(0, first);
        return out;
    }

    /** Deals, then has both reveal unless a stopped party already made them; {@code silent} never reveals. */
    private static void playOut(Table table, PatentParty silent) throws ProtocolViolation {
        if (silent != null) {
            table.wire = e -> e.type().equals(Reveal.TYPE) && e.sender() == silent.seat() ? null : e;
        }
        table.deal();
        if (table.alice.failure().isEmpty() && table.bob.failure().isEmpty()) {
            table.finish();
        }
    }

    @Test
    void aStep2ValueUnderASecondKeyFailsTheAuditOnB() throws Exception {
        Table table = new Table(PARAMS, 201);
        table.bob.cheatWith((m, body) -> m instanceof Deal2 d
                ? new Deal2(withFirst(d.t(), d.t().get(0).exp(EXTRA)), d.jb()).toBytes() : body);
        playOut(table, null);
        assertBothRevealed(table.alice);
        assertAuditFails(table.alice, Deal2.TYPE, "bob", "T and JB are not the values of step 1 under one key each");
    }

    @Test
    void aStep3JbValueThatIsNotBsValueFailsTheAuditOnA() throws Exception {
        Table table = new Table(PARAMS, 202);
        table.alice.cheatWith((m, body) -> m instanceof Deal3 d
                ? new Deal3(d.t(), withFirst(d.jb(), rogue()), d.ja()).toBytes() : body);
        playOut(table, null);
        assertThat(table.bob.failure()).hasValueSatisfying(v -> assertThat(v)
                .hasMessage("step 3, party alice: JB does not decrypt to cards of the deck"));
        assertBothRevealed(table.bob);
        assertAuditFails(table.bob, Deal3.TYPE, "alice", "JB is not B's values of step 2 with a1 removed");
    }

    @Test
    void aStep3JbThatDecryptsToNoCardFailsTheAuditOnABysKeysAlone() throws Exception {
        Table table = new Table(PARAMS, 203);
        table.alice.cheatWith((m, body) -> m instanceof Deal3 d
                ? new Deal3(d.t(), withFirst(d.jb(), rogue()), d.ja()).toBytes() : body);
        playOut(table, table.alice);
        assertAuditFails(table.bob, Deal3.TYPE, "alice", "JB does not decrypt to cards of the deck");
    }

    /** A pile value under a second key: Bob only shuffles the pile at step 4, so he cannot see it. */
    @Test
    void aStep3PileValueUnderASecondKeyFailsTheAuditOnA() throws Exception {
        Table table = new Table(PARAMS, 204);
        table.alice.cheatWith((m, body) -> m instanceof Deal3 d
                ? new Deal3(withFirst(d.t(), d.t().get(0).exp(EXTRA)), d.jb(), d.ja()).toBytes() : body);
        playOut(table, null);
        assertThat(table.bob.failure()).isEmpty();
        assertBothRevealed(table.bob);
        assertAuditFails(table.bob, Deal3.TYPE, "alice", "JA and T are not the values of step 2 under one key each");
    }

    @Test
    void aStep4JaValueThatIsNotAsValueFailsTheAuditOnB() throws Exception {
        Table table = new Table(PARAMS, 205);
        table.bob.cheatWith((m, body) -> m instanceof Deal4 d
                ? new Deal4(d.t(), withFirst(d.ja(), rogue())).toBytes() : body);
        playOut(table, null);
        assertThat(table.alice.failure()).hasValueSatisfying(v -> assertThat(v)
                .hasMessage("step 4, party bob: JA does not decrypt to cards of the deck"));
        assertBothRevealed(table.alice);
        assertAuditFails(table.alice, Deal4.TYPE, "bob", "JA is not A's values of step 3 with b2 removed");
    }

    @Test
    void aStep4JaThatDecryptsToNoCardFailsTheAuditOnBByAsKeysAlone() throws Exception {
        Table table = new Table(PARAMS, 206);
        table.bob.cheatWith((m, body) -> m instanceof Deal4 d
                ? new Deal4(d.t(), withFirst(d.ja(), rogue())).toBytes() : body);
        playOut(table, table.bob);
        assertAuditFails(table.alice, Deal4.TYPE, "bob", "JA does not decrypt to cards of the deck");
    }
}
