package fairtable.crypto.shuffle;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.elgamal.PublicKey;
import fairtable.crypto.proof.DocumentedTranscript;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.Transcript;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.MultiScalar;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import fairtable.crypto.shuffle.VerifiableShuffleTest.Table;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shuffle argument's challenges are bound to the joint key, the input deck and the output deck.
 *
 * <p>VerifiableShuffleTest changes each of them after proving and sees verification fail; that alone would
 * pass even if the transcript stopped hashing one, because the verifier also uses it in its equations. Here a
 * weak-Fiat–Shamir forger takes the challenges from the code's own transcript functions and then changes that
 * element so that every verification equation still holds, making a proof of a false shuffle: only the hashing
 * of the element makes verify reject it. The last test recomputes u_1..u_N and e from the documented transcript
 * with {@link DocumentedTranscript} and checks every verification equation separately with them.
 */
class ShuffleFiatShamirTest {
    private static final ProofContext ALICE = VerifiableShuffleTest.context("session-1", "alice");
    private static final RistrettoPoint G = RistrettoPoint.GENERATOR;

    /** An honest claim: output i = input[pi(i)] re-randomised under {@code outputKey} with r[pi(i)]. */
    private record Claim(List<Ciphertext> output, Permutation pi, Scalar[] reencryption) {
        static Claim of(List<Ciphertext> input, JointKey outputKey, SplittableRandom rng) {
            int n = input.size();
            Permutation pi = Permutation.random(n, rng);
            Scalar[] r = new Scalar[n];
            for (int j = 0; j < n; j++) {
                r[j] = Scalars.random(rng);
            }
            List<Ciphertext> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                out.add(input.get(pi.sourceOf(i)).rerandomize(outputKey, r[pi.sourceOf(i)]));
            }
            return new Claim(out, pi, r);
        }
    }

    /** u_1..u_N and e exactly as the code derives them, from the statement given and the proof's commitments. */
    private record Challenges(Scalar[] u, Scalar e) {
        static Challenges ofCode(JointKey key, List<Ciphertext> input, List<Ciphertext> output, ShuffleProof proof) {
            int n = proof.size();
            Transcript t = new Transcript(VerifiableShuffle.DOMAIN, ALICE);
            VerifiableShuffle.appendStatement(t, key, input, output, n);
            VerifiableShuffle.appendPoints(t, "permutation-commitments", points(proof, 0, n));
            Scalar[] u = t.challenges("u", n);
            Scalar e = VerifiableShuffle.finalChallenge(t, points(proof, n, n), points(proof, 2 * n, 5),
                    points(proof, 2 * n + 5, n));
            return new Challenges(u, e);
        }
    }

    private static byte[][] points(ShuffleProof proof, int first, int count) {
        byte[][] out = new byte[count][];
        for (int k = 0; k < count; k++) {
            out[k] = proof.pointEncoding(first + k);
        }
        return out;
    }

    private static Ciphertext withC2(Ciphertext c, RistrettoPoint c2) throws MalformedEncodingException {
        byte[] bytes = c.encode();
        System.arraycopy(Points.encode(c2), 0, bytes, 32, 32);
        return Ciphertext.decode(bytes);
    }

    private static RistrettoPoint weightedSum(Scalar[] weights, List<Ciphertext> deck, boolean secondPart) {
        RistrettoPoint[] p = new RistrettoPoint[deck.size()];
        for (int i = 0; i < p.length; i++) {
            p[i] = secondPart ? deck.get(i).c2() : deck.get(i).c1();
        }
        return MultiScalar.vartime(weights, p);
    }

    /** Cards 0..n-1 as the test table masks them; a forged card must be none of these. */
    private static List<RistrettoPoint> cards(int n) {
        List<RistrettoPoint> out = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            out.add(VerifiableShuffleTest.card(j));
        }
        return out;
    }

    /**
     * The verifier sees the output only through sum sPrime_i*c'_i (and the transcript): adding D to output 0 and
     * -(sPrime_0/sPrime_1)*D to output 1 keeps that sum, and turns output 0 into a card that is not in the deck.
     */
    @RepeatedTest(2)
    void aForgerWhoChangesTheOutputDeckAfterProvingIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(31 + info.getCurrentRepetition());
        Table table = Table.of(2, 5, rng);
        ShuffledDeck honest = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(5, rng), ALICE, rng);
        Scalar[] sPrime = honest.proof().sPrime;
        RistrettoPoint d = Points.hashToGroup("test/forged-difference", new byte[] {(byte) info.getCurrentRepetition()});
        List<Ciphertext> forged = new ArrayList<>(honest.deck());
        forged.set(0, withC2(forged.get(0), forged.get(0).c2().add(d)));
        Scalar ratio = sPrime[0].multiply(Scalars.invertVartime(sPrime[1]));
        forged.set(1, withC2(forged.get(1), forged.get(1).c2().subtract(d.multiply(ratio))));

        assertThat(weightedSum(sPrime, forged, true)).as("the forger's algebra")
                .isEqualTo(weightedSum(sPrime, honest.deck(), true));
        assertThat(cards(5)).as("a false shuffle").doesNotContain(table.open(forged.get(0), rng));
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), forged, honest.proof(), ALICE, rng)).isFalse();
    }

    /**
     * The verifier sees the input only through sum u_j*c_j (and the transcript): with the code's u_j, adding D
     * to input 0 and -(u_0/u_1)*D to input 1 keeps that sum; the output then holds neither changed card.
     */
    @RepeatedTest(2)
    void aForgerWhoChangesTheInputDeckAfterProvingIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(41 + info.getCurrentRepetition());
        Table table = Table.of(2, 5, rng);
        ShuffledDeck honest = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(5, rng), ALICE, rng);
        Scalar[] u = Challenges.ofCode(table.key(), table.deck(), honest.deck(), honest.proof()).u();
        RistrettoPoint d = Points.hashToGroup("test/forged-difference", new byte[] {(byte) info.getCurrentRepetition()});
        List<Ciphertext> forged = new ArrayList<>(table.deck());
        forged.set(0, withC2(forged.get(0), forged.get(0).c2().add(d)));
        Scalar ratio = u[0].multiply(Scalars.invertVartime(u[1]));
        forged.set(1, withC2(forged.get(1), forged.get(1).c2().subtract(d.multiply(ratio))));

        assertThat(weightedSum(u, forged, true)).as("the forger's algebra").isEqualTo(weightedSum(u, table.deck(), true));
        List<RistrettoPoint> shuffledCards = new ArrayList<>();
        for (Ciphertext c : honest.deck()) {
            shuffledCards.add(table.open(c, rng));
        }
        assertThat(shuffledCards).as("a false shuffle").doesNotContain(table.open(forged.get(0), rng));
        assertThat(VerifiableShuffle.verify(table.key(), forged, honest.deck(), honest.proof(), ALICE, rng)).isFalse();
    }

    /**
     * The key appears only in E41 = -s4*H + sum sPrime_i*c2'_i - e*sum u_j*c2_j - t41. The forger re-randomises
     * the output under a key H1 but proves with H0 in the transcript, so that t41 does not match H1; then solves
     * E41 = 0 for the key, K = s4^-1 (sum sPrime_i*c2'_i - e*sum u_j*c2_j - t41). The output is not a
     * re-randomisation under K.
     */
    @RepeatedTest(2)
    void aForgerWhoSolvesForTheJointKeyIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(51 + info.getCurrentRepetition());
        Table table = Table.of(2, 5, rng);
        JointKey placeholder = table.key();
        JointKey outputKey = Table.of(1, 0, rng).key();
        Claim claim = Claim.of(table.deck(), outputKey, rng);
        ShuffleProof proof = VerifiableShuffle.prove(placeholder, table.deck(), claim.output(), claim.pi(),
                claim.reencryption(), ALICE, rng);
        Challenges ch = Challenges.ofCode(placeholder, table.deck(), claim.output(), proof);
        RistrettoPoint solved = weightedSum(proof.sPrime, claim.output(), true)
                .subtract(weightedSum(ch.u(), table.deck(), true).multiply(ch.e()))
                .subtract(proof.t[3])
                .multiply(Scalars.invertVartime(proof.s[3]));
        JointKey forgedKey = JointKey.of(List.of(PublicKey.decode(Points.encode(solved))));

        assertThat(forgedKey).as("a false statement").isNotEqualTo(outputKey).isNotEqualTo(placeholder);
        assertThat(VerifiableShuffle.verify(forgedKey, table.deck(), claim.output(), proof, ALICE, rng)).isFalse();
    }

    // ---- (c) the challenges from the documented transcript, and every equation checked with them ----

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 6})
    void theChallengesAreTheDocumentedHashAndEveryEquationHoldsWithThem(int n) throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(60 + n);
        Table table = Table.of(2, n, rng);
        for (ProofContext context : List.of(ALICE, ProofContext.of(new byte[] {7}, new byte[64],
                "bob".getBytes(StandardCharsets.UTF_8)))) {
            ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(n, rng), context, rng);
            checkAgainstTheDocumentation(table.key(), table.deck(), s.deck(), s.proof().encode(), context);
        }
    }

    /** Reads the proof by its documented layout and checks it with challenges from the documented transcript. */
    private static void checkAgainstTheDocumentation(JointKey key, List<Ciphertext> input, List<Ciphertext> output,
            byte[] proof, ProofContext context) throws MalformedEncodingException {
        int n = input.size();
        assertThat(proof).hasSize(4 + 32 * (5 * n + 9));
        byte[][] c = slices(proof, 4, n);
        byte[][] cHat = slices(proof, 4 + 32 * n, n);
        byte[][] t = slices(proof, 4 + 64 * n, 5);
        byte[][] tHat = slices(proof, 4 + 64 * n + 160, n);
        int scalarsAt = 4 + 32 * (3 * n + 5);
        Scalar[] s = scalars(slices(proof, scalarsAt, 4));
        Scalar[] sHat = scalars(slices(proof, scalarsAt + 128, n));
        Scalar[] sPrime = scalars(slices(proof, scalarsAt + 128 + 32 * n, n));

        String generators = "fairtable/shuffle/generators/v1";
        RistrettoPoint h = Points.hashToGroup(generators, "chain".getBytes(StandardCharsets.US_ASCII));
        RistrettoPoint[] messageBases = new RistrettoPoint[n];
        byte[][] messageBaseBytes = new byte[n][];
        for (int i = 0; i < n; i++) {
            byte[] data = Arrays.copyOf("message".getBytes(StandardCharsets.US_ASCII), 11);
            data[7] = (byte) (i >>> 24);
            data[8] = (byte) (i >>> 16);
            data[9] = (byte) (i >>> 8);
            data[10] = (byte) i;
            messageBases[i] = Points.hashToGroup(generators, data);
            messageBaseBytes[i] = Points.encode(messageBases[i]);
        }
        DocumentedTranscript transcript = new DocumentedTranscript("fairtable/shuffle/terelius-wikstrom/v1", context)
                .count("deck-size", n)
                .field("generator", Points.encode(G))
                .field("chain-base", Points.encode(h))
                .list("message-bases", messageBaseBytes)
                .field("joint-key", Points.encode(key.element()))
                .list("input-ciphertexts", input.stream().map(Ciphertext::encode).toArray(byte[][]::new))
                .list("output-ciphertexts", output.stream().map(Ciphertext::encode).toArray(byte[][]::new))
                .list("permutation-commitments", c);
        Scalar[] u = transcript.challenges("u", n);
        Scalar e = transcript.list("commitment-chain", cHat).list("t", t).list("t-hat", tHat).challenge("e");

        RistrettoPoint[] cP = decode(c);
        RistrettoPoint[] cHatP = decode(cHat);
        RistrettoPoint[] tP = decode(t);
        RistrettoPoint[] tHatP = decode(tHat);
        Scalar uProduct = Scalar.ONE;
        RistrettoPoint sumC = RistrettoPoint.IDENTITY;
        RistrettoPoint sumBases = RistrettoPoint.IDENTITY;
        for (int j = 0; j < n; j++) {
            uProduct = uProduct.multiply(u[j]);
            sumC = sumC.add(cP[j]);
            sumBases = sumBases.add(messageBases[j]);
        }
        RistrettoPoint id = RistrettoPoint.IDENTITY;
        // E1 = s1*G - e*(sum c_j - sum h_i) - t1
        assertThat(G.multiply(s[0]).subtract(sumC.subtract(sumBases).multiply(e)).subtract(tP[0])).as("E1").isEqualTo(id);
        // E2 = s2*G - e*(cHat_N - (prod u_j)*h) - t2
        assertThat(G.multiply(s[1]).subtract(cHatP[n - 1].subtract(h.multiply(uProduct)).multiply(e)).subtract(tP[1]))
                .as("E2").isEqualTo(id);
        // E3 = s3*G + sum sPrime_i*h_i - e*sum u_j*c_j - t3
        assertThat(G.multiply(s[2]).add(MultiScalar.vartime(sPrime, messageBases))
                .subtract(MultiScalar.vartime(u, cP).multiply(e)).subtract(tP[2])).as("E3").isEqualTo(id);
        // E41 = -s4*H + sum sPrime_i*c2'_i - e*sum u_j*c2_j - t41; E42 the same on c1 with G for H
        assertThat(weightedSum(sPrime, output, true).subtract(key.element().multiply(s[3]))
                .subtract(weightedSum(u, input, true).multiply(e)).subtract(tP[3])).as("E41").isEqualTo(id);
        assertThat(weightedSum(sPrime, output, false).subtract(G.multiply(s[3]))
                .subtract(weightedSum(u, input, false).multiply(e)).subtract(tP[4])).as("E42").isEqualTo(id);
        // Ehat_i = sHat_i*G + sPrime_i*cHat_{i-1} - e*cHat_i - tHat_i, cHat_{-1} = h
        for (int i = 0; i < n; i++) {
            RistrettoPoint previous = i == 0 ? h : cHatP[i - 1];
            assertThat(G.multiply(sHat[i]).add(previous.multiply(sPrime[i])).subtract(cHatP[i].multiply(e))
                    .subtract(tHatP[i])).as("Ehat_%d", i).isEqualTo(id);
        }
    }

    private static byte[][] slices(byte[] bytes, int from, int count) {
        byte[][] out = new byte[count][];
        for (int k = 0; k < count; k++) {
            out[k] = Arrays.copyOfRange(bytes, from + 32 * k, from + 32 * k + 32);
        }
        return out;
    }

    private static Scalar[] scalars(byte[][] encodings) throws MalformedEncodingException {
        Scalar[] out = new Scalar[encodings.length];
        for (int k = 0; k < out.length; k++) {
            out[k] = Scalars.decode(encodings[k]);
        }
        return out;
    }

    private static RistrettoPoint[] decode(byte[][] encodings) throws MalformedEncodingException {
        RistrettoPoint[] out = new RistrettoPoint[encodings.length];
        for (int k = 0; k < out.length; k++) {
            out[k] = Points.decode(encodings[k]);
        }
        return out;
    }
}
