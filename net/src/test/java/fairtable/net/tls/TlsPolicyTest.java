package fairtable.net.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.identity.UntrustedPeerException.Reason;
import java.io.IOException;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.util.Date;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What a TLS listener refuses besides a wrong key: old protocol versions and keys that are not Ed25519. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TlsPolicyTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String LOOPBACK = "127.0.0.1";
    private static final TlsIdentity HOST = TlsIdentity.of(SigningKey.fromSeed(new byte[32]));

    private final ExecutorService executor = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    /** A client built from the JDK's parts, speaking what the test says rather than what TlsTransport allows. */
    private static SSLSocket rawClient(int port, String protocol, KeyManager keyManager) throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(new KeyManager[] {keyManager}, new TrustManager[] {new PinningTrustManager(PeerCheck.anyKey())},
                null);
        SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(LOOPBACK, port);
        socket.setEnabledProtocols(new String[] {protocol});
        socket.setSoTimeout(10_000);
        return socket;
    }

    /** The handshake of the next connection alone: {@link TlsTransport#accept} would log a failure and wait on. */
    private static TlsTransport handshakeOne(ServerSocket server) throws Exception {
        server.setSoTimeout((int) WAIT.toMillis());
        return TlsTransport.handshakeAccepted(server.accept(), HOST, PeerCheck.anyKey(), WAIT);
    }

    private static Throwable failureOf(Future<?> future) throws Exception {
        try {
            future.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("expected the accept to fail");
    }

    @Test
    void aTls12ClientIsRefused() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted =
                    executor.submit(() -> handshakeOne(server));
            TlsIdentity guest = TlsIdentity.of(SigningKey.fromSeed(new byte[] {
                1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
                29, 30, 31, 32}));
            try (SSLSocket client = rawClient(server.getLocalPort(), "TLSv1.2", new IdentityKeyManager(guest))) {
                assertThatThrownBy(client::startHandshake).isInstanceOf(IOException.class);
            }
            assertThat(failureOf(accepted)).isInstanceOf(IOException.class).hasMessageContaining("handshake");
        }
    }

    @Test
    void aClientWithAnEcdsaCertificateIsRefused() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        X500Name name = new X500Name("CN=ecdsa guest");
        X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                new JcaX509v3CertificateBuilder(name, BigInteger.TWO, new Date(0), new Date(4_000_000_000_000L), name,
                        pair.getPublic()).build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        char[] password = "test".toCharArray();
        store.setKeyEntry("guest", pair.getPrivate(), password, new X509Certificate[] {certificate});
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(store, password);

        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted =
                    executor.submit(() -> handshakeOne(server));
            try (SSLSocket client = rawClient(server.getLocalPort(), "TLSv1.3", factory.getKeyManagers()[0])) {
                client.startHandshake();
                // The listener's verdict arrives after the client's side of the handshake (TLS 1.3).
                assertThatThrownBy(() -> client.getInputStream().read()).isInstanceOf(IOException.class);
            } catch (IOException refusedDuringHandshake) {
                // Equally acceptable: the alert arrived before the client finished.
            }
            // On Java 17 the client's ECDSA certificate reaches the trust manager, which refuses the key; where
            // the platform lets the listener offer only ed25519 (Java 19+), the client has no certificate it
            // can use, and the handshake fails before that.
            Throwable failure = failureOf(accepted);
            assertThat(failure).isInstanceOf(IOException.class);
            if (failure instanceof UntrustedPeerException refused) {
                assertThat(refused.reason()).isEqualTo(Reason.NOT_AN_IDENTITY_KEY);
            } else {
                assertThat(Runtime.version().feature()).isGreaterThanOrEqualTo(19);
            }
        }
    }

    @Test
    void theNegotiatedChannelIsTls13WithAnAeadSuite() throws Exception {
        try (ServerSocket server = TlsTransport.listen(LOOPBACK, 0)) {
            Future<TlsTransport> accepted =
                    executor.submit(() -> handshakeOne(server));
            TlsIdentity guest = TlsIdentity.of(SigningKey.fromSeed(new byte[] {
                9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}));
            try (SSLSocket client = rawClient(server.getLocalPort(), "TLSv1.3", new IdentityKeyManager(guest))) {
                client.startHandshake();
                TlsTransport host = accepted.get(20, TimeUnit.SECONDS);
                assertThat(client.getSession().getProtocol()).isEqualTo("TLSv1.3");
                assertThat(client.getSession().getCipherSuite()).isIn(TlsTransport.CIPHER_SUITES);
                assertThat(TlsIdentity.identityKeyOf((X509Certificate) client.getSession().getPeerCertificates()[0]))
                        .isEqualTo(HOST.verifyingKey());
                assertThat(host.peerKey()).isEqualTo(guest.verifyingKey());
                host.close();
            }
        }
    }
}
