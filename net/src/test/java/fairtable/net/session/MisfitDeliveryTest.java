package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.PartyRunner;
import fairtable.net.Transport;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
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
 * the chain proves nothing and must not stop the player, while a fitting one that breaks a rule still stops it
 * naming its signer.
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

    /** A finished table: its players, what the host placed, and the old message the host slipped carol. */
    private record Played(Players players, List<Envelope> placed, Envelope replay) {}

    /**
     * Plays a table whose host slips carol {@code copies} copies of bob's first move of an earlier game, each with
     * the host's receipt, just before his genuine one at that number; every player must finish without a problem.
     */
    private static Played playWithReplaysToCarol(int copies, long seed) throws Exception {
        Players players = new Players(seed, Duration.ofSeconds(5));
        Envelope replay = bobsFirstMoveOfAnEarlierGame(players);
        SplittableRandom random = new SplittableRandom(seed + 1);
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
                List<byte[]> frames = new ArrayList<>(Collections.nCopies(copies,
                        SessionFrame.encode(new Deliver(replay, receipt))));
                frames.add(frame);
                return frames;
            }
            return List.of(frame);
        };
        try (SessionHost host = new SessionHost("table", hostKey, random, replayToCarol)) {
            List<Future<SessionClient.Outcome>> outcomes = players.play(connector(host, seat -> t -> t),
                    Duration.ofSeconds(30));
            for (int seat : new int[] {2, 0, 1, 3}) { // carol first: she is the one who must not stop
                SessionClient.Outcome o = outcomes.get(seat).get(60, TimeUnit.SECONDS);
                assertThat(o.problem()).as(Players.NAMES[seat]).isEmpty();
                assertThat(o.finished()).isTrue();
            }
            assertThat(injected[0]).isTrue();
            for (DeckParty p : players.parties) {
                assertThat(p.transcript().envelopes()).isEqualTo(host.placed());
                assertThat(Players.audit(p).line()).startsWith("VERIFIED");
            }
            return new Played(players, host.placed(), replay);
        } finally {
            players.shutdown();
        }
    }

    private static String refusalOf(Envelope replay) {
        return "step " + replay.step() + ": a message signed by bob in another session was refused;"
                + " it proves nothing against bob";
    }

    @Test
    void aReplayFromAnEarlierSessionIsNotedKeptAndThePlayerGoesOnToAVerifiedGame() throws Exception {
        Played played = playWithReplaysToCarol(1, 21);
        Envelope replay = played.replay();
        SessionMember carol = played.players().members.get(2);
        assertThat(carol.observations()).singleElement().asString().startsWith(refusalOf(replay) + " (delivered as #"
                + replay.seq() + "; kept as evidence; still awaiting ");
        assertThat(carol.misfits()).isEqualTo(1);
        assertThat(carol.party().rejected()).singleElement().satisfies(r -> {
            assertThat(r.envelope()).isEqualTo(replay);
            assertThat(r.reason()).hasMessage(refusalOf(replay));
        });
    }

    @Test
    void aFloodOfReplaysIsKeptOnlyUpToTheCap() throws Exception {
        int copies = PartyRunner.KEPT_MISFITS + 50;
        Played played = playWithReplaysToCarol(copies, 25);
        SessionMember carol = played.players().members.get(2);
        assertThat(carol.misfits()).isEqualTo(copies);
        assertThat(carol.party().rejected()).hasSize(PartyRunner.KEPT_MISFITS)
                .allSatisfy(r -> assertThat(r.reason()).hasMessage(refusalOf(played.replay())));
        assertThat(carol.observations()).hasSize(PartyRunner.KEPT_MISFITS + 1);
        assertThat(carol.observations().get(PartyRunner.KEPT_MISFITS)).isEqualTo("more than 100 delivered messages"
                + " did not fit the game; further ones are dropped without being kept or noted");
    }

    /**
     * Carol's connection, on which, from bob's first move on, the host's frames give way to an endless stream of
     * bob's old first move, each with the host's receipt.
     */
    private static final class FloodedCarol implements Transport {
        final Transport inner;
        final SigningKey hostKey;
        final Envelope replay;
        byte[] table;
        byte[] flood;
        volatile boolean closed;
        int flooded;

        FloodedCarol(Transport inner, SigningKey hostKey, Envelope replay) {
            this.inner = inner;
            this.hostKey = hostKey;
            this.replay = replay;
        }

        public void send(byte[] frame) throws IOException {
            inner.send(frame);
        }

        public byte[] receive(Duration timeout) throws IOException, TimeoutException {
            if (closed) {
                throw new PeerGoneException("host");
            }
            if (flood != null) {
                flooded++;
                return flood.clone();
            }
            byte[] frame = inner.receive(timeout);
            SessionFrame f = decode(frame);
            if (f instanceof Welcome w) {
                table = w.table();
            }
            if (f instanceof Deliver d && bobsFirstMove(d.envelope())) {
                flood = SessionFrame.encode(new Deliver(replay, Receipt.sign(hostKey, table, replay).signature()));
                return receive(timeout);
            }
            return frame;
        }

        public String peer() {
            return inner.peer();
        }

        public void close() {
            closed = true;
            inner.close();
        }
    }

    @Test
    void anEndlessFloodOfReplaysDoesNotCountAsHearingFromTheHost() throws Exception {
        Players players = new Players(27, Duration.ofSeconds(5));
        Envelope replay = bobsFirstMoveOfAnEarlierGame(players);
        SplittableRandom random = new SplittableRandom(28);
        SigningKey hostKey = Players.key(random);
        FloodedCarol[] carolsLine = {null};
        try (SessionHost host = new SessionHost("table", hostKey, random)) {
            List<Future<SessionClient.Outcome>> outcomes = players.play(connector(host, seat -> t -> seat != 2 ? t
                    : (carolsLine[0] = new FloodedCarol(t, hostKey, replay))), Duration.ofSeconds(2));
            // A generous bound, not a measurement: a player who takes every misfit as news never stops waiting.
            SessionClient.Outcome carol = outcomes.get(2).get(30, TimeUnit.SECONDS);
            Party party = players.parties.get(2);
            assertThat(carol.problem()).isEmpty();
            assertThat(carol.trouble()).hasValue("the host was silent for 2 s while awaiting " + party.awaiting()
                    + " (step " + party.nextStep() + ")");
            assertThat(carolsLine[0].flooded).isPositive();
            assertThat(party.rejected()).hasSizeLessThanOrEqualTo(PartyRunner.KEPT_MISFITS)
                    .allSatisfy(r -> assertThat(r.reason()).hasMessage(refusalOf(replay)));
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
