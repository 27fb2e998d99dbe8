package fairtable.crypto.proof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
 * The escrow proof: (R, S) = (r*G, x*C + r*B) for X = x*G. It accepts the honest statement, and fails when
 * any element of the statement or of its context changes, or when the ciphertext holds anything but the
 * prover's own share.
 */
class EscrowProofTest {
    private static final byte[] SESSION = "session".getBytes(StandardCharsets.UTF_8);
    private static final byte[] HASH = {1, 2, 3};
    private static final byte[] PROVER = "alice".getBytes(StandardCharsets.UTF_8);
    private static final ProofContext CTX = ProofContext.of(SESSION, HASH, PROVER);

    /** One honest statement with its witnesses. */
    private record Statement(Scalar x, Scalar r, EncodedPoint key, EncodedPoint card, EncodedPoint escrowKey,
            EncodedPoint escrow1, EncodedPoint escrow2) {
        static Statement honest(SplittableRandom rng) {
            Scalar x = Scalars.randomNonZero(rng);
            Scalar r = Scalars.randomNonZero(rng);
            EncodedPoint card = EncodedPoint.of(Points.hashToGroup("test/card", new byte[] {(byte) rng.nextInt()}));
            EncodedPoint escrowKey = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(Scalars.randomNonZero(rng)));
            return new Statement(x, r, times(x), card, escrowKey, times(r),
                    EncodedPoint.of(card.element().multiply(x).add(escrowKey.element().multiply(r))));
        }

        EscrowProof prove(ProofContext context, SplittableRandom rng) {
            return EscrowProof.prove(x, r, key, card, escrowKey, escrow1, escrow2, context, rng);
        }

