package fairtable.crypto.shuffle;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.proof.Transcript;
import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import fairtable.crypto.ristretto.TwoCores;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Verifiable shuffle of ElGamal ciphertexts under a joint key: output i = input[pi(i)] re-randomised,
 * with a Terelius–Wikström proof (the CHVote specification's GenShuffleProof / CheckShuffleProof, ePrint
 * 2017/325, written additively over ristretto255).
 *
 * <p>Notation: G the group generator, H the joint key, h the chain base and h_1..h_N the message bases
 * (hashed to the group, see {@link ShuffleGenerators}); a ciphertext is (c1, c2) = (r*G, M + r*H), the
 * CHVote (b, a). Fiat–Shamir: one {@link Transcript} with the domain, the {@link ProofContext}, the
 * generators, the key, every input and output ciphertext and the permutation commitments yields the
 * challenges u_1..u_N; then the chain and every t-commitment are appended and the challenge e derived.
 *
 * <p>The transcript field by field, in {@link Transcript}'s framing (a list is a count field followed by one
 * field per item, all under the list's label): domain "fairtable/shuffle/terelius-wikstrom/v1" and the
 * context; ("deck-size", u32 N); ("generator", G); ("chain-base", h); list "message-bases" h_1..h_N; ("joint-key",
 * H); list "input-ciphertexts" and list "output-ciphertexts", each ciphertext c1 || c2 (64 bytes); list
 * "permutation-commitments" c_1..c_N; then u_1..u_N = challenges("u", N); then lists "commitment-chain"
 * cHat_1..cHat_N, "t" (t1, t2, t3, t41, t42) and "t-hat" tHat_1..tHat_N; then e = challenge("e"). The
 * generators are h = hashToGroup("fairtable/shuffle/generators/v1", "chain") and
 * h_i = hashToGroup("fairtable/shuffle/generators/v1", "message" || u32(i - 1)).
 *
 * <p>Secret-dependent work uses fixed-base tables (G, H, h) and constant-time multi-scalar
 * multiplication. Verification is variable time: it only touches public data.
 */
public final class VerifiableShuffle {
    static final String DOMAIN = "fairtable/shuffle/terelius-wikstrom/v1";

    private VerifiableShuffle() {}

    /**
     * Shuffles {@code input} by {@code permutation} (output i takes input permutation.sourceOf(i)),
     * re-randomises every ciphertext, and proves it. In production the permutation is
     * {@link Permutation#random} and {@code rng} a SecureRandom; both must stay secret.
     */
    public static ShuffledDeck shuffle(JointKey key, List<Ciphertext> input, Permutation permutation,
            ProofContext context, RandomGenerator rng) {
        int n = input.size();
        if (n < 1 || n > Ciphertext.MAX_LIST_SIZE || permutation.size() != n) {
            throw new IllegalArgumentException("deck of " + n + " with a permutation of " + permutation.size());
        }
        // Re-encryption: output i = input[psi(i)] + reencryption[psi(i)] * (G, H).
        Scalar[] reencryption = new Scalar[n];
        for (int j = 0; j < n; j++) {
            reencryption[j] = Scalars.random(rng);
        }
        Ciphertext[] output = new Ciphertext[n];
        TwoCores.forEach(n, i -> {
            int j = permutation.sourceOf(i);
            output[i] = input.get(j).rerandomize(key, reencryption[j]);
        });
        List<Ciphertext> deck = List.of(output);
        return new ShuffledDeck(deck, prove(key, input, deck, permutation, reencryption, context, rng));
    }

