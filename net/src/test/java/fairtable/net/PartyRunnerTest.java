package fairtable.net;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.PartyRunner.Outcome;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.tcp.TcpTransport;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.patent.PatentParty;
import java.io.DataOutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PartyRunnerTest {
    private static final PatentParameters PARAMS = new PatentParameters(PatentMode.RISTRETTO, 20, 4);
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private static PatentParty party(int seat, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] key = new byte[32];
        random.nextBytes(key);
        return PatentParty.create(PARAMS, seat, seat == 0 ? "alice" : "bob", SigningKey.fromSeed(key), random);
    }

    private static PartyRunner.Actor revealAfterDeal(PatentParty p) {
        return () -> p.isDealt() && p.isIdle() ? p.reveal() : List.of();
    }

    private static void assertSameFinishedGame(PatentParty alice, PatentParty bob) {
        assertThat(alice.isFinished()).isTrue();
        assertThat(bob.isFinished()).isTrue();
        assertThat(alice.hand()).hasSize(4).doesNotContainAnyElementsOf(bob.hand());
        assertThat(alice.transcript().envelopes()).isEqualTo(bob.transcript().envelopes());
    }

    @Test
    void twoPartiesFinishAGameOverTheInMemoryTransport() throws Exception {
        InMemoryTransport[] ends = InMemoryTransport.pair("alice", "bob");
        PatentParty alice = party(0, 1);
        PatentParty bob = party(1, 2);
        CompletableFuture<Outcome> b = CompletableFuture.supplyAsync(
                () -> PartyRunner.run(bob, ends[1], PartyRunner.Actor.PASSIVE, PATIENCE));
        Outcome a = PartyRunner.run(alice, ends[0], revealAfterDeal(alice), PATIENCE);
        assertThat(a.finished()).isTrue();
        assertThat(b.get().finished()).isTrue();
        assertSameFinishedGame(alice, bob);
    }

    @Test
    void twoPartiesFinishAGameOverTcpOnLoopback() throws Exception {
        PatentParty alice = party(0, 3);
        PatentParty bob = party(1, 4);
        try (ServerSocket server = TcpTransport.listen("127.0.0.1", 0)) {
            int port = server.getLocalPort();
            CompletableFuture<Outcome> b = CompletableFuture.supplyAsync(() -> {
                try (TcpTransport t = TcpTransport.connect("127.0.0.1", port, PATIENCE)) {
                    return PartyRunner.run(bob, t, PartyRunner.Actor.PASSIVE, PATIENCE);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (TcpTransport t = TcpTransport.accept(server, PATIENCE)) {
                assertThat(PartyRunner.run(alice, t, revealAfterDeal(alice), PATIENCE).finished()).isTrue();
            }
            assertThat(b.get().finished()).isTrue();
        }
        assertSameFinishedGame(alice, bob);
    }

    @Test
    void aSilentPeerIsReportedWithWhatWasAwaited() {
        InMemoryTransport[] ends = InMemoryTransport.pair("alice", "bob");
        PatentParty alice = party(0, 5);
        Outcome outcome = PartyRunner.run(alice, ends[0], PartyRunner.Actor.PASSIVE, Duration.ofMillis(200));
        assertThat(outcome.finished()).isFalse();
        assertThat(outcome.problem()).hasValueSatisfying(p -> assertThat(p).contains("the hellos").contains("silent"));
    }

    @Test
    void eachStepCanHaveItsOwnTimeout() {
        InMemoryTransport[] ends = InMemoryTransport.pair("alice", "bob");
        PatentParty alice = party(0, 8);
        // No patience at all while the hellos are due; plenty later. The hellos are what times out.
        Outcome outcome = PartyRunner.run(alice, patience -> ends[0], PartyRunner.Actor.PASSIVE,
                PartyRunner.Options.waitingFor(p -> p.transcript().size() < 2 ? Duration.ofMillis(50) : PATIENCE));
        assertThat(outcome.problem()).hasValueSatisfying(p -> assertThat(p).startsWith("waited 0 s for the hellos"));
    }

    @Test
    void aPeerThatHangsUpIsReported() {
        InMemoryTransport[] ends = InMemoryTransport.pair("alice", "bob");
        ends[1].close();
        Outcome outcome = PartyRunner.run(party(0, 6), ends[0], PartyRunner.Actor.PASSIVE, PATIENCE);
        assertThat(outcome.problem()).hasValueSatisfying(p -> assertThat(p).contains("closed"));
    }

    @Test
    void garbageFromTheNetworkStopsTheRunWithAClearReason() throws Exception {
        Outcome outcome = againstRawPeer(new byte[] {0, 0, 0, 3, 1, 2, 3},
                t -> PartyRunner.run(party(0, 7), t, PartyRunner.Actor.PASSIVE, PATIENCE).problem().orElseThrow());
        assertThat(outcome.problem()).hasValueSatisfying(p -> assertThat(p).contains("not a message"));
    }

    @Test
    void anOversizedFrameIsRefusedBeforeAnythingIsAllocated() throws Exception {
        Outcome outcome = againstRawPeer(new byte[] {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF}, t -> {
            try {
                t.receive(PATIENCE);
                return "accepted";
            } catch (Exception e) {
                return e.getMessage();
            }
        });
        assertThat(outcome.problem()).hasValueSatisfying(p -> assertThat(p).contains("the limit is"));
    }

    /** Accepts one TCP peer that writes {@code bytes} raw, and reports what {@code reader} made of it. */
    private static Outcome againstRawPeer(byte[] bytes, java.util.function.Function<TcpTransport, String> reader)
            throws Exception {
        try (ServerSocket server = TcpTransport.listen("127.0.0.1", 0)) {
            int port = server.getLocalPort();
            CompletableFuture<Void> attacker = CompletableFuture.runAsync(() -> {
                try (Socket s = new Socket("127.0.0.1", port)) {
                    DataOutputStream out = new DataOutputStream(s.getOutputStream());
                    out.write(bytes);
                    out.flush();
                    Thread.sleep(300);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (TcpTransport t = TcpTransport.accept(server, PATIENCE)) {
                String what = reader.apply(t);
                attacker.get();
                return new Outcome(false, java.util.Optional.empty(), java.util.Optional.of(what));
            }
        }
    }
}
