package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.protocol.deck.DeckParameters;
import fairtable.protocol.deck.DeckParty;
import fairtable.protocol.transcript.Envelope;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A dishonest host that forks the chain behind a player's own pending message: it places mallory's hello where bob's
 * was due, never shows bob that placement, and delivers him the next message, which follows mallory's. Bob must not
 * stop on a complaint he cannot prove (he holds no receipt for the position before): he waits for the position his
 * own message was sent for, and then either sees the collision or proves the withholding with the host's receipt.
 */
class UnconfirmedOwnMessageTest {
    private static final Duration PATIENCE = Duration.ofSeconds(5);
    private final SplittableRandom random = new SplittableRandom(41);
    private final DeckParameters params = new DeckParameters(4, 16);
    private final SigningKey hostKey = Players.key(random);
    private final Welcome welcome = new Welcome(hostKey.verifyingKey(), new byte[32], "table");
    private final Instant now = Instant.parse("2026-11-27T22:00:00Z");

    private SessionMember bob;
    private Envelope alicesHello;
    private Envelope mallorysHello;
    private Envelope carolsHelloAfterMallory;

    private Deliver placed(Envelope e) {
        return new Deliver(e, Receipt.sign(hostKey, welcome.table(), e).signature());
    }

    private void deliverToBob(Envelope e) {
        bob.onFrame(SessionFrame.encode(placed(e)), now);
    }

    @BeforeEach
    void forkedTable() throws Exception {
        DeckParty alice = DeckParty.create(params, 0, "alice", Players.key(random), random.split());
        DeckParty mallory = DeckParty.create(params, 1, "mallory", Players.key(random), random.split());
        DeckParty carol = DeckParty.create(params, 2, "carol", Players.key(random), random.split());
        alicesHello = alice.start().get(0);
        mallorysHello = mallory.receive(alicesHello).get(0);
        carol.receive(alicesHello);
        carolsHelloAfterMallory = carol.receive(mallorysHello).get(0);

        SigningKey bobsKey = Players.key(random);
        bob = new SessionMember(DeckParty.create(params, 1, "bob", bobsKey, random.split()), bobsKey, "bob",
                Actor.PASSIVE, PATIENCE);
        bob.onFrame(SessionFrame.encode(welcome), now);
        deliverToBob(alicesHello); // bob answers with his hello, #1, which the host never echoes
        assertThat(bob.party().transcript().size()).isEqualTo(2);
        deliverToBob(carolsHelloAfterMallory);
    }

    @Test
    void aDeliveryPastAnUnconfirmedOwnMessageWaitsAndTheWithholdingIsProvedWithTheHostsReceipt() {
        assertThat(bob.problem()).isEmpty();
        bob.checkGaps(now.plus(PATIENCE));
        assertThat(bob.problem()).containsInstanceOf(HostProblem.Withheld.class);
        HostProblem.Withheld withheld = (HostProblem.Withheld) bob.problem().get();
        assertThat(withheld.seq()).isEqualTo(1);
        assertThat(withheld.proof().isSignedBy(hostKey.verifyingKey())).isTrue();
        assertThat(withheld.proof().places(carolsHelloAfterMallory)).isTrue();
    }

    @Test
    void whenThePositionOfTheOwnMessageArrivesAtLastItIsACollisionNotAMisplacement() {
        deliverToBob(mallorysHello);
        assertThat(bob.problem()).containsInstanceOf(HostProblem.Collision.class);
    }

    @Test
    void whenTheOwnMessageIsEchoedTheHeldDeliveryIsJudgedWithAProofThatVerifies() {
        deliverToBob(bob.party().transcript().envelopes().get(1));
        assertThat(bob.problem()).containsInstanceOf(HostProblem.Misplaced.class);
        MisplacedEvidence evidence = ((HostProblem.Misplaced) bob.problem().get()).evidence();
        assertThat(evidence.verify()).isTrue();
        assertThat(evidence.misplaced()).isEqualTo(carolsHelloAfterMallory);
        assertThat(bob.receipts()).containsOnlyKeys(0L, 1L);
    }
}
