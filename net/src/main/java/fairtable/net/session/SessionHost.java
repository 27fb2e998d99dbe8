package fairtable.net.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.Transport;
import fairtable.net.journal.Journal;
import fairtable.net.session.SessionFrame.AckFrame;
import fairtable.net.session.SessionFrame.Deliver;
import fairtable.net.session.SessionFrame.Join;
import fairtable.net.session.SessionFrame.Member;
import fairtable.net.session.SessionFrame.Presence;
import fairtable.net.session.SessionFrame.Refused;
import fairtable.net.session.SessionFrame.Relay;
import fairtable.net.session.SessionFrame.Welcome;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.random.RandomGenerator;

/**
 * A relaying host for N players: it accepts connections (TCP, TLS, in memory), keeps the list of who has
 * joined (name and key), and places every protocol message at the next position of one global order,
 * delivering it with a signed {@link Receipt} to every player, sender included. It relays players'
 * {@link Ack}s to the others. It checks that a message is signed by the connection that sent it and follows
 * the last one placed, so one player cannot block a position with junk; it never needs to understand the
 * game.
 *
 * <p>It is trusted with nothing: it cannot forge (everything is signed by the players), and dropping,
 * reordering or showing different players different messages is caught by the players
 * ({@link SessionMember}). A player who reconnects with the same key takes over its seat in the presence list
 * and is sent every message placed so far.
 */
public final class SessionHost implements AutoCloseable {
    /** What the host really sends to a player, frame by frame: the honest host sends each frame as is. */
    interface Tamper {
        List<byte[]> toPlayer(String player, byte[] frame);

        Tamper HONEST = (player, frame) -> List.of(frame);
    }

    private final SigningKey key;
    private final Welcome welcome;
    private final Tamper tamper;
    private final Duration idle;
    private final List<Connection> connections = new ArrayList<>();
    private final List<Envelope> placed = new ArrayList<>();
    private final List<byte[]> receiptSignatures = new ArrayList<>();
    private final List<Transport> open = new ArrayList<>();
    /** Where every placed message is written before anyone hears of it; null for a host kept in memory. */
    private final Journal log;
    private volatile boolean closed;

    private final class Connection {
        final Transport transport;
        String name;
        VerifyingKey player;
        boolean connected = true;

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
            }
            r.end();
            return host;
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

    /** Serves one connection on a thread of its own, until it closes. */
    public void admit(Transport transport) {
        Connection c = new Connection(transport);
        Thread t = new Thread(() -> serve(c), "session-host " + transport.peer());
        t.setDaemon(true);
        synchronized (this) {
            if (closed) {
                transport.close();
                return;
            }
            open.add(transport);
        }
        t.start();
    }

    /** Accepts TCP connections from {@code server} and admits each, on a background thread. */
    public void acceptTcp(ServerSocket server, Duration patience) {
        Thread t = new Thread(() -> {
            while (!closed && !server.isClosed()) {
                try {
                    admit(TcpTransport.accept(server, patience));
                } catch (IOException | TimeoutException e) {
                    if (server.isClosed()) {
                        return;
                    }
                }
            }
        }, "session-host accept");
        t.setDaemon(true);
        t.start();
    }

    private void serve(Connection c) {
        synchronized (this) {
            c.send(welcome);
        }
        try {
            while (!closed) {
                byte[] bytes;
                try {
                    bytes = c.transport.receive(idle);
                } catch (TimeoutException quiet) {
                    continue;
                }
                SessionFrame frame;
                try {
                    frame = SessionFrame.decode(bytes);
                } catch (MalformedMessageException junk) {
                    break; // not a fairtable player: hang up
                }
                if (!handle(c, frame)) {
                    break;
                }
            }
        } catch (IOException gone) {
            // the player went away
        } finally {
            synchronized (this) {
                c.connected = false;
                if (c.player != null) {
                    broadcastPresence();
                }
            }
            c.transport.close();
        }
    }

    /** Handles one frame; false to hang up. */
    private synchronized boolean handle(Connection c, SessionFrame frame) {
        if (c.player == null) {
            if (!(frame instanceof Join j) || !j.isValidFor(welcome) || !keyMatchesChannel(c, j.key())) {
                return false;
            }
            for (Connection other : connections) {
                if (other.player.equals(j.key()) && other.connected) {
                    return false; // that player is already here
                }
            }
            connections.removeIf(other -> other.player.equals(j.key()));
            c.name = j.name();
            c.player = j.key();
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
            if (a.ack().player().equals(c.player) && a.ack().isValid(welcome.host())) {
                for (Connection other : connections) {
                    if (other != c && other.connected) {
                        other.send(a);
                    }
                }
            }
        } else {
            return false;
        }
        return true;
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
        if (!e.isSignedBy(from.player)) {
            refusal = "it is not signed by the key you joined with";
        } else if (e.seq() != next) {
            refusal = "position " + e.seq() + " is not the next one (" + next + ")";
        } else if (next > 0 && !Arrays.equals(e.prev(), placed.get(next - 1).hash())) {
            refusal = "it does not follow message #" + (next - 1) + " (another message was placed first)";
        }
        if (refusal != null) {
            from.send(new Refused(e.seq(), refusal));
            return;
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
    }

    private void broadcastPresence() {
        Presence p = new Presence(presenceList());
        for (Connection c : connections) {
            if (c.connected) {
                c.send(p);
            }
        }
    }

    private List<Member> presenceList() {
        List<Member> members = new ArrayList<>();
        for (Connection c : connections) {
            members.add(new Member(c.name, c.player, c.connected));
        }
        return members;
    }

    /** Who has joined, in order of joining, and whether they are connected now. */
    public synchronized List<Member> presence() {
        return presenceList();
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