    /**
     * The proof for the claim "output i = input[permutation.sourceOf(i)] re-randomised with
     * reencryption[sourceOf(i)]". Package-private so that tests can run the honest prover on a false claim.
     */
    static ShuffleProof prove(JointKey key, List<Ciphertext> input, List<Ciphertext> output, Permutation permutation,
            Scalar[] reencryption, ProofContext context, RandomGenerator rng) {
        int n = input.size();
        FixedBaseTable gTable = FixedBaseTable.GENERATOR;
        FixedBaseTable hTable = ShuffleGenerators.chainBaseTable();
        RistrettoPoint[] messageBases = ShuffleGenerators.messageBases(n);
        Scalar[] commitmentRandomness = new Scalar[n];
        for (int j = 0; j < n; j++) {
            commitmentRandomness[j] = Scalars.random(rng);
        }
        RistrettoPoint[] c = new RistrettoPoint[n];
        // Every point below is drawn from randomness already fixed, one slot per index, so the halves run
        // on two cores without changing a single byte of the proof.
        TwoCores.forEach(n, i -> {
            int j = permutation.sourceOf(i);
            // Permutation commitment (CHVote GenPermutationCommitment): c[psi(i)] = r[psi(i)]*G + h_i.
            c[j] = gTable.multiply(commitmentRandomness[j]).add(messageBases[i]);
        });
        byte[][] cEnc = encodeAll(c);

        Transcript transcript = new Transcript(DOMAIN, context);
        appendStatement(transcript, key, input, output, n);
        appendPoints(transcript, "permutation-commitments", cEnc);
        Scalar[] u = transcript.challenges("u", n);
        Scalar[] uPrime = new Scalar[n];
        for (int i = 0; i < n; i++) {
            uPrime[i] = u[permutation.sourceOf(i)];
        }

        // Commitment chain cHat_i = rHat_i*G + uPrime_i*cHat_{i-1}, cHat_0 = h, computed in closed form
        // cHat_i = R_i*G + U_i*h so that only fixed-base multiplications touch the secret uPrime.
        Scalar[] rHat = new Scalar[n];
        Scalar[] previousR = new Scalar[n];
        Scalar[] previousU = new Scalar[n];
        RistrettoPoint[] cHat = new RistrettoPoint[n];
        Scalar[] cHatR = new Scalar[n];
        Scalar[] cHatU = new Scalar[n];
        Scalar chainR = Scalar.ZERO;
        Scalar chainU = Scalar.ONE;
        for (int i = 0; i < n; i++) {
            rHat[i] = Scalars.random(rng);
            previousR[i] = chainR;
            previousU[i] = chainU;
            chainR = uPrime[i].multiply(chainR).add(rHat[i]);
            chainU = uPrime[i].multiply(chainU);
            cHatR[i] = chainR;
            cHatU[i] = chainU;
        }
        TwoCores.forEach(n, i -> cHat[i] = gTable.multiply(cHatR[i]).add(hTable.multiply(cHatU[i])));

        Scalar rBar = Scalar.ZERO;
        Scalar rTilde = Scalar.ZERO;
        Scalar rPrime = Scalar.ZERO;
        for (int j = 0; j < n; j++) {
            rBar = rBar.add(commitmentRandomness[j]);
            rTilde = u[j].multiply(commitmentRandomness[j]).add(rTilde);
            rPrime = u[j].multiply(reencryption[j]).add(rPrime);
        }

        Scalar[] omega = {Scalars.random(rng), Scalars.random(rng), Scalars.random(rng), Scalars.random(rng)};
        Scalar[] omegaHat = new Scalar[n];
        Scalar[] omegaPrime = new Scalar[n];
        for (int i = 0; i < n; i++) {
            omegaHat[i] = Scalars.random(rng);
            omegaPrime[i] = Scalars.random(rng);
        }
        RistrettoPoint[] outC1 = new RistrettoPoint[n + 1];
        RistrettoPoint[] outC2 = new RistrettoPoint[n + 1];
        for (int i = 0; i < n; i++) {
            outC1[i] = output.get(i).c1();
            outC2[i] = output.get(i).c2();
        }
        outC1[n] = RistrettoPoint.GENERATOR;
        outC2[n] = key.element();
        Scalar[] t4Scalars = java.util.Arrays.copyOf(omegaPrime, n + 1);
        t4Scalars[n] = Scalars.negate(omega[3]);

        RistrettoPoint[] t = new RistrettoPoint[5];
        t[0] = gTable.multiply(omega[0]);
        t[1] = gTable.multiply(omega[1]);
        t[2] = gTable.multiply(omega[2]).add(TwoCores.constantTimeSum(omegaPrime, messageBases));
        t[3] = TwoCores.constantTimeSum(t4Scalars, outC2); // -omega4*H + sum omegaPrime_i * c2'_i
        t[4] = TwoCores.constantTimeSum(t4Scalars, outC1); // -omega4*G + sum omegaPrime_i * c1'_i
        RistrettoPoint[] tHat = new RistrettoPoint[n];
        TwoCores.forEach(n, i -> {
            // tHat_i = omegaHat_i*G + omegaPrime_i*cHat_{i-1}, with cHat_{i-1} = R_{i-1}*G + U_{i-1}*h.
            Scalar gPart = omegaPrime[i].multiply(previousR[i]).add(omegaHat[i]);
            tHat[i] = gTable.multiply(gPart).add(hTable.multiply(omegaPrime[i].multiply(previousU[i])));
        });
        byte[][] cHatEnc = encodeAll(cHat);
        byte[][] tEnc = encodeAll(t);
        byte[][] tHatEnc = encodeAll(tHat);
        Scalar e = finalChallenge(transcript, cHatEnc, tEnc, tHatEnc);

        Scalar[] s = {
            e.multiply(rBar).add(omega[0]),
            e.multiply(chainR).add(omega[1]),
            e.multiply(rTilde).add(omega[2]),
            e.multiply(rPrime).add(omega[3]),
        };
        Scalar[] sHat = new Scalar[n];
        Scalar[] sPrime = new Scalar[n];
        for (int i = 0; i < n; i++) {
            sHat[i] = e.multiply(rHat[i]).add(omegaHat[i]);
            sPrime[i] = e.multiply(uPrime[i]).add(omegaPrime[i]);
        }
        byte[][] allPoints = new byte[3 * n + 5][];
        System.arraycopy(cEnc, 0, allPoints, 0, n);
        System.arraycopy(cHatEnc, 0, allPoints, n, n);
        System.arraycopy(tEnc, 0, allPoints, 2 * n, 5);
        System.arraycopy(tHatEnc, 0, allPoints, 2 * n + 5, n);
        byte[] encoding = ShuffleProof.encode(c, cHat, t, tHat, s, sHat, sPrime, allPoints);
        return new ShuffleProof(c, cHat, t, tHat, s, sHat, sPrime, encoding);
    }

