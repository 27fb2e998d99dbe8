package fairtable.crypto.sign;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The memory of valid signatures changes no verdict: a signature found valid is valid again, and nothing near it
 * (another message, key or signature, or a forgery checked before the real one) passes because of it.
 */
class VerifiedSignaturesTest {
    private static SigningKey key(long seed) {
        byte[] bytes = new byte[32];
        new SplittableRandom(seed).nextBytes(bytes);
        return SigningKey.fromSeed(bytes);
    }

    @Test
    void aRememberedSignatureVouchesForItsOwnKeyMessageAndSignatureOnly() {
        SigningKey alice = key(1);
        SigningKey bob = key(2);
        byte[] message = "bet 20".getBytes(StandardCharsets.UTF_8);
        byte[] signature = alice.sign(message);
        assertThat(alice.verifyingKey().verify(message, signature)).isTrue();
        assertThat(alice.verifyingKey().verify(message, signature)).as("again, from memory").isTrue();

        assertThat(bob.verifyingKey().verify(message, signature)).as("another key").isFalse();
        assertThat(alice.verifyingKey().verify("bet 2000".getBytes(StandardCharsets.UTF_8), signature))
                .as("another message").isFalse();
        for (int bit = 0; bit < 512; bit += 37) {
            byte[] flipped = signature.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThat(alice.verifyingKey().verify(message, flipped)).as("signature bit %d flipped", bit).isFalse();
        }
    }

    @Test
    void aFailureIsNeverRemembered() {
        SigningKey carol = key(3);
        byte[] message = "fold".getBytes(StandardCharsets.UTF_8);
        byte[] forged = new byte[64];
        assertThat(carol.verifyingKey().verify(message, forged)).isFalse();
        assertThat(carol.verifyingKey().verify(message, forged)).isFalse();
        assertThat(VerifyingKey.VERIFIED.contains(VerifiedSignatures.digest(carol.verifyingKey().toBytes(), message,
                forged))).isFalse();
        // The genuine signature still verifies after the forgery was refused, and is then remembered.
        byte[] genuine = carol.sign(message);
        assertThat(carol.verifyingKey().verify(message, genuine)).isTrue();
        assertThat(VerifyingKey.VERIFIED.contains(VerifiedSignatures.digest(carol.verifyingKey().toBytes(), message,
                genuine))).isTrue();
    }

    @Test
    void theMemoryKeepsAtMostItsCapacityForgettingTheOldestFirst() {
        VerifiedSignatures memory = new VerifiedSignatures();
        byte[] key = new byte[32];
        byte[] signature = new byte[64];
        for (int i = 0; i <= VerifiedSignatures.CAPACITY; i++) {
            memory.add(VerifiedSignatures.digest(key, Integer.toString(i).getBytes(StandardCharsets.UTF_8), signature));
        }
        assertThat(memory.size()).isEqualTo(VerifiedSignatures.CAPACITY);
        assertThat(memory.contains(VerifiedSignatures.digest(key, "0".getBytes(StandardCharsets.UTF_8), signature)))
                .isFalse();
        assertThat(memory.contains(VerifiedSignatures.digest(key, "1".getBytes(StandardCharsets.UTF_8), signature)))
                .isTrue();
    }
}
