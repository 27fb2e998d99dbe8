package fairtable.net.tls;

import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.identity.UntrustedPeerException;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Trusts a peer certificate only for its key: exactly one certificate, holding an Ed25519 key that the
 * {@link PeerCheck} lets in. No certificate authority, name or date matters. One instance serves one
 * handshake and remembers what it saw, so the caller can report the refused key.
 *
 * <p>Extending {@link X509ExtendedTrustManager} keeps the JDK from adding its own host-name and algorithm
 * checks around it, which would refuse every self-signed certificate for reasons irrelevant here.
 */
final class PinningTrustManager extends X509ExtendedTrustManager {
    private final PeerCheck check;
    private volatile VerifyingKey accepted;
    private volatile UntrustedPeerException refusal;

    PinningTrustManager(PeerCheck check) {
        this.check = check;
    }

    /** The key let in, once the peer's certificate has been checked. */
    VerifyingKey accepted() {
        return accepted;
    }

    /** Why the peer's key was refused, if it was. */
    UntrustedPeerException refusal() {
        return refusal;
    }

    private void verify(X509Certificate[] chain) throws CertificateException {
        try {
            if (chain == null || chain.length != 1) {
                throw UntrustedPeerException.notAnIdentityKey("expected one self-signed certificate, got "
                        + (chain == null ? 0 : chain.length));
            }
            VerifyingKey key = TlsIdentity.identityKeyOf(chain[0]);
            check.check(key);
            accepted = key;
        } catch (UntrustedPeerException e) {
            refusal = e;
            throw new CertificateException(e.getMessage(), e);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        verify(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        verify(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        verify(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        verify(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        verify(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        verify(chain);
    }

    /** No authorities: the peer picks its certificate by its own key, not by an issuer list. */
    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
