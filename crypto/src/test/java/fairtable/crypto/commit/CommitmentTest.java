package fairtable.crypto.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommitmentTest {
    private static final String DOMAIN = "fairtable/test/commit";
    private static final byte[] VALUE = "the ace of spades".getBytes(StandardCharsets.UTF_8);

    @Test
    void opensWithItsOwnOpening() {
        Commitment.Committed committed = Commitment.commit(DOMAIN, VALUE, new SplittableRandom(1));
        assertThat(committed.commitment().isOpenedBy(DOMAIN, committed.opening())).isTrue();
        assertThat(committed.opening().value()).isEqualTo(VALUE);
        assertThat(committed.opening().nonce()).hasSize(Commitment.NONCE_LENGTH);
    }

    @Test
    void receivedBytesOpenLikeTheOriginal() {
        Commitment.Committed committed = Commitment.commit(DOMAIN, VALUE, new SplittableRandom(2));
        Commitment received = Commitment.fromBytes(committed.commitment().toBytes());
        assertThat(received.isOpenedBy(DOMAIN, committed.opening())).isTrue();
        Commitment.Opening revealed = new Commitment.Opening(committed.opening().nonce(), committed.opening().value());
        assertThat(received.isOpenedBy(DOMAIN, revealed)).isTrue();
    }

    @Test
    void isSha256OverTheLengthPrefixedDomainNonceAndValue() {
        // The documented construction, computed independently: every field is a 4-byte big-endian length
        // followed by its bytes.
        Commitment.Committed committed = Commitment.commit(DOMAIN, VALUE, new SplittableRandom(3));
        byte[] domain = DOMAIN.getBytes(StandardCharsets.UTF_8);
        byte[] nonce = committed.opening().nonce();
        ByteBuffer framed = ByteBuffer.allocate(12 + domain.length + nonce.length + VALUE.length);
        framed.putInt(domain.length).put(domain).putInt(nonce.length).put(nonce).putInt(VALUE.length).put(VALUE);
        assertThat(committed.commitment().toBytes()).isEqualTo(sha256(framed.array()));
    }

    @Test
    void aChangedValueDoesNotOpen() {
        Commitment.Committed committed = Commitment.commit(DOMAIN, VALUE, new SplittableRandom(4));
        byte[] nonce = committed.opening().nonce();
        for (int i = 0; i < VALUE.length; i++) {
            byte[] changed = VALUE.clone();
            changed[i] ^= 1;
            assertThat(committed.commitment().isOpenedBy(DOMAIN, new Commitment.Opening(nonce, changed)))
                    .as("byte %d changed", i).isFalse();
        }
        byte[] longer = Arrays.copyOf(VALUE, VALUE.length + 1);
        assertThat(committed.commitment().isOpenedBy(DOMAIN, new Commitment.Opening(nonce, longer))).isFalse();
        assertThat(committed.commitment().isOpenedBy(DOMAIN, new Commitment.Opening(nonce, new byte[0]))).isFalse();
    }

    @Test
    void aChangedNonceDoesNotOpen() {
        Commitment.Committed committed = Commitment.commit(DOMAIN, VALUE, new SplittableRandom(5));
        for (int i = 0; i < Commitment.NONCE_LENGTH; i++) {
            byte[] nonce = committed.opening().nonce();
            nonce[i] ^= (byte) 0x80;
            assertThat(committed.commitment().isOpenedBy(DOMAIN, new Commitment.Opening(nonce, VALUE)))
                    .as("nonce byte %d changed", i).isFalse();
        }
    }

    @Test
    void anotherDomainDoesNotOpen() {
        Commitment.Committed committed = Commitment.commit(DOMAIN, VALUE, new SplittableRandom(6));
        for (String other : new String[] {"", DOMAIN + "/", "fairtable/test/commiT", "fairtable/test"}) {
            assertThat(committed.commitment().isOpenedBy(other, committed.opening())).as("domain '%s'", other)
                    .isFalse();
        }
    }

    @Test
    void theNonceMakesCommitmentsToTheSameValueDiffer() {
        SplittableRandom random = new SplittableRandom(7);
        Commitment.Committed first = Commitment.commit(DOMAIN, VALUE, random);
        Commitment.Committed second = Commitment.commit(DOMAIN, VALUE, random);
        assertThat(first.opening().nonce()).isNotEqualTo(second.opening().nonce());
        assertThat(first.commitment().toBytes()).isNotEqualTo(second.commitment().toBytes());
        // Neither opening opens the other commitment.
        assertThat(first.commitment().isOpenedBy(DOMAIN, second.opening())).isFalse();
        assertThat(second.commitment().isOpenedBy(DOMAIN, first.opening())).isFalse();
    }

    @Test
    void theNonceComesFromTheInjectedGenerator() {
        // Same seed, same nonce: nothing draws randomness of its own.
        Commitment.Committed first = Commitment.commit(DOMAIN, VALUE, new SplittableRandom(8));
        Commitment.Committed second = Commitment.commit(DOMAIN, VALUE, new SplittableRandom(8));
        assertThat(first.commitment().toBytes()).isEqualTo(second.commitment().toBytes());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 16, 31, 33, 64})
    void fromBytesRejectsWrongLengths(int length) {
        assertThatThrownBy(() -> Commitment.fromBytes(new byte[length])).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 16, 31, 33, 64})
    void openingsRejectWrongNonceLengths(int length) {
        assertThatThrownBy(() -> new Commitment.Opening(new byte[length], VALUE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void commitmentsAndOpeningsAreImmutable() {
        Commitment.Committed committed = Commitment.commit(DOMAIN, VALUE, new SplittableRandom(9));
        byte[] digest = committed.commitment().toBytes();
        digest[0] ^= 1;
        committed.opening().nonce()[0] ^= 1;
        committed.opening().value()[0] ^= 1;
        assertThat(committed.commitment().isOpenedBy(DOMAIN, committed.opening())).isTrue();

        byte[] received = committed.commitment().toBytes();
        Commitment fromReceived = Commitment.fromBytes(received);
        received[0] ^= 1;
        assertThat(fromReceived.isOpenedBy(DOMAIN, committed.opening())).isTrue();

        byte[] nonce = committed.opening().nonce();
        byte[] value = committed.opening().value();
        Commitment.Opening opening = new Commitment.Opening(nonce, value);
        nonce[0] ^= 1;
        value[0] ^= 1;
        assertThat(committed.commitment().isOpenedBy(DOMAIN, opening)).isTrue();
    }

    private static byte[] sha256(byte[] input) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
