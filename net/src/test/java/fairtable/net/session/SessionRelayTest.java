package fairtable.net.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Open;
import fairtable.net.session.SessionFrame.Refused;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.net.session.SessionHostRulesTest.Raw;
import fairtable.protocol.transcript.Envelope;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One relay, several tables: each connection names its table first, and each table keeps its own id, chain, seats
 * and bounds, so a seat of one table can place nothing at another, and floods are bounded for the relay and per table.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SessionRelayTest {
    private final SplittableRandom random = new SplittableRandom(1129);
    private final SigningKey alice = Players.key(random);
    private final SigningKey bob = Players.key(random);
    private final SigningKey carol = Players.key(random);
    private final SigningKey dave = Players.key(random);
    private final List<String> notices = new CopyOnWriteArrayList<>();

    private SessionRelay relay() {
        return SessionRelay.inMemory(Players.key(random), random).logTo(notices::add);
    }

    /** A connection to {@code relay} that asks for {@code table}. */
    private static Raw open(SessionRelay relay, String peer, String table) throws Exception {
        InMemoryTransport[] pair = InMemoryTransport.pair("relay", peer);
        relay.admit(pair[0]);
        Raw raw = new Raw(pair[1]);
        raw.send(new Open(table));
        return raw;
    }

    /** A table of two seated at {@code table}: its welcome and the two hellos placed, the connections in {@code seats}. */
    private record Seated(Welcome welcome, Envelope first, Envelope second, Raw[] seats) {}

    private static Seated seatTwo(SessionRelay relay, String table, SigningKey one, String oneName, SigningKey two,
            String twoName) throws Exception {
        Raw a = open(relay, oneName, table);
        Welcome w = a.join(one, oneName);
        Raw b = open(relay, twoName, table);
        b.join(two, twoName);
        Envelope first = SessionHostRulesTest.hello(one, 0, oneName, new byte[32]);
        a.send(new Relay(first));
        assertThat(((Deliver) b.nextThatIsNotPresence()).envelope()).isEqualTo(first);
        Envelope second = SessionHostRulesTest.hello(two, 1, twoName, first.hash());
        b.send(new Relay(second));
        assertThat(((Deliver) a.nextThatIsNotPresence()).envelope()).isEqualTo(first);
        assertThat(((Deliver) a.nextThatIsNotPresence()).envelope()).isEqualTo(second);
        assertThat(((Deliver) b.nextThatIsNotPresence()).envelope()).isEqualTo(second);
        return new Seated(w, first, second, new Raw[] {a, b});
    }

    @Test
    void twoTablesAtOneRelayKeepTheirOwnIdsChainsAndSeats() throws Exception {
        try (SessionRelay relay = relay()) {
            Seated red = seatTwo(relay, "red", alice, "alice", bob, "bob");
            Seated blue = seatTwo(relay, "blue", carol, "carol", dave, "dave");

            assertThat(red.welcome().table()).isNotEqualTo(blue.welcome().table());
            assertThat(red.welcome().host()).isEqualTo(blue.welcome().host()).isEqualTo(relay.key());
            assertThat(relay.placed("red")).containsExactly(red.first(), red.second());
            assertThat(relay.placed("blue")).containsExactly(blue.first(), blue.second());
            assertThat(relay.tables()).containsOnlyKeys("red", "blue");
            assertThat(notices).isEmpty();
        }
    }

    @Test
    void aSeatOfOneTableCanPlaceNothingAtAnotherAndIsNamed() throws Exception {
        try (SessionRelay relay = relay()) {
            Seated red = seatTwo(relay, "red", alice, "alice", bob, "bob");
            Seated blue = seatTwo(relay, "blue", carol, "carol", dave, "dave");
            String alices = "\"alice\" [" + Fingerprint.of(alice.verifyingKey()) + "]";

            // Alice, seated at red, asks for blue: every seat there is taken by others.
            Raw intruder = open(relay, "alice at blue", "blue");
            intruder.join(alice, "alice");
            assertThatThrownBy(intruder::next).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(notices).singleElement().asString().startsWith("table blue: hung up on " + alices)
                    .endsWith("every seat is taken");

            // Through her own table she offers a message of blue's session, and a copy of dave's blue move.
            Raw a = red.seats()[0];
            byte[] blueSession = blue.second().hash();
            a.send(new Relay(SessionHostRulesTest.move(alice, 0, red.second(), blueSession)));
            assertThat(((Refused) a.nextThatIsNotPresence()).reason()).contains("another session");
            Envelope daves = SessionHostRulesTest.move(dave, 1, blue.second(), blueSession);
            assertThat(notices).hasSize(2);
            assertThat(notices.get(1)).startsWith("table red: refused message #2 from " + alices)
                    .contains("another session");
            // A copy follows blue's chain, not red's: refused as a position taken, as an honest race would be.
            a.send(new Relay(daves));
            assertThat(((Refused) a.nextThatIsNotPresence()).reason()).contains("does not follow message #1");

            // Nothing was placed at either table; dave's own move is placed at blue only.
            blue.seats()[1].send(new Relay(daves));
            assertThat(((Deliver) blue.seats()[0].nextThatIsNotPresence()).envelope()).isEqualTo(daves);
            assertThat(relay.placed("red")).hasSize(2);
            assertThat(relay.placed("blue")).containsExactly(blue.first(), blue.second(), daves);
        }
    }

    @Test
    void connectionsThatNameNoTableAndNewTablesAreBoundedForTheWholeRelay() throws Exception {
        try (SessionRelay relay = relay().joinDeadline(Duration.ofSeconds(20))) {
            List<Transport> silent = new ArrayList<>();
            for (int i = 0; i < SessionRelay.MAX_UNOPENED; i++) {
                InMemoryTransport[] pair = InMemoryTransport.pair("relay", "silent " + i);
                relay.admit(pair[0]);
                silent.add(pair[1]);
            }
            InMemoryTransport[] one = InMemoryTransport.pair("relay", "one too many");
            relay.admit(one[0]);
            assertThatThrownBy(() -> one[1].receive(Duration.ofSeconds(5))).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(notices).singleElement().asString().startsWith("turned away one too many: "
                    + SessionRelay.MAX_UNOPENED + " connections have not said which table");
            silent.forEach(Transport::close);
        }
        notices.clear();
        try (SessionRelay relay = relay().joinDeadline(Duration.ofSeconds(20))) {
            // Each table costs a connection that stays; past MAX_TABLES none is opened, and nobody's table is dropped.
            List<Raw> holders = new ArrayList<>();
            for (int i = 0; i < SessionRelay.MAX_TABLES; i++) {
                Raw r = open(relay, "holder " + i, "t" + i);
                assertThat(r.next()).isInstanceOf(Welcome.class);
                holders.add(r);
            }
            Raw late = open(relay, "late", "one-more");
            assertThatThrownBy(late::next).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(notices).last().asString().isEqualTo("turned away late: " + SessionRelay.MAX_TABLES
                    + " tables are under way here");
            assertThat(relay.tables()).hasSize(SessionRelay.MAX_TABLES).doesNotContainKey("one-more");

            // A table nobody holds any more (it never began) makes room for a new one.
            holders.get(0).transport().close();
            Raw next = null;
            for (int attempt = 0; attempt < 200 && next == null; attempt++) {
                Raw r = open(relay, "next", "one-more");
                try {
                    if (r.next() instanceof Welcome) {
                        next = r;
                    }
                } catch (Transport.PeerGoneException notYet) {
                    Thread.sleep(10); // the relay notices the closed connection on its own thread
                }
            }
            assertThat(next).as("a new table once one is free").isNotNull();
            assertThat(relay.tables()).containsKey("one-more").doesNotContainKey("t0");
        }
    }

    /** A TLS connection as {@code key} to the relay listening on {@code port} that asks for {@code table}. */
    private static Raw openOverTls(int port, SigningKey key, String table) throws Exception {
        Raw raw = new Raw(TlsTransport.connect("127.0.0.1", port, TlsIdentity.of(key), PeerCheck.anyKey(),
                Duration.ofSeconds(10)));
        raw.send(new Open(table));
        return raw;
    }

    @Test
    void oneKeyOpensAtMostItsShareOfTablesAndIsToldWhyWhenItAsksForMore() throws Exception {
        SigningKey mallory = Players.key(random);
        try (ServerSocket server = TlsTransport.listen("127.0.0.1", 0);
                SessionRelay relay = relay().joinDeadline(Duration.ofSeconds(20))) {
            relay.acceptTls(server, TlsIdentity.of(Players.key(random)), PeerCheck.anyKey());
            int port = server.getLocalPort();
            List<Raw> held = new ArrayList<>();
            for (int i = 0; i < SessionRelay.MAX_TABLES_PER_KEY; i++) {
                Raw r = openOverTls(port, mallory, "m" + i);
                assertThat(r.next()).isInstanceOf(Welcome.class);
                held.add(r);
            }
            Raw more = openOverTls(port, mallory, "m-more");
            SessionFrame answer = more.next();
            assertThat(answer).isInstanceOf(Refused.class);
            Refused refused = (Refused) answer;
            assertThat(refused.seq()).isEqualTo(SessionHost.JOIN_REFUSED);
            assertThat(refused.reason()).isEqualTo("your key " + Fingerprint.of(mallory.verifyingKey()) + " already has "
                    + SessionRelay.MAX_TABLES_PER_KEY + " tables under way at this relay (m0, m1, m2, m3), the most one"
                    + " key may open; end one, or join a table another player opened");
            more.transport().close();
            assertThat(notices).last().asString().startsWith("turned away ")
                    .endsWith(": it asked for a new table m-more, but its key already has [m0, m1, m2, m3] under way"
                            + " here (" + SessionRelay.MAX_TABLES_PER_KEY + " at most)");
            assertThat(relay.tables()).doesNotContainKey("m-more");

            // What the player makes of it: one line from the relay's words, not a host to blame.
            SessionMember member = new Players(1130, Duration.ofSeconds(5)).members.get(0);
            assertThat(member.onFrame(SessionFrame.encode(refused), java.time.Instant.EPOCH)).isEmpty();
            assertThat(member.problem()).isEmpty();
            assertThat(SessionClient.refusedLine("the-relay", member)).isEqualTo("the relay at the-relay turned you"
                    + " away: " + refused.reason() + ".");

            // Another key still opens a table, and the same key may again once one of its tables is given up.
            Raw bobs = openOverTls(port, bob, "b0");
            assertThat(bobs.next()).isInstanceOf(Welcome.class);
            held.get(0).transport().close();
            Raw again = null;
            for (int attempt = 0; attempt < 200 && again == null; attempt++) {
                Raw r = openOverTls(port, mallory, "m-more");
                SessionFrame first = r.next();
                if (first instanceof Welcome) {
                    again = r;
                } else {
                    r.transport().close(); // the relay has not yet noticed the closed connection
                }
            }
            assertThat(again).as("a table once one of mallory's is given up").isNotNull();
        }
    }

    /** Fresh keys cost nothing: all the keys the relay does not know together open a bounded share of its tables. */
    @Test
    void keysTheRelayDoesNotKnowOpenAtMostTheirShareOfTablesTogetherAndAreToldWhy() throws Exception {
        try (ServerSocket server = TlsTransport.listen("127.0.0.1", 0);
                SessionRelay relay = relay().joinDeadline(Duration.ofSeconds(20)).knowing(bob.verifyingKey()::equals)) {
            relay.acceptTls(server, TlsIdentity.of(Players.key(random)), PeerCheck.anyKey());
            int port = server.getLocalPort();
            List<Raw> held = new ArrayList<>();
            for (int i = 0; i < SessionRelay.MAX_TABLES_OF_NEW_KEYS; i++) {
                Raw r = openOverTls(port, Players.key(random), "s" + i);
                assertThat(r.next()).isInstanceOf(Welcome.class);
                held.add(r);
            }
            SigningKey fresh = Players.key(random);
            Raw more = openOverTls(port, fresh, "s-more");
            SessionFrame answer = more.next();
            assertThat(answer).isInstanceOf(Refused.class);
            assertThat(((Refused) answer).seq()).isEqualTo(SessionHost.JOIN_REFUSED);
            assertThat(((Refused) answer).reason()).isEqualTo("keys this relay does not know already have "
                    + SessionRelay.MAX_TABLES_OF_NEW_KEYS + " tables under way here, the most they may open together;"
                    + " ask the relay's owner to let your key " + Fingerprint.of(fresh.verifyingKey()) + " in by name"
                    + " (--peer), or join a table another player opened");
            more.transport().close();
            assertThat(notices).last().asString().startsWith("turned away ")
                    .contains(": it asked for a new table s-more, but keys this relay does not know already have [s0, ")
                    .endsWith(" under way here (" + SessionRelay.MAX_TABLES_OF_NEW_KEYS + " at most)");
            assertThat(relay.tables()).doesNotContainKey("s-more");

            // A key its owner knows still opens a table.
            Raw bobs = openOverTls(port, bob, "b0");
            assertThat(bobs.next()).isInstanceOf(Welcome.class);
        }
    }

    @Test
    void aConnectionThatNamesNoTableIsHungUpOnAfterTheDeadlineAndOneThatNamesNoneJoinsTheDefault() throws Exception {
        try (SessionRelay relay = relay().joinDeadline(Duration.ofMillis(300))) {
            InMemoryTransport[] mute = InMemoryTransport.pair("relay", "mute");
            relay.admit(mute[0]);
            assertThatThrownBy(() -> mute[1].receive(Duration.ofSeconds(5))).isInstanceOf(Transport.PeerGoneException.class);
            assertThat(notices).singleElement().asString().startsWith("hung up on mute: it did not say which table");

            Raw unnamed = open(relay, "unnamed", "");
            unnamed.join(alice, "alice");
            assertThat(relay.tables()).containsOnlyKeys(SessionRelay.DEFAULT_TABLE);
        }
    }
}
