package fairtable.protocol.transcript;

import static fairtable.protocol.transcript.ToyGame.GAME;
import static fairtable.protocol.transcript.ToyGame.NO_SESSION;
import static fairtable.protocol.transcript.ToyGame.PARAMETERS;
import static fairtable.protocol.transcript.ToyGame.note;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.Auditor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every check of {@link Transcript} tripped by a message that is correctly signed by its author and right in
 * every other respect, so the check under test is the only one that can refuse it. Each refusal is asserted
 * live (as a party checks a received message, and as it appends one) and from the audit of the file that holds
 * it, with the same reason and the same party named.
 */
class TranscriptChecksTest {
    /** How the audit judges a first line that is no readable hello: whoever wrote the file put it there. */
    private static final String NOT_A_HELLO = "FAILED: step 0: message 0 of the transcript is a message from seat 0 that"
            + " is not a readable hello, so the file is not one signed chain; it proves nothing against anyone";

    @TempDir
    Path dir;

    private final ToyGame toy = new ToyGame(20261127);
    private final SigningKey aliceKey = toy.aliceKey;
    private final SigningKey bobKey = toy.bobKey;
    private final SigningKey malloryKey = toy.malloryKey;

    private Hello hello(int seat, String name, SigningKey key) {
        return toy.hello(seat, name, key);
    }

    private byte[] nonce() {
        return toy.nonce();
    }

    private Transcript game() {
        return toy.game();
    }

    /** Replays {@code before}'s messages into a fresh transcript, as a receiving seat would hold them. */
    private static Transcript replay(Transcript before) throws ProtocolViolation {
        Transcript t = new Transcript();
        for (Envelope e : before.envelopes()) {
            t.append(e);
        }
        return t;
    }

    /**
     * {@code bad}, placed after {@code before}'s messages, is refused with {@code expected} by check and by
     * append, leaves the transcript as it was, and makes the audit of a file holding it fail the same way.
     */
    private void assertRefused(Transcript before, Envelope bad, String expected) throws Exception {
        assertRefused(before, bad, expected, "FAILED: " + expected);
    }

