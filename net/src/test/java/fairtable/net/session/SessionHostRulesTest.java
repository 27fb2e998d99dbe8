package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Transport;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Join;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.session.SessionFrame.Presence;
import fairtable.net.session.SessionFrame.Refused;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.transcript.Envelope;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the host accepts from a connection, driven frame by frame. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SessionHostRulesTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private final SplittableRandom random = new SplittableRandom(31);
    private final SigningKey alice = Players.key(random);
    private final SigningKey bob = Players.key(random);

    /** One end of a connection to the host, read frame by frame. */
    private record Raw(Transport transport) {
        SessionFrame next() throws Exception {
            return SessionFrame.decode(transport.receive(WAIT));
        }

        void send(SessionFrame f) throws Exception {
            transport.send(SessionFrame.encode(f));
        }

        /** Joins and returns the welcome, skipping presence frames. */
        Welcome join(SigningKey key, String name) throws Exception {
            Welcome w = (Welcome) next();
            send(Join.sign(key, name, w));
            return w;
        }

        SessionFrame nextThatIsNotPresence() throws Exception {
            SessionFrame f;
            do {
                f = next();
            } while (f instanceof Presence);
            return f;
        }
    }

    private static Raw connect(SessionHost host, String name) {
        InMemoryTransport[] pair = InMemoryTransport.pair("host", name);
        host.admit(pair[0]);
        return new Raw(pair[1]);
    }

    private static Envelope message(SigningKey key, long seq, byte[] prev) {
        return Envelope.sign(key, new byte[32], seq, prev, 0, 0, "test", new byte[] {(byte) seq});
    }

    @Test
    void aJoinSignedForAnotherTableIsHungUpOn() throws Exception {
        try (SessionHost host = new SessionHost("table", Players.key(random), random)) {
            Raw raw = connect(host, "mallory");
            Welcome w = (Welcome) raw.next();
            Welcome elsewhere = new Welcome(w.host(), new byte[32], "another table");
            raw.send(Join.sign(alice, "alice", elsewhere));
            assertThatThrownBy(raw::next).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(host.presence()).isEmpty();
        }
    }

    @Test
    void onlyTheNextMessageSignedByTheJoinedKeyIsPlaced() throws Exception {
        try (SessionHost host = new SessionHost("table", Players.key(random), random)) {
            Raw a = connect(host, "alice");
            Welcome w = a.join(alice, "alice");
            assertThat(a.next()).isEqualTo(new Presence(List.of(new Member("alice", alice.verifyingKey(), true))));

            a.send(new Relay(message(bob, 0, new byte[32])));
            assertThat(a.next()).isInstanceOf(Refused.class);
            a.send(new Relay(message(alice, 1, new byte[32])));
            assertThat(((Refused) a.next()).reason()).contains("not the next one");

            Envelope first = message(alice, 0, new byte[32]);
            a.send(new Relay(first));
            Deliver d = (Deliver) a.next();
            assertThat(d.envelope()).isEqualTo(first);
            assertThat(d.receipt(w.table()).isSignedBy(host.key())).isTrue();
            a.send(new Relay(message(alice, 1, new byte[32]))); // does not follow message 0
            assertThat(((Refused) a.next()).reason()).contains("does not follow");
            assertThat(host.placed()).containsExactly(first);
        }
    }

    @Test
    void aReturningPlayerGetsEverythingPlacedAndItsPlaceBack() throws Exception {
        try (SessionHost host = new SessionHost("table", Players.key(random), random)) {
            Raw a = connect(host, "alice");
            a.join(alice, "alice");
            Raw b = connect(host, "bob");
            b.join(bob, "bob");
            Envelope first = message(alice, 0, new byte[32]);
            a.send(new Relay(first));
            assertThat(b.nextThatIsNotPresence()).isEqualTo(new Deliver(first, ((Deliver) a.nextThatIsNotPresence()).receiptSignature()));
            // A second connection with bob's key while bob is here is refused.
            Raw impostor = connect(host, "bob again");
            impostor.join(bob, "bob");
            assertThatThrownBy(impostor::next).isInstanceOf(Transport.PeerGoneException.class);
            b.transport().close();
            // Alice is told that bob went away.
            SessionFrame seen;
            do {
                seen = a.next();
            } while (!(seen instanceof Presence p && p.members().contains(new Member("bob", bob.verifyingKey(), false))));
            Raw back = connect(host, "bob");
            back.join(bob, "bob");
            assertThat(((Deliver) back.nextThatIsNotPresence()).envelope()).isEqualTo(first);
            assertThat(host.presence()).extracting(Member::name, Member::connected)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("alice", true),
                            org.assertj.core.groups.Tuple.tuple("bob", true));
        }
    }

    @Test
    void overTlsTheJoinKeyMustBeTheChannelKey() throws Exception {
        SigningKey hostKey = Players.key(random);
        try (ServerSocket server = TlsTransport.listen("127.0.0.1", 0);
                SessionHost host = new SessionHost("table", hostKey, random)) {
            Thread acceptor = new Thread(() -> {
                for (int i = 0; i < 2; i++) {
                    try {
                        host.admit(TlsTransport.accept(server, TlsIdentity.of(hostKey), PeerCheck.anyKey(), WAIT));
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            acceptor.start();
            PeerCheck theHost = PeerCheck.expect(fairtable.net.identity.Fingerprint.of(hostKey.verifyingKey()));
            Raw liar = new Raw(TlsTransport.connect("127.0.0.1", server.getLocalPort(), TlsIdentity.of(alice), theHost, WAIT));
            liar.join(bob, "bob");
            assertThatThrownBy(liar::next).isInstanceOf(Transport.PeerGoneException.class);
            Raw honest = new Raw(TlsTransport.connect("127.0.0.1", server.getLocalPort(), TlsIdentity.of(alice), theHost, WAIT));
            honest.join(alice, "alice");
            assertThat(honest.next()).isEqualTo(new Presence(List.of(new Member("alice", alice.verifyingKey(), true))));
            acceptor.join(WAIT.toMillis());
        }
    }
}
