package fairtable.crypto.sign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ed25519 against RFC 8032 section 7.1: TEST 1, TEST 2, TEST 3 and TEST SHA(abc) (secret key, public key,
 * message, signature). The values were compared between several independent test suites that carry the
 * RFC's section 7.1 (among them noble-style JS, Swift/CryptoKit, C and Rust Ed25519 test files).
 */
class Ed25519VectorsTest {
    private static final HexFormat HEX = HexFormat.of();

    /** The order L of the base point (RFC 8032 section 5.1). */
    private static final BigInteger L =
            BigInteger.ONE.shiftLeft(252).add(new BigInteger("27742317777372353535851937790883648493"));

    static Stream<Arguments> rfc8032() {
        return Stream.of(
                Arguments.of("TEST 1",
                        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
                        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
                        "",
                        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                                + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
                Arguments.of("TEST 2",
                        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
                        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
                        "72",
                        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                                + "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
                Arguments.of("TEST 3",
                        "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
                        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
                        "af82",
                        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
                                + "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
                Arguments.of("TEST SHA(abc)",
                        "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
                        "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
                        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
                        "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
                                + "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rfc8032")
    void seedGivesThePublishedPublicKey(String name, String secret, String publicKey, String message, String sig) {
        SigningKey key = SigningKey.fromSeed(HEX.parseHex(secret));
        assertThat(HEX.formatHex(key.verifyingKey().toBytes())).isEqualTo(publicKey);
        assertThat(key.verifyingKey()).isEqualTo(VerifyingKey.fromBytes(HEX.parseHex(publicKey)));
        assertThat(HEX.formatHex(key.seed())).isEqualTo(secret);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rfc8032")
    void signingGivesThePublishedSignature(String name, String secret, String publicKey, String message, String sig) {
        SigningKey key = SigningKey.fromSeed(HEX.parseHex(secret));
        assertThat(HEX.formatHex(key.sign(HEX.parseHex(message)))).isEqualTo(sig);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rfc8032")
    void thePublishedSignatureVerifiesUnderThePublishedKey(
            String name, String secret, String publicKey, String message, String sig) {
        VerifyingKey key = VerifyingKey.fromBytes(HEX.parseHex(publicKey));
        assertThat(key.verify(HEX.parseHex(message), HEX.parseHex(sig))).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rfc8032")
    void aChangedMessageIsRejected(String name, String secret, String publicKey, String message, String sig) {
        VerifyingKey key = VerifyingKey.fromBytes(HEX.parseHex(publicKey));
        byte[] msg = HEX.parseHex(message);
        byte[] signature = HEX.parseHex(sig);
        // One bit in every byte, a different bit position each time.
        for (int i = 0; i < msg.length; i++) {
            byte[] flipped = msg.clone();
            flipped[i] ^= (byte) (1 << (i % 8));
            assertThat(key.verify(flipped, signature)).as("message byte %d changed", i).isFalse();
        }
        byte[] extended = Arrays.copyOf(msg, msg.length + 1);
        assertThat(key.verify(extended, signature)).as("a zero byte appended").isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rfc8032")
    void aFlippedSignatureBitIsRejected(String name, String secret, String publicKey, String message, String sig) {
        VerifyingKey key = VerifyingKey.fromBytes(HEX.parseHex(publicKey));
        byte[] msg = HEX.parseHex(message);
        byte[] signature = HEX.parseHex(sig);
        // One bit in every byte of R and S, a different bit position each time, plus the top bit of S.
        for (int i = 0; i < 64; i++) {
            byte[] flipped = signature.clone();
            flipped[i] ^= (byte) (1 << (i % 8));
            assertThat(key.verify(msg, flipped)).as("signature byte %d changed", i).isFalse();
        }
        byte[] topBit = signature.clone();
        topBit[63] ^= (byte) 0x80;
        assertThat(key.verify(msg, topBit)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rfc8032")
    void aNonCanonicalScalarIsRejected(String name, String secret, String publicKey, String message, String sig) {
        // S + L is the same scalar modulo L; RFC 8032 5.1.7 requires rejecting S >= L (malleability).
        byte[] signature = HEX.parseHex(sig);
        BigInteger s = littleEndian(Arrays.copyOfRange(signature, 32, 64));
        BigInteger malleated = s.add(L);
        if (malleated.bitLength() <= 256) {
            byte[] forged = signature.clone();
            System.arraycopy(toLittleEndian(malleated, 32), 0, forged, 32, 32);
            assertThat(VerifyingKey.fromBytes(HEX.parseHex(publicKey)).verify(HEX.parseHex(message), forged))
                    .isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rfc8032")
    void wrongLengthSignaturesAreRejectedWithoutThrowing(
            String name, String secret, String publicKey, String message, String sig) {
        VerifyingKey key = VerifyingKey.fromBytes(HEX.parseHex(publicKey));
        byte[] msg = HEX.parseHex(message);
        byte[] signature = HEX.parseHex(sig);
        assertThat(key.verify(msg, new byte[0])).isFalse();
        assertThat(key.verify(msg, Arrays.copyOf(signature, 63))).isFalse();
        assertThat(key.verify(msg, Arrays.copyOf(signature, 65))).isFalse();
        assertThat(key.verify(msg, Arrays.copyOf(signature, 128))).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rfc8032")
    void aSignatureDoesNotVerifyUnderAnotherKey(
            String name, String secret, String publicKey, String message, String sig) {
        byte[] msg = HEX.parseHex(message);
        byte[] signature = HEX.parseHex(sig);
        rfc8032()
                .map(a -> (String) a.get()[2])
                .filter(other -> !other.equals(publicKey))
                .forEach(other -> assertThat(VerifyingKey.fromBytes(HEX.parseHex(other)).verify(msg, signature))
                        .as("under %s", other)
                        .isFalse());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 31, 33, 64})
    void verifyingKeysOfTheWrongLengthAreRejected(int length) {
        assertThatThrownBy(() -> VerifyingKey.fromBytes(new byte[length])).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 31, 33, 64})
    void seedsOfTheWrongLengthAreRejected(int length) {
        assertThatThrownBy(() -> SigningKey.fromSeed(new byte[length])).isInstanceOf(IllegalArgumentException.class);
    }

    private static BigInteger littleEndian(byte[] le) {
        byte[] be = new byte[le.length];
        for (int i = 0; i < le.length; i++) {
            be[i] = le[le.length - 1 - i];
        }
        return new BigInteger(1, be);
    }

    private static byte[] toLittleEndian(BigInteger value, int length) {
        byte[] out = new byte[length];
        for (int i = 0; i < length; i++) {
            out[i] = value.shiftRight(8 * i).byteValue();
        }
        return out;
    }
}
