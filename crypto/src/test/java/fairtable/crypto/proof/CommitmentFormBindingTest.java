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
import org.junit.jupiter.api.Test;

/**
 * Fiat–Shamir binding of the commitment form (A, s) and (A1, A2, s), where the verifier recomputes the
 * challenge. Each forgery plays the weak-Fiat–Shamir attacker: it asks the challenge with a placeholder
 * where one element goes, then solves the verification equation for that element, so the forged proof
 * satisfies every equation (the test checks it) for a false statement; only the hashing of that element
 * makes verification, alone and in a batch, reject it.
 */
class CommitmentFormBindingTest {
    private static final ProofContext CTX = ProofContext.of("session 7".getBytes(StandardCharsets.UTF_8),
            new byte[] {4, 4}, "seat 0, alice".getBytes(StandardCharsets.UTF_8));
    private static final EncodedPoint PLACEHOLDER = EncodedPoint.of(Points.hashToGroup("test/placeholder", new byte[0]));

    private static RistrettoPoint timesG(Scalar s) {
        return FixedBaseTable.GENERATOR.multiply(s);
    }

    private static EncodedPoint unknownLog(String what, SplittableRandom rng) {
        return EncodedPoint.of(Points.hashToGroup("test/forger/" + what, new byte[] {(byte) rng.nextInt(), (byte) rng.nextInt()}));
    }

    private static Scalar inverse(Scalar s) {
        return Scalars.invertVartime(s);
    }

    private static byte[] concat(byte[]... parts) {
        byte[] out = new byte[Arrays.stream(parts).mapToInt(p -> p.length).sum()];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    private static boolean schnorrAccepted(EncodedPoint key, RistrettoPoint a, Scalar s) throws MalformedEncodingException {
        SchnorrProof proof = SchnorrProof.decodeCommitted(concat(Points.encode(a), s.toByteArray()));
        boolean alone = proof.verify(key, CTX);
        boolean batched = new ProofBatch<String>().addSchnorr("forger", proof, key, CTX).verifies();
        assertThat(batched).as("batch and single verdicts agree").isEqualTo(alone);
        return alone;
    }

    private static boolean chaumPedersenAccepted(EncodedPoint key, EncodedPoint base, EncodedPoint image,
            RistrettoPoint a1, RistrettoPoint a2, Scalar s) throws MalformedEncodingException {
        ChaumPedersenProof proof = ChaumPedersenProof.decodeCommitted(
                concat(Points.encode(a1), Points.encode(a2), s.toByteArray()));
        boolean alone = proof.verify(key, base, image, CTX);
        boolean batched = new ProofBatch<String>().addChaumPedersen("forger", proof, key, base, image, CTX).verifies();
        assertThat(batched).as("batch and single verdicts agree").isEqualTo(alone);
        return alone;
    }

    @Test
    void schnorrForgerWhoSolvesForThePublicKeyIsRejected() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(11);
        RistrettoPoint a = unknownLog("a", rng).element();
        Scalar s = Scalars.randomNonZero(rng);
        Scalar e = SchnorrProof.challenge(PLACEHOLDER, EncodedPoint.of(a), CTX);
        EncodedPoint key = EncodedPoint.of(timesG(s).subtract(a).multiply(inverse(e))); // s*G = A + e*X
        assertThat(timesG(s)).isEqualTo(a.add(key.element().multiply(e)));
        assertThat(schnorrAccepted(key, a, s)).isFalse();
    }

