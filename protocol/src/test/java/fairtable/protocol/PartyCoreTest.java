package fairtable.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The shared bookkeeping of the parties, on a toy two-seat game whose parameters are one byte. */
class PartyCoreTest {
    private static final String PROTOCOL = "toy/v1";
    private static final byte[] PARAMETERS = {7};

    private record Note(String text) implements PartyCore.Message {
        @Override
        public String type() {
            return "note";
        }

        @Override
        public byte[] toBytes() {
            return text.getBytes(StandardCharsets.UTF_8);
        }
    }

    private final SplittableRandom random = new SplittableRandom(20261122);
    private final SigningKey bobKey = key();
    private final SigningKey aliceKey = key();
    private final PartyCore alice = new PartyCore(0, "alice", aliceKey);
    private final PartyCore bob = new PartyCore(1, "bob", bobKey);

    private SigningKey key() {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        return SigningKey.fromSeed(seed);
    }

    private static String refusal(Hello hello) {
        return PartyCore.proposes(hello, " v", PartyCoreTest::readToy, PROTOCOL + " v" + PARAMETERS[0]);
    }

    /** The toy parameters: exactly one byte. */
    private static Integer readToy(byte[] bytes) throws MalformedMessageException {
        if (bytes.length != 1) {
            throw new MalformedMessageException("one byte expected");
        }
        return (int) bytes[0];
    }

    /** Alice and Bob exchange hellos; returns them in order. */
    private List<Envelope> greet() throws ProtocolViolation {
        Envelope first = alice.sendHello(PROTOCOL, PARAMETERS, 2, random);
        bob.acceptHello(first, PROTOCOL, PARAMETERS, 2, PartyCoreTest::refusal);
        Envelope second = bob.sendHello(PROTOCOL, PARAMETERS, 2, random);
        alice.acceptHello(second, PROTOCOL, PARAMETERS, 2, PartyCoreTest::refusal);
        return List.of(first, second);
    }

    @Test
    void theHellosEstablishOneSessionAtBothSeats() throws ProtocolViolation {
        greet();
        assertThat(alice.transcript().established()).isTrue();
        assertThat(alice.transcript().sessionId()).isEqualTo(bob.transcript().sessionId());
        assertThat(bob.transcript().nameOf(0)).isEqualTo("alice");
        assertThat(alice.transcript().nameOf(1)).isEqualTo("bob");
    }

    @Test
    void aHelloForAnotherGameIsRefusedNamingBothGamesKeptAndNotRecorded() {
        Envelope other = alice.sendHello(PROTOCOL, new byte[] {9}, 2, random);
        assertThatThrownBy(() -> bob.receive(other, false, e -> {
            bob.acceptHello(e, PROTOCOL, PARAMETERS, 2, PartyCoreTest::refusal);
            return List.of();
        }, e -> List.of()))
                .isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 0, party alice: proposes toy/v1 v9, not toy/v1 v7");
        assertThat(bob.transcript().size()).isZero();
        assertThat(bob.rejected()).singleElement().satisfies(r -> assertThat(r.envelope()).isEqualTo(other));
    }

    @Test
    void unreadableParametersAreNamedAsSuch() {
        Envelope garbled = alice.sendHello(PROTOCOL, new byte[] {1, 2}, 2, random);
        assertThatThrownBy(() -> bob.acceptHello(garbled, PROTOCOL, PARAMETERS, 2, PartyCoreTest::refusal))
                .hasMessage("step 0, party alice: proposes toy/v1 with unreadable parameters, not toy/v1 v7");
    }

    @Test
    void aHelloInMyOwnSeatIsRefused() {
        Envelope first = alice.sendHello(PROTOCOL, PARAMETERS, 2, random);
        PartyCore dave = new PartyCore(0, "dave", key());
        assertThatThrownBy(() -> dave.acceptHello(first, PROTOCOL, PARAMETERS, 2, PartyCoreTest::refusal))
                .hasMessage("step 0, party alice: claims my seat");
        assertThat(dave.transcript().size()).isZero();
    }

