package fairtable.net.tls;

import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.Transport;
import fairtable.net.Transport.RefusedException;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.tcp.TcpTransport;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.GeneralSecurityException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * Frames over TLS 1.3 with both ends authenticated by their players' Ed25519 identity keys.
 *
 * <p><b>Authenticated:</b> each side presents a self-signed certificate for its identity key
 * ({@link TlsIdentity}) and proves possession of the key by signing the handshake transcript; each side
 * accepts the other only if its {@link PeerCheck} accepts the key (a pinned or invited fingerprint). After
 * the handshake {@link #peerKey()} is the proven key, which the protocol layer compares with the key in the
 * peer's signed hello, binding the channel to the player.
 *
 * <p><b>Encrypted:</b> everything after the handshake, with ephemeral (EC)DHE keys, so recorded traffic stays
 * unreadable even if an identity key leaks later. Only TLS 1.3 and its three AEAD suites are enabled. Still
 * visible to an observer: the two addresses, timing, frame sizes, and the certificates' existence (TLS 1.3
 * encrypts the certificates themselves).
 *
 * <p><b>Not offered:</b> session resumption (every connection has its own {@link SSLContext}, so a resumed
 * session can never skip the key check) and any certificate authority.
 *
 * <p>The frame format is {@link TcpTransport}'s: a big-endian u32 length then the bytes, at most
 * {@link #MAX_FRAME}. A receive that times out loses nothing; the next one continues.
 */
public final class TlsTransport implements Transport {
    /** Larger frames are refused before anything is allocated. */
    public static final int MAX_FRAME = TcpTransport.MAX_FRAME;

    static final String PROTOCOL = "TLSv1.3";
    /** All TLS 1.3 suites are AEAD; these are the ones RFC 8446 defines for general use (not the CCM ones). */
    static final List<String> CIPHER_SUITES =
            List.of("TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_128_GCM_SHA256");

    /** The only signature scheme either side can use: both certificates hold Ed25519 keys. */
    static final String SIGNATURE_SCHEME = "ed25519";
    /** A peer that has connected gets this long at most to complete its handshake, however long we wait for it. */
    static final Duration HANDSHAKE_LIMIT = Duration.ofSeconds(30);

    private static final System.Logger LOG = System.getLogger(TlsTransport.class.getName());

    private final SSLSocket socket;
    private final FrameReader reader;
    private final DataOutputStream out;
    private final VerifyingKey peerKey;
    private final String peer;
    /** This side's fingerprint, to tell the person which key a listener refused. */
    private final Fingerprint self;

    private TlsTransport(SSLSocket socket, VerifyingKey peerKey, String address, Fingerprint self) throws IOException {
        this.socket = socket;
        this.reader = new FrameReader(socket.getInputStream(), MAX_FRAME);
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 16 * 1024));
        this.peerKey = peerKey;
        this.peer = address + " [" + Fingerprint.of(peerKey) + "]";
        this.self = self;
    }

    /** A bound listening socket; {@code port} 0 picks a free port. The TLS handshake happens in {@link #accept}. */
    public static ServerSocket listen(String host, int port) throws IOException {
        return TcpTransport.listen(host, port);
    }

    /**
     * Waits up to {@code timeout} for one peer on {@code server} that completes a handshake. A connection that
     * fails it (a port scan that connects and closes, garbage, a plaintext client, a key {@code check} refuses,
     * one that stays silent for {@link #HANDSHAKE_LIMIT} or what is left of {@code timeout}) is logged in one line
     * to the platform logger and the listener goes on waiting, so a stray connection cannot end a game.
     *
     * @throws UntrustedPeerException if no peer got in and {@code check} refused one (the last refusal, which says
     *     what to do to accept that key)
     * @throws TimeoutException if no peer completed a handshake in time
     */
    public static TlsTransport accept(ServerSocket server, TlsIdentity me, PeerCheck check, Duration timeout)
            throws IOException, TimeoutException {
        return accept(server, me, check, timeout, line -> LOG.log(System.Logger.Level.WARNING, line));
    }

    /** As {@link #accept(ServerSocket, TlsIdentity, PeerCheck, Duration)}, with each stray connection's line to {@code strays}. */
    public static TlsTransport accept(ServerSocket server, TlsIdentity me, PeerCheck check, Duration timeout,
            Consumer<String> strays) throws IOException, TimeoutException {
        requirePositive(timeout);
        long deadline = System.nanoTime() + timeout.toNanos();
        UntrustedPeerException refused = null;
        int turnedAway = 0;
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                if (refused != null) {
                    throw refused;
                }
                throw new TimeoutException("no peer " + (turnedAway == 0 ? "connected" : "completed a TLS handshake")
                        + " within " + describe(timeout) + (turnedAway == 0 ? ""
                        : " (" + turnedAway + " stray connection" + (turnedAway == 1 ? " was" : "s were")
                        + " turned away)"));
            }
            server.setSoTimeout(millis(Duration.ofNanos(left)));
            Socket raw;
            try {
                raw = server.accept();
            } catch (SocketTimeoutException e) {
                continue; // the deadline check above ends the wait
            }
            try {
                return handshakeAccepted(raw, me, check, Duration.ofNanos(Math.max(left, 1_000_000L)));
            } catch (UntrustedPeerException e) {
                refused = e;
                turnedAway++;
                strays.accept("turned away a peer whose key is refused: " + e.getMessage());
            } catch (IOException | TimeoutException e) {
                turnedAway++;
                strays.accept("turned away a stray connection: " + e.getMessage());
            }
        }
    }

    /**
     * Completes the handshake of a connection already accepted on a listening socket, within {@code timeout} (at
     * most {@link #HANDSHAKE_LIMIT}); closes {@code raw} if it fails.
     *
     * @throws UntrustedPeerException if {@code check} refused the peer's key
     * @throws TimeoutException if the peer did not complete a handshake in time
     * @throws IOException if the peer does not speak TLS 1.3 with an identity key, or refused ours
     */
    public static TlsTransport handshakeAccepted(Socket raw, TlsIdentity me, PeerCheck check, Duration timeout)
            throws IOException, TimeoutException {
        requirePositive(timeout);
        return handshake(raw, false, null, me, check, min(timeout, HANDSHAKE_LIMIT));
    }

    /**
     * Connects to {@code host:port}, retrying with backoff until {@code timeout} (the peer may start later),
     * then completes the handshake within what remains of {@code timeout} (at least one second, at most
     * {@link #HANDSHAKE_LIMIT}).
     *
     * <p>In TLS 1.3 the connecting side finishes its handshake before the listener has checked its key: if
     * the listener refuses this side, the first {@link #receive} (or a {@link #send} after the listener hung up) fails
     * with a {@link RefusedException} that says so.
     *
     * @throws UntrustedPeerException if {@code check} refused the listener's key
     */
    public static TlsTransport connect(String host, int port, TlsIdentity me, PeerCheck check, Duration timeout)
            throws IOException, TimeoutException {
        requirePositive(timeout);
        long deadline = System.nanoTime() + timeout.toNanos();
        long backoffMillis = 50;
        Socket raw;
        while (true) {
            raw = new Socket();
            try {
                raw.connect(new InetSocketAddress(host, port), 5_000);
                break;
            } catch (IOException e) {
                raw.close();
                if (System.nanoTime() + backoffMillis * 1_000_000 > deadline) {
                    throw new TimeoutException("could not connect to " + host + ":" + port + " within "
                            + describe(timeout) + ": " + e.getMessage());
                }
                try {
                    Thread.sleep(backoffMillis);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", ie);
                }
                backoffMillis = Math.min(2_000, backoffMillis * 2);
            }
        }
        Duration remaining = Duration.ofNanos(Math.max(deadline - System.nanoTime(), 1_000_000_000L));
        return handshake(raw, true, host, me, check, min(remaining, HANDSHAKE_LIMIT));
    }

    /** Connects to the host of {@code invitation}, accepting only the key whose fingerprint it carries. */
    public static TlsTransport connect(Invitation invitation, TlsIdentity me, Duration timeout)
            throws IOException, TimeoutException {
        return connect(invitation.host(), invitation.port(), me, PeerCheck.expect(invitation.fingerprint()), timeout);
    }

    private static TlsTransport handshake(Socket raw, boolean client, String host, TlsIdentity me, PeerCheck check,
            Duration timeout) throws IOException, TimeoutException {
        String address = raw.getRemoteSocketAddress().toString();
        PinningTrustManager trust = new PinningTrustManager(check);
        SSLSocket socket;
        try {
            raw.setTcpNoDelay(true);
            SSLSocketFactory factory = context(me, trust).getSocketFactory();
            socket = client
                    ? (SSLSocket) factory.createSocket(raw, host, raw.getPort(), true)
                    : (SSLSocket) factory.createSocket(raw, null, true);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
        try {
            socket.setUseClientMode(client);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setProtocols(new String[] {PROTOCOL});
            parameters.setCipherSuites(CIPHER_SUITES.toArray(String[]::new));
            if (!client) {
                parameters.setNeedClientAuth(true);
            }
            offerOnlyEd25519(parameters);
            socket.setSSLParameters(parameters);
            socket.setSoTimeout(millis(timeout));
            socket.startHandshake();
            VerifyingKey proven = provenPeerKey(socket, trust);
            return new TlsTransport(socket, proven, address, Fingerprint.of(me.verifyingKey()));
        } catch (SocketTimeoutException e) {
            closeQuietly(socket);
            throw new TimeoutException("no TLS handshake with " + address + " within "
                    + describe(timeout) + "; is it a fairtable peer using TLS?");
        } catch (IOException | RuntimeException e) {
            closeQuietly(socket);
            if (trust.refusal() != null) {
                throw trust.refusal();
            }
            if (client && trust.accepted() != null && e instanceof IOException) {
                // The listener proved its key; all it had left to do was judge ours, so the failure (its alert, or the
                // broken pipe of a socket it closed at once) is its refusal.
                throw refused(address + " [" + Fingerprint.of(trust.accepted()) + "]", Fingerprint.of(me.verifyingKey()), e);
            }
            throw new IOException("TLS 1.3 handshake with " + address + " failed: " + e.getMessage()
                    + " (it may not be a fairtable TLS peer, or it refused our identity key)", e);
        }
    }

    /**
     * Where the platform can (Java 19 and later, {@code SSLParameters.setSignatureSchemes}), offers only
     * ed25519 in the handshake. Java 17 has no per-connection setting, and then the default list is offered;
     * that changes nothing that can be signed, because TLS 1.3 requires the CertificateVerify scheme to match
     * the certificate's key (RFC 8446 4.4.3) and both sides' keys are Ed25519, which the trust manager
     * enforces.
     */
    private static void offerOnlyEd25519(SSLParameters parameters) {
        try {
            SSLParameters.class.getMethod("setSignatureSchemes", String[].class)
                    .invoke(parameters, (Object) new String[] {SIGNATURE_SCHEME});
        } catch (NoSuchMethodException olderPlatform) {
            // Java 17 and 18: see above.
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("could not restrict the TLS signature schemes", e);
        }
    }

    /** Zero means "forever" to a socket; here every wait has an end. */
    private static void requirePositive(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a timeout must be positive, not " + timeout);
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** The key in the session's peer certificate, which must be the one the trust manager let in. */
    private static VerifyingKey provenPeerKey(SSLSocket socket, PinningTrustManager trust) throws IOException {
        Certificate[] chain = socket.getSession().getPeerCertificates();
        if (chain.length != 1 || !(chain[0] instanceof X509Certificate certificate)) {
            throw new SSLException("the peer's certificate chain changed after it was checked");
        }
        VerifyingKey key = TlsIdentity.identityKeyOf(certificate);
        if (!key.equals(trust.accepted()) || !PROTOCOL.equals(socket.getSession().getProtocol())) {
            throw new SSLException("the session does not match the checked handshake");
        }
        return key;
    }

    private static SSLContext context(TlsIdentity me, PinningTrustManager trust) {
        try {
            SSLContext context = SSLContext.getInstance(PROTOCOL);
            // A null SecureRandom makes JSSE use the platform's default SecureRandom.
            context.init(new KeyManager[] {new IdentityKeyManager(me)}, new TrustManager[] {trust}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS 1.3 is required by the Java platform", e);
        }
    }

    /** The peer's identity key, proven in the handshake. */
    public VerifyingKey peerKey() {
        return peerKey;
    }

    /** The negotiated cipher suite, for diagnostics. */
    public String cipherSuite() {
        return socket.getSession().getCipherSuite();
    }

    @Override
    public synchronized void send(byte[] frame) throws IOException {
        if (frame.length > MAX_FRAME) {
            throw new IOException("a frame of " + frame.length + " bytes is over the limit of " + MAX_FRAME);
        }
        try {
            out.writeInt(frame.length);
            out.write(frame);
            out.flush();
        } catch (IOException e) {
            if (socket.getUseClientMode()) {
                throwIfRefused(e);
            }
            throw e;
        }
    }

    /** How long a connecting side that could not write waits for the listener's alert, which is already on its way. */
    private static final Duration ALERT_WAIT = Duration.ofSeconds(1);

    /**
     * After a failed write: the listener may have refused this side's key and hung up right after the handshake, so
     * that the write met a closed socket ("Broken pipe") while its alert lies unread. If it does, that is the refusal.
     */
    private void throwIfRefused(IOException failedWrite) throws RefusedException {
        try {
            socket.setSoTimeout(millis(ALERT_WAIT));
            reader.next();
        } catch (SSLException alert) {
            if (refusedOurKey(alert)) {
                close();
                RefusedException refused = refused(peer, self, alert);
                refused.addSuppressed(failedWrite);
                throw refused;
            }
        } catch (IOException noAlert) {
            // no refusal to read: the write's own failure stands
        }
    }

    @Override
    public byte[] receive(Duration timeout) throws IOException, TimeoutException {
        socket.setSoTimeout(millis(timeout));
        try {
            return reader.next();
        } catch (SocketTimeoutException e) {
            throw new TimeoutException("nothing from " + peer + " within " + describe(timeout));
        } catch (EOFException e) {
            throw new PeerGoneException(peer);
        } catch (SSLException e) {
            close();
            if (socket.getUseClientMode() && refusedOurKey(e)) {
                throw refused(peer, self, e);
            }
            throw new SSLException("TLS channel with " + peer + " failed: " + e.getMessage()
                    + " (if this is the first message, the peer may have refused our identity key)", e);
        } catch (IOException e) {
            close();
            throw new IOException(peer + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether {@code e} is the listener's alert that it refused this side's certificate: in TLS 1.3 it arrives after
     * the connecting side's handshake is done, at its first read.
     */
    private static RefusedException refused(String host, Fingerprint self, Exception cause) {
        return new RefusedException("the host at " + host + " refused you: your key " + self + " is not accepted there."
                + " Its host can run again with --peer " + self + " (or --accept-new, or answer y when asked) to let"
                + " you in.", cause);
    }

    private static boolean refusedOurKey(SSLException e) {
        String why = String.valueOf(e.getMessage());
        return why.contains("certificate_unknown") || why.contains("bad_certificate");
    }

    @Override
    public String peer() {
        return peer;
    }

    @Override
    public void close() {
        closeQuietly(socket);
    }

    private static void closeQuietly(Socket socket) {
        try {
            // With a read timeout set, the JDK's close waits that long for one more byte from the peer
            // (SSLSocketInputRecord.deplete); with none it sends close_notify and returns at once.
            socket.setSoTimeout(0);
        } catch (IOException alreadyBroken) {
            // Closing below is all that is left to do.
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closing is best effort: the peer sees the connection end either way.
        }
    }

    /** "2 s" or "500 ms", for messages. */
    private static String describe(Duration timeout) {
        return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
    }

    private static int millis(Duration timeout) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
    }

    @Override
    public String toString() {
        return "TlsTransport[" + peer + "]";
    }
}
