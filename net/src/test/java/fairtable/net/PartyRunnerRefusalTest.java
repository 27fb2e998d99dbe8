package fairtable.net;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.PartyRunner.Outcome;
import fairtable.net.memory.InMemoryTransport;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.audit.Auditor;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner and the one evidence rule (docs/evidence.md): a message that does not fit the chain proves nothing, so
 * it must not end the game (anyone holding a player's old messages could otherwise stop any game), while a fitting
 * message that breaks a rule still ends it naming its signer.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PartyRunnerRefusalTest {
    private static final PatentParameters PARAMS = new PatentParameters(PatentMode.RISTRETTO, 20, 4);
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final String REPLAY_REFUSED =
            "step 2: a message signed by bob in another session was refused; it proves nothing against bob";

    @TempDir
    Path dir;

    private static SigningKey key(long seed) {
        byte[] k = new byte[32];
        new SplittableRandom(seed).nextBytes(k);
        return SigningKey.fromSeed(k);
    }

    private static final SigningKey ALICE = key(1);
    private static final SigningKey BOB = key(2);

    /** A party with the player's one key; {@code play} seeds everything else (its hello's nonce, so its session). */
    private static PatentParty party(int seat, long play) {
        return PatentParty.create(PARAMS, seat, seat == 0 ? "alice" : "bob", seat == 0 ? ALICE : BOB,
                new SplittableRandom(play));
    }

    private static PartyRunner.Actor revealAfterDeal(PatentParty p) {
        return () -> p.isDealt() && p.isIdle() ? p.reveal() : List.of();
    }

    /** Bob's step 2 of an earlier game between the same keys: what anyone who kept it can replay. */
    private static Envelope bobsStepTwoOfAnEarlierGame() throws ProtocolViolation {
        PatentParty alice = party(0, 101);
        PatentParty bob = party(1, 102);
        Deque<Envelope> queue = new ArrayDeque<>(alice.start());
        queue.addAll(bob.start());
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            if (e.sender() == 1 && e.step() == 2) {
                return e;
            }
            queue.addAll((e.sender() == 0 ? bob : alice).receive(e));
        }
        throw new AssertionError("bob never sent step 2");
    }

    /** Bob's end of the connection, where {@code rewrite} turns each message he sends into the frames that leave. */
    private static Transport rewriting(Transport inner, Function<Envelope, List<Envelope>> rewrite) {
        return new Transport() {
            public void send(byte[] frame) throws IOException {
                try {
                    for (Envelope e : rewrite.apply(Envelope.fromBytes(frame))) {
                        inner.send(e.toBytes());
                    }
                } catch (MalformedMessageException m) {
                    throw new AssertionError(m);
                }
            }

            public byte[] receive(Duration timeout) throws IOException, TimeoutException {
                return inner.receive(timeout);
            }

            public String peer() {
                return inner.peer();
            }

            public void close() {
                inner.close();
            }
        };
    }

    private static Predicate<Envelope> bobsStepTwo() {
        return e -> e.sender() == 1 && e.step() == 2;
    }

    private AuditVerdict auditFromFile(Party p) throws Exception {
        Path file = dir.resolve(p.seat() + ".transcript");
        TranscriptFile.write(file, p.transcript().envelopes(), p.rejected());
        TranscriptFile.Contents contents = TranscriptFile.read(file);
        return Auditor.audit(contents);
    }

    @Test
    void aReplayFromAnEarlierSessionIsLoggedKeptAndTheGameGoesOnToVerify() throws Exception {
        Envelope replay = bobsStepTwoOfAnEarlierGame();
        PatentParty alice = party(0, 201);
        PatentParty bob = party(1, 202);
        InMemoryTransport[] ends = InMemoryTransport.pair("alice", "bob");
        Transport bobsEnd = rewriting(ends[1], e -> bobsStepTwo().test(e) ? List.of(replay, e) : List.of(e));
        List<String> log = Collections.synchronizedList(new ArrayList<>());

        CompletableFuture<Outcome> b = CompletableFuture.supplyAsync(
                () -> PartyRunner.run(bob, bobsEnd, PartyRunner.Actor.PASSIVE, PATIENCE));
        Outcome a = PartyRunner.run(alice, ends[0], revealAfterDeal(alice),
                PartyRunner.Options.waitingFor(PATIENCE).logging(log::add));

        assertThat(a.failure()).isEmpty();
        assertThat(a.finished()).isTrue();
        assertThat(b.get().finished()).isTrue();
        assertThat(log).containsExactly(
                REPLAY_REFUSED + " (kept as evidence; still awaiting bob to send step 2 (pick and re-encrypt))");
        assertThat(alice.rejected()).singleElement().satisfies(r -> {
            assertThat(r.envelope()).isEqualTo(replay);
            assertThat(r.reason()).hasMessage(REPLAY_REFUSED);
            assertThat(r.reason().provesNothing()).isTrue();
        });
        assertThat(alice.transcript().envelopes()).isEqualTo(bob.transcript().envelopes());
        assertThat(auditFromFile(alice).line()).startsWith("VERIFIED: ");
    }

    @Test
    void aFittingMessageThatBreaksARuleStillEndsTheGameNamingItsSigner() throws Exception {
        PatentParty alice = party(0, 301);
        PatentParty bob = party(1, 302);
        InMemoryTransport[] ends = InMemoryTransport.pair("alice", "bob");
        // Bob's step 2 at its very place, re-signed by him over a body no protocol reads.
        Transport bobsEnd = rewriting(ends[1], e -> bobsStepTwo().test(e) ? List.of(Envelope.sign(BOB, e.session(),
                e.seq(), e.prev(), e.sender(), e.step(), e.type(), new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}))
                : List.of(e));
        List<String> log = Collections.synchronizedList(new ArrayList<>());

        CompletableFuture<Outcome> b = CompletableFuture.supplyAsync(
                () -> PartyRunner.run(bob, bobsEnd, PartyRunner.Actor.PASSIVE, PATIENCE));
        Outcome a = PartyRunner.run(alice, ends[0], revealAfterDeal(alice),
                PartyRunner.Options.waitingFor(Duration.ofSeconds(5)).logging(log::add));

        String cheat = "step 2, party bob: truncated: a 32-bit integer is missing";
        assertThat(a.finished()).isFalse();
        assertThat(a.failure()).hasValueSatisfying(v -> {
            assertThat(v).hasMessage(cheat);
            assertThat(v.party()).isEqualTo("bob");
        });
        assertThat(log).isEmpty();
        assertThat(auditFromFile(alice).line()).isEqualTo("FAILED: " + cheat);
        assertThat(b.get().finished()).isFalse(); // alice hung up on him
    }

    @Test
    void aFloodOfReplaysIsKeptOnlyUpToTheCapAndTheGameStillVerifies() throws Exception {
        Envelope replay = bobsStepTwoOfAnEarlierGame();
        int flood = PartyRunner.KEPT_MISFITS + 50;
        PatentParty alice = party(0, 501);
        PatentParty bob = party(1, 502);
        InMemoryTransport[] ends = InMemoryTransport.pair("alice", "bob");
        Transport bobsEnd = rewriting(ends[1], e -> {
            if (!bobsStepTwo().test(e)) {
                return List.of(e);
            }
            List<Envelope> frames = new ArrayList<>(Collections.nCopies(flood, replay));
            frames.add(e);
            return frames;
        });
        List<String> log = Collections.synchronizedList(new ArrayList<>());

        CompletableFuture<Outcome> b = CompletableFuture.supplyAsync(
                () -> PartyRunner.run(bob, bobsEnd, PartyRunner.Actor.PASSIVE, PATIENCE));
        Outcome a = PartyRunner.run(alice, ends[0], revealAfterDeal(alice),
                PartyRunner.Options.waitingFor(PATIENCE).logging(log::add));

        assertThat(a.finished()).isTrue();
        assertThat(b.get().finished()).isTrue();
        assertThat(alice.rejected()).hasSize(PartyRunner.KEPT_MISFITS)
                .allSatisfy(r -> assertThat(r.reason()).hasMessage(REPLAY_REFUSED));
        assertThat(log).hasSize(PartyRunner.KEPT_MISFITS + 1);
        assertThat(log.get(PartyRunner.KEPT_MISFITS)).isEqualTo("more than 100 messages from bob did not fit the game;"
                + " further ones are dropped without being kept or logged");
        assertThat(auditFromFile(alice).line()).startsWith("VERIFIED: ");
    }

    /**
     * Bob answers the hellos and then never sends his step 2; instead his old step 2 arrives again and again, as fast
     * as alice can read it, until the line is closed.
     */
    private static final class FloodedLine implements Transport {
        final PatentParty bob = party(1, 402);
        final Deque<byte[]> fromBob = new ArrayDeque<>();
        final byte[] replay;
        volatile boolean closed;

        FloodedLine(Envelope replay) {
            this.replay = replay.toBytes();
            bob.start().forEach(e -> fromBob.add(e.toBytes()));
        }

        public void send(byte[] frame) {
            try {
                for (Envelope e : bob.receive(Envelope.fromBytes(frame))) {
                    if (e.step() == 0) {
                        fromBob.add(e.toBytes());
                    }
                }
            } catch (MalformedMessageException | ProtocolViolation e) {
                throw new AssertionError(e);
            }
        }

        public byte[] receive(Duration timeout) throws IOException {
            if (closed) {
                throw new PeerGoneException("bob");
            }
            return fromBob.isEmpty() ? replay.clone() : fromBob.poll();
        }

        public String peer() {
            return "bob";
        }

        public void close() {
            closed = true;
        }
    }

    @Test
    void anEndlessFloodOfReplaysDoesNotStretchThePatience() throws Exception {
        PatentParty alice = party(0, 401);
        FloodedLine line = new FloodedLine(bobsStepTwoOfAnEarlierGame());
        CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(() -> PartyRunner.run(alice, line,
                PartyRunner.Actor.PASSIVE, PartyRunner.Options.waitingFor(Duration.ofSeconds(1)).logging(l -> { })));
        Outcome a;
        try {
            // A generous bound, not a measurement: a runner whose patience restarts at every frame never returns.
            a = run.get(30, TimeUnit.SECONDS);
        } finally {
            line.close();
        }

        assertThat(a.problem()).hasValue("waited 1 s for bob to send step 2 (pick and re-encrypt); bob is silent");
        assertThat(alice.rejected()).hasSizeLessThanOrEqualTo(PartyRunner.KEPT_MISFITS)
                .allSatisfy(r -> assertThat(r.reason()).hasMessage(REPLAY_REFUSED));
        // The evidence convicts nobody: its audit says what the transcript alone says.
        assertThat(auditFromFile(alice).line()).isEqualTo(
                Auditor.audit(new TranscriptFile.Contents(alice.transcript().envelopes(), List.of())).line());
    }
}