    @Test
    void aPeerMessageReachesTheHandler() throws ProtocolViolation {
        greet();
        Envelope note = alice.seal(1, "note", new byte[] {1});
        List<Envelope> handled = new ArrayList<>();
        bob.receive(note, false, e -> List.of(), e -> {
            handled.add(e);
            bob.transcript().append(e);
            return List.of();
        });
        assertThat(handled).containsExactly(note);
        assertThat(bob.rejected()).isEmpty();
        Envelope late = alice.seal(2, "note", new byte[] {3});
        assertThatThrownBy(() -> bob.receive(late, true, e -> List.of(), e -> List.of()))
                .hasMessage("step 2, party alice: the game is already over");
        // A copy of a message already taken does not fit the chain any more: it proves nothing, even at the end.
        assertThatThrownBy(() -> bob.receive(note, true, e -> List.of(), e -> List.of()))
                .hasMessage("step 1: a message signed by alice as number 2 (number 3 was due) was refused;"
                        + " it proves nothing against alice");
    }

    /**
     * Nothing a peer sends may throw past receive: an exception no check expected, thrown while the handler reads a
     * message that fits, is a refusal naming its signer at its step, kept, and the party then takes the genuine message.
     */
    @Test
    void anUnexpectedExceptionOnAFittingMessageNamesItsSignerAndChangesNothing() throws ProtocolViolation {
        greet();
        Envelope genuine = alice.seal(1, "note", new byte[] {5});
        Envelope crafted = Envelope.sign(aliceKey, genuine.session(), genuine.seq(), genuine.prev(), 0, 1, "note",
                new byte[0]);
        PartyCore.Receiver reading = e -> {
            int first = e.body()[0]; // read before the length is known
            bob.transcript().append(e);
            return List.of(alice.seal(2, "note", new byte[] {(byte) first}));
        };
        assertThatThrownBy(() -> bob.receive(crafted, false, e -> List.of(), reading)).isInstanceOf(ProtocolViolation.class)
                .hasMessage("step 1, party alice: its 'note' could not be handled: Index 0 out of bounds for length 0");
        assertThat(bob.transcript().size()).isEqualTo(2);
        assertThat(bob.hasStopped()).isFalse();
        assertThat(bob.rejected()).singleElement().satisfies(r -> assertThat(r.envelope()).isEqualTo(crafted));
        bob.receive(genuine, false, e -> List.of(), reading);
        assertThat(bob.transcript().envelopes()).endsWith(genuine);
    }

    /** The same exception on a message that does not fit the chain proves nothing, like any such message. */
    @Test
    void anUnexpectedExceptionOnAMessageOffTheChainProvesNothing() throws ProtocolViolation {
        greet();
        Envelope genuine = alice.seal(1, "note", new byte[] {5});
        Envelope offChain = Envelope.sign(aliceKey, genuine.session(), genuine.seq() + 1, genuine.prev(), 0, 1, "note",
                new byte[0]);
        assertThatThrownBy(() -> bob.keepingRefused(offChain, e -> {
            throw new IllegalStateException("unexpected");
        })).isInstanceOfSatisfying(ProtocolViolation.class, v -> assertThat(v.provesNothing()).isTrue())
                .hasMessage("step 1: a message signed by alice as number 3 (number 2 was due) was refused; it proves"
                        + " nothing against alice");
    }

    /**
     * An exception after the handler recorded the message is this party's own (what it does next, say a person who
     * leaves instead of choosing a move), not the peer's: it goes on as it is, and nobody is blamed or refused.
     */
    @Test
    void anExceptionAfterTheMessageWasRecordedIsThePartysOwnAndBlamesNobody() throws ProtocolViolation {
        greet();
        Envelope note = alice.seal(1, "note", new byte[] {5});
        IllegalStateException own = new IllegalStateException("the person left");
        assertThatThrownBy(() -> bob.keepingRefused(note, e -> {
            bob.transcript().append(e);
            throw own;
        })).isSameAs(own);
        assertThat(bob.rejected()).isEmpty();
        assertThat(bob.failure()).isEmpty();
        assertThat(bob.transcript().envelopes()).endsWith(note);
    }

    @Test
    void aMessageInMyOwnNameThatIDidNotSendIsRefused() throws ProtocolViolation {
        List<Envelope> hellos = greet();
        // A second device holding Bob's seat and key receives a message Bob signed: not its own doing.
        PartyCore bobTwin = new PartyCore(1, "bob", bobKey);
        for (Envelope hello : hellos) {
            bobTwin.transcript().append(hello);
        }
        Envelope mine = bob.seal(1, "note", new byte[] {2});
        assertThatThrownBy(() -> bobTwin.receive(mine, false, e -> List.of(), e -> List.of()))
                .hasMessage("step 1, party bob: a message in my own name that I did not send");
        assertThat(bobTwin.rejected()).singleElement().satisfies(r -> assertThat(r.envelope()).isEqualTo(mine));
    }

