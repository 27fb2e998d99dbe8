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

class ProofsTest {
    private static final ProofContext CTX = ctx("session", "alice");

    private static ProofContext ctx(String session, String prover) {
        return ProofContext.of(session.getBytes(StandardCharsets.UTF_8), new byte[] {1, 2, 3}, prover.getBytes(StandardCharsets.UTF_8));
    }

    @RepeatedTest(3)
    void schnorrAcceptsTheHonestProverAndNothingElse(RepetitionInfo info) throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(info.getCurrentRepetition());
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(x));
        SchnorrProof proof = SchnorrProof.prove(x, key, CTX, rng);
        assertThat(proof.verify(key, CTX)).isTrue();
        assertThat(proof.verify(EncodedPoint.of(key.element().add(RistrettoPoint.GENERATOR)), CTX)).isFalse();
        assertThat(proof.verify(key, ctx("other", "alice"))).isFalse();
        assertThat(proof.verify(key, ctx("session", "bob"))).isFalse();
        assertThat(proof.verify(key, ProofContext.of("session".getBytes(StandardCharsets.UTF_8), new byte[0], "alice".getBytes(StandardCharsets.UTF_8)))).isFalse();
        assertThat(proof.verify(EncodedPoint.of(RistrettoPoint.IDENTITY), CTX)).isFalse();
        assertThat(SchnorrProof.decode(proof.encode()).verify(key, CTX)).isTrue();
        byte[] tampered = proof.encode();
        tampered[40] ^= 1;
        assertThat(SchnorrProof.decode(tampered).verify(key, CTX)).isFalse();
    }

    @Test
    void schnorrRefusesToProveAKeyItDoesNotKnow() {
        SplittableRandom rng = new SplittableRandom(4);
        EncodedPoint key = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(Scalars.random(rng)));
        assertThatThrownBy(() -> SchnorrProof.prove(Scalars.random(rng), key, CTX, rng)).isInstanceOf(IllegalArgumentException.class);
    }

    @RepeatedTest(3)
    void chaumPedersenAcceptsEqualLogsOnly(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(10 + info.getCurrentRepetition());
        Scalar x = Scalars.randomNonZero(rng);
        EncodedPoint key = EncodedPoint.of(FixedBaseTable.GENERATOR.multiply(x));
        EncodedPoint base = EncodedPoint.of(Points.hashToGroup("test", new byte[] {1}));
        EncodedPoint image = EncodedPoint.of(base.element().multiply(x));
        ChaumPedersenProof proof = ChaumPedersenProof.prove(x, key, base, image, CTX, rng);
        assertThat(proof.verify(key, base, image, CTX)).isTrue();
        EncodedPoint otherImage = EncodedPoint.of(base.element().multiply(Scalars.random(rng)));
        assertThat(ChaumPedersenProof.prove(x, key, base, otherImage, CTX, rng).verify(key, base, otherImage, CTX)).isFalse();
        assertThat(proof.verify(key, base, otherImage, CTX)).isFalse();
        assertThat(proof.verify(key, EncodedPoint.of(Points.hashToGroup("test", new byte[] {2})), image, CTX)).isFalse();
        assertThat(proof.verify(key, base, image, ctx("session", "mallory"))).isFalse();
        EncodedPoint identity = EncodedPoint.of(RistrettoPoint.IDENTITY);
        assertThat(proof.verify(key, identity, identity, CTX)).isFalse();
        assertThat(proof.verify(identity, base, image, CTX)).isFalse();
    }

    @Test
    void proofDecodingRejectsNonCanonicalScalarsAndWrongLengths() {
        byte[] order = new byte[64];
        byte[] be = Scalars.ORDER.toByteArray();
        for (int i = 0; i < 32; i++) {
            order[32 + i] = be[be.length - 1 - i];
        }
        assertThatThrownBy(() -> SchnorrProof.decode(order)).isInstanceOf(MalformedEncodingException.class).hasMessageContaining("canonical");
        assertThatThrownBy(() -> ChaumPedersenProof.decode(order)).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> SchnorrProof.decode(new byte[63])).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> ChaumPedersenProof.decode(new byte[65])).isInstanceOf(MalformedEncodingException.class);
    }

    @Test
    void transcriptEncodingIsUnambiguous() {
        Scalar ab_c = new Transcript("d", CTX).appendBytes("ab", new byte[] {'c'}).challenge("e");
        Scalar a_bc = new Transcript("d", CTX).appendBytes("a", new byte[] {'b', 'c'}).challenge("e");
        Scalar split = new Transcript("d", CTX).appendBytes("a", new byte[] {'b'}).appendBytes("", new byte[] {'c'}).challenge("e");
        Scalar again = new Transcript("d", CTX).appendBytes("ab", new byte[] {'c'}).challenge("e");
        assertThat(ab_c).isEqualTo(again);
        assertThat(Arrays.asList(a_bc, split)).doesNotContain(ab_c);
        assertThat(a_bc).isNotEqualTo(split);
        assertThat(new Transcript("d2", CTX).appendBytes("ab", new byte[] {'c'}).challenge("e")).isNotEqualTo(ab_c);
        assertThat(new Transcript("d", ctx("session", "bob")).appendBytes("ab", new byte[] {'c'}).challenge("e")).isNotEqualTo(ab_c);
    }

    @Test
    void laterChallengesDependOnEarlierOnesAndVectorChallengesDiffer() {
        Transcript t = new Transcript("d", CTX);
        Scalar first = t.challenge("x");
        Scalar second = t.challenge("x");
        assertThat(second).isNotEqualTo(first);
        Scalar[] u = new Transcript("d", CTX).challenges("u", 5);
        assertThat(Arrays.stream(u).distinct().count()).isEqualTo(5);
    }

    @Test
    void contextFieldsAreValidatedAndCopied() {
        byte[] session = {1, 2};
        ProofContext c = ProofContext.of(session, new byte[0], new byte[] {3});
        session[0] = 9;
        assertThat(c.sessionId()).containsExactly(1, 2);
        assertThatThrownBy(() -> ProofContext.of(new byte[0], new byte[0], new byte[] {1})).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProofContext.of(new byte[] {1}, new byte[0], new byte[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProofContext.of(new byte[257], new byte[0], new byte[] {1})).isInstanceOf(IllegalArgumentException.class);
    }
}
