package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.math.Jacobi;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AndosTransferTest {
    private static final byte[] SESSION = "dark-chess game 7, black vision".getBytes(StandardCharsets.UTF_8);
    private static final int MODULUS_BITS = 512;
    private static final int L = MODULUS_BITS / 8;
    private static GoldwasserMicaliKey key;

    @BeforeAll
    static void generateKey() {
        key = GoldwasserMicaliKey.generate(MODULUS_BITS, new SplittableRandom(2026));
    }

    private static List<byte[]> squareCodes(int count, SplittableRandom random) {
        List<byte[]> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(new byte[] {(byte) random.nextInt(16)});
        }
        return items;
    }

    private static final class Fixture {
        final AndosTransfer scheme;
        final List<byte[]> items;
        final OtSender sender;
        final OtReceiver receiver;

        Fixture(int count, long seed) {
            SplittableRandom random = new SplittableRandom(seed);
            scheme = new AndosTransfer(count, 1, 4, MODULUS_BITS);
            items = squareCodes(count, random);
            sender = scheme.newSender(key, items, SESSION, random.split());
            receiver = scheme.newReceiver(sender.setupMessage(), SESSION, random.split());
        }
    }

    @Test
    void everyOneOf64ChoiceReturnsItsSquareCode() {
        Fixture fixture = new Fixture(64, 1);
        int[] ascending = IntStream.range(0, 64).toArray();

        List<byte[]> chosen = fixture.receiver.finish(fixture.sender.answer(fixture.receiver.query(ascending)));
        List<byte[]> again = fixture.receiver.finish(fixture.sender.answer(fixture.receiver.query(17, 17, 0)));

        for (int i = 0; i < 64; i++) {
            assertThat(chosen.get(i)).as("choice %d", i).isEqualTo(fixture.items.get(i));
        }
        assertThat(again).containsExactly(fixture.items.get(17), fixture.items.get(17), fixture.items.get(0));
    }

    @Test
    void multiByteItemsKeepTheirBitOrder() {
        SplittableRandom random = new SplittableRandom(2);
        AndosTransfer scheme = new AndosTransfer(5, 2, 12, MODULUS_BITS);
        List<byte[]> items = List.of(new byte[] {0x0f, (byte) 0xff}, new byte[] {0x08, 0x01}, new byte[] {0, 0},
                new byte[] {0x0a, 0x5a}, new byte[] {0x01, 0x00});
        OtSender sender = scheme.newSender(key, items, SESSION, random.split());
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, random.split());

        assertThat(receiver.finish(sender.answer(receiver.query(4, 3, 2, 1, 0))))
                .containsExactly(items.get(4), items.get(3), items.get(2), items.get(1), items.get(0));
        assertThatThrownBy(() -> scheme.newSender(key, List.of(new byte[] {0x10, 0}, new byte[2], new byte[2],
                new byte[2], new byte[2]), SESSION, random)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exceeds 12 bits");
    }

    /** Parses the setup by the documented layout and decrypts each z with the factorisation. */
    @Test
    void setupFollowsTheDocumentedLayoutAndEncryptsEveryBit() {
        Fixture fixture = new Fixture(6, 3);
        byte[] setup = fixture.sender.setupMessage();

        assertThat(setup.length).isEqualTo(1 + 32 + 8 + (2 + 128 + 6 * 4) * L);
        assertThat(setup[0]).isEqualTo(AndosTransfer.SETUP_TAG);
        assertThat(Arrays.copyOfRange(setup, 1, 33)).isEqualTo(sessionDigest(SESSION));
        assertThat(new BigInteger(1, Arrays.copyOfRange(setup, 41, 41 + L))).isEqualTo(key.modulus());
        assertThat(new BigInteger(1, Arrays.copyOfRange(setup, 41 + L, 41 + 2 * L))).isEqualTo(key.pseudoSquare());
        for (int i = 0; i < 6; i++) {
            int value = 0;
            for (int j = 0; j < 4; j++) {
                int offset = 41 + (2 + 128 + i * 4 + j) * L;
                BigInteger z = new BigInteger(1, Arrays.copyOfRange(setup, offset, offset + L));
                boolean residue = z.modPow(key.p().shiftRight(1), key.p()).equals(BigInteger.ONE);
                value |= (residue ? 0 : 1) << j;
            }
            assertThat(value).as("item %d", i).isEqualTo(fixture.items.get(i)[0]);
        }
    }

    /**
     * The receiver state right after a query holds, per query, the choice c and for each bit j of the announced slot k
     * the blinding bit a and root r with q_kj = z_cj·r²·y^a mod m (report section 5.4, step 7): the evidence that
     * binds Bob to c once revealed.
     */
    @Test
    void theReceiverStateKeepsTheRootsThatRebuildTheAnsweredSlot() {
        Fixture fixture = new Fixture(6, 4);
        byte[] setup = fixture.sender.setupMessage();
        int[] choices = {4, 0, 4};
        byte[] query = fixture.receiver.query(choices);
        byte[] state = fixture.receiver.state();
        BigInteger m = key.modulus();
        int perQuery = 2 + 6 * 4 * L;
        int head = 1 + 4 + SESSION.length + 4 + setup.length + 8;
        assertThat(state.length).isEqualTo(head + 2 + 3 * (2 + 4 * (1 + L)));
        assertThat(state[head] << 8 | state[head + 1]).isEqualTo(3);
        int at = head + 2;
        for (int i = 0; i < 3; i++) {
            int packet = 7 + i * perQuery;
            int slot = (query[packet] & 0xff) << 8 | (query[packet + 1] & 0xff);
            assertThat(state[at] << 8 | state[at + 1]).isEqualTo(choices[i]);
            at += 2;
            for (int j = 0; j < 4; j++) {
                int a = state[at];
                BigInteger r = new BigInteger(1, Arrays.copyOfRange(state, at + 1, at + 1 + L));
                at += 1 + L;
                int zAt = 41 + (2 + 128 + choices[i] * 4 + j) * L;
                BigInteger z = new BigInteger(1, Arrays.copyOfRange(setup, zAt, zAt + L));
                BigInteger expected = z.multiply(r.modPow(BigInteger.TWO, m)).multiply(key.pseudoSquare().pow(a)).mod(m);
                int qAt = packet + 2 + (slot * 4 + j) * L;
                assertThat(new BigInteger(1, Arrays.copyOfRange(query, qAt, qAt + L))).as("query %d bit %d", i, j)
                        .isEqualTo(expected);
            }
        }
        assertThat(fixture.receiver.finish(fixture.sender.answer(query)))
                .containsExactly(fixture.items.get(4), fixture.items.get(0), fixture.items.get(4));
        assertThat(fixture.receiver.state()).hasSize(head + 2);
    }

    /**
     * What Alice sees of a query does not depend on Bob's choice: packet elements have Jacobi symbol +1; the
     * announced slot is uniform; and the residuosity pattern of the announced slot, which Alice can decrypt, is
     * uniform over the 16 four-bit values, for choice 0 (item 0000) as for choice 7 (item 1111).
     */
    @Test
    void theSendersViewIsIndependentOfTheChoice() {
        int count = 8;
        int samples = 800;
        AndosTransfer scheme = new AndosTransfer(count, 1, 4, MODULUS_BITS);
        List<byte[]> items = new ArrayList<>(squareCodes(count, new SplittableRandom(4)));
        items.set(0, new byte[] {0});
        items.set(7, new byte[] {15});
        int[] choices = {0, 7};
        long[][] slots = new long[2][count];
        long[][] patterns = new long[2][16];
        int perQuery = 2 + count * 4 * L;
        for (int c = 0; c < 2; c++) {
            OtSender sender = scheme.newSender(key, items, SESSION, new SplittableRandom(5));
            OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(50 + c));
            int[] batch = new int[samples];
            Arrays.fill(batch, choices[c]);
            byte[] query = receiver.query(batch);
            for (int q = 0; q < samples; q++) {
                int base = 7 + q * perQuery;
                int slot = ((query[base] & 0xff) << 8) | (query[base + 1] & 0xff);
                slots[c][slot]++;
                int pattern = 0;
                for (int k = 0; k < count; k++) {
                    for (int j = 0; j < 4; j++) {
                        int offset = base + 2 + (k * 4 + j) * L;
                        BigInteger element = new BigInteger(1, Arrays.copyOfRange(query, offset, offset + L));
                        if (k == slot) {
                            pattern |= key.decrypt(element) << j;
                        } else if (q < 50) {
                            assertThat(Jacobi.symbol(element, key.modulus())).isEqualTo(1);
                        }
                    }
                }
                patterns[c][pattern]++;
            }
            assertThat(receiver.finish(sender.answer(query)).get(0)).isEqualTo(items.get(choices[c]));
        }
        for (int c = 0; c < 2; c++) {
            assertThat(ChiSquare.uniformity(slots[c])).isLessThan(ChiSquare.criticalValueAtOnePerMille(count - 1));
            assertThat(ChiSquare.uniformity(patterns[c])).isLessThan(ChiSquare.criticalValueAtOnePerMille(15));
        }
        assertThat(ChiSquare.homogeneity(slots[0], slots[1])).isLessThan(ChiSquare.criticalValueAtOnePerMille(7));
        assertThat(ChiSquare.homogeneity(patterns[0], patterns[1]))
                .isLessThan(ChiSquare.criticalValueAtOnePerMille(15));
    }

    @Test
    void everyTruncationAndExtensionOfEveryMessageIsRejected() {
        Fixture fixture = new Fixture(3, 6);
        byte[] setup = fixture.sender.setupMessage();
        byte[] query = fixture.receiver.query(2);
        byte[] answer = fixture.sender.answer(query);

        for (int length = 0; length <= setup.length; length++) {
            byte[] bad = Arrays.copyOf(setup, length == setup.length ? length + 1 : length);
            assertThatThrownBy(() -> fixture.scheme.newReceiver(bad, SESSION, new SplittableRandom(1)))
                    .as("setup of %d bytes", bad.length).isInstanceOf(InvalidOtMessageException.class);
        }
        OtSender freshSender = fixture.scheme.newSender(key, fixture.items, SESSION, new SplittableRandom(2));
        for (int length = 0; length <= query.length; length++) {
            byte[] bad = Arrays.copyOf(query, length == query.length ? length + 1 : length);
            assertThatThrownBy(() -> freshSender.answer(bad))
                    .as("query of %d bytes", bad.length).isInstanceOf(InvalidOtMessageException.class);
        }
        for (int length = 0; length <= answer.length; length++) {
            byte[] bad = Arrays.copyOf(answer, length == answer.length ? length + 1 : length);
            assertThatThrownBy(() -> fixture.receiver.finish(bad))
                    .as("answer of %d bytes", bad.length).isInstanceOf(InvalidOtMessageException.class);
        }
        assertThat(fixture.receiver.finish(answer)).containsExactly(fixture.items.get(2));
    }

    // ---- setups Bob must refuse ----

    private static byte[] sessionDigest(byte[] session) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update("fairtable/ot/andos/session".getBytes(StandardCharsets.US_ASCII));
            sha.update((byte) 0);
            sha.update(session);
            return sha.digest();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] fixed(BigInteger value) {
        byte[] raw = value.toByteArray();
        byte[] out = new byte[L];
        int copy = Math.min(raw.length, L);
        System.arraycopy(raw, raw.length - copy, out, L - copy, copy);
        return out;
    }

    /** A setup for two 4-bit items built by the documented layout from arbitrary values, with the key's proof. */
    private static byte[] handMadeSetup(BigInteger m, BigInteger y, BigInteger... z) {
        return handMadeSetup(m, y, key.pseudoSquareProof(), z);
    }

    private static byte[] handMadeSetup(BigInteger m, BigInteger y, BigInteger[] proof, BigInteger... z) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(AndosTransfer.SETUP_TAG);
        out.writeBytes(sessionDigest(SESSION));
        out.writeBytes(new byte[] {0, 2, 0, 1, 0, 4, 0, (byte) L});
        out.writeBytes(fixed(m));
        out.writeBytes(fixed(y));
        for (BigInteger root : proof) {
            out.writeBytes(fixed(root));
        }
        for (BigInteger value : z) {
            out.writeBytes(fixed(value));
        }
        return out.toByteArray();
    }

    private static BigInteger[] honestZ(SplittableRandom random) {
        BigInteger[] z = new BigInteger[8];
        for (int i = 0; i < 8; i++) {
            z[i] = key.encrypt(random.nextInt(2), random);
        }
        return z;
    }

    private static void assertSetupRejected(byte[] setup, String reason) {
        assertThatThrownBy(() -> new AndosTransfer(2, 1, 4, MODULUS_BITS).newReceiver(setup, SESSION,
                new SplittableRandom(1))).isInstanceOf(InvalidOtMessageException.class).hasMessageContaining(reason);
    }

    @Test
    void honestHandMadeSetupIsAccepted() {
        SplittableRandom random = new SplittableRandom(7);
        byte[] setup = handMadeSetup(key.modulus(), key.pseudoSquare(), honestZ(random));

        OtReceiver receiver = new AndosTransfer(2, 1, 4, MODULUS_BITS).newReceiver(setup, SESSION, random);

        assertThat(receiver.query(1)).isNotEmpty();
    }

    @Test
    void setupsWithABadModulusAreRejected() {
        SplittableRandom random = new SplittableRandom(8);
        BigInteger[] z = honestZ(random);
        BigInteger prime = BigInteger.probablePrime(MODULUS_BITS, new java.util.Random(1));
        BigInteger root = key.p().nextProbablePrime().pow(2).bitLength() == MODULUS_BITS
                ? key.p().nextProbablePrime() : key.p();

        assertSetupRejected(handMadeSetup(prime, key.pseudoSquare(), z), "m is prime");
        assertSetupRejected(handMadeSetup(root.pow(2), key.pseudoSquare(), z), "perfect square");
        assertSetupRejected(handMadeSetup(key.modulus().add(BigInteger.ONE), key.pseudoSquare(), z), "odd");
        assertSetupRejected(handMadeSetup(key.modulus().shiftRight(1), key.pseudoSquare(), z), "odd 512-bit");
    }

    @Test
    void setupsWithABadPseudoSquareOrCiphertextAreRejected() {
        SplittableRandom random = new SplittableRandom(9);
        BigInteger m = key.modulus();
        BigInteger jacobiMinusOne = BigInteger.TWO;
        while (Jacobi.symbol(jacobiMinusOne, m) != -1) {
            jacobiMinusOne = jacobiMinusOne.add(BigInteger.ONE);
        }

        assertSetupRejected(handMadeSetup(m, jacobiMinusOne, honestZ(random)), "y does not have Jacobi symbol +1");
        assertSetupRejected(handMadeSetup(m, BigInteger.ONE, honestZ(random)), "y does not have Jacobi symbol +1");
        assertSetupRejected(handMadeSetup(m, BigInteger.ZERO, honestZ(random)), "y is not in [1, m)");
        BigInteger[] z = honestZ(random);
        z[5] = jacobiMinusOne;
        assertSetupRejected(handMadeSetup(m, key.pseudoSquare(), z), "z(1, 1) does not have Jacobi symbol +1");
        z[5] = BigInteger.ZERO;
        assertSetupRejected(handMadeSetup(m, key.pseudoSquare(), z), "z(1, 1) is not in [1, m)");
        z[5] = key.p();
        assertSetupRejected(handMadeSetup(m, key.pseudoSquare(), z), "z(1, 1) does not have Jacobi symbol +1");
        z[5] = m;
        assertSetupRejected(handMadeSetup(m, key.pseudoSquare(), z), "z(1, 1) is not in [1, m)");
    }

    /**
     * A cheating Alice who uses a square as y would see every packet bit in the clear (the blinding y^a no longer
     * changes residuosity). She cannot answer the proof's challenges that are non-residues: her best effort, a true
     * root where one exists, fails.
     */
    @Test
    void aSquarePosingAsThePseudoSquareIsCaughtByTheProof() {
        SplittableRandom random = new SplittableRandom(13);
        BigInteger m = key.modulus();
        BigInteger s = GoldwasserMicaliKey.randomNonZeroBelow(m, random);
        BigInteger squareY = s.multiply(s).mod(m);
        BigInteger[] bestEffort = new BigInteger[PseudoSquareProof.ROUNDS];
        for (int t = 0; t < bestEffort.length; t++) {
            BigInteger h = PseudoSquareProof.challenge(m, squareY, t);
            bestEffort[t] = key.decrypt(h) == 0 ? squareRoot(h) : h;
        }
        BigInteger[] z = new BigInteger[8];
        for (int i = 0; i < 8; i++) {
            BigInteger x = GoldwasserMicaliKey.randomNonZeroBelow(m, random);
            z[i] = x.multiply(x).mod(m);
        }

        assertSetupRejected(handMadeSetup(m, squareY, bestEffort, z), "proof that y is a pseudo-square fails");
    }

    @Test
    void aTamperedProofIsRejected() {
        BigInteger[] proof = key.pseudoSquareProof();
        proof[77] = proof[77].add(BigInteger.ONE);

        assertSetupRejected(handMadeSetup(key.modulus(), key.pseudoSquare(), proof, honestZ(new SplittableRandom(14))),
                "fails at round 77");
    }

    /** Round 0 is a round like any other: a proof that fails only there is refused too. */
    @Test
    void aProofFailingAtItsFirstRoundIsRejected() {
        BigInteger[] proof = key.pseudoSquareProof();
        proof[0] = proof[0].add(BigInteger.ONE);

        assertSetupRejected(handMadeSetup(key.modulus(), key.pseudoSquare(), proof, honestZ(new SplittableRandom(15))),
                "fails at round 0");
    }

    private static BigInteger squareRoot(BigInteger residue) {
        BigInteger p = key.p();
        BigInteger q = key.q();
        BigInteger rootP = residue.mod(p).modPow(p.add(BigInteger.ONE).shiftRight(2), p);
        BigInteger rootQ = residue.mod(q).modPow(q.add(BigInteger.ONE).shiftRight(2), q);
        // CRT by brute inverse: root = rootQ + q·((rootP − rootQ)·q⁻¹ mod p)
        return rootP.subtract(rootQ).multiply(q.modInverse(p)).mod(p).multiply(q).add(rootQ);
    }

    @Test
    void setupFromAnotherSessionOrWithOtherParametersIsRejected() {
        Fixture fixture = new Fixture(2, 10);
        byte[] setup = fixture.sender.setupMessage();

        assertThatThrownBy(() -> fixture.scheme.newReceiver(setup, "other".getBytes(), new SplittableRandom(1)))
                .hasMessageContaining("another session");
        assertThatThrownBy(() -> new AndosTransfer(2, 1, 3, MODULUS_BITS).newReceiver(setup, SESSION,
                new SplittableRandom(1))).hasMessageContaining("parameters");
        assertThatThrownBy(() -> new AndosTransfer(2, 1, 4, 1024).newReceiver(setup, SESSION,
                new SplittableRandom(1))).hasMessageContaining("parameters");
        assertThatThrownBy(() -> new AndosTransfer(2, 1, 4, 1024).newSender(key, fixture.items, SESSION,
                new SplittableRandom(1))).isInstanceOf(IllegalArgumentException.class);
    }

    // ---- queries Alice must refuse, answers Bob must refuse ----

    private static void putElement(byte[] query, int slot, int bit, BigInteger value) {
        System.arraycopy(fixed(value), 0, query, 7 + 2 + (slot * 4 + bit) * L, L);
    }

    @Test
    void malformedPacketsAreRejected() {
        Fixture fixture = new Fixture(3, 11);
        byte[] query = fixture.receiver.query(1);
        int slot = ((query[7] & 0xff) << 8) | (query[8] & 0xff);
        int otherSlot = (slot + 1) % 3;
        BigInteger m = key.modulus();
        BigInteger jacobiMinusOne = BigInteger.TWO;
        while (Jacobi.symbol(jacobiMinusOne, m) != -1) {
            jacobiMinusOne = jacobiMinusOne.add(BigInteger.ONE);
        }

        byte[] slotOutOfRange = query.clone();
        slotOutOfRange[8] = 3;
        slotOutOfRange[7] = 0;
        assertThatThrownBy(() -> fixture.sender.answer(slotOutOfRange)).hasMessageContaining("slot 3 of 3");
        byte[] tooLarge = query.clone();
        putElement(tooLarge, otherSlot, 2, m);
        assertThatThrownBy(() -> fixture.sender.answer(tooLarge)).hasMessageContaining("not in [1, m)");
        byte[] zero = query.clone();
        putElement(zero, otherSlot, 0, BigInteger.ZERO);
        assertThatThrownBy(() -> fixture.sender.answer(zero)).hasMessageContaining("not in [1, m)");
        byte[] minusOne = query.clone();
        putElement(minusOne, slot, 3, jacobiMinusOne);
        assertThatThrownBy(() -> fixture.sender.answer(minusOne))
                .hasMessageContaining("(" + slot + ", 3) does not have Jacobi symbol +1");
        byte[] factor = query.clone();
        putElement(factor, slot, 0, key.q());
        assertThatThrownBy(() -> fixture.sender.answer(factor)).hasMessageContaining("Jacobi");
        byte[] wrongTag = query.clone();
        wrongTag[0] = AndosTransfer.ANSWER_TAG;
        assertThatThrownBy(() -> fixture.sender.answer(wrongTag)).hasMessageContaining("tag");

        byte[] answer = fixture.sender.answer(query);
        assertThatThrownBy(() -> fixture.sender.answer(query)).hasMessageContaining("expected 1");
        byte[] extraBits = answer.clone();
        extraBits[7] |= 0x10;
        assertThatThrownBy(() -> fixture.receiver.finish(extraBits)).hasMessageContaining("beyond bit 3");
        assertThat(fixture.receiver.finish(answer)).containsExactly(fixture.items.get(1));
    }

    @Test
    void misuseByTheLocalCallerFailsFast() {
        Fixture fixture = new Fixture(2, 12);

        assertThatThrownBy(() -> fixture.receiver.query(2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fixture.receiver.finish(new byte[8])).isInstanceOf(IllegalStateException.class);
        fixture.receiver.query(0);
        assertThatThrownBy(() -> fixture.receiver.query(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new AndosTransfer(2, 1, 9, MODULUS_BITS)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AndosTransfer(2, 1, 4, 511)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new AndosTransfer(64, 1, 4).modulusBits()).isEqualTo(2048);
    }
}