    /**
     * As above, but the audit of the file says {@code audited}: a hello line that does not fit the file convicts
     * nobody there (docs/evidence.md), while the live transcript names the seat the hello claims.
     */
    private void assertRefused(Transcript before, Envelope bad, String expected, String audited) throws Exception {
        Transcript live = replay(before);
        assertThatThrownBy(() -> live.check(bad)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
        assertThatThrownBy(() -> live.append(bad)).isInstanceOf(ProtocolViolation.class).hasMessage(expected);
        assertThat(live.envelopes()).isEqualTo(before.envelopes());

        List<Envelope> file = new ArrayList<>(before.envelopes());
        file.add(bad);
        Path path = dir.resolve("transcript.jsonl");
        TranscriptFile.write(path, file, List.of());
        assertThat(Auditor.audit(TranscriptFile.read(path)).line()).isEqualTo(audited);
    }

    /**
     * {@code bad}, which does not fit after {@code before}'s messages, is refused naming nobody (docs/evidence.md) by
     * check and by append, leaves the transcript as it was, and a file holding it fails, proving nothing against
     * {@code against} either.
     */
    private void assertProvesNothing(Transcript before, Envelope bad, String what, String against) throws Exception {
        Transcript live = replay(before);
        String line = "step " + bad.step() + ": " + what + " was refused; it proves nothing against " + against;
        assertThatThrownBy(() -> live.check(bad)).isInstanceOf(ProtocolViolation.class).hasMessage(line)
                .matches(v -> ((ProtocolViolation) v).provesNothing(), "names nobody");
        assertThatThrownBy(() -> live.append(bad)).isInstanceOf(ProtocolViolation.class).hasMessage(line);
        assertThat(live.envelopes()).isEqualTo(before.envelopes());

        List<Envelope> file = new ArrayList<>(before.envelopes());
        file.add(bad);
        Path path = dir.resolve("transcript.jsonl");
        TranscriptFile.write(path, file, List.of());
        assertThat(Auditor.audit(TranscriptFile.read(path)).line()).isEqualTo("FAILED: step " + bad.step()
                + ": message " + before.size() + " of the transcript is " + what
                + ", so the file is not one signed chain; it proves nothing against " + against);
    }

    /** Bob's next message (seq 4, step 3) with one field replaced, signed by {@code key}. */
    private Envelope bobNext(Transcript t, SigningKey key, byte[] session, long seq, byte[] prev, int sender) {
        return Envelope.sign(key, session, seq, prev, sender, 3, "note", note("three"));
    }

    @Test
    void theHonestMessageThatEveryCaseBelowAltersIsAccepted() throws Exception {
        Transcript t = game();
        Envelope honest = bobNext(t, bobKey, t.sessionId(), 4, t.head(), 1);
        Transcript live = replay(t);
        live.check(honest);
        live.append(honest);
        assertThat(live.size()).isEqualTo(5);
        assertThat(live.head()).isEqualTo(honest.hash());
    }

    @Test
    void aWrongPreviousHashIsRefusedAsABrokenChainThatProvesNothing() throws Exception {
        Transcript t = game();
        byte[] earlier = t.envelopes().get(2).hash(); // a real link, just not the last one
        assertProvesNothing(t, bobNext(t, bobKey, t.sessionId(), 4, earlier, 1),
                "a message signed by bob that does not follow message 3", "bob");
    }

    @Test
    void aWrongPreviousHashOnAHelloIsRefused() throws Exception {
        Transcript t = new Transcript();
        t.seal(aliceKey, 0, 0, Hello.TYPE, hello(0, "alice", aliceKey).toBytes());
        Envelope bobHello = Envelope.sign(bobKey, NO_SESSION, 1, NO_SESSION, 1, 0, Hello.TYPE,
                hello(1, "bob", bobKey).toBytes());
        assertRefused(t, bobHello,
                "step 0, party at seat 1: the message does not follow the previous one (hash chain broken)",
                "FAILED: step 0: message 1 of the transcript is a hello signed by bob that does not follow message 0,"
                        + " so the file is not one signed chain; it proves nothing against bob");
    }

    @Test
    void aMessageNumberAheadOfItsPlaceIsRefused() throws Exception {
        Transcript t = game();
        assertProvesNothing(t, bobNext(t, bobKey, t.sessionId(), 5, t.head(), 1),
                "a message signed by bob as number 5 (number 4 was due)", "bob");
    }

    @Test
    void aMessageNumberAlreadyUsedIsRefused() throws Exception {
        Transcript t = game();
        assertProvesNothing(t, bobNext(t, bobKey, t.sessionId(), 3, t.head(), 1),
                "a message signed by bob as number 3 (number 4 was due)", "bob");
    }

    @Test
    void aMessageSignedForAnotherSessionIsRefusedAsReplayed() throws Exception {
        Transcript t = game();
        Transcript other = game(); // the same players, fresh nonces: another session
        assertThat(other.sessionId()).isNotEqualTo(t.sessionId());
        assertProvesNothing(t, bobNext(t, bobKey, other.sessionId(), 4, t.head(), 1),
                "a message signed by bob in another session", "bob");
    }

    @Test
    void aMessageWithoutTheSessionIdIsRefusedAsAnotherSessions() throws Exception {
        Transcript t = game();
        assertProvesNothing(t, bobNext(t, bobKey, NO_SESSION, 4, t.head(), 1),
                "a message signed by bob in another session", "bob");
    }

    @Test
    void aMessageSignedByBobUnderAlicesSeatIsABadSignatureOfAlices() throws Exception {
        Transcript t = game();
        assertProvesNothing(t, bobNext(t, bobKey, t.sessionId(), 4, t.head(), 0),
                "a message in alice's name with a bad signature", "alice");
    }

    @Test
    void aMessageFromASeatThatDoesNotExistIsRefused() throws Exception {
        Transcript t = game();
        assertProvesNothing(t, bobNext(t, malloryKey, t.sessionId(), 4, t.head(), 2),
                "a message in the name of seat 2 (there is no such seat)", "anyone");
    }

    @Test
    void aMessageSignedByAnotherKeyIsABadSignatureOfItsSeat() throws Exception {
        Transcript t = game();
        assertProvesNothing(t, bobNext(t, malloryKey, t.sessionId(), 4, t.head(), 1),
                "a message in bob's name with a bad signature", "bob");
    }

    @Test
    void aMessageWithOneSignatureBitFlippedIsABadSignature() throws Exception {
        Transcript t = game();
        Envelope honest = bobNext(t, bobKey, t.sessionId(), 4, t.head(), 1);
        byte[] signature = honest.signature();
        signature[17] ^= 0x01;
        Envelope flipped = Envelope.of(honest.session(), 4, honest.prev(), 1, 3, "note", honest.body(), signature);
        assertProvesNothing(t, flipped, "a message in bob's name with a bad signature", "bob");
    }

    @Test
    void theFirstMessageMustBeAHello() throws Exception {
        Envelope note = Envelope.sign(aliceKey, NO_SESSION, 0, NO_SESSION, 0, 0, "note", note("hi"));
        assertRefused(new Transcript(), note, "step 0, party at seat 0: expected a hello, got note", NOT_A_HELLO);
    }

    @Test
    void aHelloMustBeAtStepZero() throws Exception {
        Envelope late = Envelope.sign(aliceKey, NO_SESSION, 0, NO_SESSION, 0, 1, Hello.TYPE,
                hello(0, "alice", aliceKey).toBytes());
        assertRefused(new Transcript(), late, "step 1, party at seat 0: expected a hello, got hello");
    }

    @Test
    void aHelloCarriesNoSessionId() throws Exception {
        byte[] session = new byte[Envelope.HASH_LENGTH];
        session[31] = 1;
        Envelope e = Envelope.sign(aliceKey, session, 0, NO_SESSION, 0, 0, Hello.TYPE,
                hello(0, "alice", aliceKey).toBytes());
        assertRefused(new Transcript(), e, "step 0, party at seat 0: a hello carries no session id");
    }

    @Test
    void aMalformedHelloIsRefusedWithTheParsersReason() throws Exception {
        byte[] body = hello(0, "alice", aliceKey).toBytes();
        byte[] longer = java.util.Arrays.copyOf(body, body.length + 1);
        Envelope e = Envelope.sign(aliceKey, NO_SESSION, 0, NO_SESSION, 0, 0, Hello.TYPE, longer);
        assertRefused(new Transcript(), e, "step 0, party at seat 0: malformed hello: 1 unexpected trailing bytes",
                NOT_A_HELLO);
    }

    @Test
    void aHelloForSeatOneCannotComeFirst() throws Exception {
        Envelope e = Envelope.sign(bobKey, NO_SESSION, 0, NO_SESSION, 1, 0, Hello.TYPE,
                hello(1, "bob", bobKey).toBytes());
        assertRefused(new Transcript(), e, "step 0, party bob: hello for seat 1 arrived as message 0");
    }

    @Test
    void aHelloMustBeSentFromTheSeatItNames() throws Exception {
        Transcript t = new Transcript();
        t.seal(aliceKey, 0, 0, Hello.TYPE, hello(0, "alice", aliceKey).toBytes());
        Envelope e = Envelope.sign(bobKey, NO_SESSION, 1, t.head(), 0, 0, Hello.TYPE,
                hello(1, "bob", bobKey).toBytes());
        assertRefused(t, e, "step 0, party bob: hello for seat 1 arrived as message 1");
    }

    private void assertSecondHelloRefused(Hello second, SigningKey signer, String expected) throws Exception {
        assertSecondHelloRefused(second, signer, expected, "FAILED: " + expected);
    }

    private void assertSecondHelloRefused(Hello second, SigningKey signer, String expected, String audited)
            throws Exception {
        Transcript t = new Transcript();
        t.seal(aliceKey, 0, 0, Hello.TYPE, hello(0, "alice", aliceKey).toBytes());
        Envelope e = Envelope.sign(signer, NO_SESSION, 1, t.head(), 1, 0, Hello.TYPE, second.toBytes());
        assertRefused(t, e, expected, audited);
    }

    @Test
    void aHelloForAnotherProtocolIsRefused() throws Exception {
        assertSecondHelloRefused(new Hello("toy/v2", PARAMETERS, 2, 1, "bob", bobKey.verifyingKey(), nonce()), bobKey,
                "step 0, party bob: proposes a different game than alice");
    }

    @Test
    void aHelloWithOtherParametersIsRefused() throws Exception {
        assertSecondHelloRefused(new Hello(GAME, new byte[] {8}, 2, 1, "bob", bobKey.verifyingKey(), nonce()), bobKey,
                "step 0, party bob: proposes a different game than alice");
    }

    @Test
    void aHelloForAnotherNumberOfPlayersIsRefused() throws Exception {
        assertSecondHelloRefused(new Hello(GAME, PARAMETERS, 3, 1, "bob", bobKey.verifyingKey(), nonce()), bobKey,
                "step 0, party bob: proposes a different game than alice");
    }

    @Test
    void aSecondSeatWithAlicesKeyIsRefused() throws Exception {
        assertSecondHelloRefused(hello(1, "bob", aliceKey), aliceKey,
                "step 0, party bob: uses the same name or key as alice");
    }

    @Test
    void aSecondSeatWithAlicesNameIsRefused() throws Exception {
        assertSecondHelloRefused(hello(1, "alice", bobKey), bobKey,
                "step 0, party alice: uses the same name or key as alice");
    }

    @Test
    void aHelloNotSignedByTheKeyItAnnouncesIsABadSignature() throws Exception {
        assertSecondHelloRefused(hello(1, "bob", bobKey), malloryKey, "step 0, party bob: bad signature",
                "FAILED: step 0: message 1 of the transcript is a hello in bob's name with a bad signature, so the file"
                        + " is not one signed chain; it proves nothing against bob");
    }

    @Test
    void theSessionIsFixedByTheLastHelloAndNotBefore() throws Exception {
        Transcript t = new Transcript();
        t.seal(aliceKey, 0, 0, Hello.TYPE, hello(0, "alice", aliceKey).toBytes());
        assertThat(t.established()).isFalse();
        assertThatThrownBy(t::sessionId).isInstanceOf(IllegalStateException.class)
                .hasMessage("the session is not established yet");
        Envelope last = t.seal(bobKey, 1, 0, Hello.TYPE, hello(1, "bob", bobKey).toBytes());
        assertThat(t.established()).isTrue();
        assertThat(t.sessionId()).isEqualTo(last.hash());
        assertThat(t.hellos()).extracting(Hello::name).containsExactly("alice", "bob");
        assertThat(t.nameOf(1)).isEqualTo("bob");
        assertThat(t.nameOf(2)).isEqualTo("at seat 2");
        // The next message is sealed into the session, after the last hello.
        Envelope next = t.seal(aliceKey, 0, 1, "note", note("one"));
        assertThat(next.session()).isEqualTo(last.hash());
        assertThat(next.prev()).isEqualTo(last.hash());
        assertThat(next.seq()).isEqualTo(2);
    }

    @Test
    void theFirstMessageFollowsTheZeroHash() {
        Transcript t = new Transcript();
        assertThat(t.head()).isEqualTo(NO_SESSION);
        t.head()[0] = 9; // head() hands out a copy
        assertThat(t.head()).isEqualTo(NO_SESSION);
        Envelope first = t.seal(aliceKey, 0, 0, Hello.TYPE, hello(0, "alice", aliceKey).toBytes());
        assertThat(first.prev()).isEqualTo(NO_SESSION);
        assertThat(first.session()).isEqualTo(NO_SESSION);
    }

    @Test
    void aMessageCheckedBeforeTheHeadMovedIsCheckedAgainWhenAppended() throws Exception {
        Transcript t = game();
        Envelope bobs = bobNext(t, bobKey, t.sessionId(), 4, t.head(), 1);
        t.check(bobs);
        t.seal(aliceKey, 0, 3, "note", note("mine first")); // takes number 4 before bob's is appended
        assertThatThrownBy(() -> t.append(bobs)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 3: a message signed by bob as number 4 (number 5 was due) was refused; "
                        + "it proves nothing against bob");
    }

    @Test
    void aCheckedMessageDoesNotVouchForAnotherOne() throws Exception {
        Transcript t = game();
        Envelope honest = bobNext(t, bobKey, t.sessionId(), 4, t.head(), 1);
        Envelope forged = bobNext(t, malloryKey, t.sessionId(), 4, t.head(), 1);
        t.check(honest);
        assertThatThrownBy(() -> t.append(forged)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 3: a message in bob's name with a bad signature was refused; it proves nothing against bob");
        t.append(honest);
        assertThat(t.size()).isEqualTo(5);
    }

    @Test
    void aHelloCheckedAndThenAppendedIsRecordedWithItsKey() throws Exception {
        Transcript t = new Transcript();
        Envelope first = Envelope.sign(aliceKey, NO_SESSION, 0, NO_SESSION, 0, 0, Hello.TYPE,
                hello(0, "alice", aliceKey).toBytes());
        Hello parsed = t.check(first);
        assertThat(parsed.name()).isEqualTo("alice");
        t.append(first);
        assertThat(t.hellos()).containsExactly(parsed);
        assertThat(t.hellos().get(0).key()).isEqualTo(aliceKey.verifyingKey());
    }
}
