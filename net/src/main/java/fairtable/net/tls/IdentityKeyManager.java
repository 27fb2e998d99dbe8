package fairtable.net.tls;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * Offers the one identity certificate, and only when the handshake asks for an EdDSA key: with no other
 * key to choose, every signature this side makes in the handshake is Ed25519.
 */
final class IdentityKeyManager extends X509ExtendedKeyManager {
    private static final String ALIAS = "fairtable-identity";

    private final TlsIdentity identity;

    IdentityKeyManager(TlsIdentity identity) {
        this.identity = identity;
    }

    private static boolean isEdDsa(String keyType) {
        return "EdDSA".equalsIgnoreCase(keyType) || "Ed25519".equalsIgnoreCase(keyType);
    }

    private String aliasFor(String[] keyTypes) {
        if (keyTypes != null) {
            for (String keyType : keyTypes) {
                if (isEdDsa(keyType)) {
                    return ALIAS;
                }
            }
        }
        return null;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return isEdDsa(keyType) ? new String[] {ALIAS} : null;
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return aliasFor(keyTypes);
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return aliasFor(keyTypes);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return isEdDsa(keyType) ? new String[] {ALIAS} : null;
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return isEdDsa(keyType) ? ALIAS : null;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return isEdDsa(keyType) ? ALIAS : null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return ALIAS.equals(alias) ? new X509Certificate[] {identity.certificate()} : null;
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return ALIAS.equals(alias) ? identity.privateKey() : null;
    }
}
