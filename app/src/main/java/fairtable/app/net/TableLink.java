package fairtable.app.net;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Connector;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.TrustRule;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.memory.InMemoryTransport;
import fairtable.net.session.SessionFrame;
import fairtable.net.session.SessionHost;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * How a seat at an N-player table reaches the others: through a relaying {@link SessionHost}. The hosting
 * process runs the relay on a port and plays its own seat through an in-memory pair; the other seats connect
 * to it by its invitation, over TLS 1.3 bound to their profile keys (the host's key pinned by the
 * invitation's fingerprint), or over plain TCP with {@code insecure}, for tests. The host lets in only a key the
 * {@link TrustRule} may admit (a stranger is turned away in the handshake); which name each key plays under is
 * then judged on the players' signed hellos.
 */
public final class TableLink implements AutoCloseable {
    /** How long a closing relay waits for the players to take their last deliveries and leave. */
    static final Duration LAST_WORDS = Duration.ofSeconds(10);

    private final SessionHost host;
    private final ServerSocket server;
    private final String bind;

    private TableLink(SessionHost host, ServerSocket server, String bind) {
        this.host = host;
        this.server = server;
        this.bind = bind;
    }

    /**
     * Starts a relay on {@code bind:port} (0 picks a free port), signed with {@code identity}, kept in the journal
     * {@code relayLog} if it is not null (and taken up again from it after a crash), letting in over TLS only the
     * keys {@code trust} may admit, each under the name it joins with; each one turned away is reported to
     * {@code refused}.
     */
    public static TableLink host(SigningKey identity, String bind, int port, boolean insecure, Duration patience,
            Path relayLog, TrustRule trust, Consumer<String> refused) throws IOException {
        TableLink link = open(identity, bind, port, relayLog);
        if (!insecure) {
            link.judgeJoinsBy(trust, refused);
        }
        link.acceptAll(identity, insecure, patience, admissible(trust), refused);
        return link;
    }

    /**
     * Over TLS, judges each key proved at the door under the name it joins with, before it may place its hello, and
     * tells one the rule refuses (the person said no) at once, not left waiting for a table that will not take it;
     * each refusal is told in one line to {@code refused}.
     */
    public void judgeJoinsBy(TrustRule trust, Consumer<String> refused) {
        host.judgeJoinsBy(trust, refused);
    }

    /**
     * A relay on {@code bind:port} that admits nobody yet: its host first talks to the players on {@link #server()}
     * (to agree the table), then {@linkplain #admit admits} each to the relay and {@linkplain #acceptAll accepts}
     * the later connections, the players' reconnections, straight into the relay. The host plays seat 0 through
     * {@link #seat()} (or the seat it chose), so that seat is kept for its key.
     */
    public static TableLink open(SigningKey identity, String bind, int port, Path relayLog) throws IOException {
        return open(identity, bind, port, relayLog, 0);
    }

    /** As {@link #open(SigningKey, String, int, Path)}, the host playing {@code hostSeat} (0 or 1 of a two-seat game). */
    public static TableLink open(SigningKey identity, String bind, int port, Path relayLog, int hostSeat)
            throws IOException {
        SessionHost host = relayLog == null ? new SessionHost("table", identity, new SecureRandom())
                : SessionHost.persistent(relayLog, "table", identity, new SecureRandom());
        return new TableLink(host.playsSeat(hostSeat), TcpTransport.listen(bind, port), bind);
    }

    /** The listening socket, for a host that talks to each player before admitting it to the relay. */
    public ServerSocket server() {
        return server;
    }

    /** Hands a player's open connection to the relay. */
    public void admit(Transport transport) {
        host.admit(transport);
    }

    /**
     * Only a key {@code trust} may admit: pinned, named, or any when new players may be accepted (whose hellos the
     * seats then judge by name). A stranger is refused with its fingerprint and what to type to accept it.
     */
    public static PeerCheck admissible(TrustRule trust) {
        return key -> {
            if (!trust.mayBeAdmitted(key)) {
                throw UntrustedPeerException.stranger(Fingerprint.of(key));
            }
        };
    }

    /**
     * From now on, every connection to the port goes to the relay, on a background thread; over TLS only a key
     * {@code admissible} lets in. A key it refuses is turned away in the handshake and reported to {@code refused};
     * a failed handshake or a stray connection is logged and the relay keeps listening.
     */
    public void acceptAll(SigningKey identity, boolean insecure, Duration patience, PeerCheck admissible,
            Consumer<String> refused) {
        PeerCheck reported = reported(admissible, refused);
        if (insecure) {
            // Plain TCP proves no key at the door: the seats judge each hello's key by name, as the terms allow.
            host.acceptTcp(server, patience);
            return;
        }
        host.acceptTls(server, TlsIdentity.of(identity), reported);
    }

    /** {@code admissible}, reporting each key it refuses to {@code refused}. */
    public static PeerCheck reported(PeerCheck admissible, Consumer<String> refused) {
        return key -> {
            try {
                admissible.check(key);
            } catch (UntrustedPeerException stranger) {
                refused.accept(stranger.getMessage());
                throw stranger;
            }
        };
    }

    /**
     * For a relay that plays no seat: waits, at most {@code patience}, until every seat has been taken and every
     * player has left again. Whether the table ended so.
     */
    public boolean awaitTableLeft(Duration patience) throws InterruptedException {
        return host.awaitTableLeft(patience);
    }

    /** How many messages the relay has placed (after a restart, those taken up from its log). */
    public int placed() {
        return host.placed().size();
    }

    /** The port the relay listens on. */
    public int port() {
        return server.getLocalPort();
    }

    /** What the host sends the other players so they can join: host, port and the host's fingerprint. */
    public String invitation() {
        String shown = bind.contains(":") ? "[" + bind + "]" : bind;
        return Invitation.SCHEME + shown + ":" + port() + "/" + Fingerprint.of(host.key());
    }

    /** The host's own seat: a new in-memory pair to its relay for each (re)connection. */
    public Connector seat() {
        return patience -> {
            InMemoryTransport[] pair = InMemoryTransport.pair("host", "seat0");
            host.admit(pair[0]);
            return pair[1];
        };
    }

    /**
     * A guest's connection to the host, opened again after a drop: by invitation over TLS, which accepts only
     * the key the invitation names; or with {@code insecure}, plain TCP to the invitation's address or to
     * HOST:PORT.
     */
    public static Connector join(String target, SigningKey identity, boolean insecure) {
        if (!target.startsWith(Invitation.SCHEME) && !insecure) {
            throw new IllegalArgumentException("join by the host's invitation, or use HOST:PORT with --insecure");
        }
        HostPort address = target.startsWith(Invitation.SCHEME) ? null : HostPort.parse("--connect", target);
        Invitation invitation = target.startsWith(Invitation.SCHEME) ? Invitation.parse(target) : null;
        // Which table: a relay serves several, named in the invitation; a host serves one and takes "" for it.
        byte[] open = SessionFrame.encode(new SessionFrame.Open(invitation == null ? ""
                : invitation.session().orElse("")));
        return patience -> {
            Transport t;
            if (invitation != null) {
                t = insecure ? TcpTransport.connect(invitation.host(), invitation.port(), patience)
                        : TlsTransport.connect(invitation, TlsIdentity.of(identity), patience);
            } else {
                t = TcpTransport.connect(address.host(), address.port(), patience);
            }
            try {
                t.send(open);
            } catch (IOException e) {
                t.close();
                throw e;
            }
            return t;
        };
    }

    /**
     * Closes the relay once every player has left with the last receipts, or after {@link #LAST_WORDS} if one stays:
     * a fixed pause cut slow players off under load (50 tables at once) before their last acknowledgements.
     */
    @Override
    public void close() {
        try {
            host.awaitEveryoneLeft(LAST_WORDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // The door first: a player whose connection the closing relay drops must find the port shut when it tries
        // again at once, not be taken in by an acceptor that still runs and then wait out its patience for a welcome.
        try {
            server.close();
        } catch (IOException ignored) {
            // closing a listening socket that is already gone
        }
        host.close();
    }
}
