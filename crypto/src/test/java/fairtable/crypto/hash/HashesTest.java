package fairtable.crypto.hash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HashesTest {
    private static final String DOMAIN = "fairtable/test/hash";

    @Test
    void newSha256IsPlainSha256() {
        // The FIPS 180-2 example SHA-256("abc"): the streaming instance adds no framing.
        MessageDigest md = Hashes.newSha256();
        md.update("abc".getBytes(StandardCharsets.US_ASCII));
        assertThat(HexFormat.of().formatHex(md.digest()))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    @Test
    void partsAreLengthPrefixedSoBoundariesMatter() {
        assertThat(Hashes.sha256(DOMAIN, bytes("ab"), bytes("c")))
                .isNotEqualTo(Hashes.sha256(DOMAIN, bytes("a"), bytes("bc")));
        assertThat(Hashes.sha256(DOMAIN, bytes("abc")))
                .isNotEqualTo(Hashes.sha256(DOMAIN, bytes("ab"), bytes("c")));
        assertThat(Hashes.sha512(DOMAIN, bytes("ab"), bytes("c")))
                .isNotEqualTo(Hashes.sha512(DOMAIN, bytes("a"), bytes("bc")));
        // No part, one empty part and two empty parts are three different inputs.
        assertThat(Hashes.sha256(DOMAIN)).isNotEqualTo(Hashes.sha256(DOMAIN, new byte[0]));
        assertThat(Hashes.sha256(DOMAIN, new byte[0])).isNotEqualTo(Hashes.sha256(DOMAIN, new byte[0], new byte[0]));
    }

    @Test
    void theDomainIsFramedApartFromTheParts() {
        assertThat(Hashes.sha256("ab", bytes("c"))).isNotEqualTo(Hashes.sha256("a", bytes("bc")));
        assertThat(Hashes.sha256("abc")).isNotEqualTo(Hashes.sha256("ab", bytes("c")));
        assertThat(Hashes.sha256(DOMAIN, bytes("x"))).isNotEqualTo(Hashes.sha256(DOMAIN + "/other", bytes("x")));
    }

    @Test
    void theFramingIsAFourByteBigEndianLengthBeforeEachField() {
        // Computed independently of Hashes: SHA-256(len(domain) || domain || len(p1) || p1 || len(p2) || p2).
        byte[] domain = DOMAIN.getBytes(StandardCharsets.UTF_8);
        byte[] first = new byte[300];
        Arrays.fill(first, (byte) 7);
        byte[] second = bytes("é"); // two UTF-8 bytes
        ByteBuffer framed = ByteBuffer.allocate(12 + domain.length + first.length + second.length);
        framed.putInt(domain.length).put(domain).putInt(first.length).put(first).putInt(second.length).put(second);
        assertThat(Hashes.sha256(DOMAIN, first, second)).isEqualTo(digest("SHA-256", framed.array()));
        assertThat(Hashes.sha512(DOMAIN, first, second)).isEqualTo(digest("SHA-512", framed.array()));
    }

    @Test
    void theDomainIsEncodedAsUtf8() {
        String domain = "fairtable/ü";
        byte[] utf8 = domain.getBytes(StandardCharsets.UTF_8);
        ByteBuffer framed = ByteBuffer.allocate(4 + utf8.length).putInt(utf8.length).put(utf8);
        assertThat(Hashes.sha256(domain)).isEqualTo(digest("SHA-256", framed.array()));
    }

    @Test
    void int32IsBigEndian() {
        assertThat(Hashes.int32(0x01020304)).containsExactly(1, 2, 3, 4);
        assertThat(Hashes.int32(-1)).containsExactly(0xFF, 0xFF, 0xFF, 0xFF);
        assertThat(Hashes.int32(256)).containsExactly(0, 0, 1, 0);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 32, 63, 64, 65, 128, 200, 1000})
    void expandReturnsTheRequestedLength(int length) {
        assertThat(Hashes.expand(DOMAIN, length, bytes("seed"))).hasSize(length);
    }

    @Test
    void expandIsDeterministic() {
        assertThat(Hashes.expand(DOMAIN, 200, bytes("seed"), bytes("x")))
                .isEqualTo(Hashes.expand(DOMAIN, 200, bytes("seed"), bytes("x")));
    }

    @Test
    void expandIsPrefixConsistent() {
        // Counter mode: block i depends only on the inputs and i, so a shorter output is a prefix of a longer.
        byte[] longest = Hashes.expand(DOMAIN, 500, bytes("seed"));
        for (int length : new int[] {1, 63, 64, 65, 128, 129, 499}) {
            assertThat(Hashes.expand(DOMAIN, length, bytes("seed"))).isEqualTo(Arrays.copyOf(longest, length));
        }
    }

    @Test
    void expandDependsOnDomainAndParts() {
        byte[] base = Hashes.expand(DOMAIN, 96, bytes("seed"));
        assertThat(Hashes.expand(DOMAIN + "2", 96, bytes("seed"))).isNotEqualTo(base);
        assertThat(Hashes.expand(DOMAIN, 96, bytes("seeD"))).isNotEqualTo(base);
        assertThat(Hashes.expand(DOMAIN, 96, bytes("se"), bytes("ed"))).isNotEqualTo(base);
        // The second 64-byte block differs too, not only the first.
        assertThat(Arrays.copyOfRange(Hashes.expand(DOMAIN + "2", 128, bytes("seed")), 64, 128))
                .isNotEqualTo(Arrays.copyOfRange(Hashes.expand(DOMAIN, 128, bytes("seed")), 64, 128));
    }

    @Test
    void expandBlocksAreDistinctAndNotThePlainHash() {
        byte[] out = Hashes.expand(DOMAIN, 256, bytes("seed"));
        for (int i = 0; i < 4; i++) {
            for (int j = i + 1; j < 4; j++) {
                assertThat(Arrays.copyOfRange(out, 64 * i, 64 * i + 64))
                        .isNotEqualTo(Arrays.copyOfRange(out, 64 * j, 64 * j + 64));
            }
        }
        assertThat(Arrays.copyOf(out, 64)).isNotEqualTo(Hashes.sha512(DOMAIN, bytes("seed")));
    }

    @Test
    void expandOutputLooksUniform() {
        // 64 KiB of output: each byte value should appear about 256 times. Chi-square with 255 degrees of
        // freedom; 330.5 is the critical value at p = 0.001.
        byte[] out = Hashes.expand(DOMAIN, 65_536, bytes("uniformity"));
        long[] counts = new long[256];
        for (byte b : out) {
            counts[b & 0xFF]++;
        }
        double expected = out.length / 256.0;
        double chiSquare = 0;
        for (long c : counts) {
            chiSquare += (c - expected) * (c - expected) / expected;
        }
        assertThat(chiSquare).isLessThan(330.5);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] digest(String algorithm, byte[] input) {
        try {
            return MessageDigest.getInstance(algorithm).digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
