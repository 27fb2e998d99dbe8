package fairtable.protocol.permutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.seal.SealingKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.permutation.PermutationMessage.Accusation;
import fairtable.protocol.permutation.PermutationMessage.Commitments;
import fairtable.protocol.permutation.PermutationMessage.Forward;
import fairtable.protocol.permutation.PermutationMessage.Handout;
import fairtable.protocol.permutation.PermutationMessage.Opening;
import fairtable.protocol.permutation.PermutationMessage.Request;
import fairtable.protocol.permutation.PermutationMessage.SealingKeyAnnouncement;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.WireWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every check a peer's message reaches in {@link PermutationParty#receive} and {@link PermutationObserver},
 * each tripped by a message signed with the real key of a seat, at the right session, sequence number and
 * previous hash, that breaks that check only. Each test asserts the live reason, that the receiver changed
 * nothing, and that the audit of the evidence file convicts the signer at that step.
 *
 * <p>The game (3 seats, 20 cards) in steps: 1-3 sealing keys; 4-5 carol's handouts to alice and bob; 6-8
 * commitments; 9 carol asks position 2 for everyone, 10-12 its hops (alice, bob, carol in clear); 13 carol
 * asks position 4 for bob, 14-16 its hops (alice, bob, alice); 17-19 the openings.
 *
 * <p>Checks and the test that trips each:
 * <ul>
 *   <li>receive: the game is over: {@link #anyMessageAfterTheEndIsRefused}; a message in my own name:
 *       {@link #aMessageInTheReceiversOwnNameIsRefused}; transcript chain (session, number, previous hash,
 *       signature): {@link #aMessageOffTheChainIsRefused}.</li>
 *   <li>parse: no such seat: shadowed by the transcript's own "there is no seat", which runs first (see
 *       {@link #aMessageOffTheChainIsRefused}); step not due: {@link #aStepOtherThanTheOneDueIsRefused}.</li>
 *   <li>keys: out of turn, wrong type, malformed key, repeated key, unproven key: {@link #keyChecks}.</li>
 *   <li>handouts: out of turn, wrong type, addressed to everyone, wrong size, identity ephemeral key, to the
 *       wrong seat: {@link #handoutChecks}.</li>
 *   <li>commitments: out of turn, wrong count, repeated commitment: {@link #commitmentChecks}.</li>
 *   <li>idle: wrong type, a request from anyone but the dealer, position outside the deck, audience that does
 *       not exist, position already public, already dealt to a seat: {@link #requestChecks}; an opening's count, opening that does not open
 *       its commitment, zero secret, secret that is not the announced key: {@link #openingChecks}. "has already
 *       opened" is unreachable: every opening leaves the idle phase for good, and while closing only the first
 *       seat that has not opened may speak (expect() refuses anyone else first).</li>
 *   <li>reveal chain: out of turn, wrong type, public hop where a sealed one is due, sealed hop to the wrong
 *       seat, sealed hop of the wrong size, public value outside the deck: {@link #chainChecks}.</li>
 *   <li>closing: out of turn: {@link #closingChecks}.</li>
 *   <li>accusations: step too large, out of turn, not about a sealed message to the accuser, zero secret,
 *       secret not announced, false accusation: {@link #accusationChecks}.</li>
 *   <li>after the end, "sent after the game is over" in parse: unreachable live (receive refuses first with
 *       "the game is already over"); the audit reaches it: {@link #anyMessageAfterTheEndIsRefused}.</li>
 *   <li>inside sealed boxes (openPrivate: the recipient stops and accuses, nothing is thrown): a box that does
 *       not open, a handout or a hop sealed for another seat: {@link #sealedContentChecks}; a value outside the
 *       deck and the wrong halves: {@code PermutationBadMessageTest}.</li>
 * </ul>
 */
class PermutationObserverChecksTest {
    private static final int CARDS = 20;
    private static final long SEED = 77;
    private static final int EVERYONE = PermutationMessage.EVERYONE;

    /** The whole honest game, as alice kept it: the messages the crafted ones are built from. */
    private static List<Envelope> honest;

    @TempDir
    Path dir;

    @BeforeAll
    static void playHonestly() throws Exception {
        Table table = new Table(3, CARDS, SEED).setUp().revealPublicly(2).revealTo(4, 1).finish();
        honest = table.seat(0).transcript().envelopes();
        assertThat(honest).hasSize(3 + 19);
        assertThat(honest.get(honest.size() - 1).step()).isEqualTo(19);
    }

    // ---- The fixture: a fresh table replays the honest game up to a step, then one crafted message arrives. ----

    /** A fresh table whose seat {@code receiver} has taken every honest message before step {@code step}. */
    private static Table before(int receiver, int step) throws Exception {
        Table table = new Table(3, CARDS, SEED);
        PermutationParty p = table.seat(receiver);
        p.start();
        for (Envelope e : honest) {
            if (e.step() >= step && e.step() > 0) {
                break;
            }
            if (e.sender() != receiver) {
                p.receive(e);
            } else if (p.transcript().size() < honest.indexOf(e) + 1) {
                actsOnItsOwn(p, e); // a request or an opening: a seat's own choice, not an answer
            }
        }
        assertThat(p.transcript().envelopes()).isEqualTo(honest.subList(0, p.transcript().size()));
        assertThat(p.nextStep()).isEqualTo(step);
        return table;
    }

    private static void actsOnItsOwn(PermutationParty p, Envelope e) throws Exception {
        if (e.type().equals(Opening.TYPE)) {
            p.finish();
        } else {
            Request r = PermutationMessage.Codec.request(e.body(), CARDS);
            if (r.audience() == EVERYONE) {
                p.revealPublicly(r.position());
            } else {
                p.revealTo(r.position(), r.audience());
            }
        }
    }

    private static Envelope honestAt(int step) {
        return honest.stream().filter(e -> e.step() == step).findFirst().orElseThrow();
    }

    /** {@code body} as {@code signer} signs it, placed exactly where {@code receiver}'s chain is. */
    private static Envelope signed(Table table, int receiver, int signer, int step, String type, byte[] body) {
        Transcript t = table.seat(receiver).transcript();
        return Envelope.sign(table.keys.get(signer), t.sessionId(), t.size(), t.head(), signer, step, type, body);
    }

    private record State(List<Envelope> transcript, int nextStep, String awaiting, Map<Integer, Integer> cards) {
        static State of(PermutationParty p) {
            return new State(List.copyOf(p.transcript().envelopes()), p.nextStep(), p.awaiting(), Map.copyOf(p.knownCards()));
        }
    }

    /**
     * Delivers {@code body}, signed by {@code signer} at the step due, to {@code receiver} just before step
     * {@code step}; asserts the refusal, the unchanged state, and the audit of the evidence file.
     */
    private void refused(int receiver, int step, int signer, String type, byte[] body, String reason) throws Exception {
        refusedAt(receiver, step, signer, step, type, body, reason, "step " + step + ", party " + Table.NAMES.get(signer) + ": " + reason);
    }

    private void refusedAt(int receiver, int dueStep, int signer, int claimedStep, String type, byte[] body, String reason,
            String auditLine) throws Exception {
        Table table = before(receiver, dueStep);
        PermutationParty p = table.seat(receiver);
        State before = State.of(p);
        Envelope e = signed(table, receiver, signer, claimedStep, type, body);
        String expected = "step " + claimedStep + ", party " + Table.NAMES.get(signer) + ": " + reason;
        assertThatThrownBy(() -> p.receive(e)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
        assertThat(State.of(p)).isEqualTo(before);
        assertThat(p.failure()).isEmpty();
        assertThat(p.rejected()).singleElement().satisfies(r -> {
            assertThat(r.envelope()).isEqualTo(e);
            assertThat(r.reason()).hasMessage(expected);
        });
        assertThat(auditFromFile(p).line()).isEqualTo("FAILED: " + auditLine);
    }

    private AuditVerdict auditFromFile(PermutationParty keeper) throws Exception {
        Path file = dir.resolve("evidence-" + System.nanoTime() + ".jsonl");
        TranscriptFile.write(file, keeper.transcript().envelopes(), keeper.rejected());
        return Auditor.audit(TranscriptFile.read(file));
    }

    private static byte[] with(byte[] body, int index, int value) {
        byte[] out = body.clone();
        out[index] = (byte) value;
        return out;
    }

    private static byte[] concat(byte[]... parts) {
        WireWriter w = new WireWriter();
        for (byte[] p : parts) {
            w.fixed(p);
        }
        return w.toBytes();
    }

    private static byte[] secretOf(int seat) {
        return new Table(3, CARDS, SEED).seat(seat).sealingKey().secretKeyBytes();
    }

    // ---- The receive path and the chain. ----

    @Test
    void aStepOtherThanTheOneDueIsRefused() throws Exception {
        Envelope bobsKey = honestAt(2);
        refusedAt(0, 2, 1, 3, SealingKeyAnnouncement.TYPE, bobsKey.body(), "claims step 3 but step 2 is due",
                "step 3, party bob: claims step 3 but step 2 is due");
    }

    @Test
    void aMessageOffTheChainIsRefused() throws Exception {
        Table table = before(0, 2);
        PermutationParty alice = table.seat(0);
        Transcript t = alice.transcript();
        byte[] body = honestAt(2).body();
        String type = SealingKeyAnnouncement.TYPE;
        byte[] otherSession = with(t.sessionId(), 0, t.sessionId()[0] + 1);
        byte[] otherPrev = with(t.head(), 0, t.head()[0] + 1);
        Map<Envelope, String> offChain = Map.of(
                Envelope.sign(table.keys.get(1), otherSession, t.size(), t.head(), 1, 2, type, body),
                "step 2: a message signed by bob in another session was refused; it proves nothing against bob",
                Envelope.sign(table.keys.get(1), t.sessionId(), t.size() + 1, t.head(), 1, 2, type, body),
                "step 2: a message signed by bob as number " + (t.size() + 1) + " (number " + t.size()
                        + " was due) was refused; it proves nothing against bob",
                Envelope.sign(table.keys.get(1), t.sessionId(), t.size(), otherPrev, 1, 2, type, body),
                "step 2: a message signed by bob that does not follow message " + (t.size() - 1)
                        + " was refused; it proves nothing against bob",
                Envelope.sign(table.keys.get(2), t.sessionId(), t.size(), t.head(), 1, 2, type, body),
                "step 2: a message in bob's name with a bad signature was refused; it proves nothing against bob",
                Envelope.sign(table.keys.get(1), t.sessionId(), t.size(), t.head(), 3, 2, type, body),
                "step 2: a message in the name of seat 3 (there is no such seat) was refused; it proves nothing"
                        + " against anyone");
        State before = State.of(alice);
        for (Map.Entry<Envelope, String> c : offChain.entrySet()) {
            assertThatThrownBy(() -> alice.receive(c.getKey())).isInstanceOf(ProtocolViolation.class).hasMessage(c.getValue());
            assertThat(State.of(alice)).isEqualTo(before);
        }
        // The honest message still fits: none of the refusals moved the chain.
        alice.receive(honestAt(2));
        assertThat(alice.nextStep()).isEqualTo(3);
    }

    @Test
    void aMessageInTheReceiversOwnNameIsRefused() throws Exception {
        Table table = before(1, 3);
        PermutationParty bob = table.seat(1);
        State before = State.of(bob);
        Envelope e = signed(table, 1, 1, 3, SealingKeyAnnouncement.TYPE, honestAt(3).body());
        assertThatThrownBy(() -> bob.receive(e)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 3, party bob: a message in my own name that I did not send");
        assertThat(State.of(bob)).isEqualTo(before);
    }

    @Test
    void anyMessageAfterTheEndIsRefused() throws Exception {
        Table table = before(0, 20);
        PermutationParty alice = table.seat(0);
        assertThat(alice.isFinished()).isTrue();
        State before = State.of(alice);
        Envelope e = signed(table, 0, 1, 20, Request.TYPE, new Request(1, EVERYONE).toBytes());
        assertThatThrownBy(() -> alice.receive(e)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 20, party bob: the game is already over");
        assertThat(State.of(alice)).isEqualTo(before);
        assertThat(auditFromFile(alice).line()).isEqualTo("FAILED: step 20, party bob: sent 'request' after the game is over");
    }

    // ---- Steps 1-3: sealing keys. Bob's is due at step 2. ----

    @Test
    void keyChecks() throws Exception {
        byte[] bobs = honestAt(2).body();
        byte[] alices = honestAt(1).body();
        String type = SealingKeyAnnouncement.TYPE;
        refused(0, 2, 2, type, bobs, "spoke out of turn: bob must send sealing-key");
        refused(0, 2, 1, Commitments.TYPE, bobs, "sent 'commit' where 'sealing-key' is due");
        refused(0, 2, 1, type, Arrays.copyOf(bobs, 32 + SchnorrProof.ENCODED_LENGTH - 1),
                "truncated: the proof of the sealing key is missing");
        refused(0, 2, 1, type, with(bobs, 32, 2), "the proof of the sealing key is in an unknown form");
        refused(0, 2, 1, type, concat(new byte[32], Arrays.copyOfRange(bobs, 32, bobs.length)),
                "the sealing key or its proof: the identity is not a sealing key");
        refused(0, 2, 1, type, alices, "announces a sealing key already announced");
        refused(0, 2, 1, type, concat(Arrays.copyOf(bobs, 32), Arrays.copyOfRange(alices, 32, alices.length)),
                "does not prove that it knows its sealing key");
    }

    // ---- Steps 4-5: carol's handouts. Alice's is due at step 4. ----

    @Test
    void handoutChecks() throws Exception {
        byte[] toAlice = honestAt(4).body();
        byte[] toBob = honestAt(5).body();
        String type = Handout.TYPE;
        refused(0, 4, 1, type, toAlice, "spoke out of turn: carol must send handout");
        refused(0, 4, 2, Forward.TYPE, toAlice, "sent 'forward' where 'handout' is due");
        refused(0, 4, 2, type, with(toAlice, 0, EVERYONE), "a sealed handout is addressed to everyone");
        refused(0, 4, 2, type, Arrays.copyOf(toAlice, toAlice.length - 1),
                "the sealed handout is " + (toAlice.length - 2) + " bytes, expected " + (toAlice.length - 1));
        byte[] identity = toAlice.clone();
        Arrays.fill(identity, 1, 33, (byte) 0);
        refused(0, 4, 2, type, identity, "the sealed handout: the identity is not an ephemeral key");
        refused(0, 4, 2, type, toBob, "hands out to seat 1 where seat 0 is due");
    }

    // ---- Steps 6-8: commitments. Bob's is due at step 7. ----

    @Test
    void commitmentChecks() throws Exception {
        byte[] bobs = honestAt(7).body();
        String type = Commitments.TYPE;
        refused(0, 7, 2, type, bobs, "spoke out of turn: bob must send commit");
        refused(0, 7, 1, Opening.TYPE, bobs, "sent 'opening' where 'commit' is due");
        byte[] two = concat(new WireWriter().u32(2).toBytes(), Arrays.copyOfRange(bobs, 4, 4 + 64));
        refused(0, 7, 1, type, two, "holds 2 commitments, expected 3");
        byte[] twice = bobs.clone();
        System.arraycopy(bobs, 4, twice, 4 + 32, 32);
        refused(0, 7, 1, type, twice, "repeats a commitment already made");
        byte[] alicesFirst = bobs.clone();
        System.arraycopy(honestAt(6).body(), 4, alicesFirst, 4 + 64, 32);
        refused(0, 7, 1, type, alicesFirst, "repeats a commitment already made");
    }

    // ---- Idle: step 9 (nothing shown yet), 13 (position 2 public), 17 (position 4 shown to bob). ----

    @Test
    void requestChecks() throws Exception {
        refused(0, 9, 2, Commitments.TYPE, honestAt(8).body(), "sent 'commit'; expected a request or an opening");
        refused(0, 9, 2, Request.TYPE, new Request(1, 2).toBytes(),
                "asks for a card to be shown, but only the dealer, alice, deals");
        refused(1, 9, 0, Request.TYPE, new Request(CARDS, EVERYONE).toBytes(), "position 20 is outside 0..19");
        refused(1, 9, 0, Request.TYPE, new Request(1, 3).toBytes(), "asks to show a card to seat 3, which does not exist");
        refused(1, 13, 0, Request.TYPE, new Request(2, 0).toBytes(), "position 2 is already public");
        refused(2, 17, 0, Request.TYPE, new Request(4, 1).toBytes(),
                "asks to show position 4 to bob, but it was already dealt to bob; it may only be shown to everyone now");
        refused(2, 17, 0, Request.TYPE, new Request(4, 2).toBytes(),
                "asks to show position 4 to carol, but it was already dealt to bob; it may only be shown to everyone now");
    }

    @Test
    void openingChecks() throws Exception {
        byte[] alices = honestAt(17).body();
        String type = Opening.TYPE;
        byte[] one = concat(new WireWriter().u32(1).toBytes(), Arrays.copyOfRange(alices, 4, alices.length));
        refused(1, 17, 0, type, one, "holds 1 openings, expected 3");
        refused(1, 17, 0, type, with(alices, 4, alices[4] + 1), "opening 1 (its own permutation) does not open its commitment");
        byte[] zero = alices.clone();
        Arrays.fill(zero, zero.length - 32, zero.length, (byte) 0);
        refused(1, 17, 0, type, zero, "its sealing secret key: a sealing secret key must not be zero");
        byte[] carols = concat(Arrays.copyOf(alices, alices.length - 32), secretOf(2));
        refused(1, 17, 0, type, carols, "reveals a sealing secret key that is not the one it announced");
    }

    // ---- The reveal of position 2 to everyone: alice's sealed hop due at step 10, carol's public one at 12. ----

    @Test
    void chainChecks() throws Exception {
        byte[] alices = honestAt(10).body();
        refused(2, 10, 1, Forward.TYPE, alices, "spoke out of turn: alice must send forward");
        refused(2, 10, 0, Request.TYPE, new Request(3, EVERYONE).toBytes(), "sent 'request' where 'forward' is due");
        refused(2, 10, 0, Forward.TYPE, new Forward(EVERYONE, 3).toBytes(), "sends hop 1 of the reveal to everyone instead of bob");
        refused(2, 10, 0, Forward.TYPE, with(alices, 0, 2), "sends hop 1 of the reveal to carol instead of bob");
        refused(2, 10, 0, Forward.TYPE, Arrays.copyOf(alices, alices.length + 1),
                "the sealed forward is " + alices.length + " bytes, expected " + (alices.length - 1));
        refused(0, 12, 2, Forward.TYPE, new Forward(EVERYONE, CARDS).toBytes(), "value 20 is outside 0..19");
        refused(0, 12, 2, Forward.TYPE, honestAt(11).body(), "sends hop 3 of the reveal to carol instead of everyone");
    }

    // ---- Closing: after alice opened at step 17, bob must open at 18. ----

    @Test
    void closingChecks() throws Exception {
        refused(0, 18, 2, Opening.TYPE, honestAt(19).body(), "spoke out of turn: bob must send opening");
        refused(0, 18, 1, Request.TYPE, new Request(5, EVERYONE).toBytes(), "sent 'request' where 'opening' is due");
    }

    // ---- Accusations, idle at step 9 and during the reveal at step 10. ----

    @Test
    void accusationChecks() throws Exception {
        String type = Accusation.TYPE;
        byte[] tooFar = new WireWriter().u32(0xffffffffL).fixed(secretOf(0)).toBytes();
        refused(1, 9, 0, type, tooFar, "accuses step 4294967295, which does not exist");
        refused(2, 10, 1, type, new Accusation(5, secretOf(1)).toBytes(),
                "accuses out of turn: alice to pass on the value for position 2 (hop 1 of 3, step 10)");
        refused(1, 9, 0, type, new Accusation(5, secretOf(0)).toBytes(), "accuses step 5, which is not a sealed message to it");
        refused(1, 9, 0, type, new Accusation(6, secretOf(0)).toBytes(), "accuses step 6, which is not a sealed message to it");
        refused(1, 9, 0, type, new WireWriter().u32(4).fixed(new byte[32]).toBytes(),
                "its sealing secret key: a sealing secret key must not be zero");
        refused(1, 9, 0, type, new Accusation(4, secretOf(1)).toBytes(), "reveals a sealing secret key that is not the one it announced");
        refused(1, 9, 0, type, new Accusation(4, secretOf(0)).toBytes(),
                "accuses carol falsely: its sealed handout of step 4 opens and holds what it should");
    }

    // ---- Inside sealed boxes: only the recipient sees these; it stops and accuses at its turn. ----

    @Test
    void sealedContentChecks() throws Exception {
        // A box sealed to bob, sent to alice as her handout: publicly well formed, it does not open for her.
        byte[] toBob = honestAt(5).body();
        assertSealedRefused(0, 4, 2, Handout.TYPE, with(toBob, 0, 0),
                "sealed a handout to alice that does not open under alice's sealing key");
        // A handout for bob, correctly sealed to alice.
        Table table = new Table(3, CARDS, SEED).setUp();
        PermutationObserver seen = Table.replay(table.seat(0));
        PermutationMessage bobsHandout = table.inClear(seen).get(4).message();
        Handout forBob = (Handout) bobsHandout;
        assertSealedRefused(0, 4, 2, Handout.TYPE, sealed(2, 0, 4, Handout.TYPE, forBob.toBytes()),
                "inside its sealed handout: seals to alice a handout for seat 1");
        // A hop for carol, correctly sealed to bob.
        assertSealedRefused(1, 10, 0, Forward.TYPE, sealed(0, 1, 10, Forward.TYPE, new Forward(2, 7).toBytes()),
                "inside its sealed forward: seals to bob a hop for carol");
    }

    /** {@code plain} sealed by {@code from} to {@code to} as the honest code seals a message at {@code step}. */
    private static byte[] sealed(int from, int to, int step, String type, byte[] plain) throws Exception {
        Table table = before(to, step);
        PermutationObserver seen = Table.replay(table.seat(to));
        SealingKey sender = table.seat(from).sealingKey();
        return new WireWriter().u8(to)
                .fixed(sender.seal(seen.sealingKey(to), plain, seen.sealContext(step, type), new SplittableRandom(3)).toBytes())
                .toBytes();
    }

    private void assertSealedRefused(int receiver, int step, int signer, String type, byte[] body, String reason) throws Exception {
        Table table = before(receiver, step);
        PermutationParty p = table.seat(receiver);
        Envelope e = signed(table, receiver, signer, step, type, body);
        String expected = "step " + step + ", party " + Table.NAMES.get(signer) + ": " + reason;
        // Publicly the message is well formed: a seat that cannot open it takes it.
        int other = 3 - receiver - signer;
        Table bystander = before(other, step);
        Envelope same = signed(bystander, other, signer, step, type, body);
        assertThat(same).isEqualTo(e);
        bystander.seat(other).receive(same);
        assertThat(bystander.seat(other).failure()).isEmpty();
        // Its recipient takes it too (the others did), stops, and accuses the sender with its sealing secret.
        List<Envelope> sent = p.receive(e);
        assertThat(p.caught()).hasValueSatisfying(v -> assertThat(v).hasMessage(expected));
        assertThat(p.rejected()).isEmpty();
        // Until its turn, it takes the honest messages that follow (signed again where the chain now is).
        for (int next = step + 1; sent.isEmpty(); next++) {
            Envelope h = honestAt(next);
            Envelope again = signed(table, receiver, h.sender(), next, h.type(), h.body());
            bystander.seat(other).receive(again);
            sent = p.receive(again);
        }
        Envelope accusation = sent.get(0);
        assertThat(accusation.type()).isEqualTo(Accusation.TYPE);
        assertThat(p.failure()).hasValueSatisfying(v -> assertThat(v).hasMessage(expected));
        assertThat(bystander.seat(other).receive(accusation)).isEmpty();
        assertThat(bystander.seat(other).failure()).hasValueSatisfying(v -> assertThat(v).hasMessage(expected));
        assertThat(auditFromFile(bystander.seat(other)).line()).isEqualTo("FAILED: " + expected);
    }

    @Test
    void theHonestMessagesPassTheSameFixture() throws Exception {
        // Every crafted message above differs from an honest one that this fixture accepts where it is due.
        for (int step = 1; step <= 19; step++) {
            Envelope e = honestAt(step);
            int receiver = (e.sender() + 1) % 3;
            Table table = before(receiver, step);
            table.seat(receiver).receive(signed(table, receiver, e.sender(), step, e.type(), e.body()));
            assertThat(table.seat(receiver).nextStep()).as("step %d", step).isGreaterThan(step);
            assertThat(table.seat(receiver).failure()).isEmpty();
        }
        assertThat(Hello.TYPE).isEqualTo(honest.get(0).type());
    }
}
