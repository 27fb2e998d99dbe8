package fairtable.crypto.shuffle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.elgamal.Ciphertext;
import fairtable.crypto.elgamal.DecryptionShare;
import fairtable.crypto.elgamal.JointKey;
import fairtable.crypto.elgamal.KeyPair;
import fairtable.crypto.elgamal.PublicKey;
import fairtable.crypto.proof.ProofContext;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VerifiableShuffleTest {
    private static final ProofContext ALICE = context("session-1", "alice");

    static ProofContext context(String session, String prover) {
        return ProofContext.of(session.getBytes(StandardCharsets.UTF_8), new byte[32], prover.getBytes(StandardCharsets.UTF_8));
    }

    static RistrettoPoint card(int j) {
        return Points.hashToGroup("fairtable/test/card", new byte[] {(byte) j});
    }

    /** Players, their joint key, and a masked deck of n cards (card j at position j). */
    record Table(List<KeyPair> players, JointKey key, List<Ciphertext> deck) {
        static Table of(int players, int cards, SplittableRandom rng) {
            List<KeyPair> keys = new ArrayList<>();
            List<PublicKey> publicKeys = new ArrayList<>();
            for (int i = 0; i < players; i++) {
                KeyPair k = KeyPair.generate(rng);
                keys.add(k);
                publicKeys.add(k.publicKey());
            }
            JointKey joint = JointKey.of(publicKeys);
            List<Ciphertext> deck = new ArrayList<>();
            for (int j = 0; j < cards; j++) {
                deck.add(Ciphertext.mask(joint, card(j), rng));
            }
            return new Table(keys, joint, deck);
        }

        RistrettoPoint open(Ciphertext c, SplittableRandom rng) {
            List<DecryptionShare> shares = new ArrayList<>();
            for (KeyPair k : players) {
                ProofContext ctx = context("session-1", "opener");
                DecryptionShare share = k.decryptionShare(c, ctx, rng);
                assertThat(share.verify(k.publicKey(), c, ctx)).isTrue();
                shares.add(share);
            }
            return c.decrypt(shares);
        }
    }

    @Test
    void honestShuffleOf52CardsVerifiesAndKeepsEveryCard() {
        SplittableRandom rng = new SplittableRandom(52);
        Table table = Table.of(2, 52, rng);
        Permutation pi = Permutation.random(52, rng);
        ShuffledDeck shuffled = VerifiableShuffle.shuffle(table.key(), table.deck(), pi, ALICE, rng);

        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), shuffled.deck(), shuffled.proof(), ALICE, rng)).isTrue();
        for (int i = 0; i < 52; i += 13) {
            assertThat(table.open(shuffled.deck().get(i), rng)).isEqualTo(card(pi.sourceOf(i)));
        }
        for (int i = 0; i < 52; i++) {
            assertThat(shuffled.deck().get(i)).isNotEqualTo(table.deck().get(pi.sourceOf(i)));
        }
    }

    @RepeatedTest(4)
    void threePlayersShuffleInTurnAndTheComposedPermutationIsDealt(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(300 + info.getCurrentRepetition());
        Table table = Table.of(3, 6, rng);
        List<Ciphertext> deck = table.deck();
        Permutation composed = Permutation.identity(6);
        for (int p = 0; p < 3; p++) {
            ProofContext ctx = context("session-1", "player-" + p);
            Permutation pi = Permutation.random(6, rng);
            ShuffledDeck next = VerifiableShuffle.shuffle(table.key(), deck, pi, ctx, rng);
            assertThat(VerifiableShuffle.verify(table.key(), deck, next.deck(), next.proof(), ctx, rng)).isTrue();
            deck = next.deck();
            composed = composed.then(pi);
        }
        for (int i = 0; i < 6; i++) {
            assertThat(table.open(deck.get(i), rng)).isEqualTo(card(composed.sourceOf(i)));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void tinyDecksShuffleAndVerify(int n) {
        SplittableRandom rng = new SplittableRandom(n);
        Table table = Table.of(2, n, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(n, rng), ALICE, rng);
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), s.deck(), s.proof(), ALICE, rng)).isTrue();
    }

    @Test
    void aFreshUnmaskedDeckCanBeShuffled() {
        SplittableRandom rng = new SplittableRandom(9);
        Table table = Table.of(2, 5, rng);
        List<Ciphertext> open = new ArrayList<>();
        for (int j = 0; j < 5; j++) {
            open.add(Ciphertext.unmasked(card(j)));
        }
        Permutation pi = Permutation.random(5, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), open, pi, ALICE, rng);
        assertThat(VerifiableShuffle.verify(table.key(), open, s.deck(), s.proof(), ALICE, rng)).isTrue();
        assertThat(table.open(s.deck().get(0), rng)).isEqualTo(card(pi.sourceOf(0)));
    }

    // ---- (a) a shuffle that drops, duplicates or replaces a card: the honest prover run on a false claim ----

    private record Claim(List<Ciphertext> output, Scalar[] reencryption) {}

    private static Claim honestClaim(Table table, Permutation pi, SplittableRandom rng) {
        int n = table.deck().size();
        Scalar[] r = new Scalar[n];
        for (int j = 0; j < n; j++) {
            r[j] = Scalars.random(rng);
        }
        List<Ciphertext> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(table.deck().get(pi.sourceOf(i)).rerandomize(table.key(), r[pi.sourceOf(i)]));
        }
        return new Claim(out, r);
    }

    private static boolean proveAndVerify(Table table, Permutation pi, Claim claim, SplittableRandom rng) {
        ShuffleProof proof = VerifiableShuffle.prove(table.key(), table.deck(), claim.output(), pi, claim.reencryption(), ALICE, rng);
        return VerifiableShuffle.verify(table.key(), table.deck(), claim.output(), proof, ALICE, rng);
    }

    @RepeatedTest(3)
    void theHonestClaimHelperProducesAcceptedProofs(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(11 * 100 + info.getCurrentRepetition());
        Table table = Table.of(2, 6, rng);
        Permutation pi = Permutation.random(6, rng);
        assertThat(proveAndVerify(table, pi, honestClaim(table, pi, rng), rng)).isTrue();
    }

    @RepeatedTest(3)
    void duplicatingOneCardAndDroppingAnotherIsCaught(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(12 * 100 + info.getCurrentRepetition());
        Table table = Table.of(2, 6, rng);
        Permutation pi = Permutation.random(6, rng);
        Claim honest = honestClaim(table, pi, rng);
        List<Ciphertext> out = new ArrayList<>(honest.output());
        // Output 4 becomes a second copy of the card at output 1; the card at output 4 is dropped.
        out.set(4, table.deck().get(pi.sourceOf(1)).rerandomize(table.key(), honest.reencryption()[pi.sourceOf(4)]));
        assertThat(proveAndVerify(table, pi, new Claim(out, honest.reencryption()), rng)).isFalse();
    }

    @RepeatedTest(3)
    void replacingACardByAnotherCardIsCaught(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(13 * 100 + info.getCurrentRepetition());
        Table table = Table.of(2, 6, rng);
        Permutation pi = Permutation.random(6, rng);
        Claim honest = honestClaim(table, pi, rng);
        List<Ciphertext> out = new ArrayList<>(honest.output());
        out.set(2, Ciphertext.unmasked(card(40)).rerandomize(table.key(), honest.reencryption()[pi.sourceOf(2)]));
        assertThat(proveAndVerify(table, pi, new Claim(out, honest.reencryption()), rng)).isFalse();
    }

    @Test
    void aDeckOfOtherCardsWithAHonestLookingProofIsCaught() {
        SplittableRandom rng = new SplittableRandom(14);
        Table table = Table.of(2, 5, rng);
        Permutation pi = Permutation.random(5, rng);
        Claim honest = honestClaim(table, pi, rng);
        List<Ciphertext> out = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            out.add(Ciphertext.mask(table.key(), card(20 + i), rng));
        }
        assertThat(proveAndVerify(table, pi, new Claim(out, honest.reencryption()), rng)).isFalse();
    }

    @Test
    void swappingOutputsAfterProvingIsCaught() {
        SplittableRandom rng = new SplittableRandom(15);
        Table table = Table.of(2, 6, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(6, rng), ALICE, rng);
        List<Ciphertext> swapped = new ArrayList<>(s.deck());
        swapped.set(0, s.deck().get(3));
        swapped.set(3, s.deck().get(0));
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), swapped, s.proof(), ALICE, rng)).isFalse();
        List<Ciphertext> dropped = new ArrayList<>(s.deck());
        dropped.set(5, s.deck().get(4));
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), dropped, s.proof(), ALICE, rng)).isFalse();
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), s.deck().subList(0, 5), s.proof(), ALICE, rng)).isFalse();
    }

    // ---- (b) a wrong re-randomisation ----

    @RepeatedTest(3)
    void reRandomisingWithOtherRandomnessThanClaimedIsCaught(RepetitionInfo info) {
        SplittableRandom rng = new SplittableRandom(16 * 100 + info.getCurrentRepetition());
        Table table = Table.of(2, 6, rng);
        Permutation pi = Permutation.random(6, rng);
        Claim honest = honestClaim(table, pi, rng);
        List<Ciphertext> out = new ArrayList<>(honest.output());
        out.set(3, table.deck().get(pi.sourceOf(3)).rerandomize(table.key(), Scalars.random(rng)));
        assertThat(proveAndVerify(table, pi, new Claim(out, honest.reencryption()), rng)).isFalse();
    }

    @Test
    void reRandomisingOnlyOneHalfOfACiphertextIsCaught() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(17);
        Table table = Table.of(2, 6, rng);
        Permutation pi = Permutation.random(6, rng);
        Claim honest = honestClaim(table, pi, rng);
        List<Ciphertext> out = new ArrayList<>(honest.output());
        Ciphertext original = table.deck().get(pi.sourceOf(1));
        byte[] mixed = Arrays.copyOf(out.get(1).encode(), 64);
        System.arraycopy(original.encode(), 32, mixed, 32, 32); // new c1, old c2
        out.set(1, Ciphertext.decode(mixed));
        assertThat(proveAndVerify(table, pi, new Claim(out, honest.reencryption()), rng)).isFalse();
    }

    @Test
    void reRandomisingOnlyTheOtherHalfIsCaughtToo() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(27);
        Table table = Table.of(2, 6, rng);
        Permutation pi = Permutation.random(6, rng);
        Claim honest = honestClaim(table, pi, rng);
        List<Ciphertext> out = new ArrayList<>(honest.output());
        Ciphertext original = table.deck().get(pi.sourceOf(4));
        byte[] mixed = Arrays.copyOf(out.get(4).encode(), 64);
        System.arraycopy(original.encode(), 0, mixed, 0, 32); // old c1, new c2
        out.set(4, Ciphertext.decode(mixed));
        assertThat(proveAndVerify(table, pi, new Claim(out, honest.reencryption()), rng)).isFalse();
    }

    @Test
    void changingAnySingleResponseBreaksTheProof() throws MalformedEncodingException {
        // Responses are not hashed, so each change leaves the challenges intact and breaks only the
        // equations that response appears in: s1 -> E1, s2 -> E2, s3 -> E3, s4 -> E4, sHat_i -> Ehat_i,
        // sPrime_i -> E3, E4, Ehat_i. A verifier that skipped any of those equations fails this test.
        SplittableRandom rng = new SplittableRandom(28);
        int n = 4;
        Table table = Table.of(2, n, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(n, rng), ALICE, rng);
        byte[] bytes = s.proof().encode();
        int firstScalar = 4 + 32 * (3 * n + 5);
        int scalars = 4 + 2 * n;
        for (int k = 0; k < scalars; k++) {
            int at = firstScalar + 32 * k;
            byte[] tampered = bytes.clone();
            Scalar changed = Scalars.decode(Arrays.copyOfRange(bytes, at, at + 32)).add(Scalar.ONE);
            System.arraycopy(changed.toByteArray(), 0, tampered, at, 32);
            ShuffleProof p = ShuffleProof.decode(tampered);
            assertThat(VerifiableShuffle.verify(table.key(), table.deck(), s.deck(), p, ALICE, rng))
                    .as("response %d changed", k).isFalse();
        }
    }

    @Test
    void reRandomisingUnderAnotherKeyIsCaught() {
        SplittableRandom rng = new SplittableRandom(18);
        Table table = Table.of(2, 5, rng);
        Table other = Table.of(2, 5, rng);
        Permutation pi = Permutation.random(5, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(other.key(), table.deck(), pi, ALICE, rng);
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), s.deck(), s.proof(), ALICE, rng)).isFalse();
        assertThat(VerifiableShuffle.verify(other.key(), table.deck(), s.deck(), s.proof(), ALICE, rng)).isTrue();
    }

    // ---- (c) a proof made for a different input deck; (d) replays ----

    @Test
    void aProofForAnotherInputDeckIsRejected() {
        SplittableRandom rng = new SplittableRandom(19);
        Table table = Table.of(2, 6, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(6, rng), ALICE, rng);
        List<Ciphertext> otherInput = new ArrayList<>(table.deck());
        otherInput.set(2, table.deck().get(2).rerandomize(table.key(), rng));
        assertThat(VerifiableShuffle.verify(table.key(), otherInput, s.deck(), s.proof(), ALICE, rng)).isFalse();
        List<Ciphertext> reordered = Permutation.of(1, 0, 2, 3, 4, 5).apply(table.deck());
        assertThat(VerifiableShuffle.verify(table.key(), reordered, s.deck(), s.proof(), ALICE, rng)).isFalse();
    }

    @Test
    void aProofReplayedInAnotherSessionOrByAnotherPlayerIsRejected() {
        SplittableRandom rng = new SplittableRandom(20);
        Table table = Table.of(2, 6, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(6, rng), ALICE, rng);
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), s.deck(), s.proof(), ALICE, rng)).isTrue();
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), s.deck(), s.proof(), context("session-2", "alice"), rng)).isFalse();
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), s.deck(), s.proof(), context("session-1", "bob"), rng)).isFalse();
        ProofContext laterStep = ProofContext.of("session-1".getBytes(StandardCharsets.UTF_8), new byte[] {1}, "alice".getBytes(StandardCharsets.UTF_8));
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), s.deck(), s.proof(), laterStep, rng)).isFalse();
    }

    // ---- encodings ----

    @Test
    void proofEncodingRoundTripsAndHasTheDocumentedLength() throws MalformedEncodingException {
        SplittableRandom rng = new SplittableRandom(21);
        Table table = Table.of(2, 7, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(7, rng), ALICE, rng);
        byte[] bytes = s.proof().encode();
        assertThat(bytes).hasSize(4 + 32 * (5 * 7 + 9));
        ShuffleProof decoded = ShuffleProof.decode(bytes);
        assertThat(decoded.encode()).isEqualTo(bytes);
        List<Ciphertext> deck = Ciphertext.decodeList(Ciphertext.encodeList(s.deck()));
        assertThat(deck).isEqualTo(s.deck());
        assertThat(VerifiableShuffle.verify(table.key(), table.deck(), deck, decoded, ALICE, rng)).isTrue();
    }

    @Test
    void tamperedBytesAreRejectedByDecodingOrVerification() {
        SplittableRandom rng = new SplittableRandom(22);
        Table table = Table.of(2, 3, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(3, rng), ALICE, rng);
        byte[] bytes = s.proof().encode();
        int rejectedByDecoding = 0;
        // Every byte of the count and of the first point, then a seeded sample of the rest (a bit flip in
        // each of the 24 fields is hit several times).
        for (int pos = 0; pos < bytes.length; pos += pos < 36 ? 1 : 1 + rng.nextInt(6)) {
            byte[] tampered = bytes.clone();
            tampered[pos] ^= (byte) (1 << rng.nextInt(8));
            try {
                ShuffleProof p = ShuffleProof.decode(tampered);
                assertThat(VerifiableShuffle.verify(table.key(), table.deck(), s.deck(), p, ALICE, rng))
                        .as("flipped a bit of byte %d", pos).isFalse();
            } catch (MalformedEncodingException e) {
                rejectedByDecoding++;
            }
        }
        assertThat(rejectedByDecoding).isGreaterThan(0);
    }

    @Test
    void malformedProofEncodingsAreRejectedWithTheCheckedException() {
        SplittableRandom rng = new SplittableRandom(23);
        Table table = Table.of(2, 3, rng);
        byte[] good = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(3, rng), ALICE, rng).proof().encode();

        assertThatThrownBy(() -> ShuffleProof.decode(new byte[0])).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> ShuffleProof.decode(Arrays.copyOf(good, good.length - 1))).isInstanceOf(MalformedEncodingException.class);
        assertThatThrownBy(() -> ShuffleProof.decode(Arrays.copyOf(good, good.length + 32))).isInstanceOf(MalformedEncodingException.class);
        byte[] zeroCount = good.clone();
        zeroCount[3] = 0;
        assertThatThrownBy(() -> ShuffleProof.decode(zeroCount)).isInstanceOf(MalformedEncodingException.class);
        byte[] hugeCount = good.clone();
        hugeCount[0] = (byte) 0x7f;
        assertThatThrownBy(() -> ShuffleProof.decode(hugeCount)).isInstanceOf(MalformedEncodingException.class);
        byte[] negativeCount = good.clone();
        negativeCount[0] = (byte) 0xff;
        assertThatThrownBy(() -> ShuffleProof.decode(negativeCount)).isInstanceOf(MalformedEncodingException.class);
        byte[] badPoint = good.clone();
        Arrays.fill(badPoint, 4, 36, (byte) 0xff); // first permutation commitment: not a field element
        assertThatThrownBy(() -> ShuffleProof.decode(badPoint)).isInstanceOf(MalformedEncodingException.class);
        byte[] badScalar = good.clone();
        int lastScalar = good.length - 32;
        byte[] order = orderLittleEndian();
        System.arraycopy(order, 0, badScalar, lastScalar, 32); // l itself is not canonical
        assertThatThrownBy(() -> ShuffleProof.decode(badScalar)).isInstanceOf(MalformedEncodingException.class);
    }

    @Test
    void mismatchedSizesAreRejected() {
        SplittableRandom rng = new SplittableRandom(24);
        Table table = Table.of(2, 4, rng);
        ShuffledDeck s = VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.random(4, rng), ALICE, rng);
        assertThat(VerifiableShuffle.verify(table.key(), table.deck().subList(0, 3), s.deck().subList(0, 3), s.proof(), ALICE, rng)).isFalse();
        assertThatThrownBy(() -> VerifiableShuffle.shuffle(table.key(), table.deck(), Permutation.identity(3), ALICE, rng))
                .isInstanceOf(IllegalArgumentException.class);
    }

    static byte[] orderLittleEndian() {
        byte[] be = Scalars.ORDER.toByteArray();
        byte[] le = new byte[32];
        for (int i = 0; i < 32; i++) {
            le[i] = be[be.length - 1 - i];
        }
        return le;
    }
}
