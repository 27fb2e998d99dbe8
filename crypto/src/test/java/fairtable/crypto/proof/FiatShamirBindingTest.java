package fairtable.crypto.proof;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * The Schnorr, Chaum–Pedersen and escrow challenges are bound to every element of their statement.
 *
 * <p>Changing an element after proving (ProofsTest, EscrowProofTest and the first test here) is not enough: the
 * verifier recomputes the commitments from that element, so the check fails even if the challenge no longer
 * hashes it. The forgery tests play the weak-Fiat–Shamir attacker instead: fix the commitments and the
 * responses, ask the proof's own challenge function with a placeholder where one element goes, then solve the
 * verification equation for that element. Each forgery satisfies the verification equation by construction (the
 * test checks that) and is of a false statement; only the hashing of the element makes verify reject it.
 *
 * <p>The last tests recompute each challenge from the documented formula with {@link DocumentedTranscript}.
 */
class FiatShamirBindingTest {
    private static final byte[] SESSION = "session 42".getBytes(StandardCharsets.UTF_8);
    private static final byte[] HASH = {9, 8, 7, 6, 5};
    private static final byte[] PROVER = "seat 1, alice".getBytes(StandardCharsets.UTF_8);
    private static final ProofContext CTX = ProofContext.of(SESSION, HASH, PROVER);
    /** What the forger hashes where the element it will solve for goes. */
    private static final EncodedPoint PLACEHOLDER = EncodedPoint.of(Points.hashToGroup("test/placeholder", new byte[0]));

    private static RistrettoPoint timesG(Scalar s) {
        return FixedBaseTable.GENERATOR.multiply(s);
    }

    /** A point nobody knows the discrete logarithm of. */
    private static RistrettoPoint unknownLog(String what, SplittableRandom rng) {
        return Points.hashToGroup("test/forger/" + what, new byte[] {(byte) rng.nextInt(), (byte) rng.nextInt()});
    }

    private static Scalar inverse(Scalar s) {
        return Scalars.invertVartime(s);
    }

    private static byte[] concat(Scalar... scalars) {
        byte[] out = new byte[32 * scalars.length];
        for (int i = 0; i < scalars.length; i++) {
            System.arraycopy(scalars[i].toByteArray(), 0, out, 32 * i, 32);
        }
        return out;
    }

    private static Scalar scalarAt(byte[] encoding, int index) throws MalformedEncodingException {
        return Scalars.decode(Arrays.copyOfRange(encoding, 32 * index, 32 * index + 32));
    }

    // ---- (a) the elements existing tests do not change ----

    @Test
    void aChaumPedersenProofFailsForAnotherKeySessionOrTranscriptHash() {
        SplittableRandom rng = new SplittableRandom(1);
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint base = EncodedPoint.of(unknownLog("base", rng));
        EncodedPoint image = EncodedPoint.of(base.element().multiply(x));
        ChaumPedersenProof proof = ChaumPedersenProof.prove(x, key, base, image, CTX, rng);
        assertThat(proof.verify(key, base, image, CTX)).isTrue();
        EncodedPoint otherKey = EncodedPoint.of(key.element().add(RistrettoPoint.GENERATOR));
        assertThat(proof.verify(otherKey, base, image, CTX)).as("public key").isFalse();
        assertThat(proof.verify(key, base, image, ProofContext.of("session 43".getBytes(StandardCharsets.UTF_8), HASH,
                PROVER))).as("session").isFalse();
        assertThat(proof.verify(key, base, image, ProofContext.of(SESSION, new byte[] {9, 8, 7, 6, 4}, PROVER)))
                .as("transcript hash").isFalse();
    }

    // ---- (b) Schnorr ----

    /** A proof for a key whose logarithm the forger does not know: A = s*G - e*X solved for X. */
    @RepeatedTest(2)
    void schnorrForgerWhoSolvesForThePublicKeyIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(100 + info.getCurrentRepetition());
        RistrettoPoint commitment = unknownLog("commitment", rng);
        Scalar s = Scalars.random(rng);
        Scalar e = SchnorrProof.challenge(PLACEHOLDER, EncodedPoint.of(commitment), CTX);
        EncodedPoint key = EncodedPoint.of(timesG(s).subtract(commitment).multiply(inverse(e)));

