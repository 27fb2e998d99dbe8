package fairtable.net.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.identity.UntrustedPeerException.Reason;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.util.Date;
import java.util.HexFormat;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.Test;

class TlsIdentityTest {
    private static final HexFormat HEX = HexFormat.of();
    // RFC 8032 section 7.1, TEST 1.
    private static final byte[] RFC8032_SECRET =
            HEX.parseHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
    private static final String RFC8032_PUBLIC = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
    /** RFC 8410 section 4: the SubjectPublicKeyInfo of an Ed25519 key is this prefix then the 32 key bytes. */
    private static final String RFC8410_SPKI_PREFIX = "302a300506032b6570032100";

    private final TlsIdentity identity = TlsIdentity.of(SigningKey.fromSeed(RFC8032_SECRET));

    @Test
    void theCertificateWrapsTheIdentityKeyInTheStandardEncoding() {
        X509Certificate certificate = identity.certificate();
        assertThat(HEX.formatHex(certificate.getPublicKey().getEncoded()))
                .isEqualTo(RFC8410_SPKI_PREFIX + RFC8032_PUBLIC);
        assertThat(certificate.getSigAlgName()).isEqualToIgnoringCase("Ed25519");
        assertThat(certificate.getSubjectX500Principal()).isEqualTo(certificate.getIssuerX500Principal());
        assertThat(certificate.getSubjectX500Principal().getName())
                .contains(Fingerprint.of(identity.verifyingKey()).toString());
        assertThat(certificate.getBasicConstraints()).isEqualTo(-1);
    }

    @Test
    void theJdkVerifiesTheSelfSignature() throws Exception {
        X509Certificate certificate = identity.certificate();
        certificate.verify(certificate.getPublicKey());
        certificate.checkValidity();
    }

    @Test
    void theSameKeyAlwaysGivesTheSameCertificate() throws Exception {
        TlsIdentity again = TlsIdentity.of(SigningKey.fromSeed(RFC8032_SECRET));
        assertThat(again.certificate().getEncoded()).isEqualTo(identity.certificate().getEncoded());
    }

    @Test
    void theIdentityKeyIsReadBackFromTheCertificate() throws Exception {
        assertThat(HEX.formatHex(TlsIdentity.identityKeyOf(identity.certificate()).toBytes()))
                .isEqualTo(RFC8032_PUBLIC);
    }

    @Test
    void aCertificateForAnotherKindOfKeyIsNotAnIdentity() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        X500Name name = new X500Name("CN=not fairtable");
        X509Certificate ecCertificate = new JcaX509CertificateConverter().getCertificate(
                new JcaX509v3CertificateBuilder(name, BigInteger.ONE, new Date(0), new Date(4_000_000_000_000L), name,
                        pair.getPublic()).build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));

        assertThatThrownBy(() -> TlsIdentity.identityKeyOf(ecCertificate))
                .isInstanceOfSatisfying(UntrustedPeerException.class,
                        e -> assertThat(e.reason()).isEqualTo(Reason.NOT_AN_IDENTITY_KEY));

        PinningTrustManager trust = new PinningTrustManager(PeerCheck.anyKey());
        assertThatThrownBy(() -> trust.checkServerTrusted(new X509Certificate[] {ecCertificate}, "EC"))
                .isInstanceOf(CertificateException.class);
        assertThat(trust.refusal().reason()).isEqualTo(Reason.NOT_AN_IDENTITY_KEY);
        assertThat(trust.accepted()).isNull();
    }

    @Test
    void theTrustManagerWantsExactlyOneCertificate() throws Exception {
        PinningTrustManager trust = new PinningTrustManager(PeerCheck.anyKey());
        X509Certificate certificate = identity.certificate();
        assertThatThrownBy(() -> trust.checkClientTrusted(new X509Certificate[] {certificate, certificate}, "EdDSA"))
                .isInstanceOf(CertificateException.class);
        assertThatThrownBy(() -> trust.checkClientTrusted(new X509Certificate[0], "EdDSA"))
                .isInstanceOf(CertificateException.class);
        assertThat(trust.accepted()).isNull();

        trust.checkClientTrusted(new X509Certificate[] {certificate}, "EdDSA");
        assertThat(trust.accepted()).isEqualTo(identity.verifyingKey());
    }
}