    /**
     * True iff {@code proof} shows that {@code output} is a permutation and re-randomisation of
     * {@code input} under {@code key}, made by the prover and in the session named by {@code context}.
     * All equations are checked at once as a random linear combination with 128-bit weights from
     * {@code rng} (a SecureRandom in production; the prover must not predict it): a false proof passes with
     * probability at most 2^-128 beyond the argument's own soundness error.
     */
    public static boolean verify(JointKey key, List<Ciphertext> input, List<Ciphertext> output, ShuffleProof proof,
            ProofContext context, RandomGenerator rng) {
        Equation equation = equation(key, input, output, proof, context, rng);
        return equation != null && TwoCores.vartimeSum(equation.scalars(), equation.points()).equals(RistrettoPoint.IDENTITY);
    }

    /** The verifier's weighted equation sum scalars[m] * points[m] = 0, which holds iff the proof verifies (up to 2^-128). */
    record Equation(Scalar[] scalars, RistrettoPoint[] points) {}

    /**
     * The multi-scalar equation that {@link #verify} checks, with its weights drawn from {@code rng}, or null
     * when the sizes alone refuse the proof. A {@link ShuffleBatch} adds several of these into one sum.
     */
    static Equation equation(JointKey key, List<Ciphertext> input, List<Ciphertext> output, ShuffleProof proof,
            ProofContext context, RandomGenerator rng) {
        int n = input.size();
        if (n < 1 || output.size() != n || proof.size() != n) {
            return null;
        }
        byte[][] cEnc = new byte[n][];
        byte[][] cHatEnc = new byte[n][];
        byte[][] tEnc = new byte[5][];
        byte[][] tHatEnc = new byte[n][];
        for (int i = 0; i < n; i++) {
            cEnc[i] = proof.pointEncoding(i);
            cHatEnc[i] = proof.pointEncoding(n + i);
            tHatEnc[i] = proof.pointEncoding(2 * n + 5 + i);
        }
        for (int k = 0; k < 5; k++) {
            tEnc[k] = proof.pointEncoding(2 * n + k);
        }
        Transcript transcript = new Transcript(DOMAIN, context);
        appendStatement(transcript, key, input, output, n);
        appendPoints(transcript, "permutation-commitments", cEnc);
        Scalar[] u = transcript.challenges("u", n);
        Scalar e = finalChallenge(transcript, cHatEnc, tEnc, tHatEnc);

        Scalar[] s = proof.s;
        Scalar[] sHat = proof.sHat;
        Scalar[] sPrime = proof.sPrime;
        Scalar w1 = Scalars.randomWeight(rng);
        Scalar w2 = Scalars.randomWeight(rng);
        Scalar w3 = Scalars.randomWeight(rng);
        Scalar w41 = Scalars.randomWeight(rng);
        Scalar w42 = Scalars.randomWeight(rng);
        Scalar[] wHat = new Scalar[n];
        for (int i = 0; i < n; i++) {
            wHat[i] = Scalars.randomWeight(rng);
        }
        Scalar uProduct = Scalar.ONE;
        for (Scalar x : u) {
            uProduct = uProduct.multiply(x);
        }

        // Residuals, each zero for an honest proof (ĉ_0 = h):
        //   E1  = s1*G - e*(sum c_j - sum h_i) - t1
        //   E2  = s2*G - e*(cHat_N - u*h) - t2,                      u = prod u_j
        //   E3  = s3*G + sum sPrime_i*h_i - e*sum u_j*c_j - t3
        //   E41 = -s4*H + sum sPrime_i*c2'_i - e*sum u_j*c2_j - t41
        //   E42 = -s4*G + sum sPrime_i*c1'_i - e*sum u_j*c1_j - t42
        //   Ehat_i = sHat_i*G + sPrime_i*cHat_{i-1} - e*cHat_i - tHat_i
        // and the verifier checks w1*E1 + w2*E2 + w3*E3 + w41*E41 + w42*E42 + sum wHat_i*Ehat_i = 0.
        int size = 8 * n + 8;
        Scalar[] k = new Scalar[size];
        RistrettoPoint[] p = new RistrettoPoint[size];
        RistrettoPoint[] messageBases = ShuffleGenerators.messageBases(n);
        Scalar minusE = Scalars.negate(e);
        int at = 0;

        Scalar gCoefficient = w1.multiply(s[0]).add(w2.multiply(s[1])).add(w3.multiply(s[2]))
                .subtract(w42.multiply(s[3]));
        for (int i = 0; i < n; i++) {
            gCoefficient = wHat[i].multiply(sHat[i]).add(gCoefficient);
        }
        k[at] = gCoefficient;
        p[at++] = RistrettoPoint.GENERATOR;
        k[at] = Scalars.negate(w41.multiply(s[3]));
        p[at++] = key.element();
        k[at] = w2.multiply(e).multiply(uProduct).add(wHat[0].multiply(sPrime[0]));
        p[at++] = ShuffleGenerators.CHAIN_BASE;
        Scalar w1e = w1.multiply(e);
        for (int i = 0; i < n; i++) {
            k[at] = w3.multiply(sPrime[i]).add(w1e);
            p[at++] = messageBases[i];
        }
        for (int j = 0; j < n; j++) {
            k[at] = minusE.multiply(w3.multiply(u[j]).add(w1));
            p[at++] = proof.c[j];
        }
        for (int i = 0; i < n - 1; i++) {
            k[at] = wHat[i + 1].multiply(sPrime[i + 1]).subtract(wHat[i].multiply(e));
            p[at++] = proof.cHat[i];
        }
        k[at] = minusE.multiply(w2.add(wHat[n - 1]));
        p[at++] = proof.cHat[n - 1];
        Scalar w41MinusE = w41.multiply(minusE);
        Scalar w42MinusE = w42.multiply(minusE);
        for (int i = 0; i < n; i++) {
            Ciphertext out = output.get(i);
            Ciphertext in = input.get(i);
            k[at] = w41.multiply(sPrime[i]);
            p[at++] = out.c2();
            k[at] = w42.multiply(sPrime[i]);
            p[at++] = out.c1();
            k[at] = w41MinusE.multiply(u[i]);
            p[at++] = in.c2();
            k[at] = w42MinusE.multiply(u[i]);
            p[at++] = in.c1();
        }
        Scalar[] tWeights = {w1, w2, w3, w41, w42};
        for (int m = 0; m < 5; m++) {
            k[at] = Scalars.negate(tWeights[m]);
            p[at++] = proof.t[m];
        }
        for (int i = 0; i < n; i++) {
            k[at] = Scalars.negate(wHat[i]);
            p[at++] = proof.tHat[i];
        }
        if (at != size) {
            throw new IllegalStateException("verification equation has " + at + " terms, expected " + size);
        }
        return new Equation(k, p);
    }

