package fairtable.crypto.seal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The three HMAC-SHA-256 test cases of RFC 5869, appendix A.1 to A.3. */
class HkdfTest {
    private static final HexFormat HEX = HexFormat.of();

    private static byte[] range(int from, int to) {
        byte[] out = new byte[to - from];
        for (int i = from; i < to; i++) {
            out[i - from] = (byte) i;
        }
        return out;
    }

    private static byte[] repeat(int b, int count) {
        byte[] out = new byte[count];
        java.util.Arrays.fill(out, (byte) b);
        return out;
    }

    @ParameterizedTest(name = "RFC 5869 test case {0}")
    @CsvSource({
        "1, 077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5, "
                + "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
        "2, 06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244, "
                + "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09"
                + "da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87",
        "3, 19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04, "
                + "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"})
    void matchesTheRfcVectors(int testCase, String prk, String okm) {
        byte[] ikm;
        byte[] salt;
        byte[] info;
        switch (testCase) {
            case 1 -> {
                ikm = repeat(0x0b, 22);
                salt = range(0x00, 0x0d);
                info = range(0xf0, 0xfa);
            }
            case 2 -> {
                ikm = range(0x00, 0x50);
                salt = range(0x60, 0xb0);
                info = range(0xb0, 0x100);
            }
            default -> {
                ikm = repeat(0x0b, 22);
                salt = new byte[0];
                info = new byte[0];
            }
        }
        int length = okm.length() / 2;
        assertThat(HEX.formatHex(Hkdf.extract(salt, ikm))).isEqualTo(prk);
        assertThat(HEX.formatHex(Hkdf.expand(HEX.parseHex(prk), info, length))).isEqualTo(okm);
        assertThat(HEX.formatHex(Hkdf.derive(salt, ikm, info, length))).isEqualTo(okm);
    }

    /** A shorter output is a prefix of a longer one (the expand step's T(1) || T(2) || ... construction). */
    @Test
    void outputsArePrefixesAndLengthsAreBounded() {
        byte[] prk = Hkdf.extract(new byte[] {1}, new byte[] {2});
        byte[] longer = Hkdf.expand(prk, new byte[] {3}, 100);
        assertThat(Hkdf.expand(prk, new byte[] {3}, 33)).isEqualTo(java.util.Arrays.copyOf(longer, 33));
        assertThat(Hkdf.expand(prk, new byte[0], Hkdf.MAX_OUTPUT_LENGTH)).hasSize(255 * 32);
        assertThatThrownBy(() -> Hkdf.expand(prk, new byte[0], Hkdf.MAX_OUTPUT_LENGTH + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Hkdf.expand(prk, new byte[0], 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Hkdf.expand(new byte[31], new byte[0], 32)).isInstanceOf(IllegalArgumentException.class);
    }
}
