package fairtable.crypto.seal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.ristretto.MalformedEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class SealTest {
    private static final byte[] SESSION = "session-0123456789".getBytes(StandardCharsets.UTF_8);
    private static final SealContext CONTEXT = SealContext.of(SESSION, "permutation/step 7/forward");

    private final SplittableRandom random = new SplittableRandom(2026);
    private final SealingKey alice = SealingKey.generate(random);
    private final SealingKey bob = SealingKey.generate(random);
    private final SealingKey carol = SealingKey.generate(random);

    private static boolean opens(SealingKey recipient, byte[] boxBytes, SealingPublicKey sender, SealContext context) {
        try {
            recipient.open(Sealed.fromBytes(boxBytes), sender, context);
            return true;
        } catch (MalformedEncodingException | SealOpeningException e) {
            return false;
        }
    }

    @RepeatedTest(5)
    void theRecipientOpensWhatWasSealedToIt(RepetitionInfo info) throws Exception {
        SplittableRandom r = new SplittableRandom(info.getCurrentRepetition());
        byte[] plaintext = new byte[r.nextInt(0, 300)];
        r.nextBytes(plaintext);
        Sealed box = alice.seal(bob.publicKey(), plaintext, CONTEXT, r);
        assertThat(box.toBytes()).hasSize(plaintext.length + Sealed.OVERHEAD);
        assertThat(box.plaintextLength()).isEqualTo(plaintext.length);
        Sealed read = Sealed.fromBytes(box.toBytes());
        assertThat(read).isEqualTo(box);
        assertThat(bob.open(read, alice.publicKey(), CONTEXT)).isEqualTo(plaintext);
    }

    @Test
    void twoSealsOfTheSameMessageDifferAndHideIt() throws Exception {
        byte[] plaintext = "the seven of hearts, position 12".getBytes(StandardCharsets.UTF_8);
        byte[] first = alice.seal(bob.publicKey(), plaintext, CONTEXT, random).toBytes();
        byte[] second = alice.seal(bob.publicKey(), plaintext, CONTEXT, random).toBytes();
        assertThat(first).isNotEqualTo(second);
        assertThat(indexOf(first, Arrays.copyOf(plaintext, 8))).isEqualTo(-1);
        assertThat(bob.open(Sealed.fromBytes(second), alice.publicKey(), CONTEXT)).isEqualTo(plaintext);
    }

    @Test
    void everySingleBitFlipOfTheBoxIsRefused() throws Exception {
        byte[] box = alice.seal(bob.publicKey(), "a secret hop value".getBytes(StandardCharsets.UTF_8), CONTEXT, random).toBytes();
        assertThat(opens(bob, box, alice.publicKey(), CONTEXT)).isTrue();
        for (int bit = 0; bit < box.length * 8; bit++) {
            byte[] flipped = box.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThat(opens(bob, flipped, alice.publicKey(), CONTEXT)).as("bit %d (%s)", bit,
                    bit < 256 ? "ephemeral key" : "ciphertext or tag").isFalse();
        }
    }

    @Test
    void everySingleBitFlipOfTheContextIsRefused() throws Exception {
        byte[] label = "permutation/step 7/forward".getBytes(StandardCharsets.UTF_8);
        byte[] box = alice.seal(bob.publicKey(), new byte[] {0, 0, 0, 9}, SealContext.of(SESSION, label), random).toBytes();
        for (int bit = 0; bit < SESSION.length * 8; bit++) {
            byte[] session = SESSION.clone();
            session[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThat(opens(bob, box, alice.publicKey(), SealContext.of(session, label))).as("session bit %d", bit).isFalse();
        }
        for (int bit = 0; bit < label.length * 8; bit++) {
            byte[] changed = label.clone();
            changed[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThat(opens(bob, box, alice.publicKey(), SealContext.of(SESSION, changed))).as("label bit %d", bit).isFalse();
        }
        assertThat(opens(bob, box, alice.publicKey(), SealContext.of(SESSION, Arrays.copyOf(label, label.length + 1))))
                .as("a longer label").isFalse();
        assertThat(opens(bob, box, alice.publicKey(), SealContext.of(SESSION, label))).isTrue();
    }

    @Test
    void onlyTheRecipientOpensAndOnlyForItsSender() throws Exception {
        byte[] box = alice.seal(bob.publicKey(), new byte[] {1, 2, 3}, CONTEXT, random).toBytes();
        assertThat(opens(carol, box, alice.publicKey(), CONTEXT)).as("another recipient").isFalse();
        assertThat(opens(alice, box, alice.publicKey(), CONTEXT)).as("the sender itself").isFalse();
        assertThat(opens(bob, box, carol.publicKey(), CONTEXT)).as("passed off as carol's").isFalse();
        SealingKey revealed = SealingKey.fromSecretKeyBytes(bob.secretKeyBytes());
        assertThat(revealed.publicKey()).isEqualTo(bob.publicKey());
        assertThat(opens(revealed, box, alice.publicKey(), CONTEXT)).as("bob's secret key, revealed").isTrue();
    }

    @Test
    void theIdentityAndNonCanonicalEncodingsAreRefused() throws Exception {
        byte[] identity = new byte[32];
        assertThatThrownBy(() -> SealingPublicKey.fromBytes(identity)).isInstanceOf(MalformedEncodingException.class)
                .hasMessageContaining("identity");
        byte[] box = alice.seal(bob.publicKey(), new byte[] {7}, CONTEXT, random).toBytes();
        byte[] withIdentity = box.clone();
        Arrays.fill(withIdentity, 0, 32, (byte) 0);
        assertThatThrownBy(() -> Sealed.fromBytes(withIdentity)).isInstanceOf(MalformedEncodingException.class);
        // RFC 9496 test vectors of non-canonical field encodings: 2^255 - 19 (the field prime) and a negative one.
        byte[] prime = java.util.HexFormat.of().parseHex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
        byte[] negative = java.util.HexFormat.of().parseHex("0100000000000000000000000000000000000000000000000000000000000000");
        for (byte[] bad : new byte[][] {prime, negative}) {
            assertThatThrownBy(() -> SealingPublicKey.fromBytes(bad)).isInstanceOf(MalformedEncodingException.class);
            byte[] badBox = box.clone();
            System.arraycopy(bad, 0, badBox, 0, 32);
            assertThatThrownBy(() -> Sealed.fromBytes(badBox)).isInstanceOf(MalformedEncodingException.class);
        }
        assertThatThrownBy(() -> SealingPublicKey.fromBytes(new byte[31])).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> Sealed.fromBytes(Arrays.copyOf(box, Sealed.OVERHEAD - 1)))
                .isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> SealingKey.fromSecretKeyBytes(new byte[32])).isInstanceOf(MalformedEncodingException.class);
        byte[] unreduced = new byte[32];
        Arrays.fill(unreduced, (byte) 0xff);
        assertThatThrownBy(() -> SealingKey.fromSecretKeyBytes(unreduced)).isInstanceOf(MalformedEncodingException.class);
        assertThat(SealingPublicKey.fromBytes(bob.publicKey().toBytes())).isEqualTo(bob.publicKey());
    }

    @Test
    void aBoxCutOrExtendedDoesNotOpen() throws Exception {
        byte[] box = alice.seal(bob.publicKey(), new byte[20], CONTEXT, random).toBytes();
        assertThat(opens(bob, Arrays.copyOf(box, box.length - 1), alice.publicKey(), CONTEXT)).isFalse();
        assertThat(opens(bob, Arrays.copyOf(box, box.length + 1), alice.publicKey(), CONTEXT)).isFalse();
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }
}
