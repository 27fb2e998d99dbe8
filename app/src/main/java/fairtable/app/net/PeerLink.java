package fairtable.app.net;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.PartyRunner.Connector;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.TrustRule;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Optional;

/**
 * How this process reaches the other player: listening or connecting, over TLS 1.3 bound to the profile's
 * identity key (the default), or over plain TCP with {@code --insecure}. Reconnects after a drop.
 *
 * <p>With TLS the peer is judged by the one {@link TrustRule}: named up front (an invitation or {@code --peer}),
 * already pinned under the name it signs its hello with, or new and accepted ({@code --accept-new}, or the person
 * at the terminal). The key that opened the channel must be the key that signs the game.
 */
public final class PeerLink implements AutoCloseable {
    private final SigningKey identity;
    private final boolean insecure;
    private final Optional<Fingerprint> expected;
    private final TrustRule rule;
    private final ServerSocket server;
    private final String host;
    private final int port;
    private volatile VerifyingKey peerKey;

    private PeerLink(SigningKey identity, boolean insecure, Optional<Fingerprint> expected, TrustRule rule,
            ServerSocket server, String host, int port) {
        this.identity = identity;
        this.insecure = insecure;
        this.expected = expected;
        this.rule = rule;
        this.server = server;
        this.host = host;
        this.port = port;
    }

    /** Listens on {@code bind:port} (0 picks a free port). */
    public static PeerLink listen(String bind, int port, SigningKey identity, boolean insecure,
            Optional<Fingerprint> expected, TrustRule rule) throws IOException {
        ServerSocket server = TcpTransport.listen(bind, port);
        return new PeerLink(identity, insecure, expected, rule, server, bind, server.getLocalPort());
    }

    /** Connects to an invitation ({@code fairtable://HOST:PORT/FINGERPRINT}) or to {@code HOST:PORT}. */
    public static PeerLink connect(String target, SigningKey identity, boolean insecure, Optional<Fingerprint> expected,
            TrustRule rule) {
        if (target.startsWith(Invitation.SCHEME)) {
            Invitation invitation = Invitation.parse(target);
            return new PeerLink(identity, insecure, Optional.of(invitation.fingerprint()), rule, null, invitation.host(),
                    invitation.port());
        }
        HostPort address = HostPort.parse("--connect", target);
        return new PeerLink(identity, insecure, expected, rule, null, address.host(), address.port());
    }

    public boolean listening() {
        return server != null;
    }

    public int port() {
        return port;
    }

    /** What to send the other player so they can join: host, port and this player's fingerprint. */
    public String invitation() {
        String shownHost = host.contains(":") ? "[" + host + "]" : host;
        return Invitation.SCHEME + shownHost + ":" + port + "/" + Fingerprint.of(identity.verifyingKey());
    }

    /** Opens, and after a drop re-opens, the connection. */
    public Connector connector() {
        return patience -> {
            Transport t;
            if (insecure) {
                t = listening() ? TcpTransport.accept(server, patience) : TcpTransport.connect(host, port, patience);
            } else {
                PeerCheck check = peerKey != null ? PeerCheck.expect(Fingerprint.of(peerKey))
                        : expected.map(PeerCheck::expect).orElse(PeerCheck.anyKey());
                TlsIdentity me = TlsIdentity.of(identity);
                TlsTransport tls = listening() ? TlsTransport.accept(server, me, check, patience)
                        : TlsTransport.connect(host, port, me, check, patience);
                if (peerKey != null && !peerKey.equals(tls.peerKey())) {
                    tls.close();
                    throw UntrustedPeerException.keyChanged("the other player", Fingerprint.of(tls.peerKey()),
                            Fingerprint.of(peerKey));
                }
                peerKey = tls.peerKey();
                t = tls;
            }
            return t;
        };
    }

    /**
     * Called once the peer's signed hello is in, before the game takes anything from it: with TLS, the key that
     * signs the game must be the key that opened the channel, and it must pass the {@link TrustRule} under the
     * name the peer signed (a key the invitation or --peer named counts as named).
     */
    public void bind(String peerName, VerifyingKey helloKey) throws UntrustedPeerException, IOException {
        if (insecure) {
            return;
        }
        if (!helloKey.equals(peerKey)) {
            // The channel's key and the game's key must be one identity, or the pin means nothing.
            throw UntrustedPeerException.fingerprintMismatch(Fingerprint.of(helloKey),
                    peerKey == null ? Fingerprint.of(helloKey) : Fingerprint.of(peerKey));
        }
        rule.admit(peerName, helloKey, expected.isPresent());
    }

    /**
     * After a restart from a journal that already holds the peer's hello: only that key may open the channel
     * again, so nothing is sent to anyone else.
     */
    public void expectPeer(VerifyingKey key) {
        if (peerKey == null) {
            peerKey = key;
        }
    }

    @Override
    public void close() throws IOException {
        if (server != null) {
            server.close();
        }
    }
}
