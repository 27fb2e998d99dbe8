package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Transport;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A player at a relayed table and the one evidence rule (docs/evidence.md): a delivered message that does not fit
 * the chain proves nothing against its signer, but its placement proves the host's fault, while a fitting one that
 * breaks a rule still stops the player naming its signer.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MisfitDeliveryTest {
    private static SessionFrame decode(byte[] frame) {
        try {
            return SessionFrame.decode(frame);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean bobsFirstMove(Envelope e) {
        return e.sender() == 1 && e.step() > 0;
    }

    /** Bob's first move after the hellos in an earlier game between the same four keys. */
    private static Envelope bobsFirstMoveOfAnEarlierGame(Players players) throws ProtocolViolation {
        List<DeckParty> old = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            old.add(DeckParty.create(players.params, s, Players.NAMES[s], players.keys.get(s),
                    new SplittableRandom(900 + s)));
        }
        Deque<Envelope> queue = new ArrayDeque<>();
        old.forEach(p -> queue.addAll(p.start()));
        while (!queue.isEmpty()) {
            Envelope e = queue.poll();
            if (bobsFirstMove(e)) {
                return e;
            }
            for (DeckParty p : old) {
                if (p.seat() != e.sender()) {
                    queue.addAll(p.receive(e));
                }
            }
        }
        throw new AssertionError("bob never moved");
    }

    private static Function<Integer, Transport> connector(SessionHost host,
            Function<Integer, Function<Transport, Transport>> wrap) {
        return seat -> {
            InMemoryTransport[] pair = InMemoryTransport.pair("host", Players.NAMES[seat]);
            host.admit(pair[0]);
            return wrap.apply(seat).apply(pair[1]);
        };
    }

    /**
     * A host that slips carol bob's first move of an earlier game, with its own receipt, just before his genuine one
     * at that number (the attack: every player used to blame bob for it, and the audit of their evidence convicted
     * him).
     */
    @Test
    void aReplayFromAnEarlierSessionDeliveredByTheHostBlamesTheHostAndConvictsNobodyElse() throws Exception {
        Players players = new Players(21, Duration.ofSeconds(5));
        Envelope replay = bobsFirstMoveOfAnEarlierGame(players);
        SplittableRandom random = new SplittableRandom(22);
        SigningKey hostKey = Players.key(random);
        byte[][] table = {null};
        boolean[] injected = {false};
        SessionHost.Tamper replayToCarol = (player, frame) -> {
            SessionFrame f = decode(frame);
            if (f instanceof Welcome w) {
                table[0] = w.table();
            }
            if (player.equals("carol") && f instanceof Deliver d && bobsFirstMove(d.envelope()) && !injected[0]) {
                assertThat(replay.seq()).isEqualTo(d.envelope().seq());
                injected[0] = true;
                byte[] receipt = Receipt.sign(hostKey, table[0], replay).signature();
                return List.of(SessionFrame.encode(new Deliver(replay, receipt)), frame);
            }
            return List.of(frame);
        };
        try (SessionHost host = new SessionHost("table", hostKey, random, replayToCarol)) {
            List<Future<SessionClient.Outcome>> outcomes = players.play(connector(host, seat -> t -> t),
                    Duration.ofSeconds(5));
            SessionClient.Outcome carol = outcomes.get(2).get(60, TimeUnit.SECONDS);
            assertThat(injected[0]).isTrue();
            assertThat(carol.problem()).containsInstanceOf(HostProblem.Misplaced.class);
            HostProblem.Misplaced problem = (HostProblem.Misplaced) carol.problem().get();
            assertThat(problem.blamesHost()).isTrue();
            MisplacedEvidence evidence = problem.evidence();
            assertThat(evidence.verify()).isTrue();
            assertThat(evidence.misplaced()).isEqualTo(replay);
            assertThat(evidence.host()).isEqualTo(hostKey.verifyingKey());
            assertThat(problem.describe()).isEqualTo("the host (" + hostKey.verifyingKey().fingerprint()
                    + ") placed at position " + replay.seq() + " a message signed by bob in another session,"
                    + " which no honest host places there");
            // Nothing carol keeps can be read against bob: the message never reached her party.
            DeckParty carolsParty = players.parties.get(2);
            assertThat(carolsParty.rejected()).isEmpty();
            assertThat(Players.audit(carolsParty).line()).doesNotContain("party bob");
            // The others are left waiting for carol, and blame neither bob nor anybody.
            for (int seat : new int[] {0, 1, 3}) {
                SessionClient.Outcome o = outcomes.get(seat).get(60, TimeUnit.SECONDS);
                assertThat(o.problem()).as(Players.NAMES[seat]).isEmpty();
                assertThat(Players.audit(players.parties.get(seat)).line()).doesNotContain("party bob");
            }
            // The genuine message at that place is no proof against an honest host.
            Envelope genuine = host.placed().get((int) replay.seq());
            List<Envelope> before = host.placed().subList(0, (int) replay.seq());
            Receipt lastBefore = Receipt.sign(hostKey, table[0], before.get(before.size() - 1));
            assertThat(new MisplacedEvidence(hostKey.verifyingKey(), before, lastBefore, genuine,
                    Receipt.sign(hostKey, table[0], genuine)).verify()).isFalse();
            // Nor is a receipt the host did not sign.
            assertThat(new MisplacedEvidence(hostKey.verifyingKey(), before, lastBefore, replay,
                    Receipt.sign(players.keys.get(3), table[0], replay)).verify()).isFalse();
        } finally {
            players.shutdown();
        }
    }

    /** Bob's connection, on which his first move leaves re-signed by him over a body no protocol reads. */
    private static Transport cheatingBob(Transport inner, SigningKey bob) {
        boolean[] done = {false};
        return new Transport() {
            public void send(byte[] frame) throws IOException {
                if (!done[0] && decode(frame) instanceof Relay r && bobsFirstMove(r.envelope())) {
                    done[0] = true;
                    Envelope e = r.envelope();
                    Envelope garbled = Envelope.sign(bob, e.session(), e.seq(), e.prev(), e.sender(), e.step(),
                            e.type(), new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff});
                    frame = SessionFrame.encode(new Relay(garbled));
                }
                inner.send(frame);
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

    @Test
    void aFittingMessageThatBreaksARuleStillStopsThePlayerNamingItsSigner() throws Exception {
        Players players = new Players(23, Duration.ofSeconds(5));
        SplittableRandom random = new SplittableRandom(24);
        try (SessionHost host = new SessionHost("table", Players.key(random), random)) {
            List<Future<SessionClient.Outcome>> outcomes = players.play(connector(host,
                    seat -> t -> seat == 1 ? cheatingBob(t, players.keys.get(1)) : t), Duration.ofSeconds(30));
            SessionClient.Outcome carol = outcomes.get(2).get(60, TimeUnit.SECONDS);
            assertThat(carol.problem()).containsInstanceOf(HostProblem.Violation.class);
            ProtocolViolation v = ((HostProblem.Violation) carol.problem().get()).violation();
            assertThat(v.party()).isEqualTo("bob");
            assertThat(v).hasMessage("step 2, party bob: truncated: the public key is missing");
            assertThat(players.members.get(2).observations()).isEmpty();
            assertThat(Players.audit(players.parties.get(2)).line()).isEqualTo("FAILED: " + v.getMessage());
        } finally {
            players.shutdown();
        }
    }
}