    @Test
    void schnorrForgerWhoSolvesForTheCommitmentIsRejected() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(12);
        EncodedPoint key = unknownLog("key", rng); // nobody knows its secret
        Scalar s = Scalars.randomNonZero(rng);
        Scalar e = SchnorrProof.challenge(key, PLACEHOLDER, CTX);
        RistrettoPoint a = timesG(s).subtract(key.element().multiply(e));
        assertThat(schnorrAccepted(key, a, s)).isFalse();
    }

    @Test
    void chaumPedersenForgerWhoSolvesForTheImageIsRejected() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(13);
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint base = unknownLog("base", rng);
        Scalar k = Scalars.randomNonZero(rng);
        RistrettoPoint a1 = timesG(k);
        RistrettoPoint a2 = unknownLog("a2", rng).element();
        Scalar e = ChaumPedersenProof.challenge(key, base, PLACEHOLDER, EncodedPoint.of(a1), EncodedPoint.of(a2), CTX);
        Scalar s = k.add(e.multiply(x));
        EncodedPoint image = EncodedPoint.of(base.element().multiply(s).subtract(a2).multiply(inverse(e)));
        assertEquationsHold(key, base, image, a1, a2, e, s);
        assertThat(image.element()).as("a false statement").isNotEqualTo(base.element().multiply(x));
        assertThat(chaumPedersenAccepted(key, base, image, a1, a2, s)).isFalse();
    }

    @Test
    void chaumPedersenForgerWhoSolvesForThePublicKeyIsRejected() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(14);
        Scalar y = Scalars.randomNonZero(rng);
        EncodedPoint base = unknownLog("base", rng);
        EncodedPoint image = EncodedPoint.of(base.element().multiply(y));
        Scalar k2 = Scalars.randomNonZero(rng);
        RistrettoPoint a1 = timesG(Scalars.randomNonZero(rng));
        RistrettoPoint a2 = base.element().multiply(k2);
        Scalar e = ChaumPedersenProof.challenge(PLACEHOLDER, base, image, EncodedPoint.of(a1), EncodedPoint.of(a2), CTX);
        Scalar s = k2.add(e.multiply(y));
        EncodedPoint key = EncodedPoint.of(timesG(s).subtract(a1).multiply(inverse(e)));
        assertEquationsHold(key, base, image, a1, a2, e, s);
        assertThat(key.element()).as("a false statement").isNotEqualTo(timesG(y));
        assertThat(chaumPedersenAccepted(key, base, image, a1, a2, s)).isFalse();
    }

    @Test
    void chaumPedersenForgerWhoSolvesForTheBaseIsRejected() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(15);
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint image = unknownLog("image", rng);
        Scalar k = Scalars.randomNonZero(rng);
        RistrettoPoint a1 = timesG(k);
        RistrettoPoint a2 = unknownLog("a2", rng).element();
        Scalar e = ChaumPedersenProof.challenge(key, PLACEHOLDER, image, EncodedPoint.of(a1), EncodedPoint.of(a2), CTX);
        Scalar s = k.add(e.multiply(x));
        EncodedPoint base = EncodedPoint.of(a2.add(image.element().multiply(e)).multiply(inverse(s)));
        assertEquationsHold(key, base, image, a1, a2, e, s);
        assertThat(base.element().multiply(x)).as("a false statement").isNotEqualTo(image.element());
        assertThat(chaumPedersenAccepted(key, base, image, a1, a2, s)).isFalse();
    }

    /** A2 = s*B - e*Y for an image Y that is not x*B: sound only because A2 is hashed before e. */
    @Test
    void chaumPedersenForgerWhoSolvesForTheSecondCommitmentIsRejected() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(16);
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint base = unknownLog("base", rng);
        EncodedPoint image = unknownLog("image", rng);
        Scalar k = Scalars.randomNonZero(rng);
        RistrettoPoint a1 = timesG(k);
        Scalar e = ChaumPedersenProof.challenge(key, base, image, EncodedPoint.of(a1), PLACEHOLDER, CTX);
        Scalar s = k.add(e.multiply(x));
        RistrettoPoint a2 = base.element().multiply(s).subtract(image.element().multiply(e));
        assertEquationsHold(key, base, image, a1, a2, e, s);
        assertThat(chaumPedersenAccepted(key, base, image, a1, a2, s)).isFalse();
    }

    /** A1 = s*G - e*X for a key whose secret the forger does not know (but it knows log_B Y). */
    @Test
    void chaumPedersenForgerWhoSolvesForTheFirstCommitmentIsRejected() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(17);
        Scalar y = Scalars.randomNonZero(rng);
        EncodedPoint key = unknownLog("key", rng);
        EncodedPoint base = unknownLog("base", rng);
        EncodedPoint image = EncodedPoint.of(base.element().multiply(y));
        Scalar k = Scalars.randomNonZero(rng);
        RistrettoPoint a2 = base.element().multiply(k);
        Scalar e = ChaumPedersenProof.challenge(key, base, image, PLACEHOLDER, EncodedPoint.of(a2), CTX);
        Scalar s = k.add(e.multiply(y));
        RistrettoPoint a1 = timesG(s).subtract(key.element().multiply(e));
        assertEquationsHold(key, base, image, a1, a2, e, s);
        assertThat(chaumPedersenAccepted(key, base, image, a1, a2, s)).isFalse();
    }

    /** The prover knows x and answers honestly for A1, but the image is not x*B: only the second equation fails. */
    @Test
    void aProofWhoseSecondEquationFailsIsRejected() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(20);
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint base = unknownLog("base", rng);
        EncodedPoint image = unknownLog("image", rng);
        Scalar k = Scalars.randomNonZero(rng);
        RistrettoPoint a1 = timesG(k);
        RistrettoPoint a2 = base.element().multiply(k);
        Scalar e = ChaumPedersenProof.challenge(key, base, image, EncodedPoint.of(a1), EncodedPoint.of(a2), CTX);
        Scalar s = k.add(e.multiply(x));
        assertThat(timesG(s)).as("the first equation holds").isEqualTo(a1.add(key.element().multiply(e)));
        assertThat(chaumPedersenAccepted(key, base, image, a1, a2, s)).isFalse();
    }

    private static void assertEquationsHold(EncodedPoint key, EncodedPoint base, EncodedPoint image,
            RistrettoPoint a1, RistrettoPoint a2, Scalar e, Scalar s) {
        assertThat(timesG(s)).as("s*G = A1 + e*X").isEqualTo(a1.add(key.element().multiply(e)));
        assertThat(base.element().multiply(s)).as("s*B = A2 + e*Y").isEqualTo(a2.add(image.element().multiply(e)));
    }

    @Test
    void aProofInCommitmentFormFailsUnderAnyOtherContextField() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(18);
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint base = unknownLog("base", rng);
        EncodedPoint image = EncodedPoint.of(base.element().multiply(x));
        ChaumPedersenProof cp = ChaumPedersenProof.decodeCommitted(
                ChaumPedersenProof.prove(x, key, base, image, CTX, rng).encodeCommitted());
        SchnorrProof schnorr = SchnorrProof.decodeCommitted(SchnorrProof.prove(x, key, CTX, rng).encodeCommitted());
        assertThat(cp.verify(key, base, image, CTX)).isTrue();
        assertThat(schnorr.verify(key, CTX)).isTrue();
        ProofContext[] others = {
            ProofContext.of("session 8".getBytes(StandardCharsets.UTF_8), CTX.transcriptHash(), CTX.proverId()),
            ProofContext.of(CTX.sessionId(), new byte[] {4, 5}, CTX.proverId()),
            ProofContext.of(CTX.sessionId(), CTX.transcriptHash(), "seat 1, bob".getBytes(StandardCharsets.UTF_8)),
        };
        for (ProofContext other : others) {
            assertThat(cp.verify(key, base, image, other)).isFalse();
            assertThat(schnorr.verify(key, other)).isFalse();
            assertThat(new ProofBatch<String>().addChaumPedersen("a", cp, key, base, image, other)
                    .addSchnorr("b", schnorr, key, other).firstInvalid()).contains("a");
        }
    }

    @Test
    void theCommitmentFormChallengeIsTheDocumentedHash() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(19);
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint base = unknownLog("base", rng);
        EncodedPoint image = EncodedPoint.of(base.element().multiply(x));
        byte[] proof = ChaumPedersenProof.prove(x, key, base, image, CTX, rng).encodeCommitted();
        byte[] a1 = Arrays.copyOfRange(proof, 0, 32);
        byte[] a2 = Arrays.copyOfRange(proof, 32, 64);
        Scalar s = Scalars.decode(Arrays.copyOfRange(proof, 64, 96));
        Scalar e = new DocumentedTranscript("fairtable/proof/chaum-pedersen/v1", CTX)
                .field("generator", Points.encode(RistrettoPoint.GENERATOR))
                .field("public-key", key.encoding())
                .field("base", base.encoding())
                .field("image", image.encoding())
                .field("commitment-1", a1)
                .field("commitment-2", a2)
                .challenge("challenge");
        assertThat(timesG(s)).isEqualTo(Points.decode(a1).add(key.element().multiply(e)));
        assertThat(base.element().multiply(s)).isEqualTo(Points.decode(a2).add(image.element().multiply(e)));

        byte[] schnorr = SchnorrProof.prove(x, key, CTX, rng).encodeCommitted();
        byte[] a = Arrays.copyOfRange(schnorr, 0, 32);
        Scalar e2 = new DocumentedTranscript("fairtable/proof/schnorr/v1", CTX)
                .field("generator", Points.encode(RistrettoPoint.GENERATOR))
                .field("public-key", key.encoding())
                .field("commitment", a)
                .challenge("challenge");
        assertThat(timesG(Scalars.decode(Arrays.copyOfRange(schnorr, 32, 64)))).isEqualTo(Points.decode(a).add(key.element().multiply(e2)));
    }
}
