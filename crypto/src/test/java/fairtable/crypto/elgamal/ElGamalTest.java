package fairtable.crypto.elgamal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class ElGamalTest {
    private static final HexFormat HEX = HexFormat.of();

    static ProofContext context(String session, String prover) {
        return ProofContext.of(session.getBytes(StandardCharsets.UTF_8), new byte[32], prover.getBytes(StandardCharsets.UTF_8));
    }

    private static RistrettoPoint card(int j) {
        return Points.hashToGroup("fairtable/test/card", new byte[] {(byte) j});
    }

    private static List<KeyPair> players(int n, SplittableRandom rng) {
        List<KeyPair> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            keys.add(KeyPair.generate(rng));
        }
        return keys;
    }

    private static JointKey joint(List<KeyPair> keys) {
        return JointKey.of(keys.stream().map(KeyPair::publicKey).toList());
    }

    @Test
    void publicKeysOfSmallSecretsAreTheRfc9496Multiples() throws MalformedEncodingException {
        // RFC 9496 appendix A.1: encodings of B and 2B.
        byte[] one = new byte[32];
        one[0] = 1;
        byte[] two = new byte[32];
        two[0] = 2;
        assertThat(HEX.formatHex(KeyPair.fromSecretKeyBytes(one).publicKey().encode()))
                .isEqualTo("e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76");
        assertThat(HEX.formatHex(KeyPair.fromSecretKeyBytes(two).publicKey().encode()))
                .isEqualTo("6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919");
        assertThatThrownBy(() -> KeyPair.fromSecretKeyBytes(new byte[32])).isInstanceOf(MalformedEncodingException.class);
    }

    @RepeatedTest(3)
    void allSharesRecoverTheCardAfterReRandomisation(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(info.getCurrentRepetition());
        List<KeyPair> keys = players(3, rng);
        JointKey key = joint(keys);
        Ciphertext c = Ciphertext.mask(key, card(7), rng).rerandomize(key, rng).rerandomize(key, rng);
        List<DecryptionShare> shares = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ProofContext ctx = context("s", "player-" + i);
            DecryptionShare share = keys.get(i).decryptionShare(c, ctx, rng);
            assertThat(share.verify(keys.get(i).publicKey(), c, ctx)).isTrue();
            shares.add(share);
        }
        assertThat(c.decrypt(shares)).isEqualTo(card(7));
        assertThat(c.decrypt(shares.subList(0, 2))).isNotEqualTo(card(7));
        // Private dealing: player 2 combines the others' shares with its own secret.
        assertThat(keys.get(2).decrypt(c, shares.subList(0, 2))).isEqualTo(card(7));
    }

    @Test
    void aShareMadeWithAWrongKeyIsRejected() {
        SplittableRandom rng = new SplittableRandom(5);
        List<KeyPair> keys = players(2, rng);
        JointKey key = joint(keys);
        Ciphertext c = Ciphertext.mask(key, card(1), rng);
        ProofContext ctx = context("s", "player-0");
        KeyPair impostor = KeyPair.generate(rng);
        DecryptionShare forged = impostor.decryptionShare(c, ctx, rng);
        assertThat(forged.verify(impostor.publicKey(), c, ctx)).isTrue();
        assertThat(forged.verify(keys.get(0).publicKey(), c, ctx)).isFalse();
        DecryptionShare other = keys.get(1).decryptionShare(c, ctx, rng);
        assertThat(other.verify(keys.get(0).publicKey(), c, ctx)).isFalse();
    }

    @Test
    void aShareIsBoundToItsCiphertextSessionAndProver() {
        SplittableRandom rng = new SplittableRandom(6);
        List<KeyPair> keys = players(2, rng);
        JointKey key = joint(keys);
        Ciphertext c = Ciphertext.mask(key, card(1), rng);
        Ciphertext d = Ciphertext.mask(key, card(2), rng);
        ProofContext ctx = context("s", "player-0");
        DecryptionShare share = keys.get(0).decryptionShare(c, ctx, rng);
        PublicKey owner = keys.get(0).publicKey();
        assertThat(share.verify(owner, c, ctx)).isTrue();
        assertThat(share.verify(owner, d, ctx)).isFalse();
        assertThat(share.verify(owner, c, context("other-session", "player-0"))).isFalse();
        assertThat(share.verify(owner, c, context("s", "player-1"))).isFalse();
    }

    @Test
    void anUnmaskedCiphertextGetsNoShare() {
        SplittableRandom rng = new SplittableRandom(7);
        KeyPair k = KeyPair.generate(rng);
        assertThatThrownBy(() -> k.decryptionShare(Ciphertext.unmasked(card(0)), context("s", "p"), rng))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void keyKnowledgeProofsAreBoundToKeyAndContext() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(8);
        List<KeyPair> keys = players(2, rng);
        ProofContext ctx = context("s", "player-0");
        SchnorrProof proof = keys.get(0).proveKnowledge(ctx, rng);
        assertThat(keys.get(0).publicKey().verifyKnowledge(proof, ctx)).isTrue();
        assertThat(keys.get(1).publicKey().verifyKnowledge(proof, ctx)).isFalse();
        assertThat(keys.get(0).publicKey().verifyKnowledge(proof, context("s2", "player-0"))).isFalse();
        assertThat(keys.get(0).publicKey().verifyKnowledge(SchnorrProof.decode(proof.encode()), ctx)).isTrue();
    }

    @Test
    void encodingsRoundTrip() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(9);
        List<KeyPair> keys = players(2, rng);
        JointKey key = joint(keys);
        Ciphertext c = Ciphertext.mask(key, card(3), rng);
        assertThat(Ciphertext.decode(c.encode())).isEqualTo(c);
        assertThat(Ciphertext.decode(c.encode()).c1()).isEqualTo(c.c1());
        assertThat(PublicKey.decode(keys.get(0).publicKey().encode())).isEqualTo(keys.get(0).publicKey());
        KeyPair restored = KeyPair.fromSecretKeyBytes(keys.get(0).secretKeyBytes());
        assertThat(restored.publicKey()).isEqualTo(keys.get(0).publicKey());
        ProofContext ctx = context("s", "p");
        DecryptionShare share = keys.get(0).decryptionShare(c, ctx, rng);
        byte[] bytes = share.encode();
        assertThat(bytes).hasSize(DecryptionShare.ENCODED_LENGTH);
        DecryptionShare decoded = DecryptionShare.decode(bytes);
        assertThat(decoded.encode()).isEqualTo(bytes);
        assertThat(decoded.verify(keys.get(0).publicKey(), c, ctx)).isTrue();
        List<Ciphertext> list = List.of(c, Ciphertext.unmasked(card(4)));
        assertThat(Ciphertext.decodeList(Ciphertext.encodeList(list))).isEqualTo(list);
    }

    @Test
    void everyTamperedShareByteIsRejected() {
        SplittableRandom rng = new SplittableRandom(10);
        KeyPair k = KeyPair.generate(rng);
        JointKey key = JointKey.of(List.of(k.publicKey()));
        Ciphertext c = Ciphertext.mask(key, card(3), rng);
        ProofContext ctx = context("s", "p");
        byte[] bytes = k.decryptionShare(c, ctx, rng).encode();
        for (int pos = 0; pos < bytes.length; pos++) {
            for (int bit = 0; bit < 8; bit += 3) {
                byte[] tampered = bytes.clone();
                tampered[pos] ^= (byte) (1 << bit);
                boolean accepted;
                try {
                    accepted = DecryptionShare.decode(tampered).verify(k.publicKey(), c, ctx);
                } catch (MalformedEncodingException e) {
                    accepted = false;
                }
                assertThat(accepted).as("byte %d bit %d", pos, bit).isFalse();
            }
        }
    }

    @Test
    void malformedEncodingsAreRejected() {
        byte[] identity = new byte[32];
        assertThatThrownBy(() -> PublicKey.decode(identity)).isInstanceOf(MalformedEncodingException.class)
                .hasMessageContaining("identity");
        assertThatThrownBy(() -> PublicKey.decode(new byte[31])).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> Ciphertext.decode(new byte[63])).isInstanceOf(MalformedEncodingException.class);
        byte[] nonCanonical = new byte[64];
        nonCanonical[0] = 1; // 1 is odd, a "negative" field element: never a canonical encoding
        assertThatThrownBy(() -> Ciphertext.decode(nonCanonical)).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> Ciphertext.decodeList(new byte[] {0, 0, 0, 0})).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> Ciphertext.decodeList(new byte[] {0, 0, 0, 2, 0})).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> Ciphertext.decodeList(new byte[] {0, 0})).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> DecryptionShare.decode(new byte[96])).isInstanceOf(MalformedEncodingException.class);
    }

    @Test
    void jointKeyIsTheSumAndRejectsRepeatsAndEmptiness() {
        SplittableRandom rng = new SplittableRandom(11);
        List<KeyPair> keys = players(3, rng);
        RistrettoPoint sum = keys.get(0).publicKey().element().add(keys.get(1).publicKey().element())
                .add(keys.get(2).publicKey().element());
        assertThat(joint(keys).element()).isEqualTo(sum);
        PublicKey a = keys.get(0).publicKey();
        assertThatThrownBy(() -> JointKey.of(List.of(a, a))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> JointKey.of(List.of())).isInstanceOf(IllegalArgumentException.class);
        Ciphertext c = Ciphertext.mask(joint(keys), card(0), rng);
        assertThat(c.c1()).isNotEqualTo(RistrettoPoint.IDENTITY);
        assertThat(c.c1()).isNotEqualTo(RistrettoPoint.GENERATOR);
    }
}
