package fairtable.crypto.shuffle;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.elgamal.PublicKey;
import fairtable.crypto.proof.ChaumPedersenProof;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.SchnorrProof;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Points;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/** Decoders see arbitrary bytes from peers: they either decode or throw MalformedEncodingException, nothing else. */
class RandomBytesDecodingTest {
    interface Decoder {
        Object decode(byte[] bytes) throws MalformedEncodingException;
    }

    private static final List<Decoder> DECODERS = List.of(
            PublicKey::decode, Ciphertext::decode, Ciphertext::decodeList, DecryptionShare::decode,
            SchnorrProof::decode, ChaumPedersenProof::decode, ShuffleProof::decode, KeyPair::fromSecretKeyBytes);

    private static final int[] INTERESTING_LENGTHS = {0, 1, 3, 4, 31, 32, 33, 63, 64, 65, 68, 95, 96, 97, 132, 4 + 32 * 14, 4 + 32 * 19};

    private static List<byte[]> validEncodings(SplittableRandom rng) {
        KeyPair k = KeyPair.generate(rng);
        JointKey key = JointKey.of(List.of(k.publicKey()));
        ProofContext ctx = ProofContext.of(new byte[] {1}, new byte[0], new byte[] {2});
        List<Ciphertext> deck = List.of(Ciphertext.mask(key, Points.hashToGroup("c", new byte[] {0}), rng),
                Ciphertext.mask(key, Points.hashToGroup("c", new byte[] {1}), rng));
        ShuffledDeck s = VerifiableShuffle.shuffle(key, deck, Permutation.random(2, rng), ctx, rng);
        return List.of(k.publicKey().encode(), deck.get(0).encode(), Ciphertext.encodeList(deck),
                k.decryptionShare(deck.get(0), ctx, rng).encode(), k.proveKnowledge(ctx, rng).encode(),
                s.proof().encode(), k.secretKeyBytes());
    }

    @RepeatedTest(5)
    void randomAndMutatedBytesOnlyEverYieldTheCheckedException(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(info.getCurrentRepetition());
        List<byte[]> valid = validEncodings(rng);
        int decoded = 0;
        for (int trial = 0; trial < 400; trial++) {
            byte[] bytes;
            if (rng.nextInt(3) == 0) {
                byte[] v = valid.get(rng.nextInt(valid.size()));
                bytes = Arrays.copyOf(v, rng.nextInt(4) == 0 ? rng.nextInt(v.length + 40) : v.length);
                if (bytes.length > 0) {
                    bytes[rng.nextInt(bytes.length)] ^= (byte) (1 << rng.nextInt(8));
                }
            } else {
                int length = rng.nextBoolean() ? INTERESTING_LENGTHS[rng.nextInt(INTERESTING_LENGTHS.length)] : rng.nextInt(700);
                bytes = new byte[length];
                rng.nextBytes(bytes);
            }
            if (bytes.length >= 4 && rng.nextInt(4) == 0) {
                // a plausible small count prefix, so list and proof decoders get past the first check
                bytes[0] = 0;
                bytes[1] = 0;
                bytes[2] = 0;
                bytes[3] = (byte) (1 + rng.nextInt(3));
            }
            for (Decoder d : DECODERS) {
                try {
                    d.decode(bytes);
                    decoded++;
                } catch (MalformedEncodingException expected) {
                    assertThat(expected.getMessage()).isNotBlank();
                }
            }
        }
        assertThat(decoded).isGreaterThan(0);
    }
}
