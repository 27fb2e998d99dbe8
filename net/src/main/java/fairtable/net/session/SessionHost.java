package fairtable.net.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.Transport;
import fairtable.net.journal.Journal;
import fairtable.net.session.SessionFrame.AckFrame;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Join;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.session.SessionFrame.Open;
import fairtable.net.session.SessionFrame.Presence;
import fairtable.net.session.SessionFrame.Refused;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.TrustRule;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * A relaying host for N players: it accepts connections (TCP, TLS, in memory), keeps the list of who holds a
 * seat (name and key), and places every protocol message at the next position of one global order,
 * delivering it with a signed {@link Receipt} to every player, sender included. It relays players'
 * {@link Ack}s to the others.
 *
 * <p>It places only what an honest player must accept, so that nobody can make the players blame it: it keeps
 * the session's {@link Transcript} and places a message only if it fits the chain there (the next position,
 * following the last one placed, this session) and is signed by the key the seat it names gave in its hello,
 * which must also be the key of the connection that relays it. Anything else (a stranger's message in another
 * seat's name, a replay, junk) is refused to its sender and logged in one line naming the connection.
 *
 * <p>Connections are bounded: at most {@link #MAX_UNJOINED} may be open without having joined, each for at most
 * {@code joinDeadline} (a TLS handshake counts as not joined); at most {@link #MAX_WAITING} joined keys may wait
 * for a seat while the hellos are placed, none once every seat is taken; a connection without a seat is
 * forgotten when it leaves. So the presence list holds only the seated players (kept, connected or not, so that
 * each can take its seat back) and those waiting for a seat, and no flood of joins can grow it past what every
 * player accepts.
 *
 * <p>It is trusted with nothing: it cannot forge (everything is signed by the players), and dropping,
 * reordering, delivering a message that does not fit, or showing different players different messages is
 * caught by the players ({@link SessionMember}). A player who reconnects with the same key, under the name its
 * hello gave, takes its seat back and is sent every message placed so far.
 */
public final class SessionHost implements AutoCloseable {
    /** What the host really sends to a player, frame by frame: the honest host sends each frame as is. */
    interface Tamper {
        List<byte[]> toPlayer(String player, byte[] frame);

        Tamper HONEST = (player, frame) -> List.of(frame);
    }

    /** Connections that have not joined yet (including TLS handshakes in progress) beyond which new ones are closed. */
    public static final int MAX_UNJOINED = 64;
    /** Joined keys without a seat beyond which further joins are turned away. */
    public static final int MAX_WAITING = SessionFrame.MAX_PLAYERS;
    /** How long a new connection has to join (and, over TLS, to complete its handshake) unless told otherwise. */
    public static final Duration JOIN_DEADLINE = Duration.ofSeconds(10);

    private static final System.Logger LOG = System.getLogger(SessionHost.class.getName());

    private final SigningKey key;
    private final Welcome welcome;
    private final Tamper tamper;
    private final Duration idle;
    private final List<Connection> connections = new ArrayList<>();
    private final List<Envelope> placed = new ArrayList<>();
    private final List<byte[]> receiptSignatures = new ArrayList<>();
    private final List<Transport> open = new ArrayList<>();
    /** The session as the players will see it: what may be placed next, and each seat's key. */
    private Transcript chain = new Transcript();
    /** Open connections that have not joined (or, over TLS, not finished the handshake) yet. */
    private int unjoined;
    private volatile Duration joinDeadline = JOIN_DEADLINE;
    private volatile Predicate<VerifyingKey> admission = anyKey -> true;
    /** Judges each joiner's name and key (asking the person at the terminal, if any); null: the seats judge hellos. */
    private volatile TrustRule names;
    /** Where the trust rule's refusals go: the command's output, where its person reads them. */
    private volatile Consumer<String> refusals;
    /** The seat this host plays itself, kept for its own key; -1 for a relay that plays none. */
    private volatile int ownSeat = -1;
    private volatile Consumer<String> notices = line -> LOG.log(System.Logger.Level.WARNING, line);
    /** Where every placed message is written before anyone hears of it; null for a host kept in memory. */
    private final Journal log;
    private volatile boolean closed;
    /** Whether a player has joined since this host started: a host restored from its log has seen nobody yet. */
    private boolean joinedSinceStart;

    final class Connection {
        final Transport transport;
        String name;
        VerifyingKey player;
        boolean connected = true;
        /** Whether this connection is counted in {@link #unjoined}. */
        boolean counted = true;
        /** Whether it has said which table it joins (it need not: a host serves one). */
        boolean opened;

        Connection(Transport transport) {
            this.transport = transport;
        }

        void send(SessionFrame frame) {
            byte[] bytes = SessionFrame.encode(frame);
            for (byte[] b : tamper.toPlayer(name == null ? "?" : name, bytes)) {
                try {
                    transport.send(b);
                } catch (IOException gone) {
                    connected = false;
                }
            }
        }
    }

    /** A host named {@code name}; {@code random} makes the table id. */
    public SessionHost(String name, SigningKey key, RandomGenerator random) {
        this(name, key, random, Tamper.HONEST);
    }

    SessionHost(String name, SigningKey key, RandomGenerator random, Tamper tamper) {
        this(newWelcome(name, key, random), key, tamper, null);
    }

    private SessionHost(Welcome welcome, SigningKey key, Tamper tamper, Journal log) {
        this.key = key;
        this.welcome = welcome;
        this.tamper = tamper;
        this.idle = Duration.ofMinutes(30);
        this.log = log;
    }

    private static Welcome newWelcome(String name, SigningKey key, RandomGenerator random) {
        byte[] table = new byte[32];
        random.nextBytes(table);
        return new Welcome(key.verifyingKey(), table, name);
    }

    /**
     * A host that survives its own crash: the table and every placed message with its receipt are written to
     * {@code logFile} (a signed {@link Journal}) before they are delivered. Opening an existing log takes the
     * table up again, same id, same order; players who reconnect are sent everything placed so far.
     *
     * @throws IOException if the log cannot be read or written, or is not this key's
     */
    public static SessionHost persistent(Path logFile, String name, SigningKey key, RandomGenerator random)
            throws IOException {
        Journal log = Journal.open(logFile, key);
        if (log.last().isEmpty()) {
            SessionHost host = new SessionHost(newWelcome(name, key, random), key, Tamper.HONEST, log);
            log.record(host.state(), List.of());
            return host;
        }
        try {
            WireReader r = new WireReader(log.last().get().state());
            byte[] table = r.fixed(32, "the table id");
            String hostName = r.string(256, "the host's name");
            int count = r.count(1 << 24, "the number of placed messages");
            SessionHost host = new SessionHost(new Welcome(key.verifyingKey(), table, hostName), key, Tamper.HONEST, log);
            for (int i = 0; i < count; i++) {
                Envelope e = Envelope.fromBytes(r.blob(Envelope.MAX_BODY + 4096, "a placed message"));
                byte[] signature = r.blob(128, "a receipt signature");
                host.placed.add(e);
                host.receiptSignatures.add(signature);
                host.chain.append(e);
            }
            r.end();
            return host;
        } catch (ProtocolViolation e) {
            log.close();
            throw new Journal.CorruptJournalException(logFile + ": a placed message does not fit the chain: "
                    + e.getMessage());
        } catch (MalformedMessageException e) {
            log.close();
            throw new Journal.CorruptJournalException(logFile + ": not a host's log: " + e.getMessage());
        }
    }

    /** What a restarted host needs: the table, and every placed message with its receipt. */
    private byte[] state() {
        WireWriter w = new WireWriter().fixed(welcome.table()).string(welcome.hostName()).u32(placed.size());
        for (int i = 0; i < placed.size(); i++) {
            w.blob(placed.get(i).toBytes()).blob(receiptSignatures.get(i));
        }
        return w.toBytes();
    }

    public VerifyingKey key() {
        return key.verifyingKey();
    }

    /** Where the host's one-line notices go (connections turned away, messages refused); the platform logger by default. */
    public SessionHost logTo(Consumer<String> lines) {
        this.notices = lines;
        return this;
    }

    /** Only keys {@code admitted} accepts may join; by default any key that signs a valid join. */
    public SessionHost admitOnly(Predicate<VerifyingKey> admitted) {
        this.admission = admitted;
        return this;
    }

    /**
     * Judges every player's signed join by {@code rule} under the name it joins with, before it takes a place: a
     * pinned key comes in, a new one is pinned if the rule takes it (named, {@code --accept-new}, or a yes from the
     * person at the terminal), and one it refuses is sent a {@link Refused} frame with the reason and hung up on,
     * so the guest hears at once instead of waiting. The host's own key (its seat, through memory) is not judged.
     * Each refusal is told in one line to {@code refused}, where the person who runs the host reads it.
     */
    public SessionHost judgeJoinsBy(TrustRule rule, Consumer<String> refused) {
        this.refusals = refused;
        this.names = rule;
        return this;
    }

    /**
     * Keeps seat 0 for this host's own key, for a host that plays that seat itself (through memory): a hello for seat
     * 0 is placed only if the host's key signed it, so no connection can take the host's seat before its own hello
     * is placed.
     */
    public SessionHost playsSeatZero() {
        return playsSeat(0);
    }

    /** As {@link #playsSeatZero}, for the seat the host plays (a host that chose the second side of a two-seat game). */
    public SessionHost playsSeat(int seat) {
        if (seat < 0 || seat >= SessionFrame.MAX_PLAYERS) {
            throw new IllegalArgumentException("a host plays seat 0 to " + (SessionFrame.MAX_PLAYERS - 1) + ", not " + seat);
        }
        this.ownSeat = seat;
        return this;
    }

    /** How long a new connection may take to join (over TLS, the handshake included). */
    public SessionHost joinDeadline(Duration deadline) {
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("a deadline must be positive, not " + deadline);
        }
        this.joinDeadline = deadline;
        return this;
    }

    /** Serves one connection on a thread of its own, until it closes; closes it at once if too many have not joined. */
    public void admit(Transport transport) {
        if (!reserveUnjoined(transport.peer())) {
            transport.close();
            return;
        }
        serveReserved(transport);
    }

    /** Counts one more connection that has not joined, unless there are too many (then logs and returns false). */
    private synchronized boolean reserveUnjoined(String peer) {
        if (closed) {
            return false;
        }
        if (unjoined >= MAX_UNJOINED) {
            notices.accept("turned away " + peer + ": " + MAX_UNJOINED + " connections have not joined yet");
            return false;
        }
        unjoined++;
        return true;
    }

    private synchronized void releaseUnjoined(Connection c) {
        if (c.counted) {
            c.counted = false;
            unjoined--;
        }
    }

    private void serveReserved(Transport transport) {
        Connection c = new Connection(transport);
        Thread t = new Thread(() -> serve(c), "session-host " + transport.peer());
        t.setDaemon(true);
        synchronized (this) {
            if (closed) {
                releaseUnjoined(c);
                transport.close();
                return;
            }
            open.add(transport);
        }
        t.start();
    }

    /**
     * Accepts TCP connections from {@code server} and admits each, on a background thread, until the server or
     * the host is closed. {@code patience} is how long each wait for a connection lasts before it starts again.
     */
    public void acceptTcp(ServerSocket server, Duration patience) {
        Listening.acceptTcp(server, patience, door, "session-host");
    }

    /**
     * Accepts TLS connections from {@code server}, as {@code me}, admitting every peer whose key {@code check}
     * accepts, until the server or the host is closed. Each handshake runs on its own thread and counts as a
     * connection that has not joined: at most {@link #MAX_UNJOINED} at once, each within the join deadline. A
     * failed handshake, a port scan or a stray connection is logged in one line and the host keeps listening.
     */
    public void acceptTls(ServerSocket server, TlsIdentity me, PeerCheck check) {
        Listening.acceptTls(server, me, check, door, "session-host");
    }

    /** This host's side of {@link Listening}: connections are counted as not joined until they join. */
    private final Listening.Door door = new Listening.Door() {
        @Override
        public boolean closed() {
            return closed;
        }

        @Override
        public boolean reserve(String peer) {
            return reserveUnjoined(peer);
        }

        @Override
        public void unreserve() {
            synchronized (SessionHost.this) {
                unjoined--;
            }
        }

        @Override
        public void enter(Transport transport) {
            serveReserved(transport);
        }

        @Override
        public Duration deadline() {
            return joinDeadline;
        }

        @Override
        public void notice(String line) {
            notices.accept(line);
        }
    };

    private void serve(Connection c) {
        synchronized (this) {
            c.send(welcome);
        }
        Instant joinBy = Instant.now().plus(joinDeadline);
        try {
            while (!closed) {
                byte[] bytes;
                boolean joined;
                synchronized (this) {
                    joined = c.player != null;
                }
                Duration wait = joined ? idle : Duration.between(Instant.now(), joinBy);
                if (!joined && (wait.isNegative() || wait.isZero())) {
                    notices.accept("hung up on " + c.transport.peer() + ": it did not join within "
                            + joinDeadline.toMillis() + " ms");
                    break;
                }
                try {
                    bytes = c.transport.receive(wait);
                } catch (TimeoutException quiet) {
                    continue;
                }
                if (!take(c, bytes)) {
                    break;
                }
            }
        } catch (IOException gone) {
            // the player went away
        } finally {
            synchronized (this) {
                c.connected = false;
                releaseUnjoined(c);
                open.remove(c.transport);
                if (c.player != null) {
                    if (!holdsSeat(c.player)) {
                        connections.remove(c); // nothing to come back to: forget it
                    }
                    broadcastPresence();
                }
                notifyAll(); // for awaitEveryoneLeft
            }
            c.transport.close();
        }
    }

    /**
     * Handles one frame from {@code c}, on the connection's own thread or, for a connection {@link #attach}ed, on the
     * caller's; false to hang up on it.
     */
    boolean take(Connection c, byte[] bytes) {
        SessionFrame frame;
        try {
            frame = SessionFrame.decode(bytes);
        } catch (MalformedMessageException junk) {
            notices.accept("hung up on " + who(c) + ": it sent a frame that is not a session frame ("
                    + junk.getMessage() + ")");
            return false; // not a fairtable player: hang up
        }
        if (frame instanceof Join j && refusedByName(c, j)) {
            awaitHangUp(c.transport, REFUSAL_READ);
            return false;
        }
        return handle(c, frame);
    }

    /**
     * A connection served on the caller's thread instead of one of its own ({@link LocalSession}): the host welcomes
     * it now, and each frame it sends is handed to {@link #take}.
     */
    synchronized Connection attach(Transport transport) {
        Connection c = new Connection(transport);
        c.counted = false; // a seat of this process, not a stranger at the door
        open.add(transport);
        c.send(welcome);
        return c;
    }

    /**
     * Takes up a session whose messages {@code soFar} were exchanged before this host existed (seats restored from
     * their journals in one process): each is placed, in order, with a receipt of this host, as if it had relayed it.
     *
     * @throws ProtocolViolation if they are not one chain
     */
    synchronized void placeAlready(List<Envelope> soFar) throws ProtocolViolation {
        if (!placed.isEmpty() || !connections.isEmpty()) {
            throw new IllegalStateException("only a host that has placed nothing takes up a session");
        }
        for (Envelope e : soFar) {
            chain.append(e);
            placed.add(e);
            receiptSignatures.add(Receipt.sign(key, welcome.table(), e).signature());
        }
    }

    /**
     * Whether the trust rule refuses this join: then the joiner is told why in a {@link Refused} frame before the
     * host hangs up. Asked outside the host's lock, since a person may take a while to answer, and only of a join
     * that is signed for this table by its channel's key, so nobody is asked about a join that proves nothing.
     */
    private boolean refusedByName(Connection c, Join j) {
        TrustRule rule = names;
        boolean joined;
        boolean noSeatForIt;
        synchronized (this) {
            joined = c.player != null;
            String seatName = seatNameOf(j.key());
            noSeatForIt = chain.established() && seatName == null || seatName != null && !seatName.equals(j.name());
        }
        // Nobody is asked about, or pins, a key that could not take a seat anyway (none is left, or its seat is under
        // another name): handle() turns it away.
        if (rule == null || joined || noSeatForIt || !Hello.isPlayerName(j.name()) || !j.isValidFor(welcome)
                || !keyMatchesChannel(c, j.key()) || j.key().equals(key.verifyingKey())) {
            return false; // handle() judges the rest, as for every join
        }
        String reason;
        try {
            rule.admit(j.name(), j.key(), false);
            return false;
        } catch (UntrustedPeerException e) {
            reason = e.reason() == UntrustedPeerException.Reason.KEY_CHANGED
                    ? "the name " + j.name() + " is pinned there to another key"
                    : "your key " + Fingerprint.of(j.key()) + " is not accepted there as " + j.name();
        } catch (IOException | IllegalArgumentException e) {
            reason = "your key " + Fingerprint.of(j.key()) + " could not be pinned there as " + j.name();
        }
        refusals.accept("refused \"" + j.name() + "\" [" + Fingerprint.of(j.key()) + "] at " + c.transport.peer()
                + ": " + reason.replace("your key", "its key").replace(" there", " here"));
        synchronized (this) {
            c.send(new Refused(JOIN_REFUSED, reason));
        }
        return true;
    }

    /** How long a refused joiner has to read its refusal and hang up before the host closes the connection. */
    private static final Duration REFUSAL_READ = Duration.ofSeconds(5);

    /**
     * Reads and drops what the refused joiner still sends until it hangs up: closing a socket with unread bytes
     * resets it, and a reset can discard the refusal before the joiner has read it.
     */
    static void awaitHangUp(Transport transport, Duration patience) {
        Instant until = Instant.now().plus(patience);
        try {
            for (Duration left = patience; !left.isNegative() && !left.isZero();
                    left = Duration.between(Instant.now(), until)) {
                transport.receive(left);
            }
        } catch (IOException | TimeoutException gone) {
            // it hung up (or kept silent for the whole while): either way the host closes now
        }
    }

    /** The position a {@link Refused} frame names when it refuses the join itself, before the player is listed. */
    public static final long JOIN_REFUSED = 0xFFFF_FFFFL;

    /** Handles one frame; false to hang up. */
    private synchronized boolean handle(Connection c, SessionFrame frame) {
        if (c.player == null) {
            if (frame instanceof Open o && !c.opened) {
                if (!o.session().isEmpty()) {
                    // A relay's table name is a-z 0-9 -; anything else is not repeated into the log.
                    notices.accept("hung up on " + c.transport.peer() + ": it asked for table "
                            + (Invitation.isSessionName(o.session()) ? "\"" + o.session() + "\"" : "(not a table's name)")
                            + ", and this host serves one table");
                    return false;
                }
                c.opened = true;
                return true;
            }
            if (!(frame instanceof Join j)) {
                notices.accept("hung up on " + c.transport.peer() + ": it sent a " + frame.getClass().getSimpleName()
                        + " before joining");
                return false;
            }
            if (!Hello.isPlayerName(j.name())) {
                // Not written out: a name with a line break would forge lines of this log and players' presence lists.
                notices.accept("hung up on " + c.transport.peer() + ": its join names no player (1 to "
                        + Hello.MAX_NAME_BYTES + " printable characters)");
                return false;
            }
            String joiner = "\"" + j.name() + "\" [" + Fingerprint.of(j.key()) + "] at " + c.transport.peer();
            if (!j.isValidFor(welcome)) {
                notices.accept("hung up on " + joiner + ": its join is not signed for this table");
                return false;
            }
            if (!keyMatchesChannel(c, j.key())) {
                notices.accept("hung up on " + joiner + ": it joined with another key than its channel's");
                return false;
            }
            if (!admission.test(j.key())) {
                notices.accept("hung up on " + joiner + ": that key is not admitted to this table");
                return false;
            }
            for (Connection other : connections) {
                if (other.player.equals(j.key()) && other.connected) {
                    notices.accept("hung up on " + joiner + ": that key is already at the table");
                    return false;
                }
            }
            String seatName = seatNameOf(j.key());
            if (seatName != null && !seatName.equals(j.name())) {
                // Its seat is listed under its join name: another name would show someone else at the table.
                notices.accept("hung up on " + joiner + ": that key holds the seat of " + seatName);
                return false;
            }
            if (!holdsSeat(j.key())) {
                if (chain.established()) {
                    notices.accept("hung up on " + joiner + ": every seat is taken");
                    return false;
                }
                if (connections.stream().filter(o -> !holdsSeat(o.player)).count() >= MAX_WAITING) {
                    notices.accept("hung up on " + joiner + ": " + MAX_WAITING + " players already wait for a seat");
                    return false;
                }
            }
            connections.removeIf(other -> other.player.equals(j.key()));
            c.name = j.name();
            c.player = j.key();
            joinedSinceStart = true;
            releaseUnjoined(c);
            connections.add(c);
            for (int i = 0; i < placed.size(); i++) {
                c.send(new Deliver(placed.get(i), receiptSignatures.get(i)));
            }
            broadcastPresence();
            return true;
        }
        if (frame instanceof Relay r) {
            place(c, r.envelope());
        } else if (frame instanceof AckFrame a) {
            if (!Arrays.equals(a.ack().receipt().table(), welcome.table())) {
                // This host's key may sign receipts for other tables (a relay serving several): not relayed here.
                notices.accept("refused an acknowledgement from " + who(c) + ": its receipt is for another table");
                return true;
            }
            Ack ack = a.ack();
            if (ack.player().equals(c.player) && (placedHere(ack.receipt()) ? ack.isSignedByItsPlayer()
                    : ack.isValid(welcome.host()))) {
                for (Connection other : connections) {
                    if (other != c && other.connected) {
                        other.send(a);
                    }
                }
            } else {
                // Not relayed, so no player sees it; the log names who sent it.
                notices.accept("refused an acknowledgement from " + who(c) + ": it is not signed by the key it joined"
                        + " with over a receipt of this host");
            }
        } else {
            notices.accept("hung up on " + who(c) + ": it sent a " + frame.getClass().getSimpleName() + " frame");
            return false;
        }
        return true;
    }

    /** Whether {@code r} is the receipt this host signed for a placed position: its own signature need not be checked. */
    private boolean placedHere(Receipt r) {
        return r.seq() < placed.size() && Arrays.equals(r.signature(), receiptSignatures.get((int) r.seq()))
                && r.places(placed.get((int) r.seq()));
    }

    /** Whether {@code player} gave the hello of a seat already placed. */
    private boolean holdsSeat(VerifyingKey player) {
        return seatNameOf(player) != null;
    }

    /** The name in the hello {@code player} gave for a seat already placed, or null. */
    private String seatNameOf(VerifyingKey player) {
        for (Hello h : chain.hellos()) {
            if (h.key().equals(player)) {
                return h.name();
            }
        }
        return null;
    }

    private static String who(Connection c) {
        return c.player == null ? c.transport.peer()
                : "\"" + c.name + "\" [" + Fingerprint.of(c.player) + "] at " + c.transport.peer();
    }

    private boolean keyMatchesChannel(Connection c, VerifyingKey claimed) {
        return !(c.transport instanceof TlsTransport tls) || tls.peerKey().equals(claimed);
    }

    private void place(Connection from, Envelope e) {
        int next = placed.size();
        if (e.seq() < next && placed.get((int) e.seq()).equals(e)) {
            return; // a retransmission
        }
        String refusal = null;
        if (e.seq() != next) {
            refusal = "position " + e.seq() + " is not the next one (" + next + ")";
        } else if (next > 0 && !Arrays.equals(e.prev(), placed.get(next - 1).hash())) {
            refusal = "it does not follow message #" + (next - 1) + " (another message was placed first)";
        } else {
            refusal = misfit(from, e);
            if (refusal != null) {
                // Not a race between honest players: a message no honest player would accept there.
                notices.accept("refused message #" + e.seq() + " from " + who(from) + ": " + refusal);
            }
        }
        if (refusal != null) {
            from.send(new Refused(e.seq(), refusal));
            return;
        }
        boolean seatsWereOpen = !chain.established();
        try {
            chain.append(e);
        } catch (ProtocolViolation impossible) {
            throw new IllegalStateException("a message that fits was refused by the chain", impossible);
        }
        Receipt receipt = Receipt.sign(key, welcome.table(), e);
        placed.add(e);
        receiptSignatures.add(receipt.signature());
        if (log != null) {
            try {
                log.record(state(), List.of());
            } catch (IOException failed) {
                // Not on disk, so not placed: a receipt the host could forget after a crash would be worthless.
                placed.remove(placed.size() - 1);
                receiptSignatures.remove(receiptSignatures.size() - 1);
                chainWithout(placed);
                from.send(new Refused(e.seq(), "the host cannot write its log: " + failed.getMessage()));
                return;
            }
        }
        Deliver d = new Deliver(e, receipt.signature());
        for (Connection c : connections) {
            if (c.connected) {
                c.send(d);
            }
        }
        if (seatsWereOpen && chain.established()) {
            broadcastPresence(); // those who waited for a seat and got none are no longer listed
        }
    }

    /**
     * Why {@code e}, at the next position, is not a message every honest player accepts there from {@code from}, or
     * null: it must fit the session's chain (a hello that is one, or for an established session a message of this
     * session signed by the seat it names) and be signed by the key {@code from} joined with, so that a connection
     * can speak only for its own seat.
     */
    private String misfit(Connection from, Envelope e) {
        Hello hello;
        try {
            hello = chain.check(e);
        } catch (ProtocolViolation v) {
            return v.getMessage();
        }
        if (hello != null && hello.seat() == ownSeat && !hello.key().equals(key.verifyingKey())) {
            return "seat " + ownSeat + " is the host's own: only the host's key may take it";
        }
        if (hello != null && names != null && !hello.name().equals(from.name)) {
            // The trust rule admitted this key under the name it joined with: a seat in another name was not admitted.
            return "its hello names the player \"" + hello.name() + "\", but it joined as \"" + from.name
                    + "\", the name its key was admitted under";
        }
        VerifyingKey seatKey = hello != null ? hello.key() : chain.hellos().get(e.sender()).key();
        if (!seatKey.equals(from.player)) {
            return "it is in the name of seat " + e.sender() + " (" + chain.nameOf(e.sender())
                    + "), whose admitted key is not the key you joined with";
        }
        return null;
    }

    /** Rebuilds the chain from {@code messages}, after a placement was taken back. */
    private void chainWithout(List<Envelope> messages) {
        Transcript rebuilt = new Transcript();
        try {
            for (Envelope m : messages) {
                rebuilt.append(m);
            }
        } catch (ProtocolViolation impossible) {
            throw new IllegalStateException("placed messages no longer fit", impossible);
        }
        chain = rebuilt;
    }

    private void broadcastPresence() {
        Presence p = new Presence(presenceList());
        for (Connection c : connections) {
            if (c.connected) {
                c.send(p);
            }
        }
    }

    /** The seated players, and while seats are open those waiting for one. */
    private List<Member> presenceList() {
        List<Member> members = new ArrayList<>();
        for (Connection c : connections) {
            if (!chain.established() || holdsSeat(c.player)) {
                members.add(new Member(c.name, c.player, c.connected));
            }
        }
        return members;
    }

    /**
     * Who holds a seat, and while seats are open who waits for one: in order of joining, and whether each is
     * connected now.
     */
    public synchronized List<Member> presence() {
        return presenceList();
    }

    /**
     * Waits, at most {@code patience}, until no player is connected any more: each has taken what it needs (the last
     * deliveries and acknowledgements) and left, so closing the host then cuts nobody off. Whether they all left.
     */
    public synchronized boolean awaitEveryoneLeft(Duration patience) throws InterruptedException {
        long end = System.nanoTime() + patience.toNanos();
        while (presenceList().stream().anyMatch(Member::connected)) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /**
     * Waits, at most {@code patience}, until every seat has been taken and then every player has left: the end of
     * the table for a relay that plays no seat. A host restored from its log waits for a player to come back first,
     * so that a relay restarted mid-game does not end before its players reconnect. Whether it came.
     */
    public synchronized boolean awaitTableLeft(Duration patience) throws InterruptedException {
        long end = System.nanoTime() + patience.toNanos();
        while (!tableLeft()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** Whether every seat has been taken, a player has joined since the host started, and every player has left. */
    synchronized boolean tableLeft() {
        return chain.established() && joinedSinceStart && presenceList().stream().noneMatch(Member::connected);
    }

    /**
     * Whether nothing would be lost by closing this host now: no connection is open, and the table either never
     * began or has ended.
     */
    synchronized boolean idle() {
        return open.isEmpty() && (placed.isEmpty() || tableLeft());
    }

    /** Every message placed so far, in order. */
    public synchronized List<Envelope> placed() {
        return List.copyOf(placed);
    }

    @Override
    public void close() {
        closed = true;
        synchronized (this) {
            open.forEach(Transport::close);
            if (log != null) {
                try {
                    log.close();
                } catch (IOException ignored) {
                    // every entry was forced to disk when written
                }
            }
        }
    }
}
