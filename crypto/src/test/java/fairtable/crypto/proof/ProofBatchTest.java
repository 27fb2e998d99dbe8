package fairtable.crypto.proof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.MultiScalar;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Batch verification of Schnorr and Chaum–Pedersen proofs in commitment form: the batch verdict is the
 * one-by-one verdict, it names the first bad proof's author, and its weights stop bad proofs that cancel.
 */
class ProofBatchTest {
    private static final byte[] SESSION = "batch session".getBytes(StandardCharsets.UTF_8);
    private static final byte[] HASH = {1, 2, 3};

    private static ProofContext contextOf(String prover) {
        return ProofContext.of(SESSION, HASH, prover.getBytes(StandardCharsets.UTF_8));
    }

    private static RistrettoPoint timesG(Scalar s) {
        return FixedBaseTable.GENERATOR.multiply(s);
    }

    /** A Chaum–Pedersen statement with its proof, as a verifier holds it after decoding, and its author. */
    record Share(String author, EncodedPoint key, EncodedPoint base, EncodedPoint image, ChaumPedersenProof proof,
            ProofContext context) {
        boolean alone() {
            return proof.verify(key, base, image, context);
        }
    }

    record KeyProof(String author, EncodedPoint key, SchnorrProof proof, ProofContext context) {
        boolean alone() {
            return proof.verify(key, context);
        }
    }

    private static Share honestShare(String author, Scalar x, EncodedPoint base, SplittableRandom rng) {
        EncodedPoint key = EncodedPoint.of(timesG(x));
        EncodedPoint image = EncodedPoint.of(base.element().multiply(x));
        ProofContext context = contextOf(author);
        ChaumPedersenProof made = ChaumPedersenProof.prove(x, key, base, image, context, rng);
        return new Share(author, key, base, image, reread(made.encodeCommitted()), context);
    }

    private static KeyProof honestKeyProof(String author, SplittableRandom rng) {
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(timesG(x));
        ProofContext context = contextOf(author);
        return new KeyProof(author, key, rereadSchnorr(SchnorrProof.prove(x, key, context, rng).encodeCommitted()), context);
    }

    private static ChaumPedersenProof reread(byte[] committed) {
        try {
            return ChaumPedersenProof.decodeCommitted(committed);
        } catch (MalformedEncodingException e) {
            throw new AssertionError(e);
        }
    }

    private static SchnorrProof rereadSchnorr(byte[] committed) {
        try {
            return SchnorrProof.decodeCommitted(committed);
        } catch (MalformedEncodingException e) {
            throw new AssertionError(e);
        }
    }

    /** The same proof with its response s replaced by s + delta. */
    private static Share withResponseShifted(Share s, Scalar delta) {
        byte[] bytes = s.proof().encodeCommitted();
        Scalar response = Scalar.fromCanonicalBytes(Arrays.copyOfRange(bytes, 64, 96)).add(delta);
        System.arraycopy(response.toByteArray(), 0, bytes, 64, 32);
        return new Share(s.author(), s.key(), s.base(), s.image(), reread(bytes), s.context());
    }

    private static EncodedPoint randomPoint(SplittableRandom rng) {
        return EncodedPoint.of(timesG(Scalars.randomNonZero(rng)));
    }

    private static ProofBatch<String> batchOf(List<Share> shares, List<KeyProof> keyProofs) {
        ProofBatch<String> batch = new ProofBatch<>();
        shares.forEach(s -> batch.addChaumPedersen(s.author(), s.proof(), s.key(), s.base(), s.image(), s.context()));
        keyProofs.forEach(k -> batch.addSchnorr(k.author(), k.proof(), k.key(), k.context()));
        return batch;
    }

    /** Fifty shares of fifty cards by five seats, as a deal's shares messages carry them. */
    private static List<Share> table(SplittableRandom rng) {
        Scalar[] secrets = new Scalar[5];
        for (int i = 0; i < 5; i++) {
            secrets[i] = Scalars.randomNonZero(rng);
        }
        List<Share> out = new ArrayList<>();
        for (int card = 0; card < 50; card++) {
            EncodedPoint c1 = randomPoint(rng);
            int seat = card % 5;
            out.add(honestShare("seat " + seat + " card " + card, secrets[seat], c1, rng));
        }
        return out;
    }

    @Test
    void aBatchOfHonestSharesAndKeyProofsVerifies() {
        SplittableRandom rng = new SplittableRandom(1);
        List<KeyProof> keys = List.of(honestKeyProof("alice", rng), honestKeyProof("bob", rng), honestKeyProof("carol", rng));
        ProofBatch<String> batch = batchOf(table(rng), keys);
        assertThat(batch.size()).isEqualTo(53);
        assertThat(batch.firstInvalid()).isEmpty();
        assertThat(batch.verifies()).isTrue();
    }

