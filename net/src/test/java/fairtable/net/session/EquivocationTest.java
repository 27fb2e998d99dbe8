package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.session.SessionFrame.AckFrame;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Refused;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The host's worst move: two players act at once and the host, instead of placing one and refusing the
 * other, shows half the table one message and the other half the other. Driven step by step in one thread,
 * with the host played by the test.
 */
class EquivocationTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    private Players players;
    private SigningKey hostKey;
    private byte[] table;
    private final List<Envelope> placed = new ArrayList<>();
    private final Deque<Envelope> relayed = new ArrayDeque<>();

    @BeforeEach
    void seatEveryoneAndShuffle() {
        players = new Players(21, java.time.Duration.ofSeconds(5), false);
        SplittableRandom random = new SplittableRandom(22);
        hostKey = Players.key(random);
        table = new byte[32];
        random.nextBytes(table);
        byte[] welcome = SessionFrame.encode(new Welcome(hostKey.verifyingKey(), table, "table"));
        for (int s = 0; s < 4; s++) {
            route(s, players.members.get(s).onFrame(welcome, NOW));
        }
        pumpHonestly();
        for (DeckParty p : players.parties) {
            assertThat(p.isIdle()).isTrue();
        }
    }

    private SessionMember member(int seat) {
        return players.members.get(seat);
    }

    /** What a player sends: acks go to everyone else at once, messages wait for the host to place them. */
    private void route(int from, List<byte[]> frames) {
        for (byte[] bytes : frames) {
            SessionFrame f = decode(bytes);
            if (f instanceof Relay r) {
                relayed.add(r.envelope());
            } else if (f instanceof AckFrame) {
                for (int to = 0; to < 4; to++) {
                    if (to != from) {
                        route(to, member(to).onFrame(bytes, NOW));
                    }
                }
            }
        }
    }

    private static SessionFrame decode(byte[] bytes) {
        try {
            return SessionFrame.decode(bytes);
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
    }

    private void deliver(Envelope e, Set<Integer> to) {
        byte[] frame = SessionFrame.encode(new Deliver(e, Receipt.sign(hostKey, table, e).signature()));
        for (int s : to) {
            route(s, member(s).onFrame(frame, NOW));
        }
    }

    private void pumpHonestly() {
        while (!relayed.isEmpty()) {
            Envelope e = relayed.poll();
            assertThat(e.seq()).isEqualTo(placed.size());
            placed.add(e);
            deliver(e, Set.of(0, 1, 2, 3));
        }
    }

    @Test
    void showingTwoHalvesOfTheTableDifferentMessagesIsProvedAgainstTheHost() {
        route(1, member(1).send(players.parties.get(1).cut(3)));
        route(2, member(2).send(players.parties.get(2).cut(5)));
        Envelope bobs = relayed.poll();
        Envelope carols = relayed.poll();
        assertThat(bobs.seq()).isEqualTo(carols.seq());
        deliver(bobs, Set.of(0, 1));
        deliver(carols, Set.of(2, 3));
        for (int s = 0; s < 4; s++) {
            HostProblem problem = member(s).problem().orElseThrow();
            assertThat(problem).as("seat %d", s).isInstanceOf(HostProblem.Equivocation.class);
            assertThat(problem.blamesHost()).isTrue();
            EquivocationEvidence evidence = ((HostProblem.Equivocation) problem).evidence();
            assertThat(evidence.verify()).isTrue();
            assertThat(evidence.mine().seq()).isEqualTo(bobs.seq());
            assertThat(Set.of(evidence.mine().places(bobs) ? "bob" : "carol", evidence.other().places(bobs) ? "bob" : "carol"))
                    .containsExactlyInAnyOrder("bob", "carol");
        }
        EquivocationEvidence kept = ((HostProblem.Equivocation) member(0).problem().get()).evidence();
        try {
            EquivocationEvidence read = EquivocationEvidence.fromBytes(kept.toBytes());
            assertThat(read).isEqualTo(kept);
            assertThat(read.verify()).isTrue();
            byte[] tampered = kept.toBytes();
            tampered[tampered.length - 1] ^= 1; // the last receipt's signature
            assertThat(EquivocationEvidence.fromBytes(tampered).verify()).isFalse();
        } catch (MalformedMessageException e) {
            throw new AssertionError(e);
        }
        assertThat(member(0).problem().get().describe()).contains("signed two different messages at position " + bobs.seq());
    }

    @Test
    void anHonestHostPlacesOneAndRefusesTheOtherAndNobodyBlamesIt() {
        route(1, member(1).send(players.parties.get(1).cut(3)));
        route(2, member(2).send(players.parties.get(2).cut(5)));
        Envelope bobs = relayed.poll();
        Envelope carols = relayed.poll();
        placed.add(bobs);
        route(2, member(2).onFrame(SessionFrame.encode(new Refused(carols.seq(), "another message was placed first")), NOW));
        deliver(bobs, Set.of(0, 1, 2, 3));
        assertThat(member(2).problem()).containsInstanceOf(HostProblem.Collision.class);
        assertThat(member(2).problem().get().blamesHost()).isFalse();
        for (int s : new int[] {0, 1, 3}) {
            assertThat(member(s).problem()).as("seat %d", s).isEmpty();
            assertThat(players.parties.get(s).transcript().envelopes()).isEqualTo(placed);
        }
    }

    @Test
    void aRefusalWithNothingPlacedInsteadIsTheHostsFault() {
        route(1, member(1).send(players.parties.get(1).cut(3)));
        Envelope bobs = relayed.poll();
        route(1, member(1).onFrame(SessionFrame.encode(new Refused(bobs.seq(), "position taken")), NOW));
        member(1).checkGaps(NOW.plusSeconds(4));
        assertThat(member(1).problem()).isEmpty(); // still within the patience of 5 s
        member(1).checkGaps(NOW.plusSeconds(5));
        assertThat(member(1).problem()).containsInstanceOf(HostProblem.Broken.class);
        assertThat(member(1).problem().get().blamesHost()).isTrue();
        assertThat(member(1).problem().get().describe()).contains("delivered no other message there");
    }

    @Test
    void aReceiptForAFarPositionNobodyDeliveredIsWithholding() {
        long far = 0xFFFF_FFFFL;
        byte[] head = new byte[32];
        Receipt receipt = new Receipt(table, far, head, hostKey.sign(Receipt.signedBytes(table, far, head)));
        route(3, List.of(SessionFrame.encode(new AckFrame(Ack.sign(players.keys.get(3), receipt)))));
        int next = players.parties.get(0).transcript().size();
        member(0).checkGaps(NOW.plusSeconds(5));
        HostProblem.Withheld withheld = (HostProblem.Withheld) member(0).problem().orElseThrow();
        assertThat(withheld.seq()).isEqualTo(next);
        assertThat(withheld.proof()).isEqualTo(receipt);
        assertThat(withheld.witness()).isEqualTo("dave");
    }

    @Test
    void aMessageItsAuthorNeverSignedIsTheHostsForgery() {
        route(1, member(1).send(players.parties.get(1).cut(3)));
        Envelope real = relayed.poll();
        Envelope forged = Envelope.of(real.session(), real.seq(), real.prev(), real.sender(), real.step(), real.type(),
                flipLastByte(real.body()), real.signature());
        deliver(forged, Set.of(0));
        assertThat(member(0).problem()).containsInstanceOf(HostProblem.Forged.class);
        HostProblem.Forged problem = (HostProblem.Forged) member(0).problem().get();
        assertThat(problem.receipt().isSignedBy(hostKey.verifyingKey())).isTrue();
        assertThat(problem.receipt().places(forged)).isTrue();
        assertThat(forged.isSignedBy(players.keys.get(1).verifyingKey())).isFalse();
        assertThat(players.parties.get(0).rejected()).isEmpty(); // bob is not blamed for what he never sent
    }

    @Test
    void aPlayerCannotFrameAnHonestHost() {
        route(1, member(1).send(players.parties.get(1).cut(3)));
        Envelope bobs = relayed.poll();
        placed.add(bobs);
        deliver(bobs, Set.of(0, 1, 2, 3));
        Receipt genuine = member(0).receipts().get(bobs.seq());
        // Dave signs a "receipt" for another head with his own key and acknowledges it.
        Envelope other = players.parties.get(0).transcript().envelopes().get(0);
        SigningKey dave = players.keys.get(3);
        Receipt fake = new Receipt(table, bobs.seq(), other.hash(),
                dave.sign(Receipt.signedBytes(table, bobs.seq(), other.hash())));
        route(3, List.of(SessionFrame.encode(new AckFrame(Ack.sign(dave, fake)))));
        assertThat(member(0).problem()).isEmpty();
        assertThat(member(0).observations()).contains("ignored an acknowledgement that is not validly signed");
        assertThat(new EquivocationEvidence(hostKey.verifyingKey(), genuine, fake, "dave").verify()).isFalse();
    }

    private static byte[] flipLastByte(byte[] body) {
        byte[] b = body.clone();
        b[b.length - 1] ^= 1;
        return b;
    }
}