        boolean verifies(EscrowProof proof, ProofContext context) {
            return proof.verify(key, card, escrowKey, escrow1, escrow2, context);
        }
    }

    private static EncodedPoint times(Scalar s) {
        return EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(s));
    }

    private static EncodedPoint other(EncodedPoint p) {
        return EncodedPoint.of(p.element().add(RistrettoPoint.GENERATOR));
    }

    @RepeatedTest(3)
    void theHonestProofVerifiesAndEveryChangedStatementElementFails(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(info.getCurrentRepetition());
        Statement s = Statement.honest(rng);
        EscrowProof proof = s.prove(CTX, rng);
        assertThat(s.verifies(proof, CTX)).isTrue();
        assertThat(proof.verify(other(s.key()), s.card(), s.escrowKey(), s.escrow1(), s.escrow2(), CTX)).as("public key").isFalse();
        assertThat(proof.verify(s.key(), other(s.card()), s.escrowKey(), s.escrow1(), s.escrow2(), CTX)).as("card").isFalse();
        assertThat(proof.verify(s.key(), s.card(), other(s.escrowKey()), s.escrow1(), s.escrow2(), CTX)).as("escrow key").isFalse();
        assertThat(proof.verify(s.key(), s.card(), s.escrowKey(), other(s.escrow1()), s.escrow2(), CTX)).as("R").isFalse();
        assertThat(proof.verify(s.key(), s.card(), s.escrowKey(), s.escrow1(), other(s.escrow2()), CTX)).as("S").isFalse();
        assertThat(s.verifies(proof, ProofContext.of("other".getBytes(StandardCharsets.UTF_8), HASH, PROVER))).as("session").isFalse();
        assertThat(s.verifies(proof, ProofContext.of(SESSION, new byte[] {1, 2, 4}, PROVER))).as("transcript hash").isFalse();
        assertThat(s.verifies(proof, ProofContext.of(SESSION, HASH, "bob".getBytes(StandardCharsets.UTF_8)))).as("prover").isFalse();
    }

    @Test
    void everyChangedResponseOrChallengeFails() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(7);
        Statement s = Statement.honest(rng);
        byte[] bytes = s.prove(CTX, rng).encode();
        for (int field = 0; field < 3; field++) {
            byte[] tampered = bytes.clone();
            tampered[32 * field + 1] ^= 1;
            assertThat(s.verifies(EscrowProof.decode(tampered), CTX)).as("field %d", field).isFalse();
        }
    }

    @Test
    void theChallengeIsTheDocumentedHashOfTheStatementAndTheCommitments() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(8);
        Statement s = Statement.honest(rng);
        byte[] bytes = s.prove(CTX, rng).encode();
        Scalar e = Scalars.decode(Arrays.copyOfRange(bytes, 0, 32));
        Scalar s1 = Scalars.decode(Arrays.copyOfRange(bytes, 32, 64));
        Scalar s2 = Scalars.decode(Arrays.copyOfRange(bytes, 64, 96));
        // T1 = s1*G - e*X, T2 = s2*G - e*R, T3 = s1*C + s2*B - e*S, as the class documents.
        Scalar minusE = Scalars.negate(e);
        RistrettoPoint t1 = FixedBaseTable.GENERATOR.multiply(s1).add(s.key().element().multiply(minusE));
        RistrettoPoint t2 = FixedBaseTable.GENERATOR.multiply(s2).add(s.escrow1().element().multiply(minusE));
        RistrettoPoint t3 = s.card().element().multiply(s1).add(s.escrowKey().element().multiply(s2))
                .add(s.escrow2().element().multiply(minusE));
        Scalar recomputed = new Transcript("fairtable/proof/escrow/v1", CTX)
                .appendPoint("generator", EncodedPoint.GENERATOR)
                .appendPoint("public-key", s.key())
                .appendPoint("base", s.card())
                .appendPoint("escrow-key", s.escrowKey())
                .appendPoint("escrow-1", s.escrow1())
                .appendPoint("escrow-2", s.escrow2())
                .appendPoint("commitment-1", t1)
                .appendPoint("commitment-2", t2)
                .appendPoint("commitment-3", t3)
                .challenge("challenge");
        assertThat(recomputed).isEqualTo(e);
        assertThat(EscrowProof.DOMAIN).isEqualTo("fairtable/proof/escrow/v1");
    }

    /**
     * A prover who encrypts something other than its share cannot make a proof: the honest prover refuses,
     * and a proof forged for the true share does not carry over to the false ciphertext.
     */
    @Test
    void aCiphertextOfAnythingButTheOwnShareHasNoProof() {
        SplittableRandom rng = new SplittableRandom(9);
        Statement s = Statement.honest(rng);
        EncodedPoint wrongShare = EncodedPoint.of(s.card().element().multiply(Scalars.randomNonZero(rng))
                .add(s.escrowKey().element().multiply(s.r())));
        assertThatThrownBy(() -> EscrowProof.prove(s.x(), s.r(), s.key(), s.card(), s.escrowKey(), s.escrow1(), wrongShare,
                CTX, rng)).isInstanceOf(IllegalArgumentException.class);
        EscrowProof forTheTrueShare = s.prove(CTX, rng);
        assertThat(forTheTrueShare.verify(s.key(), s.card(), s.escrowKey(), s.escrow1(), wrongShare, CTX)).isFalse();
    }

    @Test
    void identitiesAreRefusedWhereTheyWouldMeanNothingOrAShareInTheClear() {
        SplittableRandom rng = new SplittableRandom(10);
        Statement s = Statement.honest(rng);
        EscrowProof proof = s.prove(CTX, rng);
        EncodedPoint identity = EncodedPoint.of(RistrettoPoint.IDENTITY);
        assertThat(proof.verify(identity, s.card(), s.escrowKey(), s.escrow1(), s.escrow2(), CTX)).isFalse();
        assertThat(proof.verify(s.key(), identity, s.escrowKey(), s.escrow1(), s.escrow2(), CTX)).isFalse();
        assertThat(proof.verify(s.key(), s.card(), identity, s.escrow1(), s.escrow2(), CTX)).isFalse();
        assertThat(proof.verify(s.key(), s.card(), s.escrowKey(), identity, s.escrow2(), CTX)).isFalse();
    }

    @Test
    void decodingRefusesWrongLengthsAndNonCanonicalScalars() {
        assertThatThrownBy(() -> EscrowProof.decode(new byte[95])).isInstanceOf(MalformedEncodingException.class);
        byte[] order = new byte[96];
        byte[] be = Scalars.ORDER.toByteArray();
        for (int i = 0; i < 32; i++) {
            order[64 + i] = be[be.length - 1 - i];
        }
        assertThatThrownBy(() -> EscrowProof.decode(order)).isInstanceOf(MalformedEncodingException.class)
                .hasMessageContaining("canonical");
    }

    /**
     * A prover escrows something other than its share (S off by G) with honest commitments and responses: the
     * first two equations hold, only the third (T3 + e*S = s1*C + s2*B) catches it, alone and in a batch among
     * honest proofs, which names it.
     */
    @Test
    void anEscrowOfAnythingButTheShareFailsTheThirdEquationAloneAndInABatch() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(21);
        Statement honest = Statement.honest(rng);
        EncodedPoint wrongS = other(honest.escrow2());
        Scalar a = Scalars.randomNonZero(rng);
        Scalar b = Scalars.randomNonZero(rng);
        EncodedPoint t1 = times(a);
        EncodedPoint t2 = times(b);
        EncodedPoint t3 = EncodedPoint.of(honest.card().element().multiply(a).add(honest.escrowKey().element().multiply(b)));
        Scalar e = EscrowProof.challenge(honest.key(), honest.card(), honest.escrowKey(), honest.escrow1(), wrongS,
                t1, t2, t3, CTX);
        byte[] committed = new byte[EscrowProof.COMMITTED_LENGTH];
        System.arraycopy(t1.encoding(), 0, committed, 0, 32);
        System.arraycopy(t2.encoding(), 0, committed, 32, 32);
        System.arraycopy(t3.encoding(), 0, committed, 64, 32);
        System.arraycopy(e.multiply(honest.x()).add(a).toByteArray(), 0, committed, 96, 32);
        System.arraycopy(e.multiply(honest.r()).add(b).toByteArray(), 0, committed, 128, 32);
        EscrowProof forged = EscrowProof.decodeCommitted(committed);
        assertThat(forged.verify(honest.key(), honest.card(), honest.escrowKey(), honest.escrow1(), wrongS, CTX)).isFalse();

        ProofBatch<String> batch = new ProofBatch<>();
        for (int i = 0; i < 5; i++) {
            Statement other = Statement.honest(rng);
            EscrowProof proof = EscrowProof.decodeCommitted(other.prove(CTX, rng).encodeCommitted());
            batch.addEscrow("honest " + i, proof, other.key(), other.card(), other.escrowKey(), other.escrow1(),
                    other.escrow2(), CTX);
            if (i == 2) {
                batch.addEscrow("forger", forged, honest.key(), honest.card(), honest.escrowKey(), honest.escrow1(),
                        wrongS, CTX);
            }
        }
        assertThat(batch.firstInvalid()).contains("forger");
    }
}
