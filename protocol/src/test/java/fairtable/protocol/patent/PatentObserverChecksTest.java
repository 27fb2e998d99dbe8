package fairtable.protocol.patent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.protocol.Intercepted;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.patent.PatentMessage.Codec;
import fairtable.protocol.patent.PatentMessage.Deal1;
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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every validity check of {@link PatentObserver} (and of the {@link PatentMessage.Codec} it decodes with), each
 * tripped by a message signed with the real key of a seat, in the session, at the next sequence number and on
 * the receiver's hash chain, whose content breaks exactly that one check. The honest receiver refuses it with
 * the exact reason, naming the sender and the step; its state does not change; and the evidence file it writes
 * audits FAILED with the same line.
 *
 * <p>The checks, and the case that trips each (10 cards, 3 each: steps 1-4 the deal, then 6 onwards):
 * <ul>
 *   <li>parse: "there are only two seats": unreachable with a signed message: no key exists for seat 2, and the
 *       transcript refuses the sender first ({@link #aThirdSeatIsRefusedByTheTranscriptFirst}); "claims step"
 *       ({@code InTurn.CLAIMS_ANOTHER_STEP}, {@code Idle.CLAIMS_ANOTHER_STEP}).</li>
 *   <li>a reveal: "has already revealed", and a message after the game ({@link #aMessageAfterTheGameConvictsItsSenderInTheAudit}:
 *       live, a finished party refuses first as "already over", and a party that has not revealed reveals at once
 *       when the other does, so only the audit reaches them); too few exponents, too many, an exponent that is
 *       zero or not below the modulus ({@code InTurn.REVEAL_*}).</li>
 *   <li>the deal, steps 1-4 ({@code InTurn.DEAL*}): the wrong type at each step; the decoder's list checks
 *       (count, repeated value, non-member, trailing bytes) on step 1's T, and the count of a list at each later
 *       step (one shared decoder; a wrong expected count would break every honest game); T and JB not disjoint
 *       (step 2); T and JA not disjoint (step 3); at step 4, the pile is not the pile A sent at step 3 (issue
 *       12).</li>
 *   <li>"spoke out of turn": the seat that is due always answers within the receive that made it due, so no
 *       honest party can be offered the other seat's message there; a transcript file can hold one, and the
 *       audit names its author ({@link #aMessageOutOfTurnInATranscriptConvictsItsAuthor}).</li>
 *   <li>idle ({@code Idle}): a draw from an empty pile, no positions, too many, out of the pile, not increasing,
 *       the wrong number of values; a return with an empty hand, of no card, of more cards than the hand, of a
 *       repeated value; an unknown type.</li>
 *   <li>the answers to a draw and a return ({@code InTurn.ANSWER_*}, {@code InTurn.REKEY_*},
 *       {@code InTurn.REMIX_*}): the wrong type, the wrong count; after one reveal, anything but the other's
 *       reveal ({@code InTurn.NOT_A_REVEAL_AFTER_A_REVEAL}).</li>
 *   <li>the transcript's previous-hash check, on an otherwise valid message ({@link #aMessageOffTheHashChainIsRefused}).</li>
 * </ul>
 */
class PatentObserverChecksTest {
    private static final PatentParameters PARAMS = new PatentParameters(PatentMode.RISTRETTO, 10, 3);
    private static final Group GROUP = PARAMS.group();

    @TempDir
    Path dir;


    @FunctionalInterface
    interface Play {
        void run(Table table) throws ProtocolViolation;
    }

    /** The receiver, the honest message it is about to receive (when there is one), and how to sign another. */
    record Ctx(Table table, PatentParty to, Envelope honest) {
        /** A message in {@code seat}'s name, really signed by it, next on the receiver's chain. */
        Envelope signed(int seat, int step, String type, byte[] body) {
            return Envelope.sign(seat == 0 ? table.aliceKey : table.bobKey, to.transcript().sessionId(),
                    to.transcript().size(), to.transcript().head(), seat, step, type, body);
        }

        /** The honest message's author sends {@code body} as {@code type} in its place. */
        Envelope instead(String type, byte[] body) {
            return signed(honest.sender(), honest.step(), type, body);
        }

        int next() {
            return to.nextStep();
        }

        Envelope instead(PatentMessage m) {
            return instead(m.type(), m.toBytes());
        }
    }

    @FunctionalInterface
    interface Build {
        Envelope build(Ctx c) throws Exception;
    }

    /** A group element that is no value of this game. */
    private static Element rogue() {
        return GROUP.cardElement("a card from another deck".getBytes(java.nio.charset.StandardCharsets.UTF_8), 0);
    }

    /** {@code n} distinct valid elements: cards of the deck in the clear. */
    private static List<Element> cards(int n) {
        return PARAMS.deck().elements().subList(0, n);
    }

    private static List<Element> with(List<Element> values, int index, Element value) {
        List<Element> out = new ArrayList<>(values);
        out.set(index, value);
        return out;
    }

    private static byte[] plus(byte[] body, int extra) {
        return Arrays.copyOf(body, body.length + extra);
    }

    private static Deal1 deal1(Ctx c) throws Exception {
        return Codec.deal1(c.honest.body(), GROUP, 10);
    }

    private static Deal2 deal2(Ctx c) throws Exception {
        return Codec.deal2(c.honest.body(), GROUP, 10, 3);
    }

    private static Deal3 deal3(Ctx c) throws Exception {
        return Codec.deal3(c.honest.body(), GROUP, 10, 3);
    }

    private static Deal4 deal4(Ctx c) throws Exception {
        return Codec.deal4(c.honest.body(), GROUP, 10, 3);
    }

    /** Where the honest message is intercepted, on its way from {@code sender} to the other seat. */
    enum Stage {
        DEAL_1(0, Deal1.TYPE, Table::deal),
        DEAL_2(1, Deal2.TYPE, Table::deal),
        DEAL_3(0, Deal3.TYPE, Table::deal),
        DEAL_4(1, Deal4.TYPE, Table::deal),
        // bob draws two: alice answers.
        ANSWER(0, DrawAnswer.TYPE, t -> {
            t.deal();
            t.pump(t.bob, t.bob.draw(2));
        }),
        // alice returns one card: bob re-keys the pile, then alice remixes it.
        REKEY(1, Rekey.TYPE, t -> {
            t.deal();
            t.pump(t.alice, t.alice.giveBack(List.of(t.alice.hand().get(0))));
        }),
        REMIX(0, Remix.TYPE, t -> {
            t.deal();
            t.pump(t.alice, t.alice.giveBack(List.of(t.alice.hand().get(0))));
        }),
        ALICE_REVEALS(0, Reveal.TYPE, t -> {
            t.deal();
            t.finish();
        }),
        BOB_ANSWERS_THE_REVEAL(1, Reveal.TYPE, t -> {
            t.deal();
            t.finish();
        });

        final int sender;
        final String type;
        final Play play;

        Stage(int sender, String type, Play play) {
            this.sender = sender;
            this.type = type;
            this.play = play;
        }
    }

    /** A message sent where one seat is due, in place of its honest one. */
    enum InTurn {
        CLAIMS_ANOTHER_STEP(Stage.DEAL_2, c -> c.signed(1, 7, Deal2.TYPE, c.honest.body()),
                "step 7, party bob: claims step 7 but step 2 is due"),
        DEAL1_WRONG_TYPE(Stage.DEAL_1, c -> c.instead(Draw.TYPE, c.honest.body()),
                "step 1, party alice: sent 'draw' where 'deal.1' is due"),
        DEAL1_ONE_VALUE_SHORT(Stage.DEAL_1, c -> c.instead(new Deal1(deal1(c).t().subList(1, 10))),
                "step 1, party alice: T has 9 values, expected 10"),
        DEAL1_A_REPEATED_VALUE(Stage.DEAL_1, c -> c.instead(new Deal1(with(deal1(c).t(), 1, deal1(c).t().get(0)))),
                "step 1, party alice: value 2 of T repeats an earlier value"),
        DEAL1_NOT_AN_ELEMENT(Stage.DEAL_1, c -> {
            byte[] body = c.honest.body().clone();
            Arrays.fill(body, 4, 4 + GROUP.elementLength(), (byte) 0xFF);
            return c.instead(Deal1.TYPE, body);
        }, "step 1, party alice: value 1 of T is not a valid %GROUP element: not a canonical %GROUP encoding"),
        DEAL1_TRAILING_BYTES(Stage.DEAL_1, c -> c.instead(Deal1.TYPE, plus(c.honest.body(), 3)),
                "step 1, party alice: 3 unexpected trailing bytes"),
        DEAL2_WRONG_TYPE(Stage.DEAL_2, c -> c.instead(Deal1.TYPE, c.honest.body()),
                "step 2, party bob: sent 'deal.1' where 'deal.2' is due"),
        DEAL2_JB_ONE_SHORT(Stage.DEAL_2, c -> c.instead(new Deal2(deal2(c).t(), deal2(c).jb().subList(1, 3))),
                "step 2, party bob: JB has 2 values, expected 3"),
        DEAL2_T_AND_JB_SHARE_A_VALUE(Stage.DEAL_2, c -> c.instead(new Deal2(deal2(c).t(),
                with(deal2(c).jb(), 0, deal2(c).t().get(0)))),
                "step 2, party bob: a value appears in both T and JB"),
        DEAL3_WRONG_TYPE(Stage.DEAL_3, c -> c.instead(Deal2.TYPE, c.honest.body()),
                "step 3, party alice: sent 'deal.2' where 'deal.3' is due"),
        DEAL3_T_ONE_SHORT(Stage.DEAL_3, c -> c.instead(new Deal3(deal3(c).t().subList(1, 4), deal3(c).jb(),
                deal3(c).ja())), "step 3, party alice: T has 3 values, expected 4"),
        DEAL3_JA_ONE_SHORT(Stage.DEAL_3, c -> c.instead(new Deal3(deal3(c).t(), deal3(c).jb(),
                deal3(c).ja().subList(1, 3))), "step 3, party alice: JA has 2 values, expected 3"),
        DEAL3_T_AND_JA_SHARE_A_VALUE(Stage.DEAL_3, c -> c.instead(new Deal3(deal3(c).t(), deal3(c).jb(),
                with(deal3(c).ja(), 2, deal3(c).t().get(3)))),
                "step 3, party alice: a value appears in both T and JA"),
        DEAL4_WRONG_TYPE(Stage.DEAL_4, c -> c.instead(Deal3.TYPE, c.honest.body()),
                "step 4, party bob: sent 'deal.3' where 'deal.4' is due"),
        DEAL4_JA_ONE_SHORT(Stage.DEAL_4, c -> c.instead(new Deal4(deal4(c).t(), deal4(c).ja().subList(1, 3))),
                "step 4, party bob: JA has 2 values, expected 3"),
        DEAL4_NOT_THE_PILE_OF_STEP_3(Stage.DEAL_4, c -> c.instead(new Deal4(with(deal4(c).t(), 0, rogue()),
                deal4(c).ja())), "step 4, party bob: the pile T is not the pile A sent at step 3"),
        ANSWER_WRONG_TYPE(Stage.ANSWER, c -> c.instead(Return.TYPE, c.honest.body()),
                "step 7, party alice: sent 'return' where 'draw.answer' is due"),
        ANSWER_ONE_VALUE_SHORT(Stage.ANSWER, c -> c.instead(new DrawAnswer(
                Codec.drawAnswer(c.honest.body(), GROUP, 2).values().subList(1, 2))),
                "step 7, party alice: the answered values has 1 values, expected 2"),
        REKEY_WRONG_TYPE(Stage.REKEY, c -> c.instead(Remix.TYPE, c.honest.body()),
                "step 7, party bob: sent 'return.remix' where 'return.rekey' is due"),
        REKEY_ONE_VALUE_SHORT(Stage.REKEY, c -> c.instead(new Rekey(
                Codec.rekey(c.honest.body(), GROUP, 5).pile().subList(1, 5))),
                "step 7, party bob: the re-keyed pile has 4 values, expected 5"),
        REMIX_WRONG_TYPE(Stage.REMIX, c -> c.instead(Rekey.TYPE, c.honest.body()),
                "step 8, party alice: sent 'return.rekey' where 'return.remix' is due"),
        REMIX_ONE_VALUE_SHORT(Stage.REMIX, c -> c.instead(new Remix(
                Codec.remix(c.honest.body(), GROUP, 5).pile().subList(1, 5))),
                "step 8, party alice: the remixed pile has 4 values, expected 5"),
        REVEAL_TOO_FEW_EXPONENTS(Stage.ALICE_REVEALS, c -> c.instead(new Reveal(
                Codec.reveal(c.honest.body(), GROUP, 3).exponents().subList(0, 2))),
                "step 6, party alice: revealed 2 exponents, expected 3"),
        REVEAL_TOO_MANY_EXPONENTS(Stage.ALICE_REVEALS, c -> {
            List<BigInteger> more = new ArrayList<>(Codec.reveal(c.honest.body(), GROUP, 3).exponents());
            more.add(BigInteger.ONE);
            return c.instead(new Reveal(more));
        }, "step 6, party alice: the number of values in the revealed exponents is 4, more than the limit 3"),
        REVEAL_A_ZERO_EXPONENT(Stage.ALICE_REVEALS, c -> c.instead(new Reveal(
                List.of(BigInteger.ONE, BigInteger.ZERO, BigInteger.ONE))),
                "step 6, party alice: revealed exponent 2 is not a valid key"),
        REVEAL_AN_EXPONENT_ABOVE_THE_MODULUS(Stage.ALICE_REVEALS, c -> c.instead(new Reveal(
                List.of(BigInteger.ONE, BigInteger.ONE, GROUP.exponentModulus().add(BigInteger.ONE)))),
                "step 6, party alice: revealed exponent 3 is not a valid key"),
        NOT_A_REVEAL_AFTER_A_REVEAL(Stage.BOB_ANSWERS_THE_REVEAL, c -> c.instead(Draw.TYPE,
                new Draw(List.of(0), cards(1)).toBytes()),
                "step 7, party bob: sent 'draw' after the game ended; only a reveal is due");

        final Stage stage;
        final Build bad;
        final String violation;

        InTurn(Stage stage, Build bad, String violation) {
            this.stage = stage;
            this.bad = bad;
            this.violation = violation;
        }
    }

    @ParameterizedTest
    @EnumSource(InTurn.class)
    void aMessageWhereASeatIsDueIsRefusedWithItsReason(InTurn check) throws Exception {
        Table table = new Table(PARAMS, 1000 + check.ordinal());
        table.wire = e -> {
            if (e.sender() == check.stage.sender && e.type().equals(check.stage.type)) {
                throw new Intercepted(e);
            }
            return e;
        };
        Envelope honest = null;
        try {
            check.stage.play.run(table);
        } catch (Intercepted stopped) {
            honest = stopped.envelope;
        }
        assertThat(honest).as("the honest message was intercepted").isNotNull();
        PatentParty to = check.stage.sender == 0 ? table.bob : table.alice;
        Ctx c = new Ctx(table, to, honest);
        assertRefusedAndConvicted(to, check.bad.build(c), check.violation.replace("%GROUP", GROUP.name()));
    }

    /** Something started while no operation is under way: alice's go to bob, bob's to alice. */
    enum Idle {
        CLAIMS_ANOTHER_STEP(0, c -> c.signed(0, 9, Draw.TYPE, new Draw(List.of(0), cards(1)).toBytes()),
                "claims step 9 but step 6 is due"),
        DRAW_FROM_AN_EMPTY_PILE(0, c -> c.signed(0, c.next(), Draw.TYPE, new Draw(List.of(0), cards(1)).toBytes()),
                "the pile is empty"),
        DRAW_NOTHING(0, c -> c.signed(0, c.next(), Draw.TYPE, new Draw(List.of(), List.of()).toBytes()),
                "a draw takes at least one card"),
        DRAW_MORE_THAN_THE_PILE(0, c -> c.signed(0, c.next(), Draw.TYPE, new Draw(List.of(0, 1, 2, 3, 4), cards(5)).toBytes()),
                "the number of values in the positions is 5, more than the limit 4"),
        DRAW_OUTSIDE_THE_PILE(0, c -> c.signed(0, c.next(), Draw.TYPE, new Draw(List.of(1, 4), cards(2)).toBytes()),
                "position 4 is outside the pile of 4"),
        DRAW_POSITIONS_NOT_INCREASING(0, c -> c.signed(0, c.next(), Draw.TYPE, new Draw(List.of(2, 1), cards(2)).toBytes()),
                "positions must be distinct and increasing"),
        DRAW_A_POSITION_TWICE(0, c -> c.signed(0, c.next(), Draw.TYPE, new Draw(List.of(1, 1), cards(2)).toBytes()),
                "positions must be distinct and increasing"),
        DRAW_WITH_TOO_FEW_VALUES(0, c -> c.signed(0, c.next(), Draw.TYPE, new Draw(List.of(0, 1), cards(1)).toBytes()),
                "the drawn values has 1 values, expected 2"),
        RETURN_WITH_AN_EMPTY_HAND(0, c -> c.signed(0, c.next(), Return.TYPE, new Return(cards(1)).toBytes()),
                "has no card to return"),
        RETURN_NOTHING(1, c -> c.signed(1, c.next(), Return.TYPE, new Return(List.of()).toBytes()),
                "a return takes at least one card"),
        RETURN_MORE_THAN_THE_HAND(1, c -> c.signed(1, c.next(), Return.TYPE, new Return(cards(4)).toBytes()),
                "the number of returned cards is 4, more than the limit 3"),
        RETURN_A_VALUE_TWICE(1, c -> c.signed(1, c.next(), Return.TYPE, new Return(List.of(cards(1).get(0), cards(1).get(0)))
                .toBytes()), "value 2 of the returned values repeats an earlier value"),
        AN_UNKNOWN_OPERATION(1, c -> c.signed(1, c.next(), "peek", new byte[0]),
                "sent 'peek'; expected a draw, a return or a reveal");

        final int sender;
        final Build bad;
        final String reason;

        Idle(int sender, Build bad, String reason) {
            this.sender = sender;
            this.bad = bad;
            this.reason = reason;
        }
    }

    @ParameterizedTest
    @EnumSource(Idle.class)
    void anImpossibleOperationIsRefusedWithItsReason(Idle check) throws Exception {
        Table table = new Table(PARAMS, 2000 + check.ordinal()).deal();
        if (check == Idle.DRAW_FROM_AN_EMPTY_PILE) {
            table.pump(table.bob, table.bob.draw(4));
        } else if (check == Idle.RETURN_WITH_AN_EMPTY_HAND) {
            table.pump(table.alice, table.alice.giveBack(table.alice.hand()));
        }
        PatentParty to = check.sender == 0 ? table.bob : table.alice;
        assertThat(to.isIdle()).isTrue();
        Envelope bad = check.bad.build(new Ctx(table, to, null));
        assertRefusedAndConvicted(to, bad, "step " + bad.step() + ", party " + (check.sender == 0 ? "alice" : "bob")
                + ": " + check.reason);
        assertThat(to.isIdle()).isTrue();
    }

    /**
     * After the game, live, a party refuses anything as "already over" before its observer sees it; the audit
     * judges the message itself: a second reveal, or anything else.
     */
    @Test
    void aMessageAfterTheGameConvictsItsSenderInTheAudit() throws Exception {
        for (String type : List.of(Reveal.TYPE, Draw.TYPE)) {
            Table table = new Table(PARAMS, 3000).deal().finish();
            PatentParty alice = table.alice;
            assertThat(alice.isFinished()).isTrue();
            byte[] body = type.equals(Reveal.TYPE) ? new Reveal(List.of()).toBytes()
                    : new Draw(List.of(0), cards(1)).toBytes();
            Envelope late = new Ctx(table, alice, null).signed(1, 8, type, body);
            assertThatThrownBy(() -> alice.receive(late)).isInstanceOf(ProtocolViolation.class)
                    .hasMessage("step 8, party bob: the game is already over");
            String reason = type.equals(Reveal.TYPE) ? "has already revealed" : "sent 'draw' after the game is over";
            assertThat(auditFromFile(alice).line()).isEqualTo("FAILED: step 8, party bob: " + reason);
        }
    }

    /**
     * Out of turn: the honest seat that is due has always spoken before it can receive anything, so the check is
     * reached through a transcript whose author wrote the other seat's message himself. The audit names him.
     */
    @ParameterizedTest
    @EnumSource(value = Stage.class, names = {"DEAL_1", "ANSWER"})
    void aMessageOutOfTurnInATranscriptConvictsItsAuthor(Stage stage) throws Exception {
        Table table = new Table(PARAMS, 4000 + stage.ordinal());
        table.wire = e -> {
            if (e.sender() == stage.sender && e.type().equals(stage.type)) {
                throw new Intercepted(e);
            }
            return e;
        };
        Envelope honest = null;
        try {
            stage.play.run(table);
        } catch (Intercepted stopped) {
            honest = stopped.envelope;
        }
        // bob, waiting for alice, writes her message himself, in his own name.
        PatentParty bob = table.bob;
        Envelope own = new Ctx(table, bob, honest).signed(1, honest.step(), honest.type(), honest.body());
        List<Envelope> file = new ArrayList<>(bob.transcript().envelopes());
        file.add(own);
        AuditVerdict verdict = Auditor.audit(new TranscriptFile.Contents(file, List.of()));
        assertThat(verdict.line()).isEqualTo("FAILED: step " + honest.step() + ", party bob: spoke out of turn: alice "
                + "must send " + stage.type);
    }

    /** "there are only two seats" in the observer cannot be reached: the transcript refuses such a sender first. */
    @Test
    void aThirdSeatIsRefusedByTheTranscriptFirst() throws Exception {
        Table table = new Table(PARAMS, 5000).deal();
        PatentParty alice = table.alice;
        Envelope nobody = Envelope.sign(table.bobKey, alice.transcript().sessionId(), alice.transcript().size(),
                alice.transcript().head(), 2, 6, Draw.TYPE, new Draw(List.of(0), cards(1)).toBytes());
        assertThatThrownBy(() -> alice.receive(nobody)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 6: a message in the name of seat 2 (there is no such seat) was refused; it proves nothing against anyone");
    }

    /**
     * A message that is right in every way but names an earlier message as its predecessor: refused live. Whom
     * such a message convicts is the evidence rule's business, not this check's.
     */
    @Test
    void aMessageOffTheHashChainIsRefused() throws Exception {
        Table table = new Table(PARAMS, 6000).deal();
        PatentParty bob = table.bob;
        List<Envelope> kept = bob.transcript().envelopes();
        byte[] draw = new Draw(List.of(0), cards(1)).toBytes();
        Envelope offChain = Envelope.sign(table.aliceKey, bob.transcript().sessionId(), kept.size(),
                kept.get(kept.size() - 2).hash(), 0, 6, Draw.TYPE, draw);
        List<Object> before = state(bob);
        assertThatThrownBy(() -> bob.receive(offChain)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 6: a message signed by alice that does not follow message 5 was refused; it proves nothing against alice");
        assertThat(state(bob)).isEqualTo(before);
        assertThat(bob.receive(new Ctx(table, bob, null).signed(0, 6, Draw.TYPE, draw))).hasSize(1);
    }

    /** The receiver refuses {@code bad} with {@code violation}, changes nothing, and its evidence file says the same. */
    private void assertRefusedAndConvicted(PatentParty to, Envelope bad, String violation) throws Exception {
        List<Object> before = state(to);
        int refused = to.rejected().size();
        assertThatThrownBy(() -> to.receive(bad)).isInstanceOf(ProtocolViolation.class).hasMessage(violation);
        assertThat(state(to)).isEqualTo(before);
        assertThat(to.rejected()).hasSize(refused + 1);
        assertThat(to.rejected().get(refused).envelope()).isEqualTo(bad);
        assertThat(auditFromFile(to).line()).isEqualTo("FAILED: " + violation);
    }

    /** The public and private state of a party, to compare before and after a refused message. */
    private static List<Object> state(PatentParty p) {
        return List.of(List.copyOf(p.transcript().envelopes()), p.hand(), p.awaiting(), p.pileSize(), p.nextStep(),
                p.isFinished());
    }

    private AuditVerdict auditFromFile(PatentParty keeper) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), keeper.rejected());
        AuditVerdict verdict = Auditor.audit(TranscriptFile.read(file));
        assertThat(verdict.line()).isEqualTo(Table.audit(keeper).line());
        return verdict;
    }
}
