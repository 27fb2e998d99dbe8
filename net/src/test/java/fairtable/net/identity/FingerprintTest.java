package fairtable.net.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class FingerprintTest {
    // RFC 8032 section 7.1, TEST 1 and TEST 2 secret keys.
    static final VerifyingKey KEY_1 = SigningKey.fromSeed(HexFormat.of()
            .parseHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")).verifyingKey();
    static final VerifyingKey KEY_2 = SigningKey.fromSeed(HexFormat.of()
            .parseHex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")).verifyingKey();

    @Test
    void isTheKeysOwnFingerprint() {
        Fingerprint fingerprint = Fingerprint.of(KEY_1);
        assertThat(fingerprint.toString()).isEqualTo(KEY_1.fingerprint()).matches("([0-9a-f]{4}-){4}[0-9a-f]{4}");
        assertThat(fingerprint.matches(KEY_1)).isTrue();
        assertThat(fingerprint.matches(KEY_2)).isFalse();
        assertThat(fingerprint).isNotEqualTo(Fingerprint.of(KEY_2));
    }

    @Test
    void parsingIsLenientAboutCaseDashesAndSpaces() {
        String canonical = Fingerprint.of(KEY_1).toString();
        String typed = canonical.toUpperCase().replace("-", " ");
        assertThat(Fingerprint.parse(typed)).isEqualTo(Fingerprint.of(KEY_1));
        assertThat(Fingerprint.parse(canonical.replace("-", ""))).isEqualTo(Fingerprint.of(KEY_1));
        assertThat(Fingerprint.parse(canonical).toString()).isEqualTo(canonical);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1a2b-3c4d-5e6f-7a8b-9c0", "1a2b-3c4d-5e6f-7a8b-9c0d0", "1a2b-3c4d-5e6f-7a8b-9c0g",
        "1a2b_3c4d_5e6f_7a8b_9c0d", "\uff11a2b-3c4d-5e6f-7a8b-9c0d", "1a2b-3c4d-5e6f-7a8b-9c0d\n"})
    void malformedFingerprintsAreRefused(String text) {
        assertThatThrownBy(() -> Fingerprint.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fingerprint");
    }
}
