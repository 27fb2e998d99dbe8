package fairtable.crypto.sign;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Key generation, restoration from the seed, and the fingerprint format. */
class KeyHandlingTest {
    private static final HexFormat HEX = HexFormat.of();
    /** RFC 8032 section 7.1 TEST 1. */
    private static final String SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    private static final String PUBLIC = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";

    @Test
    void aGeneratedKeyIsRestoredExactlyFromItsSeed() throws NoSuchAlgorithmException {
        // A seeded DRBG, so the test is repeatable; the API insists on a SecureRandom.
        SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
        random.setSeed(42L);
        SigningKey key = SigningKey.generate(random);
        assertThat(key.seed()).hasSize(32);
        SigningKey restored = SigningKey.fromSeed(key.seed());
        assertThat(restored.verifyingKey()).isEqualTo(key.verifyingKey());
        byte[] message = "restored".getBytes(StandardCharsets.UTF_8);
        // Ed25519 signatures are deterministic: same key, same message, same signature.
        assertThat(restored.sign(message)).isEqualTo(key.sign(message));
        assertThat(key.verifyingKey().verify(message, restored.sign(message))).isTrue();
        assertThat(SigningKey.generate(random).verifyingKey()).isNotEqualTo(key.verifyingKey());
    }

    @Test
    void seedsAndKeysAreCopiedNotShared() {
        byte[] seed = HEX.parseHex(SEED);
        SigningKey key = SigningKey.fromSeed(seed);
        seed[0] ^= 1;
        key.seed()[1] ^= 1;
        key.verifyingKey().toBytes()[0] ^= 1;
        assertThat(HEX.formatHex(key.seed())).isEqualTo(SEED);
        assertThat(HEX.formatHex(key.verifyingKey().toBytes())).isEqualTo(PUBLIC);
    }

    @Test
    void fingerprintIsTheFirstTenBytesOfTheDomainSeparatedHashInGroupsOfFour() throws NoSuchAlgorithmException {
        byte[] publicKey = HEX.parseHex(PUBLIC);
        byte[] domain = "fairtable/fingerprint/v1".getBytes(StandardCharsets.UTF_8);
        ByteBuffer framed = ByteBuffer.allocate(8 + domain.length + 32);
        framed.putInt(domain.length).put(domain).putInt(32).put(publicKey);
        String hex = HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(framed.array())).substring(0, 20);
        String expected = String.join("-", hex.substring(0, 4), hex.substring(4, 8), hex.substring(8, 12),
                hex.substring(12, 16), hex.substring(16, 20));
        VerifyingKey key = VerifyingKey.fromBytes(publicKey);
        assertThat(key.fingerprint()).isEqualTo(expected).matches("[0-9a-f]{4}(-[0-9a-f]{4}){4}");
        assertThat(key.toString()).isEqualTo("Ed25519:" + expected);
    }

    @Test
    void equalKeysHaveEqualHashCodes() {
        VerifyingKey a = VerifyingKey.fromBytes(HEX.parseHex(PUBLIC));
        VerifyingKey b = SigningKey.fromSeed(HEX.parseHex(SEED)).verifyingKey();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a.fingerprint()).isEqualTo(b.fingerprint());
    }
}
