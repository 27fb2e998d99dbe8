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
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.KnownPeers;
import fairtable.net.identity.TrustRule;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
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

    /** One end of a connection to the host, read frame by frame (also to a {@link SessionRelay}'s tables). */
    record Raw(Transport transport) {
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

    /** The hello of {@code seat} at a two-player test table, signed by {@code key}, following {@code prev}. */
    static Envelope hello(SigningKey key, int seat, String name, byte[] prev) {
        Hello h = new Hello("test", new byte[0], 2, seat, name, key.verifyingKey(), new byte[Hello.NONCE_LENGTH]);
        return Envelope.sign(key, new byte[32], seat, prev, seat, 0, Hello.TYPE, h.toBytes());
    }

    /** A message of the established session whose last message is {@code last}, in {@code seat}'s name, signed by {@code key}. */
    static Envelope move(SigningKey key, int seat, Envelope last, byte[] session) {
        return Envelope.sign(key, session, last.seq() + 1, last.hash(), seat, 1, "move", new byte[] {1});
    }

    /** A host whose notices are kept in {@code notices}. */
    private SessionHost host(List<String> notices) {
        return new SessionHost("table", Players.key(random), random).logTo(notices::add);
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

    /** A name that would write a line of its own into the host's log, and reach every player's presence list. */
    @Test
    void aJoinWhoseNameIsNotAPlayersNameIsHungUpOnWithoutWritingItToTheLog() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (SessionHost host = host(notices)) {
            Raw m = connect(host, "mallory");
            Welcome w = (Welcome) m.next();
            String forged = "x\" [00] at here: its join is not signed for this table\n"
                    + "refused message #3 from \"alice\" [" + Fingerprint.of(alice.verifyingKey()) + "]: forged";
            m.send(Join.sign(bob, forged, w));
            assertThatThrownBy(m::next).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(host.presence()).isEmpty();
            assertThat(notices).singleElement().asString().doesNotContain("\n").doesNotContain("alice");
        }
    }

    /** The same key signs the receipts of every table a relay serves: an acknowledgement must be of this table's. */
    @Test
    void anAcknowledgementOfAnotherTablesReceiptIsRefusedNamingItsSenderAndNotRelayed() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        SigningKey hostKey = Players.key(random);
        try (SessionHost host = new SessionHost("table", hostKey, random).logTo(notices::add)) {
            Raw a = connect(host, "alice");
            Welcome w = a.join(alice, "alice");
            Raw b = connect(host, "bob");
            b.join(bob, "bob");
            byte[] otherTable = w.table();
            otherTable[0] ^= 1;
            Envelope first = hello(alice, 0, "alice", new byte[32]);
            a.send(new SessionFrame.AckFrame(Ack.sign(alice, Receipt.sign(hostKey, otherTable, first))));
            a.send(new Relay(first));

            assertThat(b.nextThatIsNotPresence()).as("the acknowledgement is not relayed").isInstanceOf(Deliver.class);
            assertThat(notices).anySatisfy(n -> assertThat(n).contains("from \"alice\" [")
                    .contains("its receipt is for another table"));
        }
    }

    @Test
    void onlyTheNextMessageSignedByTheJoinedKeyIsPlaced() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (SessionHost host = host(notices)) {
            Raw a = connect(host, "alice");
            Welcome w = a.join(alice, "alice");
            assertThat(a.next()).isEqualTo(new Presence(List.of(new Member("alice", alice.verifyingKey(), true))));

            a.send(new Relay(hello(bob, 0, "bob", new byte[32])));
            assertThat(((Refused) a.next()).reason()).contains("is not the key you joined with");
            assertThat(notices).singleElement().asString().contains("\"alice\" [").contains("refused message #0");
            a.send(new Relay(hello(alice, 1, "alice", new byte[32])));
            assertThat(((Refused) a.next()).reason()).contains("not the next one");
            a.send(new Relay(message(alice, 0, new byte[32])));
            assertThat(((Refused) a.next()).reason()).contains("expected a hello");

            Envelope first = hello(alice, 0, "alice", new byte[32]);
            a.send(new Relay(first));
            Deliver d = (Deliver) a.next();
            assertThat(d.envelope()).isEqualTo(first);
            assertThat(d.receipt(w.table()).isSignedBy(host.key())).isTrue();
            a.send(new Relay(hello(alice, 1, "alice", new byte[32]))); // does not follow message 0
            assertThat(((Refused) a.next()).reason()).contains("does not follow");
            assertThat(host.placed()).containsExactly(first);
        }
    }

    /** A two-seat host plays seat 0 through memory; a stranger who joins before the host's own hello is placed may not take it. */
    @Test
    void aStrangerCannotTakeTheSeatOfAHostThatPlaysSeatZeroBeforeItsOwnHelloIsPlaced() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        SigningKey hostKey = Players.key(random);
        SigningKey mallory = Players.key(random);
        try (SessionHost host = new SessionHost("table", hostKey, random).logTo(notices::add).playsSeatZero()) {
            Raw m = connect(host, "mallory");
            m.join(mallory, "mallory");
            m.send(new Relay(hello(mallory, 0, "mallory", new byte[32])));
            assertThat(((Refused) m.nextThatIsNotPresence()).reason()).isEqualTo("seat 0 is the host's own: only the"
                    + " host's key may take it");
            assertThat(notices).singleElement().asString().startsWith("refused message #0 from \"mallory\" ["
                    + Fingerprint.of(mallory.verifyingKey()) + "]");
            assertThat(host.placed()).isEmpty();

            Raw own = connect(host, "seat0");
            own.join(hostKey, "ann");
            Envelope first = hello(hostKey, 0, "ann", new byte[32]);
            own.send(new Relay(first));
            assertThat(((Deliver) own.nextThatIsNotPresence()).envelope()).isEqualTo(first);
            assertThat(host.placed()).containsExactly(first);
        }
    }

    /**
     * A board game's host that chose the second side plays seat 1: once the joiner's hello holds seat 0, a stranger's
     * hello for seat 1 is refused, and the host's own is placed.
     */
    @Test
    void aHostThatPlaysSeatOneKeepsThatSeatForItsOwnKey() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        SigningKey hostKey = Players.key(random);
        SigningKey mallory = Players.key(random);
        try (SessionHost host = new SessionHost("table", hostKey, random).logTo(notices::add).playsSeat(1)) {
            Raw b = connect(host, "bob");
            b.join(bob, "bob");
            Envelope first = hello(bob, 0, "bob", new byte[32]);
            b.send(new Relay(first));
            assertThat(((Deliver) b.nextThatIsNotPresence()).envelope()).isEqualTo(first);
            Raw m = connect(host, "mallory");
            m.join(mallory, "mallory");
            m.send(new Relay(hello(mallory, 1, "mallory", first.hash())));
            SessionFrame refused;
            do {
                refused = m.nextThatIsNotPresence();
            } while (refused instanceof Deliver);
            assertThat(((Refused) refused).reason()).isEqualTo("seat 1 is the host's own: only the host's key may take"
                    + " it");
            Raw own = connect(host, "seat1");
            own.join(hostKey, "ann");
            Envelope second = hello(hostKey, 1, "ann", first.hash());
            own.send(new Relay(second));
            while (host.placed().size() < 2) {
                Thread.onSpinWait();
            }
            assertThat(host.placed()).containsExactly(first, second);
        }
    }

    /** The trust rule admits a key under the name it joins with: a hello in another name was not admitted. */
    @Test
    void underATrustRuleAHelloMustNameThePlayerItsKeyJoinedAs(@org.junit.jupiter.api.io.TempDir java.nio.file.Path home)
            throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        TrustRule acceptingNew = new TrustRule(KnownPeers.load(home.resolve("known_peers")), java.util.Set.of(), true,
                java.util.Optional.empty(), line -> { });
        SigningKey mallory = Players.key(random);
        try (SessionHost host = host(notices).judgeJoinsBy(acceptingNew, notices::add)) {
            Raw m = connect(host, "mallory");
            m.join(mallory, "mallory");
            m.send(new Relay(hello(mallory, 0, "bob", new byte[32])));
            assertThat(((Refused) m.nextThatIsNotPresence()).reason()).isEqualTo("its hello names the player \"bob\","
                    + " but it joined as \"mallory\", the name its key was admitted under");
            assertThat(host.placed()).isEmpty();
            Envelope own = hello(mallory, 0, "mallory", new byte[32]);
            m.send(new Relay(own));
            assertThat(((Deliver) m.nextThatIsNotPresence()).envelope()).isEqualTo(own);
        }
    }

    @Test
    void aMessageInAnotherSeatsNameIsRefusedAndItsSenderNamedThoughItFitsTheChain() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        SigningKey mallory = Players.key(random);
        try (SessionHost host = host(notices)) {
            Raw a = connect(host, "alice");
            a.join(alice, "alice");
            Raw b = connect(host, "bob");
            b.join(bob, "bob");
            Raw m = connect(host, "mallory");
            m.join(mallory, "mallory");
            // Each connection is served on its own thread: mallory's join must be taken before the seats fill up, or
            // she is turned away as every seat is taken (as a loaded machine once showed).
            while (host.presence().stream().noneMatch(p -> p.name().equals("mallory"))) {
                Thread.onSpinWait();
            }
            Envelope first = hello(alice, 0, "alice", new byte[32]);
            a.send(new Relay(first));
            // bob answers once alice's hello is placed, as a player does: sent earlier, it would not be next yet.
            assertThat(((Deliver) b.nextThatIsNotPresence()).envelope()).isEqualTo(first);
            Envelope second = hello(bob, 1, "bob", first.hash());
            b.send(new Relay(second));
            assertThat(((Deliver) m.nextThatIsNotPresence()).envelope()).isEqualTo(first);
            assertThat(((Deliver) m.nextThatIsNotPresence()).envelope()).isEqualTo(second);
            byte[] session = second.hash();
            // Mallory, at the table without a seat, and bob each sign the next message in alice's name.
            m.send(new Relay(move(mallory, 0, second, session)));
            SessionFrame refused;
            do {
                refused = m.nextThatIsNotPresence();
            } while (refused instanceof Deliver);
            assertThat(((Refused) refused).reason()).contains("in alice's name with a bad signature");
            b.send(new Relay(move(bob, 0, second, session)));
            do {
                refused = b.nextThatIsNotPresence();
            } while (refused instanceof Deliver);
            assertThat(((Refused) refused).reason()).contains("in alice's name with a bad signature");
            assertThat(notices).hasSize(2);
            assertThat(notices.get(0)).startsWith("refused message #2 from \"mallory\" [" + Fingerprint.of(mallory.verifyingKey()));
            assertThat(notices.get(1)).startsWith("refused message #2 from \"bob\" [" + Fingerprint.of(bob.verifyingKey()));
            // Alice's own message, signed by her admitted key, is placed.
            Envelope hers = move(alice, 0, second, session);
            a.send(new Relay(hers));
            while (host.placed().size() < 3) {
                Thread.onSpinWait();
            }
            assertThat(host.placed()).containsExactly(first, second, hers);
            // Once every seat is taken, a key without one is turned away.
            Raw late = connect(host, "late");
            late.join(Players.key(random), "late");
            assertThatThrownBy(late::next).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(notices.get(2)).contains("\"late\"").endsWith("every seat is taken");
        }
    }

    @Test
    void aReturningPlayerGetsEverythingPlacedAndItsPlaceBack() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (SessionHost host = host(notices)) {
            Raw a = connect(host, "alice");
            a.join(alice, "alice");
            Raw b = connect(host, "bob");
            b.join(bob, "bob");
            Envelope first = hello(alice, 0, "alice", new byte[32]);
            a.send(new Relay(first));
            assertThat(b.nextThatIsNotPresence()).isEqualTo(new Deliver(first, ((Deliver) a.nextThatIsNotPresence()).receiptSignature()));
            Envelope second = hello(bob, 1, "bob", first.hash());
            b.send(new Relay(second));
            assertThat(((Deliver) a.nextThatIsNotPresence()).envelope()).isEqualTo(second);
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
            // Back under another name, the others' list would show carol at the table for bob's seat.
            Raw renamed = connect(host, "bob");
            renamed.join(bob, "carol");
            assertThatThrownBy(renamed::nextThatIsNotPresence).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(notices).anySatisfy(n -> assertThat(n).contains("\"carol\" [").contains("holds the seat of bob"));
            Raw back = connect(host, "bob");
            back.join(bob, "bob");
            assertThat(((Deliver) back.nextThatIsNotPresence()).envelope()).isEqualTo(first);
            assertThat(host.presence()).extracting(Member::name, Member::connected)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("alice", true),
                            org.assertj.core.groups.Tuple.tuple("bob", true));
        }
    }

    @Test
    void aKeyWithoutASeatIsForgottenWhenItLeavesAndASilentConnectionIsHungUpOn() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (SessionHost host = host(notices).joinDeadline(Duration.ofMillis(300))) {
            Raw a = connect(host, "alice");
            a.join(alice, "alice");
            Raw visitor = connect(host, "visitor");
            visitor.join(bob, "bob");
            assertThat(visitor.next()).isInstanceOf(Presence.class);
            assertThat(host.presence()).extracting(Member::name).containsExactly("alice", "bob");
            SessionFrame seen;
            do {
                seen = a.next();
            } while (!(seen instanceof Presence both && both.members().size() == 2));
            visitor.transport().close();
            do {
                seen = a.next();
            } while (!(seen instanceof Presence p && p.members().size() == 1));
            assertThat(host.presence()).extracting(Member::name).containsExactly("alice");

            Raw silent = connect(host, "silent");
            assertThat(silent.next()).isInstanceOf(Welcome.class);
            assertThatThrownBy(silent::next).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(notices).singleElement().asString().startsWith("hung up on ").endsWith("did not join within 300 ms");
        }
    }

    @Test
    void connectionsThatHaveNotJoinedAreBoundedInNumber() throws Exception {
        List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (SessionHost host = host(notices)) {
            List<Raw> waiting = new java.util.ArrayList<>();
            Welcome w = null;
            for (int i = 0; i < SessionHost.MAX_UNJOINED; i++) {
                Raw r = connect(host, "idle" + i);
                w = (Welcome) r.next();
                waiting.add(r);
            }
            Raw oneTooMany = connect(host, "one too many");
            assertThatThrownBy(oneTooMany::next).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(notices).singleElement().asString().contains("one too many")
                    .endsWith(SessionHost.MAX_UNJOINED + " connections have not joined yet");
            // One that joins makes room for another.
            waiting.get(0).send(Join.sign(alice, "alice", w));
            assertThat(waiting.get(0).next()).isInstanceOf(Presence.class);
            assertThat(connect(host, "next").next()).isInstanceOf(Welcome.class);
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
