package fairtable.net.session;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.session.SessionFrame.Open;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * A relay that plays no seat and serves several tables at once under one key, so that friends behind home routers
 * can share one machine that takes connections. Each connection first says which table it joins ({@link Open}, the
 * name its invitation carries; none means {@link #DEFAULT_TABLE}), and from then on it talks to that table's own
 * {@link SessionHost}: its own table id, chain, receipts, log, seats and bounds. A table's receipts and joins are
 * signed over its own table id, so nothing said at one table counts at another, and a key seated at one is a stranger
 * at the others.
 *
 * <p>Bounds: at most {@link #MAX_UNOPENED} connections that have not said which table (TLS handshakes included),
 * each for at most the join deadline; at most {@link #MAX_TABLES} tables at once (one that never began or has ended,
 * with nobody connected, is forgotten to make room; its log stays); at most {@link #MAX_TABLES_PER_KEY} tables under
 * way opened by one key (over TLS, where the key is proven before the table is named), so one stranger let in by
 * {@code --accept-new} cannot take every table of the relay; at most {@link #MAX_TABLES_OF_NEW_KEYS} under way opened
 * by all the keys its owner did not pin or name, so neither can strangers with a fresh key each; and inside each
 * table the host's own bounds.
 */
public final class SessionRelay implements AutoCloseable {
    /** The table a connection joins when it names none: the one table of an invitation without a name. */
    public static final String DEFAULT_TABLE = "table";
    /** Connections that have not said which table yet, beyond which new ones are closed. */
    public static final int MAX_UNOPENED = SessionHost.MAX_UNJOINED;
    /** Tables held at once. */
    public static final int MAX_TABLES = 64;
    /**
     * Tables under way (begun or with someone connected, and not ended) that one key may have opened at once. A
     * friend opens one table at a time; a few allow for a second game while one waits for its players.
     */
    public static final int MAX_TABLES_PER_KEY = 4;
    /**
     * Tables under way that keys the relay does not know (neither pinned nor named by its owner, so let in only by
     * {@code --accept-new}) may have opened at once, all such keys together: fresh keys cost nothing, so without this
     * bound strangers with a key each could take every table of the relay.
     */
    public static final int MAX_TABLES_OF_NEW_KEYS = 16;

    private static final String LOG_SUFFIX = ".log";
    private static final System.Logger LOG = System.getLogger(SessionRelay.class.getName());

    private final SigningKey key;
    /** The owner-only directory of the tables' logs; null for a relay kept in memory. */
    private final Path logs;
    private final RandomGenerator random;
    private final Map<String, SessionHost> tables = new LinkedHashMap<>();
    /** The key whose connection opened each table (over TLS); a table taken up from its log has none. */
    private final Map<String, VerifyingKey> openers = new HashMap<>();
    /** Tables seen to end: every seat taken, then every player gone. */
    private final Set<String> ended = new HashSet<>();
    private final List<Transport> opening = new ArrayList<>();
    private int unopened;
    private volatile Duration joinDeadline = SessionHost.JOIN_DEADLINE;
    private volatile Predicate<VerifyingKey> admission = anyKey -> true;
    /** The keys its owner pinned or named; the tables of all others share {@link #MAX_TABLES_OF_NEW_KEYS}. */
    private volatile Predicate<VerifyingKey> known = anyKey -> true;
    private volatile Consumer<String> notices = line -> LOG.log(System.Logger.Level.WARNING, line);
    private volatile boolean closed;

    private SessionRelay(SigningKey key, Path logs, RandomGenerator random) {
        this.key = key;
        this.logs = logs;
        this.random = random;
    }

    /** A relay that keeps its tables in memory only. */
    public static SessionRelay inMemory(SigningKey key, RandomGenerator random) {
        return new SessionRelay(key, null, random);
    }

    /**
     * A relay that survives its own crash: each table's placed messages and receipts are written to its log in
     * {@code directory} (created owner-only) before they are delivered, and every table whose log is there is taken
     * up again, same id, same order, for its players to reconnect.
     *
     * @throws IOException if the directory or a log cannot be read, is not owner-only, or a log is not this key's
     */
    public static SessionRelay persistent(Path directory, SigningKey key, RandomGenerator random) throws IOException {
        SessionRelay relay = new SessionRelay(key, OwnerOnlyFiles.directory(directory), random);
        List<Path> found;
        try (var files = Files.list(directory)) {
            found = files.filter(f -> f.getFileName().toString().endsWith(LOG_SUFFIX)).sorted().toList();
        }
        for (Path file : found) {
            String name = file.getFileName().toString();
            name = name.substring(0, name.length() - LOG_SUFFIX.length());
            if (Invitation.isSessionName(name)) {
                relay.tables.put(name, relay.configure(name, SessionHost.persistent(file, name, key, random)));
            }
        }
        return relay;
    }

    public VerifyingKey key() {
        return key.verifyingKey();
    }

    /** Where the relay's one-line notices go, each prefixed by its table; the platform logger by default. */
    public SessionRelay logTo(Consumer<String> lines) {
        this.notices = lines;
        return this;
    }

    /** Only keys {@code admitted} accepts may join any table; by default any key that signs a valid join. */
    public SessionRelay admitOnly(Predicate<VerifyingKey> admitted) {
        this.admission = admitted;
        return this;
    }

    /**
     * Which keys its owner pinned or named: the tables the other keys open (over TLS) are at most
     * {@link #MAX_TABLES_OF_NEW_KEYS} under way, all those keys together. By default every key counts as known.
     */
    public SessionRelay knowing(Predicate<VerifyingKey> pinnedOrNamed) {
        this.known = pinnedOrNamed;
        return this;
    }

    /** How long a new connection may take to say which table (over TLS, the handshake included), and then to join. */
    public SessionRelay joinDeadline(Duration deadline) {
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("a deadline must be positive, not " + deadline);
        }
        this.joinDeadline = deadline;
        return this;
    }

    /** The tables held now, each with how many messages it has placed. */
    public synchronized Map<String, Integer> tables() {
        Map<String, Integer> placed = new LinkedHashMap<>();
        tables.forEach((name, host) -> placed.put(name, host.placed().size()));
        return placed;
    }

    /** The log of table {@code name}, or null for a relay kept in memory. */
    public Path logFile(String name) {
        return logs == null ? null : logs.resolve(name + LOG_SUFFIX);
    }

    /** Every message table {@code name} has placed, in order; empty for a table the relay does not hold. */
    public synchronized List<fairtable.protocol.transcript.Envelope> placed(String name) {
        SessionHost host = tables.get(name);
        return host == null ? List.of() : host.placed();
    }

    private SessionHost configure(String name, SessionHost host) {
        return host.logTo(line -> notices.accept("table " + name + ": " + line)).admitOnly(k -> admission.test(k))
                .joinDeadline(joinDeadline);
    }

    /** Serves one connection on a thread of its own; closes it at once if too many have not said which table. */
    public void admit(Transport transport) {
        if (door.reserve(transport.peer())) {
            door.enter(transport);
        } else {
            transport.close();
        }
    }

    /** Accepts TCP connections from {@code server} on a background thread, until it or the relay is closed. */
    public void acceptTcp(ServerSocket server, Duration patience) {
        Listening.acceptTcp(server, patience, door, "session-relay");
    }

    /** Accepts TLS connections from {@code server}, as {@code me}, from every peer whose key {@code check} accepts. */
    public void acceptTls(ServerSocket server, TlsIdentity me, PeerCheck check) {
        Listening.acceptTls(server, me, check, door, "session-relay");
    }

    private final Listening.Door door = new Listening.Door() {
        @Override
        public boolean closed() {
            return closed;
        }

        @Override
        public boolean reserve(String peer) {
            synchronized (SessionRelay.this) {
                if (closed) {
                    return false;
                }
                if (unopened >= MAX_UNOPENED) {
                    notices.accept("turned away " + peer + ": " + MAX_UNOPENED + " connections have not said which "
                            + "table yet");
                    return false;
                }
                unopened++;
                return true;
            }
        }

        @Override
        public void unreserve() {
            synchronized (SessionRelay.this) {
                unopened--;
            }
        }

        @Override
        public void enter(Transport transport) {
            Thread t = new Thread(() -> route(transport), "session-relay " + transport.peer());
            t.setDaemon(true);
            t.start();
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

    /** Reads which table a reserved connection joins and hands it to that table's host; else hangs up, logged. */
    private void route(Transport transport) {
        synchronized (this) {
            if (closed) {
                unopened--;
                transport.close();
                return;
            }
            opening.add(transport);
        }
        SessionHost host = null;
        try {
            SessionFrame first = SessionFrame.decode(transport.receive(joinDeadline));
            if (!(first instanceof Open open)) {
                notices.accept("hung up on " + transport.peer() + ": it sent a " + first.getClass().getSimpleName()
                        + " before saying which table it joins");
                return;
            }
            String name = open.session().isEmpty() ? DEFAULT_TABLE : open.session();
            if (!Invitation.isSessionName(name)) {
                // Not repeated: it could hold a line break that forges a line of this log.
                notices.accept("hung up on " + transport.peer() + ": it asked for a table by a name that is not one "
                        + "(1 to 32 of a-z 0-9 -)");
                return;
            }
            VerifyingKey opener = transport instanceof TlsTransport tls ? tls.peerKey() : null;
            try {
                host = table(name, opener);
            } catch (IOException unreadable) {
                notices.accept("turned away " + transport.peer() + ": table " + name + " cannot be opened: "
                        + unreadable.getMessage());
                return;
            } catch (TooManyTables busy) {
                notices.accept("turned away " + transport.peer() + ": it asked for a new table " + name + ", but "
                        + (busy.ofNewKeys ? "keys this relay does not know" : "its key") + " already "
                        + (busy.ofNewKeys ? "have " : "has ") + busy.tables + " under way here ("
                        + (busy.ofNewKeys ? MAX_TABLES_OF_NEW_KEYS : MAX_TABLES_PER_KEY) + " at most)");
                // Told in a refusal, so the player stops at once instead of taking it for a dropped connection.
                String reason = busy.ofNewKeys
                        ? "keys this relay does not know already have " + MAX_TABLES_OF_NEW_KEYS + " tables under way"
                                + " here, the most they may open together; ask the relay's owner to let your key "
                                + Fingerprint.of(opener) + " in by name (--peer), or join a table another player opened"
                        : "your key " + Fingerprint.of(opener) + " already has " + MAX_TABLES_PER_KEY + " tables under"
                                + " way at this relay (" + String.join(", ", busy.tables) + "), the most one key may open;"
                                + " end one, or join a table another player opened";
                transport.send(SessionFrame.encode(new SessionFrame.Refused(SessionHost.JOIN_REFUSED, reason)));
                SessionHost.awaitHangUp(transport, joinDeadline);
                return;
            }
            if (host == null) {
                notices.accept("turned away " + transport.peer() + ": " + MAX_TABLES + " tables are under way here");
            }
        } catch (MalformedMessageException junk) {
            notices.accept("hung up on " + transport.peer() + ": it sent a frame that is not a session frame ("
                    + junk.getMessage() + ")");
        } catch (TimeoutException slow) {
            notices.accept("hung up on " + transport.peer() + ": it did not say which table within "
                    + joinDeadline.toMillis() + " ms");
        } catch (IOException gone) {
            // it went away before saying anything
        } finally {
            synchronized (this) {
                opening.remove(transport);
                unopened--;
            }
            if (host == null) {
                transport.close();
            }
        }
        if (host != null) {
            host.admit(transport); // the table's own bounds and deadline from here on
        }
    }

    /**
     * {@code opener} has {@link #MAX_TABLES_PER_KEY} tables under way, or the keys the relay does not know together
     * have {@link #MAX_TABLES_OF_NEW_KEYS}: those.
     */
    private static final class TooManyTables extends Exception {
        final List<String> tables;
        final boolean ofNewKeys;

        TooManyTables(List<String> tables, boolean ofNewKeys) {
            super(null, null, false, false);
            this.tables = tables;
            this.ofNewKeys = ofNewKeys;
        }
    }

    /**
     * The table {@code name}, opened (from its log, if there is one) for {@code opener} (null: a key not proven yet)
     * if the relay does not hold it; null if full.
     *
     * @throws TooManyTables if it is new and {@code opener} already has {@link #MAX_TABLES_PER_KEY} tables under way,
     *     or is a key the relay does not know and such keys have {@link #MAX_TABLES_OF_NEW_KEYS}
     */
    private synchronized SessionHost table(String name, VerifyingKey opener) throws IOException, TooManyTables {
        SessionHost host = tables.get(name);
        if (host != null) {
            return host;
        }
        if (opener != null) {
            List<String> underWay = underWay(opener::equals);
            if (underWay.size() >= MAX_TABLES_PER_KEY) {
                throw new TooManyTables(underWay, false);
            }
            Predicate<VerifyingKey> isKnown = known;
            if (!isKnown.test(opener)) {
                List<String> ofNewKeys = underWay(isKnown.negate());
                if (ofNewKeys.size() >= MAX_TABLES_OF_NEW_KEYS) {
                    throw new TooManyTables(ofNewKeys, true);
                }
            }
        }
        if (tables.size() >= MAX_TABLES) {
            noteEnded();
            tables.entrySet().removeIf(t -> {
                if (t.getValue().idle()) {
                    t.getValue().close();
                    openers.remove(t.getKey());
                    return true;
                }
                return false;
            });
            if (tables.size() >= MAX_TABLES) {
                return null;
            }
        }
        host = configure(name, logs == null ? new SessionHost(name, key, random)
                : SessionHost.persistent(logFile(name), name, key, random));
        tables.put(name, host);
        if (opener != null) {
            openers.put(name, opener);
        }
        return host;
    }

    /** The tables under way (begun or held by a connection, and not ended) whose opener is one {@code openedBy} takes. */
    private List<String> underWay(Predicate<VerifyingKey> openedBy) {
        List<String> found = new ArrayList<>();
        tables.forEach((held, h) -> {
            VerifyingKey opener = openers.get(held);
            if (opener != null && openedBy.test(opener) && !h.idle() && !h.tableLeft()) {
                found.add(held);
            }
        });
        return found;
    }

    private synchronized void noteEnded() {
        tables.forEach((name, host) -> {
            if (host.tableLeft()) {
                ended.add(name);
            }
        });
    }

    /**
     * Waits, at most {@code patience}, until {@code count} tables have ended (every seat taken, then every player
     * gone). Whether they did.
     */
    public boolean awaitTablesEnded(int count, Duration patience) throws InterruptedException {
        long end = System.nanoTime() + patience.toNanos();
        while (true) {
            synchronized (this) {
                noteEnded();
                if (ended.size() >= count) {
                    return true;
                }
                long left = end - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                // The tables' hosts do not tell the relay when a player leaves: look again shortly.
                TimeUnit.NANOSECONDS.timedWait(this, Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (this) {
            opening.forEach(Transport::close);
            tables.values().forEach(SessionHost::close);
        }
    }
}
