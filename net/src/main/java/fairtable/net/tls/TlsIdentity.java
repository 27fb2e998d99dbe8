package fairtable.net.tls;

import fairtable.crypto.hash.Hashes;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.UntrustedPeerException;
import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import org.bouncycastle.asn1.ASN1BitString;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Certificate;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A player's identity key dressed for TLS: the JDK private key and a self-signed X.509 certificate that
 * wraps the Ed25519 public key.
 *
 * <p>The certificate carries no authority: peers trust it only because its key has the fingerprint they
 * pinned, and the TLS handshake makes the sender prove possession of that key (CertificateVerify). Its
 * contents are fixed by the key (validity 2000 to 9999, serial and name derived from the key, deterministic
 * Ed25519 signature), so the same identity always presents the same certificate.
 */
public final class TlsIdentity {
    private static final Date NOT_BEFORE = Date.from(Instant.parse("2000-01-01T00:00:00Z"));
    /** RFC 5280 4.1.2.5: 99991231235959Z means no well-defined expiry. */
    private static final Date NOT_AFTER = Date.from(Instant.parse("9999-12-31T23:59:59Z"));

    private final VerifyingKey verifyingKey;
    private final PrivateKey privateKey;
    private final X509Certificate certificate;

    private TlsIdentity(VerifyingKey verifyingKey, PrivateKey privateKey, X509Certificate certificate) {
        this.verifyingKey = verifyingKey;
        this.privateKey = privateKey;
        this.certificate = certificate;
    }

    public static TlsIdentity of(SigningKey key) {
        try {
            byte[] seed = key.seed();
            PrivateKey privateKey = KeyFactory.getInstance("Ed25519")
                    .generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, seed));
            Arrays.fill(seed, (byte) 0);
            VerifyingKey publicKey = key.verifyingKey();
            SubjectPublicKeyInfo subjectKey = new SubjectPublicKeyInfo(
                    new AlgorithmIdentifier(EdECObjectIdentifiers.id_Ed25519), publicKey.toBytes());
            X500Name name = new X500NameBuilder(BCStyle.INSTANCE)
                    .addRDN(BCStyle.CN, "fairtable " + Fingerprint.of(publicKey))
                    .build();
            byte[] serial = Arrays.copyOf(Hashes.sha256("fairtable/tls-serial/v1", publicKey.toBytes()), 16);
            X509v3CertificateBuilder builder = new X509v3CertificateBuilder(
                    name, new BigInteger(1, serial), NOT_BEFORE, NOT_AFTER, name, subjectKey);
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            X509Certificate certificate = new JcaX509CertificateConverter()
                    .getCertificate(builder.build(new JcaContentSignerBuilder("Ed25519").build(privateKey)));
            return new TlsIdentity(publicKey, privateKey, certificate);
        } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
            throw new IllegalStateException("could not make a certificate for an Ed25519 key", e);
        }
    }

    public VerifyingKey verifyingKey() {
        return verifyingKey;
    }

    /** The self-signed certificate this identity presents in TLS handshakes. */
    public X509Certificate certificate() {
        return certificate;
    }

    PrivateKey privateKey() {
        return privateKey;
    }

    /**
     * The Ed25519 identity key inside a peer's certificate. Anything else (another algorithm, parameters,
     * an off-curve or non-canonical point) is refused: a fairtable peer has exactly one kind of key.
     */
    static VerifyingKey identityKeyOf(X509Certificate certificate) throws UntrustedPeerException {
        SubjectPublicKeyInfo subjectKey;
        try {
            subjectKey = Certificate.getInstance(certificate.getEncoded()).getSubjectPublicKeyInfo();
        } catch (CertificateEncodingException | RuntimeException e) {
            throw UntrustedPeerException.notAnIdentityKey("unreadable certificate");
        }
        AlgorithmIdentifier algorithm = subjectKey.getAlgorithm();
        if (!EdECObjectIdentifiers.id_Ed25519.equals(algorithm.getAlgorithm()) || algorithm.getParameters() != null) {
            throw UntrustedPeerException.notAnIdentityKey("its certificate key is " + algorithm.getAlgorithm()
                    + ", not Ed25519");
        }
        ASN1BitString bits = subjectKey.getPublicKeyData();
        if (bits.getPadBits() != 0) {
            throw UntrustedPeerException.notAnIdentityKey("malformed Ed25519 key");
        }
        try {
            return VerifyingKey.fromBytes(bits.getOctets());
        } catch (IllegalArgumentException e) {
            throw UntrustedPeerException.notAnIdentityKey(e.getMessage());
        }
    }
}