    @Test
    void aBatchWithOneBadShareFailsAndNamesItsAuthor() {
        SplittableRandom rng = new SplittableRandom(2);
        List<Share> shares = new ArrayList<>(table(rng));
        Share honest = shares.get(37);
        // The share claims an image it did not prove: decrypting with it would read another card.
        shares.set(37, new Share(honest.author(), honest.key(), honest.base(),
                EncodedPoint.of(honest.image().element().add(RistrettoPoint.GENERATOR)), honest.proof(), honest.context()));
        assertThat(batchOf(shares, List.of()).firstInvalid()).contains("seat 2 card 37");
    }

    @Test
    void aBatchWithOneBadSchnorrProofFailsAndNamesItsAuthor() {
        SplittableRandom rng = new SplittableRandom(3);
        List<KeyProof> keys = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            keys.add(honestKeyProof("seat " + i, rng));
        }
        KeyProof honest = keys.get(11);
        // A proof for another key: the prover does not know this key's secret.
        keys.set(11, new KeyProof(honest.author(), randomPoint(rng), honest.proof(), honest.context()));
        assertThat(batchOf(table(rng), keys).firstInvalid()).contains("seat 11");
    }

    /** Fifty key proofs, as an audit of a long table collects them, one of them at a seeded place for another key. */
    @org.junit.jupiter.api.RepeatedTest(5)
    void oneBadSchnorrProofAtASeededPlaceAmongFiftyIsNamed(org.junit.jupiter.api.RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(40 + info.getCurrentRepetition());
        List<KeyProof> keys = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            keys.add(honestKeyProof("seat " + i % 5 + " round " + i / 5, rng));
        }
        int bad = rng.nextInt(50);
        KeyProof honest = keys.get(bad);
        keys.set(bad, new KeyProof(honest.author(), randomPoint(rng), honest.proof(), honest.context()));
        assertThat(batchOf(List.of(), keys).firstInvalid()).as("bad at %d", bad).contains(honest.author());
        assertThat(batchOf(List.of(), keys.subList(0, bad)).verifies()).isTrue();
    }

    @Test
    void twoBadProofsThatCancelInAnUnweightedSumAreStillRejected() {
        SplittableRandom rng = new SplittableRandom(4);
        EncodedPoint card = randomPoint(rng);
        Scalar delta = Scalars.randomNonZero(rng);
        // Two seats' shares of the same card, responses shifted by +delta and -delta: each equation is off by
        // delta*G and delta*B, in opposite directions.
        Share first = withResponseShifted(honestShare("alice", Scalars.randomNonZero(rng), card, rng), delta);
        Share second = withResponseShifted(honestShare("bob", Scalars.randomNonZero(rng), card, rng), delta.negate());
        Share third = honestShare("carol", Scalars.randomNonZero(rng), card, rng);
        List<Share> shares = List.of(third, first, second);
        assertThat(first.alone()).isFalse();
        assertThat(second.alone()).isFalse();
        assertThat(unweightedSum(shares)).as("the naive sum of all equations cancels").isEqualTo(RistrettoPoint.IDENTITY);

        assertThat(batchOf(shares, List.of()).firstInvalid()).contains("alice");
    }

    /** sum over every equation of every proof with weight 1: what a batch without random weights would check. */
    private static RistrettoPoint unweightedSum(List<Share> shares) {
        List<Scalar> scalars = new ArrayList<>();
        List<RistrettoPoint> points = new ArrayList<>();
        for (Share s : shares) {
            for (ProofBatch.Equation eq : s.proof().equations(s.key(), s.base(), s.image(), s.context())) {
                scalars.add(eq.generatorCoefficient());
                points.add(RistrettoPoint.GENERATOR);
                scalars.addAll(List.of(eq.coefficients()));
                for (EncodedPoint p : eq.points()) {
                    points.add(p.element());
                }
            }
        }
        return MultiScalar.vartime(scalars.toArray(Scalar[]::new), points.toArray(RistrettoPoint[]::new));
    }

    /** Seeded random batches: the batch verdict is the AND of the single verdicts, and names the first failure. */
    @Test
    void theBatchVerdictIsTheConjunctionOfTheSingleVerdicts() {
        SplittableRandom rng = new SplittableRandom(5);
        int failing = 0;
        for (int round = 0; round < 150; round++) {
            int size = rng.nextInt(9);
            ProofBatch<Integer> batch = new ProofBatch<>();
            List<Boolean> alone = new ArrayList<>();
            EncodedPoint sharedCard = randomPoint(rng);
            for (int i = 0; i < size; i++) {
                boolean bad = rng.nextInt(6) == 0;
                if (rng.nextBoolean()) {
                    EncodedPoint base = rng.nextBoolean() ? sharedCard : randomPoint(rng);
                    Share s = honestShare("p" + i, Scalars.randomNonZero(rng), base, rng);
                    if (bad) {
                        s = spoilShare(s, rng);
                    }
                    if (rng.nextInt(5) == 0) { // read in the challenge form: checked alone inside the batch
                        s = new Share(s.author(), s.key(), s.base(), s.image(), challengeForm(s), s.context());
                    }
                    batch.addChaumPedersen(i, s.proof(), s.key(), s.base(), s.image(), s.context());
                    alone.add(s.alone());
                } else {
                    KeyProof k = honestKeyProof("p" + i, rng);
                    if (bad) {
                        k = rng.nextBoolean()
                                ? new KeyProof(k.author(), randomPoint(rng), k.proof(), k.context())
                                : new KeyProof(k.author(), k.key(), k.proof(), contextOf("someone else"));
                    }
                    batch.addSchnorr(i, k.proof(), k.key(), k.context());
                    alone.add(k.alone());
                }
            }
            int firstFalse = alone.indexOf(false);
            Optional<Integer> expected = firstFalse < 0 ? Optional.empty() : Optional.of(firstFalse);
            assertThat(batch.firstInvalid()).as("round %d", round).isEqualTo(expected);
            assertThat(batch.verifies()).isEqualTo(alone.stream().allMatch(Predicate.isEqual(true)));
            failing += firstFalse < 0 ? 0 : 1;
        }
        assertThat(failing).as("both verdicts occur").isBetween(20, 130);
    }

    private static ChaumPedersenProof challengeForm(Share s) {
        // The verifier recomputes the challenge exactly as the proof's owner did.
        byte[] committed = s.proof().encodeCommitted();
        try {
            EncodedPoint a1 = EncodedPoint.decode(Arrays.copyOfRange(committed, 0, 32));
            EncodedPoint a2 = EncodedPoint.decode(Arrays.copyOfRange(committed, 32, 64));
            Scalar e = ChaumPedersenProof.challenge(s.key(), s.base(), s.image(), a1, a2, s.context());
            byte[] form = new byte[64];
            System.arraycopy(e.toByteArray(), 0, form, 0, 32);
            System.arraycopy(committed, 64, form, 32, 32);
            return ChaumPedersenProof.decode(form);
        } catch (MalformedEncodingException ex) {
            throw new AssertionError(ex);
        }
    }

    private static Share spoilShare(Share s, SplittableRandom rng) {
        return switch (rng.nextInt(4)) {
            case 0 -> withResponseShifted(s, Scalars.randomNonZero(rng));
            case 1 -> new Share(s.author(), s.key(), s.base(), randomPoint(rng), s.proof(), s.context());
            case 2 -> new Share(s.author(), randomPoint(rng), s.base(), s.image(), s.proof(), s.context());
            default -> new Share(s.author(), s.key(), s.base(), s.image(), s.proof(), contextOf("another prover"));
        };
    }

    @Test
    void anEmptyBatchVerifies() {
        assertThat(new ProofBatch<String>().firstInvalid()).isEmpty();
        assertThat(new ProofBatch<String>().size()).isZero();
    }

    @Test
    void anIdentityKeyOrBaseIsRefusedInABatchAsAlone() {
        SplittableRandom rng = new SplittableRandom(6);
        EncodedPoint identity = EncodedPoint.of(RistrettoPoint.IDENTITY);
        Share s = honestShare("alice", Scalars.randomNonZero(rng), randomPoint(rng), rng);
        KeyProof k = honestKeyProof("bob", rng);
        assertThat(new ProofBatch<String>().addChaumPedersen("alice", s.proof(), identity, s.base(), s.image(), s.context())
                .firstInvalid()).contains("alice");
        assertThat(new ProofBatch<String>().addChaumPedersen("alice", s.proof(), s.key(), identity, s.image(), s.context())
                .firstInvalid()).contains("alice");
        assertThat(new ProofBatch<String>().addSchnorr("bob", k.proof(), identity, k.context()).firstInvalid()).contains("bob");
    }

    @Test
    void anIdentityCommitmentDecodesButDoesNotVerify() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(7);
        Share s = honestShare("alice", Scalars.randomNonZero(rng), randomPoint(rng), rng);
        byte[] bytes = s.proof().encodeCommitted();
        Arrays.fill(bytes, 0, 32, (byte) 0); // A1 = the identity, canonically encoded
        ChaumPedersenProof forged = ChaumPedersenProof.decodeCommitted(bytes);
        assertThat(forged.verify(s.key(), s.base(), s.image(), s.context())).isFalse();
        assertThat(new ProofBatch<String>().addChaumPedersen("alice", forged, s.key(), s.base(), s.image(), s.context())
                .firstInvalid()).contains("alice");
    }

    @Test
    void nonCanonicalScalarsAndPointsAreRefusedAtDecode() {
        SplittableRandom rng = new SplittableRandom(8);
        Share s = honestShare("alice", Scalars.randomNonZero(rng), randomPoint(rng), rng);
        KeyProof k = honestKeyProof("bob", rng);
        byte[] order = Scalars.ORDER.add(java.math.BigInteger.ONE).toByteArray(); // l + 1, big-endian
        byte[] nonCanonical = new byte[32];
        for (int i = 0; i < order.length && i < 32; i++) {
            nonCanonical[i] = order[order.length - 1 - i];
        }
        byte[] cp = s.proof().encodeCommitted();
        System.arraycopy(nonCanonical, 0, cp, 64, 32);
        assertThatThrownBy(() -> ChaumPedersenProof.decodeCommitted(cp)).isInstanceOf(MalformedEncodingException.class);
        byte[] schnorr = k.proof().encodeCommitted();
        System.arraycopy(nonCanonical, 0, schnorr, 32, 32);
        assertThatThrownBy(() -> SchnorrProof.decodeCommitted(schnorr)).isInstanceOf(MalformedEncodingException.class);
        byte[] badPoint = s.proof().encodeCommitted();
        Arrays.fill(badPoint, 32, 64, (byte) 0xff); // not a canonical field element
        assertThatThrownBy(() -> ChaumPedersenProof.decodeCommitted(badPoint)).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> ChaumPedersenProof.decodeCommitted(new byte[95])).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> SchnorrProof.decodeCommitted(new byte[65])).isInstanceOf(MalformedEncodingException.class);
    }

    @Test
    void theWeightsAreTheDocumentedHash() throws Exception {
        SplittableRandom rng = new SplittableRandom(10);
        List<ProofBatch.Equation> equations = new ArrayList<>();
        for (Share s : table(rng).subList(0, 3)) { // 6 equations: two blocks of weights
            equations.addAll(List.of(s.proof().equations(s.key(), s.base(), s.image(), s.context())));
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        documentedField(bytes, "fairtable/proof/batch", "v1".getBytes(StandardCharsets.UTF_8));
        documentedField(bytes, "equations", u32(equations.size()));
        for (ProofBatch.Equation eq : equations) {
            documentedField(bytes, "terms", u32(eq.points().length));
            documentedField(bytes, "g", eq.generatorCoefficient().toByteArray());
            for (int m = 0; m < eq.points().length; m++) {
                documentedField(bytes, "k", eq.coefficients()[m].toByteArray());
                documentedField(bytes, "P", eq.points()[m].encoding());
            }
        }
        java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-512");
        byte[] seed = sha.digest(bytes.toByteArray());
        Scalar[] weights = ProofBatch.weights(equations);
        for (int j = 0; j < equations.size(); j++) {
            sha.update(seed);
            byte[] block = sha.digest(u32(j / 4));
            byte[] low = new byte[32];
            System.arraycopy(block, 16 * (j % 4), low, 0, 16);
            assertThat(weights[j]).as("w_%d", j).isEqualTo(Scalar.fromCanonicalBytes(low));
        }
    }

    private static byte[] u32(int n) {
        return java.nio.ByteBuffer.allocate(4).putInt(n).array();
    }

    private static void documentedField(java.io.ByteArrayOutputStream out, String label, byte[] value) {
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        out.writeBytes(u32(l.length));
        out.writeBytes(l);
        out.writeBytes(u32(value.length));
        out.writeBytes(value);
    }

    @Test
    void theWeightsAreDeterministicAndDependOnEveryProofInTheBatch() {
        SplittableRandom rng = new SplittableRandom(9);
        List<Share> shares = table(rng).subList(0, 6);
        List<ProofBatch.Equation> equations = new ArrayList<>();
        shares.forEach(s -> equations.addAll(List.of(s.proof().equations(s.key(), s.base(), s.image(), s.context()))));
        Scalar[] weights = ProofBatch.weights(equations);
        assertThat(ProofBatch.weights(new ArrayList<>(equations))).containsExactly(weights);
        for (Scalar w : weights) {
            assertThat(Scalars.toBigInteger(w).bitLength()).isBetween(1, 128);
        }
        Share last = shares.get(5);
        List<ProofBatch.Equation> changed = new ArrayList<>(equations.subList(0, equations.size() - 2));
        changed.addAll(List.of(withResponseShifted(last, Scalar.ONE).proof()
                .equations(last.key(), last.base(), last.image(), last.context())));
        Scalar[] other = ProofBatch.weights(changed);
        assertThat(other[0]).as("the first weight changes when the last proof does").isNotEqualTo(weights[0]);
    }
}