        assertThat(timesG(s).subtract(key.element().multiply(e))).as("the forger's algebra").isEqualTo(commitment);
        assertThat(SchnorrProof.decode(concat(e, s)).verify(key, CTX)).isFalse();
    }

    // ---- (b) Chaum–Pedersen: log_G X = log_B Y, verifier A1 = s*G - e*X, A2 = s*B - e*Y ----

    /** Y = e^-1 (s*B - A2) with A2 not k*B: Y is not x*B. */
    @RepeatedTest(2)
    void chaumPedersenForgerWhoSolvesForTheImageIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(200 + info.getCurrentRepetition());
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint base = EncodedPoint.of(unknownLog("base", rng));
        Scalar k = Scalars.randomNonZero(rng);
        RistrettoPoint a1 = timesG(k);
        RistrettoPoint a2 = unknownLog("a2", rng);
        Scalar e = ChaumPedersenProof.challenge(key, base, PLACEHOLDER, EncodedPoint.of(a1), EncodedPoint.of(a2), CTX);
        Scalar s = k.add(e.multiply(x));
        EncodedPoint image = EncodedPoint.of(base.element().multiply(s).subtract(a2).multiply(inverse(e)));

        assertChaumPedersenAlgebra(key, base, image, a1, a2, e, s);
        assertThat(image.element()).as("a false statement").isNotEqualTo(base.element().multiply(x));
        assertThat(ChaumPedersenProof.decode(concat(e, s)).verify(key, base, image, CTX)).isFalse();
    }

    /** X = e^-1 (s*G - A1) with A1 = k1*G, A2 = k2*B, k1 != k2, s = k2 + e*y: X is not y*G. */
    @RepeatedTest(2)
    void chaumPedersenForgerWhoSolvesForThePublicKeyIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(300 + info.getCurrentRepetition());
        Scalar y = Scalars.randomNonZero(rng);
        EncodedPoint base = EncodedPoint.of(unknownLog("base", rng));
        EncodedPoint image = EncodedPoint.of(base.element().multiply(y));
        Scalar k2 = Scalars.randomNonZero(rng);
        RistrettoPoint a1 = timesG(Scalars.randomNonZero(rng));
        RistrettoPoint a2 = base.element().multiply(k2);
        Scalar e = ChaumPedersenProof.challenge(PLACEHOLDER, base, image, EncodedPoint.of(a1), EncodedPoint.of(a2), CTX);
        Scalar s = k2.add(e.multiply(y));
        EncodedPoint key = EncodedPoint.of(timesG(s).subtract(a1).multiply(inverse(e)));

        assertChaumPedersenAlgebra(key, base, image, a1, a2, e, s);
        assertThat(key.element()).as("a false statement").isNotEqualTo(timesG(y));
        assertThat(ChaumPedersenProof.decode(concat(e, s)).verify(key, base, image, CTX)).isFalse();
    }

    /** B = s^-1 (A2 + e*Y) with Y random: Y is not x*B. */
    @RepeatedTest(2)
    void chaumPedersenForgerWhoSolvesForTheBaseIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(400 + info.getCurrentRepetition());
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint image = EncodedPoint.of(unknownLog("image", rng));
        Scalar k = Scalars.randomNonZero(rng);
        RistrettoPoint a1 = timesG(k);
        RistrettoPoint a2 = unknownLog("a2", rng);
        Scalar e = ChaumPedersenProof.challenge(key, PLACEHOLDER, image, EncodedPoint.of(a1), EncodedPoint.of(a2), CTX);
        Scalar s = k.add(e.multiply(x));
        EncodedPoint base = EncodedPoint.of(a2.add(image.element().multiply(e)).multiply(inverse(s)));

        assertChaumPedersenAlgebra(key, base, image, a1, a2, e, s);
        assertThat(base.element().multiply(x)).as("a false statement").isNotEqualTo(image.element());
        assertThat(ChaumPedersenProof.decode(concat(e, s)).verify(key, base, image, CTX)).isFalse();
    }

    private static void assertChaumPedersenAlgebra(EncodedPoint key, EncodedPoint base, EncodedPoint image,
            RistrettoPoint a1, RistrettoPoint a2, Scalar e, Scalar s) {
        assertThat(timesG(s).subtract(key.element().multiply(e))).as("A1 as the verifier recomputes it").isEqualTo(a1);
        assertThat(base.element().multiply(s).subtract(image.element().multiply(e)))
                .as("A2 as the verifier recomputes it").isEqualTo(a2);
    }

    // ---- (b) escrow: X = x*G, R = r*G, S = x*C + r*B; verifier T1 = s1*G - e*X, T2 = s2*G - e*R,
    //      T3 = s1*C + s2*B - e*S ----

    /** The forger's free choices: x, r, a, b and points it does not know the logarithms of. */
    private record EscrowForger(Scalar x, Scalar r, Scalar a, Scalar b, EncodedPoint card, EncodedPoint escrowKey) {
        static EscrowForger draw(SplittableRandom rng) {
            return new EscrowForger(Scalars.randomNonZero(rng), Scalars.randomNonZero(rng), Scalars.randomNonZero(rng),
                    Scalars.randomNonZero(rng), EncodedPoint.of(unknownLog("card", rng)),
                    EncodedPoint.of(unknownLog("escrow-key", rng)));
        }

        EncodedPoint key() {
            return EncodedPoint.of(timesG(x));
        }

        EncodedPoint escrow1() {
            return EncodedPoint.of(timesG(r));
        }

        /** x*C + r*B: the ciphertext of the true share. */
        EncodedPoint escrow2() {
            return EncodedPoint.of(card.element().multiply(x).add(escrowKey.element().multiply(r)));
        }

        RistrettoPoint t3() {
            return card.element().multiply(a).add(escrowKey.element().multiply(b));
        }

        Scalar s1(Scalar e) {
            return a.add(e.multiply(x));
        }

        Scalar s2(Scalar e) {
            return b.add(e.multiply(r));
        }
    }

    private static Scalar escrowChallenge(EncodedPoint key, EncodedPoint card, EncodedPoint escrowKey,
            EncodedPoint escrow1, EncodedPoint escrow2, RistrettoPoint t1, RistrettoPoint t2, RistrettoPoint t3) {
        return EscrowProof.challenge(key, card, escrowKey, escrow1, escrow2, EncodedPoint.of(t1), EncodedPoint.of(t2),
                EncodedPoint.of(t3), CTX);
    }

    /** Checks the forgery meets the three verification equations, then that verify rejects it. */
    private static void assertEscrowForgeryRejected(EncodedPoint key, EncodedPoint card, EncodedPoint escrowKey,
            EncodedPoint escrow1, EncodedPoint escrow2, RistrettoPoint t1, RistrettoPoint t2, RistrettoPoint t3,
            Scalar e, Scalar s1, Scalar s2) throws MalformedEncodingException {
        assertThat(timesG(s1).subtract(key.element().multiply(e))).as("T1").isEqualTo(t1);
        assertThat(timesG(s2).subtract(escrow1.element().multiply(e))).as("T2").isEqualTo(t2);
        assertThat(card.element().multiply(s1).add(escrowKey.element().multiply(s2)).subtract(escrow2.element()
                .multiply(e))).as("T3").isEqualTo(t3);
        assertThat(EscrowProof.decode(concat(e, s1, s2)).verify(key, card, escrowKey, escrow1, escrow2, CTX)).isFalse();
    }

    /** X = e^-1 (s1*G - T1) with T1 not a*G: X is not x*G although S - r*B = x*C. */
    @RepeatedTest(2)
    void escrowForgerWhoSolvesForThePublicKeyIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        EscrowForger f = EscrowForger.draw(new SplittableRandom(500 + info.getCurrentRepetition()));
        RistrettoPoint t1 = unknownLog("t1", new SplittableRandom(info.getCurrentRepetition()));
        RistrettoPoint t2 = timesG(f.b());
        Scalar e = escrowChallenge(PLACEHOLDER, f.card(), f.escrowKey(), f.escrow1(), f.escrow2(), t1, t2, f.t3());
        EncodedPoint key = EncodedPoint.of(timesG(f.s1(e)).subtract(t1).multiply(inverse(e)));

        assertThat(key).as("a false statement").isNotEqualTo(f.key());
        assertEscrowForgeryRejected(key, f.card(), f.escrowKey(), f.escrow1(), f.escrow2(), t1, t2, f.t3(), e,
                f.s1(e), f.s2(e));
    }

    /** R = e^-1 (s2*G - T2) with T2 not b*G: R is not r*G, so S is not x*C + log(R)*B. */
    @RepeatedTest(2)
    void escrowForgerWhoSolvesForTheFirstCiphertextPartIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        EscrowForger f = EscrowForger.draw(new SplittableRandom(600 + info.getCurrentRepetition()));
        RistrettoPoint t1 = timesG(f.a());
        RistrettoPoint t2 = unknownLog("t2", new SplittableRandom(info.getCurrentRepetition()));
        Scalar e = escrowChallenge(f.key(), f.card(), f.escrowKey(), PLACEHOLDER, f.escrow2(), t1, t2, f.t3());
        EncodedPoint escrow1 = EncodedPoint.of(timesG(f.s2(e)).subtract(t2).multiply(inverse(e)));

        assertThat(escrow1).as("a false statement").isNotEqualTo(f.escrow1());
        assertEscrowForgeryRejected(f.key(), f.card(), f.escrowKey(), escrow1, f.escrow2(), t1, t2, f.t3(), e,
                f.s1(e), f.s2(e));
    }

    /** S = e^-1 (s1*C + s2*B - T3) with T3 not a*C + b*B: S is not x*C + r*B. */
    @RepeatedTest(2)
    void escrowForgerWhoSolvesForTheSecondCiphertextPartIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        EscrowForger f = EscrowForger.draw(new SplittableRandom(700 + info.getCurrentRepetition()));
        RistrettoPoint t1 = timesG(f.a());
        RistrettoPoint t2 = timesG(f.b());
        RistrettoPoint t3 = unknownLog("t3", new SplittableRandom(info.getCurrentRepetition()));
        Scalar e = escrowChallenge(f.key(), f.card(), f.escrowKey(), f.escrow1(), PLACEHOLDER, t1, t2, t3);
        EncodedPoint escrow2 = EncodedPoint.of(f.card().element().multiply(f.s1(e))
                .add(f.escrowKey().element().multiply(f.s2(e))).subtract(t3).multiply(inverse(e)));

        assertThat(escrow2).as("a false statement").isNotEqualTo(f.escrow2());
        assertEscrowForgeryRejected(f.key(), f.card(), f.escrowKey(), f.escrow1(), escrow2, t1, t2, t3, e, f.s1(e),
                f.s2(e));
    }

    /** C = s1^-1 (T3 + e*S - s2*B) with S random: S is not x*C + r*B. */
    @RepeatedTest(2)
    void escrowForgerWhoSolvesForTheCardIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        EscrowForger f = EscrowForger.draw(new SplittableRandom(800 + info.getCurrentRepetition()));
        EncodedPoint escrow2 = EncodedPoint.of(unknownLog("s", new SplittableRandom(info.getCurrentRepetition())));
        RistrettoPoint t1 = timesG(f.a());
        RistrettoPoint t2 = timesG(f.b());
        RistrettoPoint t3 = f.t3();
        Scalar e = escrowChallenge(f.key(), PLACEHOLDER, f.escrowKey(), f.escrow1(), escrow2, t1, t2, t3);
        EncodedPoint card = EncodedPoint.of(t3.add(escrow2.element().multiply(e))
                .subtract(f.escrowKey().element().multiply(f.s2(e))).multiply(inverse(f.s1(e))));

        assertThat(card.element().multiply(f.x()).add(f.escrowKey().element().multiply(f.r())))
                .as("a false statement").isNotEqualTo(escrow2.element());
        assertEscrowForgeryRejected(f.key(), card, f.escrowKey(), f.escrow1(), escrow2, t1, t2, t3, e, f.s1(e),
                f.s2(e));
    }

    /** B = s2^-1 (T3 + e*S - s1*C) with S random: S is not x*C + r*B. */
    @RepeatedTest(2)
    void escrowForgerWhoSolvesForTheEscrowKeyIsRejected(RepetitionInfo info) throws MalformedEncodingException {
        EscrowForger f = EscrowForger.draw(new SplittableRandom(900 + info.getCurrentRepetition()));
        EncodedPoint escrow2 = EncodedPoint.of(unknownLog("s", new SplittableRandom(info.getCurrentRepetition())));
        RistrettoPoint t1 = timesG(f.a());
        RistrettoPoint t2 = timesG(f.b());
        RistrettoPoint t3 = f.t3();
        Scalar e = escrowChallenge(f.key(), f.card(), PLACEHOLDER, f.escrow1(), escrow2, t1, t2, t3);
        EncodedPoint escrowKey = EncodedPoint.of(t3.add(escrow2.element().multiply(e))
                .subtract(f.card().element().multiply(f.s1(e))).multiply(inverse(f.s2(e))));

        assertThat(f.card().element().multiply(f.x()).add(escrowKey.element().multiply(f.r())))
                .as("a false statement").isNotEqualTo(escrow2.element());
        assertEscrowForgeryRejected(f.key(), f.card(), escrowKey, f.escrow1(), escrow2, t1, t2, t3, e, f.s1(e),
                f.s2(e));
    }

    // ---- (c) each challenge recomputed from the documented formula ----

    private static ProofContext[] contexts() {
        return new ProofContext[] {CTX, ProofContext.of(new byte[] {1}, new byte[0], new byte[256])};
    }

    @Test
    void theSchnorrChallengeIsTheDocumentedHash() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(1000);
        for (ProofContext context : contexts()) {
            Scalar x = Scalars.randomNonZero(rng);
            EncodedPoint key = EncodedPoint.of(timesG(x));
            byte[] proof = SchnorrProof.prove(x, key, context, rng).encode();
            Scalar e = scalarAt(proof, 0);
            // A = s*G - e*X, e = H(domain, context, G, X, A)
            RistrettoPoint commitment = timesG(scalarAt(proof, 1)).subtract(key.element().multiply(e));
            Scalar recomputed = new DocumentedTranscript("fairtable/proof/schnorr/v1", context)
                    .field("generator", Points.encode(RistrettoPoint.GENERATOR))
                    .field("public-key", key.encoding())
                    .field("commitment", Points.encode(commitment))
                    .challenge("challenge");
            assertThat(recomputed).isEqualTo(e);
        }
    }

    @Test
    void theChaumPedersenChallengeIsTheDocumentedHash() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(1001);
        for (ProofContext context : contexts()) {
            Scalar x = Scalars.randomNonZero(rng);
            EncodedPoint key = EncodedPoint.of(timesG(x));
            EncodedPoint base = EncodedPoint.of(unknownLog("base", rng));
            EncodedPoint image = EncodedPoint.of(base.element().multiply(x));
            byte[] proof = ChaumPedersenProof.prove(x, key, base, image, context, rng).encode();
            Scalar e = scalarAt(proof, 0);
            Scalar s = scalarAt(proof, 1);
            // A1 = s*G - e*X, A2 = s*B - e*Y, e = H(domain, context, G, X, B, Y, A1, A2)
            RistrettoPoint a1 = timesG(s).subtract(key.element().multiply(e));
            RistrettoPoint a2 = base.element().multiply(s).subtract(image.element().multiply(e));
            Scalar recomputed = new DocumentedTranscript("fairtable/proof/chaum-pedersen/v1", context)
                    .field("generator", Points.encode(RistrettoPoint.GENERATOR))
                    .field("public-key", key.encoding())
                    .field("base", base.encoding())
                    .field("image", image.encoding())
                    .field("commitment-1", Points.encode(a1))
                    .field("commitment-2", Points.encode(a2))
                    .challenge("challenge");
            assertThat(recomputed).isEqualTo(e);
        }
    }

    @Test
    void theEscrowChallengeIsTheDocumentedHash() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(1002);
        for (ProofContext context : contexts()) {
            EscrowForger w = EscrowForger.draw(rng); // here an honest prover's witnesses and points
            byte[] proof = EscrowProof.prove(w.x(), w.r(), w.key(), w.card(), w.escrowKey(), w.escrow1(), w.escrow2(),
                    context, rng).encode();
            Scalar e = scalarAt(proof, 0);
            Scalar s1 = scalarAt(proof, 1);
            Scalar s2 = scalarAt(proof, 2);
            RistrettoPoint t1 = timesG(s1).subtract(w.key().element().multiply(e));
            RistrettoPoint t2 = timesG(s2).subtract(w.escrow1().element().multiply(e));
            RistrettoPoint t3 = w.card().element().multiply(s1).add(w.escrowKey().element().multiply(s2))
                    .subtract(w.escrow2().element().multiply(e));
            Scalar recomputed = new DocumentedTranscript("fairtable/proof/escrow/v1", context)
                    .field("generator", Points.encode(RistrettoPoint.GENERATOR))
                    .field("public-key", w.key().encoding())
                    .field("base", w.card().encoding())
                    .field("escrow-key", w.escrowKey().encoding())
                    .field("escrow-1", w.escrow1().encoding())
                    .field("escrow-2", w.escrow2().encoding())
                    .field("commitment-1", Points.encode(t1))
                    .field("commitment-2", Points.encode(t2))
                    .field("commitment-3", Points.encode(t3))
                    .challenge("challenge");
            assertThat(recomputed).isEqualTo(e);
        }
    }

    /** The re-implementation itself against the class it replaces, on labels, lists and chained challenges. */
    @Test
    void theDocumentedTranscriptAgreesWithTranscriptOnChainedAndVectorChallenges() {
        Transcript code = new Transcript("d", CTX).appendBytes("a", new byte[] {1, 2}).appendCount("n", 3);
        DocumentedTranscript doc = new DocumentedTranscript("d", CTX).field("a", new byte[] {1, 2}).count("n", 3);
        assertThat(doc.challenge("first")).isEqualTo(code.challenge("first"));
        assertThat(doc.challenges("u", 4)).containsExactly(code.challenges("u", 4));
        assertThat(doc.challenge("e")).isEqualTo(code.challenge("e"));
    }
}