    @Test
    void anHonestMessageIsRecordedAsBuiltAndATamperedOneAsSent() throws ProtocolViolation {
        greet();
        List<String> recorded = new ArrayList<>();
        Envelope honest = alice.send(1, new Note("hi"), null, () -> recorded.add("built"),
                e -> recorded.add("sent"));
        assertThat(honest.body()).isEqualTo("hi".getBytes(StandardCharsets.UTF_8));
        assertThat(recorded).containsExactly("built");

        PartyCore.Tamper<Note> shout = (m, body) -> m.text().toUpperCase().getBytes(StandardCharsets.UTF_8);
        Envelope tampered = alice.send(2, new Note("bye"), shout, () -> recorded.add("built"), e -> {
            recorded.add("sent " + new String(e.body(), StandardCharsets.UTF_8));
            throw new ProtocolViolation(e.step(), "alice", "my own view refuses it");
        });
        assertThat(recorded).containsExactly("built", "sent BYE");
        assertThat(alice.transcript().envelopes()).endsWith(honest, tampered);
    }

    @Test
    void aSnapshotHeaderAndHistoryReadBackAsWritten() throws Exception {
        greet();
        Envelope note = alice.seal(1, "note", new byte[] {1});
        ProtocolViolation why = new ProtocolViolation(1, "alice", "a refused note");
        assertThatThrownBy(() -> bob.keepingRefused(note, e -> {
            throw why;
        })).isSameAs(why);
        bob.stop(new ProtocolViolation(1, "alice", "caught"));

        WireWriter w = bob.snapshotHeader(3, PARAMETERS).u32(42);
        bob.writeFailure(w);
        bob.writeHistory(w);
        WireReader r = new WireReader(w.toBytes());
        PartyCore.Header header = PartyCore.readHeader(r, 3, "unknown toy snapshot");
        assertThat(header.parameters()).isEqualTo(PARAMETERS);
        assertThat(header.seat()).isEqualTo(1);
        assertThat(header.name()).isEqualTo("bob");
        assertThat(r.u32()).isEqualTo(42);
        PartyCore restored = new PartyCore(header.seat(), header.name(), key());
        restored.readFailure(r);
        restored.readHistory(r, restored.transcript()::append);
        r.end();

        assertThat(restored.transcript().envelopes()).isEqualTo(bob.transcript().envelopes());
        assertThat(restored.rejected()).singleElement().satisfies(rj -> {
            assertThat(rj.envelope()).isEqualTo(note);
            assertThat(rj.reason().getMessage()).isEqualTo(why.getMessage());
        });
        assertThat(restored.failure()).get().extracting(ProtocolViolation::reason).isEqualTo("caught");
        assertThat(restored.awaitingUnlessStopped("more")).isEqualTo("nothing: the game was stopped (step 1, party alice: caught)");
        assertThat(alice.awaitingUnlessStopped("more")).isEqualTo("more");
    }

    @Test
    void anotherSnapshotVersionIsRefused() {
        byte[] bytes = alice.snapshotHeader(2, PARAMETERS).toBytes();
        assertThatThrownBy(() -> PartyCore.readHeader(new WireReader(bytes), 1, "unknown toy snapshot"))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("unknown toy snapshot");
    }

    @Test
    void aHistoryThatDoesNotReplayIsAMalformedSnapshot() throws ProtocolViolation {
        greet();
        WireWriter w = new WireWriter();
        alice.writeHistory(w);
        byte[] bytes = w.toBytes();
        // Replayed into a seat that refuses every message, the snapshot is refused as a whole.
        PartyCore restored = new PartyCore(0, "alice", key());
        assertThatThrownBy(() -> restored.readHistory(new WireReader(bytes), e -> {
            throw new ProtocolViolation(e.step(), "bob", "no");
        })).isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("the snapshot's transcript does not replay: step 0, party bob: no");
    }

    @Test
    void aHistoryReplayedAfterTheHellosJudgesOnlyTheLaterMessages() throws Exception {
        greet();
        alice.seal(1, "note", new byte[] {1});
        alice.seal(2, "note", new byte[] {2});
        WireWriter w = new WireWriter();
        alice.writeHistory(w);
        PartyCore restored = new PartyCore(0, "alice", key());
        List<String> seen = new ArrayList<>();
        restored.readHistory(new WireReader(w.toBytes()), () -> seen.add("established"),
                e -> seen.add("judged " + e.step()));
        assertThat(seen).containsExactly("established", "judged 1", "judged 2");
        assertThat(restored.transcript().size()).isEqualTo(4);
    }
}
