package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionFrame.AckFrame;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.net.session.SessionHostRulesTest.Raw;
import fairtable.protocol.transcript.Envelope;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The host checks only the player's signature on an acknowledgement of a receipt it placed. Bob, dishonest, tries to
 * slip acknowledgements past that shortcut: in alice's name, over a receipt for another message at the same position
 * carrying the host's genuine signature, and with a signature over another receipt. None reaches alice, and the host's
 * log names bob for each; his genuine acknowledgement still goes through.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AckShortcutTest {
    private final SplittableRandom random = new SplittableRandom(41);
    private final SigningKey alice = Players.key(random);
    private final SigningKey bob = Players.key(random);

    private static Raw connect(SessionHost host, String name) {
        InMemoryTransport[] pair = InMemoryTransport.pair("host", name);
        host.admit(pair[0]);
        return new Raw(pair[1]);
    }

    @Test
    void forgedOrMisattributedAcknowledgementsOfAPlacedReceiptAreNotRelayedAndTheirSenderIsNamed() throws Exception {
        List<String> notices = new CopyOnWriteArrayList<>();
        try (SessionHost host = new SessionHost("table", Players.key(random), random).logTo(notices::add)) {
            Raw a = connect(host, "alice");
            Welcome w = a.join(alice, "alice");
            Raw b = connect(host, "bob");
            b.join(bob, "bob");
            Envelope first = SessionHostRulesTest.hello(alice, 0, "alice", new byte[32]);
            a.send(new Relay(first));
            assertThat(((Deliver) a.nextThatIsNotPresence()).envelope()).isEqualTo(first);
            Receipt placed = ((Deliver) b.nextThatIsNotPresence()).receipt(w.table());

            // In alice's name, signed by bob.
            b.send(new AckFrame(new Ack(alice.verifyingKey(), placed, bob.sign(Ack.signedBytes(placed)))));
            // The host's signature of position 0, over the head of another message at that position.
            Envelope other = SessionHostRulesTest.hello(bob, 0, "bob", new byte[32]);
            Receipt moved = new Receipt(w.table(), 0, other.hash(), placed.signature());
            b.send(new AckFrame(Ack.sign(bob, moved)));
            // Bob's signature, but over another receipt than the one it carries.
            b.send(new AckFrame(new Ack(bob.verifyingKey(), placed, bob.sign(Ack.signedBytes(moved)))));
            Ack genuine = Ack.sign(bob, placed);
            b.send(new AckFrame(genuine));

            assertThat(a.nextThatIsNotPresence()).as("only bob's genuine acknowledgement reaches alice")
                    .isEqualTo(new AckFrame(genuine));
            assertThat(notices).filteredOn(n -> n.startsWith("refused an acknowledgement from \"bob\" ["))
                    .hasSize(3);
            assertThat(notices).noneMatch(n -> n.contains("\"alice\""));
        }
    }
}