    /** Package-private, like {@link #finalChallenge}, so that tests can forge against the exact challenges. */
    static void appendStatement(Transcript t, JointKey key, List<Ciphertext> input, List<Ciphertext> output, int n) {
        t.appendCount("deck-size", n);
        t.appendPoint("generator", EncodedPoint.GENERATOR);
        t.appendEncoded("chain-base", ShuffleGenerators.CHAIN_BASE_ENCODING);
        appendPoints(t, "message-bases", ShuffleGenerators.messageBaseEncodings(n));
        t.appendEncoded("joint-key", key.encode());
        byte[][] in = new byte[n][];
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            in[i] = input.get(i).encode();
            out[i] = output.get(i).encode();
        }
        appendPoints(t, "input-ciphertexts", in);
        appendPoints(t, "output-ciphertexts", out);
    }

    static Scalar finalChallenge(Transcript t, byte[][] cHat, byte[][] tEnc, byte[][] tHat) {
        appendPoints(t, "commitment-chain", cHat);
        appendPoints(t, "t", tEnc);
        appendPoints(t, "t-hat", tHat);
        return t.challenge("e");
    }

    /** A list as its count followed by each fixed-length item, under one label. */
    static void appendPoints(Transcript t, String label, byte[][] items) {
        t.appendCount(label, items.length);
        for (byte[] item : items) {
            t.appendEncoded(label, item);
        }
    }

    private static byte[][] encodeAll(RistrettoPoint[] points) {
        byte[][] out = new byte[points.length][];
        TwoCores.forEach(points.length, i -> out[i] = Points.encode(points[i]));
        return out;
    }
}
