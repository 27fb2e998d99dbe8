package fairtable.crypto.proof;

import fairtable.crypto.ristretto.EncodedPoint;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.TwoCores;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Checks many Schnorr, Chaum–Pedersen and escrow proofs as one random linear combination, and names the author
 * of the first bad one when the combination fails.
 *
 * <p>A proof in commitment form is one to three equations g*G + sum k_m*P_m = 0 (Schnorr: A + e*X - s*G;
 * Chaum–Pedersen: A1 + e*X - s*G and A2 + e*Y - s*B; escrow: three, see {@link EscrowProof}; e recomputed from
 * the proof's own transcript).
 * The batch holds iff sum_j w_j * (equation j) = 0, one variable-time multi-scalar multiplication (split
 * over two cores past 64 terms) in which equal points (the generator, a key shared by many proofs) are
 * merged. Each weight w_j is 128 bits; a batch with a false equation passes with probability at most
 * 2^-128 per batch tried.
 *
 * <p>The weights must be unpredictable to the prover but must not depend on anything but the batch, so
 * that every verifier reaches the same verdict and results never depend on thread timing: they are
 * derived by hashing the whole batch. Exact bytes: seed = SHA-512 of the fields, each written as the
 * {@link Transcript} writes one (u32 label length, label, u32 value length, value): ("fairtable/proof/batch",
 * "v1"), ("equations", u32 count), then for each equation ("terms", u32 count), ("g", g) and for each term
 * ("k", k), ("P", P), scalars as 32 little-endian bytes and points in their canonical encoding. Block b =
 * SHA-512(seed || u32(b)); w_j is bytes 16(j mod 4) to 16(j mod 4) + 16 of block j / 4, a little-endian
 * 128-bit integer (0 is replaced by 1). Since every challenge e hashes its proof's context, statement and
 * commitments, the seed covers all of them.
 *
 * <p>Proofs that cannot be batched (challenge form) and statements refused outright (an identity key or
 * base) are checked one by one. When the combination fails, every proof is checked alone, in the order
 * added, and the first that fails is named; the one-by-one verdict is the authority.
 *
 * @param <L> what names a proof's author or place in the caller's verdict (a seat, a position)
 */
public final class ProofBatch<L> {
    /** One linear claim about public points: g*G + sum coefficients[m] * points[m] = 0. */
    record Equation(Scalar generatorCoefficient, Scalar[] coefficients, EncodedPoint[] points) {}

    private record Entry<L>(L label, Equation[] equations, BooleanSupplier alone) {}

    private final List<Entry<L>> entries = new ArrayList<>();

    public ProofBatch<L> addSchnorr(L label, SchnorrProof proof, EncodedPoint publicKey, ProofContext context) {
        entries.add(new Entry<>(label, proof.equations(publicKey, context), () -> proof.verify(publicKey, context)));
        return this;
    }

    public ProofBatch<L> addChaumPedersen(L label, ChaumPedersenProof proof, EncodedPoint publicKey, EncodedPoint base,
            EncodedPoint image, ProofContext context) {
        entries.add(new Entry<>(label, proof.equations(publicKey, base, image, context),
                () -> proof.verify(publicKey, base, image, context)));
        return this;
    }

    /** The escrow proof that (escrow1, escrow2) encrypts log_G(publicKey) * base under escrowKey. */
    public ProofBatch<L> addEscrow(L label, EscrowProof proof, EncodedPoint publicKey, EncodedPoint base,
            EncodedPoint escrowKey, EncodedPoint escrow1, EncodedPoint escrow2, ProofContext context) {
        entries.add(new Entry<>(label, proof.equations(publicKey, base, escrowKey, escrow1, escrow2, context),
                () -> proof.verify(publicKey, base, escrowKey, escrow1, escrow2, context)));
        return this;
    }

    public int size() {
        return entries.size();
    }

    /** Whether every proof verifies; same verdict as checking each alone (up to 2^-128). */
    public boolean verifies() {
        return firstInvalid().isEmpty();
    }

    /** The label of the first proof (in the order added) that does not verify, or empty if all do. */
    public Optional<L> firstInvalid() {
        if (combinationHolds()) {
            for (Entry<L> e : entries) {
                if (e.equations() == null && !e.alone().getAsBoolean()) {
                    return Optional.of(e.label());
                }
            }
            return Optional.empty();
        }
        for (Entry<L> e : entries) {
            if (!e.alone().getAsBoolean()) {
                return Optional.of(e.label());
            }
        }
        return Optional.empty();
    }

    /** sum_j w_j * (equation j) = 0 over the batchable entries (true when there are none). */
    private boolean combinationHolds() {
        List<Equation> equations = new ArrayList<>();
        for (Entry<L> e : entries) {
            if (e.equations() != null) {
                equations.addAll(List.of(e.equations()));
            }
        }
        if (equations.isEmpty()) {
            return true;
        }
        Scalar[] weights = weights(equations);
        Map<EncodedPoint, Scalar> merged = new LinkedHashMap<>();
        Scalar generator = Scalar.ZERO;
        for (int j = 0; j < equations.size(); j++) {
            Equation eq = equations.get(j);
            Scalar w = weights[j];
            generator = w.multiplyAndAdd(eq.generatorCoefficient(), generator);
            for (int m = 0; m < eq.points().length; m++) {
                Scalar term = w.multiply(eq.coefficients()[m]);
                merged.merge(eq.points()[m], term, Scalar::add);
            }
        }
        merged.merge(EncodedPoint.GENERATOR, generator, Scalar::add);
        Scalar[] scalars = new Scalar[merged.size()];
        RistrettoPoint[] points = new RistrettoPoint[merged.size()];
        int i = 0;
        for (Map.Entry<EncodedPoint, Scalar> term : merged.entrySet()) {
            points[i] = term.getKey().element();
            scalars[i++] = term.getValue();
        }
        return TwoCores.vartimeSum(scalars, points).equals(RistrettoPoint.IDENTITY);
    }

    /** The 128-bit weights, derived from the whole batch as the class comment specifies. */
    static Scalar[] weights(List<Equation> equations) {
        MessageDigest sha = sha512();
        field(sha, "fairtable/proof/batch", "v1".getBytes(StandardCharsets.UTF_8));
        field(sha, "equations", u32(equations.size()));
        for (Equation eq : equations) {
            field(sha, "terms", u32(eq.points().length));
            field(sha, "g", eq.generatorCoefficient().toByteArray());
            for (int m = 0; m < eq.points().length; m++) {
                field(sha, "k", eq.coefficients()[m].toByteArray());
                field(sha, "P", eq.points()[m].encoding());
            }
        }
        byte[] seed = sha.digest();
        Scalar[] out = new Scalar[equations.size()];
        byte[] block = null;
        for (int j = 0; j < out.length; j++) {
            if (j % 4 == 0) {
                sha.reset();
                sha.update(seed);
                sha.update(u32(j / 4));
                block = sha.digest();
            }
            byte[] wide = new byte[32];
            System.arraycopy(block, 16 * (j % 4), wide, 0, 16);
            Scalar w = Scalar.fromCanonicalBytes(wide);
            out[j] = w.equals(Scalar.ZERO) ? Scalar.ONE : w;
        }
        return out;
    }

    private static void field(MessageDigest sha, String label, byte[] value) {
        byte[] l = label.getBytes(StandardCharsets.UTF_8);
        sha.update(u32(l.length));
        sha.update(l);
        sha.update(u32(value.length));
        sha.update(value);
    }

    private static byte[] u32(int n) {
        return new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n};
    }

    private static MessageDigest sha512() {
        try {
            return MessageDigest.getInstance("SHA-512");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-512", e);
        }
    }
}
