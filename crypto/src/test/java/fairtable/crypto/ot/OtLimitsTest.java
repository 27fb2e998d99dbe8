package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OT schemes' limits at their exact edges: parameters at construction, one trailing byte on a query or an
 * answer (refused with the length the message should have had), and the query numbering and choice range of a
 * restored receiver. Other tests only use values far inside or far outside these limits.
 */
class OtLimitsTest {
    private static final byte[] SESSION = "limits session".getBytes(StandardCharsets.UTF_8);
    private static final long MAX_QUERY_INDEX = 0xffffffffL;
    private static final int L = 64; // residue bytes at 512 bits
    private static GoldwasserMicaliKey key;

    @BeforeAll
    static void generateKey() {
        key = GoldwasserMicaliKey.generate(512, new SplittableRandom(41));
    }

    private static byte[] withTrailingByte(byte[] message) {
        return Arrays.copyOf(message, message.length + 1);
    }

    private static List<byte[]> items(int count, int length) {
        SplittableRandom random = new SplittableRandom(count * 100 + length);
        List<byte[]> items = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] item = new byte[length];
            random.nextBytes(item);
            item[0] &= 0x0f; // at most 12 significant bits for two-byte ANDOS items
            items.add(item);
        }
        return items;
    }

    // ---- parameters at construction ----

    @Test
    void itemCountAndLengthAreCheckedAtTheirExactLimits() {
        assertThat(new ChouOrlandiTransfer(2, 1).itemCount()).isEqualTo(2);
        assertThat(new ChouOrlandiTransfer(65535, 65535).itemLength()).isEqualTo(65535);
        assertThatThrownBy(() -> new ChouOrlandiTransfer(1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("item count must be in [2, 65535], got 1");
        assertThatThrownBy(() -> new ChouOrlandiTransfer(65536, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("item count must be in [2, 65535], got 65536");
        assertThatThrownBy(() -> new ChouOrlandiTransfer(2, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("item length must be in [1, 65535], got 0");
        assertThatThrownBy(() -> new ChouOrlandiTransfer(2, 65536)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("item length must be in [1, 65535], got 65536");
        // ANDOS applies the same shared check before its own.
        assertThatThrownBy(() -> new AndosTransfer(1, 1, 4, 512)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("item count must be in [2, 65535], got 1");
        assertThatThrownBy(() -> new AndosTransfer(2, 0, 4, 512)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("item length must be in [1, 65535], got 0");
    }

    @Test
    void andosItemBitsRunFromOneToEveryBitOfTheItem() {
        AndosTransfer fewest = new AndosTransfer(3, 2, 1, 512);
        assertThat(fewest.itemBits()).isEqualTo(1);
        assertThat(fewest.itemCount()).isEqualTo(3);
        assertThat(fewest.itemLength()).isEqualTo(2);
        assertThat(new AndosTransfer(3, 2, 16, 512).itemBits()).isEqualTo(16);
        assertThatThrownBy(() -> new AndosTransfer(3, 2, 0, 512)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("item bits must be in [1, 16], got 0");
        assertThatThrownBy(() -> new AndosTransfer(3, 2, 17, 512)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("item bits must be in [1, 16], got 17");
    }

    @Test
    void andosModulusSizeIsEvenAndFrom128To524280Bits() {
        assertThat(new AndosTransfer(2, 1, 4, 128).modulusBits()).isEqualTo(128);
        assertThat(new AndosTransfer(2, 1, 4, 524280).modulusBits()).isEqualTo(524280);
        for (int bits : new int[] {126, 127, 129, 524282}) {
            assertThatThrownBy(() -> new AndosTransfer(2, 1, 4, bits)).as("%d bits", bits)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("modulus size must be even and in [128, 524280], got " + bits);
        }
    }

    // ---- one trailing byte ----

    @Test
    void chouOrlandiRefusesAQueryOrAnAnswerWithOneTrailingByte() {
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(4, 3);
        List<byte[]> items = items(4, 3);
        OtSender sender = scheme.newSender(items, SESSION, new SplittableRandom(1));
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(2));
        byte[] query = receiver.query(1, 3);

        assertThatThrownBy(() -> sender.answer(withTrailingByte(query))).isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("Chou-Orlandi query: expected 2 points (64 bytes), got 65 bytes");
        byte[] answer = sender.answer(query);
        assertThatThrownBy(() -> receiver.finish(withTrailingByte(answer)))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("Chou-Orlandi answer: expected 24 bytes of ciphertext, got 25");
        assertThat(receiver.finish(answer)).containsExactly(items.get(1), items.get(3));
    }

    @Test
    void andosRefusesAQueryOrAnAnswerWithOneTrailingByte() {
        // Two-byte items of 12 bits: two answer bytes per query, so the expected lengths are true products.
        AndosTransfer scheme = new AndosTransfer(3, 2, 12, 512);
        List<byte[]> items = items(3, 2);
        OtSender sender = scheme.newSender(key, items, SESSION, new SplittableRandom(1));
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(2));
        byte[] query = receiver.query(2, 0);

        long perQuery = 2 + 3 * 12 * L;
        assertThatThrownBy(() -> sender.answer(withTrailingByte(query))).isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("ANDOS query: expected " + 2 * perQuery + " bytes of packets, got " + (2 * perQuery + 1));
        byte[] answer = sender.answer(query);
        assertThatThrownBy(() -> receiver.finish(withTrailingByte(answer)))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("ANDOS answer: expected 4 answer bytes, got 5");
        assertThat(receiver.finish(answer)).containsExactly(items.get(2), items.get(0));
    }

    // ---- restored receivers: numbering and choices ----

    private static byte[] withNextQueryIndex(byte[] state, int offset, long next) {
        byte[] changed = state.clone();
        ByteBuffer.wrap(changed, offset, 8).putLong(next);
        return changed;
    }

    private static byte[] withFirstChoice(byte[] state, int offset, int choice) {
        byte[] changed = state.clone();
        ByteBuffer.wrap(changed, offset, 2).putShort((short) choice);
        return changed;
    }

    @Test
    void aRestoredAndosReceiverMayHoldTheLastQueryIndexButNotOnePast() {
        AndosTransfer scheme = new AndosTransfer(3, 1, 4, 512);
        OtSender sender = scheme.newSender(key, items(3, 1), SESSION, new SplittableRandom(1));
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(2));
        receiver.query(2);
        byte[] state = receiver.state();
        int nextOffset = 1 + 4 + SESSION.length + 4 + sender.setupMessage().length;
        assertThat(Arrays.copyOfRange(state, nextOffset, nextOffset + 10)).containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 0, 1);

        byte[] last = withNextQueryIndex(state, nextOffset, MAX_QUERY_INDEX);
        assertThat(scheme.restoreReceiver(last, new SplittableRandom(3)).state()).isEqualTo(last);
        assertThatThrownBy(() -> scheme.restoreReceiver(withNextQueryIndex(state, nextOffset, MAX_QUERY_INDEX + 1),
                new SplittableRandom(3))).isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("ANDOS receiver state: outstanding queries overflow the numbering");

        int choiceOffset = nextOffset + 10;
        byte[] lastChoice = withFirstChoice(state, choiceOffset, 2);
        assertThat(scheme.restoreReceiver(lastChoice, new SplittableRandom(3)).state()).isEqualTo(lastChoice);
        assertThatThrownBy(() -> scheme.restoreReceiver(withFirstChoice(state, choiceOffset, 3), new SplittableRandom(3)))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("ANDOS receiver state: outstanding choice 3 out of range");
    }

    @Test
    void aRestoredAndosReceiverStateOfTheWrongLengthSaysWhatItExpected() {
        AndosTransfer scheme = new AndosTransfer(3, 2, 12, 512);
        OtSender sender = scheme.newSender(key, items(3, 2), SESSION, new SplittableRandom(1));
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(2));
        receiver.query(1, 2);
        // Per outstanding query: choice (2) and, per bit, a blinding byte and an L-byte root.
        long expected = 2 * (2 + 12 * (1 + L));
        assertThatThrownBy(() -> scheme.restoreReceiver(withTrailingByte(receiver.state()), new SplittableRandom(3)))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("ANDOS receiver state: expected " + expected + " bytes for 2 outstanding queries, got "
                        + (expected + 1));
    }

    @Test
    void aRestoredChouOrlandiReceiverMayHoldTheLastQueryIndexButNotOnePast() {
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(4, 1);
        OtSender sender = scheme.newSender(items(4, 1), SESSION, new SplittableRandom(1));
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(2));
        receiver.query(3);
        byte[] state = receiver.state();
        int nextOffset = 1 + 2 + 2 + 4 + SESSION.length + 32;
        assertThat(Arrays.copyOfRange(state, nextOffset, nextOffset + 10)).containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 0, 1);

        byte[] last = withNextQueryIndex(state, nextOffset, MAX_QUERY_INDEX);
        assertThat(scheme.restoreReceiver(last, new SplittableRandom(3)).state()).isEqualTo(last);
        assertThatThrownBy(() -> scheme.restoreReceiver(withNextQueryIndex(state, nextOffset, MAX_QUERY_INDEX + 1),
                new SplittableRandom(3))).isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("Chou-Orlandi receiver state: outstanding queries overflow the numbering");

        int choiceOffset = nextOffset + 10;
        assertThatThrownBy(() -> scheme.restoreReceiver(withFirstChoice(state, choiceOffset, 4), new SplittableRandom(3)))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("Chou-Orlandi receiver state: outstanding choice 4 out of range");
    }

    // ---- restored senders: the setup's proof roots are range-checked ----

    @Test
    void aRestoredAndosSenderChecksEveryProofRootOfItsSetup() {
        AndosTransfer scheme = new AndosTransfer(3, 1, 4, 512);
        OtSender sender = scheme.newSender(key, items(3, 1), SESSION, new SplittableRandom(1));
        byte[] state = sender.state();
        int setupStart = state.length - sender.setupMessage().length;
        int firstRoot = setupStart + 1 + 32 + 8 + 2 * L;
        int lastRoot = firstRoot + (PseudoSquareProof.ROUNDS - 1) * L;
        for (int[] root : new int[][] {{0, firstRoot}, {PseudoSquareProof.ROUNDS - 1, lastRoot}}) {
            byte[] zeroRoot = state.clone();
            Arrays.fill(zeroRoot, root[1], root[1] + L, (byte) 0);
            assertThatThrownBy(() -> scheme.restoreSender(zeroRoot)).as("proof root %d", root[0])
                    .isInstanceOf(InvalidOtMessageException.class)
                    .hasMessage("ANDOS sender state's setup message: proof root " + root[0] + " is not in [1, m)");
        }
        assertThat(scheme.restoreSender(state).state()).isEqualTo(state);
    }

    // ---- key generation from a java.util.Random ----

    @Test
    void aKeyCanBeGeneratedFromAJavaUtilRandomSuchAsSecureRandom() {
        SplittableRandom source = new SplittableRandom(5);
        int[] draws = {0};
        java.util.Random legacy = new java.util.Random(0L) {
            private static final long serialVersionUID = 1L;

            @Override
            protected int next(int bits) {
                draws[0]++;
                return source.nextInt() >>> (32 - bits);
            }

            @Override
            public void nextBytes(byte[] bytes) {
                draws[0]++;
                source.nextBytes(bytes);
            }
        };
        GoldwasserMicaliKey fromLegacy = GoldwasserMicaliKey.generate(128, legacy);
        assertThat(fromLegacy.modulus().bitLength()).isEqualTo(128);
        assertThat(fromLegacy.p().multiply(fromLegacy.q())).isEqualTo(fromLegacy.modulus());
        assertThat(draws[0]).isPositive();
        assertThat(fromLegacy).hasToString("GoldwasserMicaliKey[128-bit modulus]");
        assertThatThrownBy(() -> GoldwasserMicaliKey.generate(126, legacy)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("modulus size must be even and at least 128 bits, got 126");
    }

    // ---- a sender that has used every query number; trailing bytes after a length-prefixed field ----

    @Test
    void aRestoredSenderMayHaveUsedEveryQueryNumberButNoMore() {
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(4, 1);
        byte[] state = scheme.newSender(items(4, 1), SESSION, new SplittableRandom(1)).state();
        int nextOffset = 1 + 2 + 2 + 4 + SESSION.length + 32;

        byte[] exhausted = withNextQueryIndex(state, nextOffset, MAX_QUERY_INDEX + 1);
        assertThat(scheme.restoreSender(exhausted).state()).isEqualTo(exhausted);
        assertThatThrownBy(() -> scheme.restoreSender(withNextQueryIndex(state, nextOffset, MAX_QUERY_INDEX + 2)))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("Chou-Orlandi sender state: next query index 4294967297 out of range");
        assertThatThrownBy(() -> scheme.restoreSender(withNextQueryIndex(state, nextOffset, -1)))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("Chou-Orlandi sender state: next query index -1 out of range");
    }

    @Test
    void aTrailingByteAfterTheLastFieldIsCountedInTheRefusal() {
        ChouOrlandiTransfer chouOrlandi = new ChouOrlandiTransfer(4, 1);
        OtSender sender = chouOrlandi.newSender(items(4, 1), SESSION, new SplittableRandom(1));
        assertThatThrownBy(() -> chouOrlandi.newReceiver(withTrailingByte(sender.setupMessage()), SESSION,
                new SplittableRandom(2))).isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("Chou-Orlandi setup: 1 trailing bytes");

        AndosTransfer andos = new AndosTransfer(3, 1, 4, 512);
        byte[] andosState = andos.newSender(key, items(3, 1), SESSION, new SplittableRandom(1)).state();
        byte[] twoMore = Arrays.copyOf(andosState, andosState.length + 2);
        assertThatThrownBy(() -> andos.restoreSender(twoMore)).isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("ANDOS sender state: 2 trailing bytes");
    }

    // ---- random residues ----

    @Test
    void randomResiduesCoverTheWholeRangeBelowTheModulus() {
        SplittableRandom random = new SplittableRandom(9);
        BigInteger modulus = key.modulus();
        int highest = 0;
        for (int i = 0; i < 64; i++) {
            BigInteger r = GoldwasserMicaliKey.randomNonZeroBelow(modulus, random);
            assertThat(r.signum()).isPositive();
            assertThat(r).isLessThan(modulus);
            highest = Math.max(highest, r.bitLength());
        }
        // 64 uniform draws below a 512-bit modulus: the top byte is zero in all of them with negligible probability.
        assertThat(highest).isGreaterThan(504);
    }

    @Test
    void theLastQueryNumberCanBeAskedAndAnsweredButNotOnePast() {
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(4, 1);
        List<byte[]> items = items(4, 1);
        OtSender fresh = scheme.newSender(items, SESSION, new SplittableRandom(1));
        int nextOffset = 1 + 2 + 2 + 4 + SESSION.length + 32; // the same in both parties' states
        OtSender sender = scheme.restoreSender(withNextQueryIndex(fresh.state(), nextOffset, MAX_QUERY_INDEX));
        OtReceiver receiver = scheme.restoreReceiver(withNextQueryIndex(
                scheme.newReceiver(fresh.setupMessage(), SESSION, new SplittableRandom(2)).state(), nextOffset,
                MAX_QUERY_INDEX), new SplittableRandom(3));

        assertThatThrownBy(() -> receiver.query(1, 2)).isInstanceOf(IllegalStateException.class)
                .hasMessage("query numbering exhausted for this setup");
        byte[] query = receiver.query(2);
        // The same point announced as a batch of two from the last number: its second query would be number 2^32.
        byte[] overflowing = Arrays.copyOf(query, query.length + 32);
        overflowing[6] = 2;
        System.arraycopy(query, 7, overflowing, 39, 32);
        assertThatThrownBy(() -> sender.answer(overflowing)).isInstanceOf(InvalidOtMessageException.class)
                .hasMessage("Chou-Orlandi query: query numbering overflows");
        assertThat(receiver.finish(sender.answer(query))).containsExactly(items.get(2));
    }

    @Test
    void andosItemsThatUseEveryBitOfTheirBytesRoundTrip() {
        // item bits = 8 × item length: no bit of the answer byte is beyond the item, so none may be refused for it.
        AndosTransfer scheme = new AndosTransfer(3, 1, 8, 512);
        List<byte[]> items = List.of(new byte[] {(byte) 0xa5}, new byte[] {(byte) 0xff}, new byte[] {0x5a});
        OtSender sender = scheme.newSender(key, items, SESSION, new SplittableRandom(1));
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(2));
        byte[] query = receiver.query(0, 1, 2, 1);
        assertThat(receiver.finish(sender.answer(query))).containsExactly(items.get(0), items.get(1), items.get(2),
                items.get(1));
    }

    @Test
    void anAndosSenderWithoutAGivenKeyGeneratesOneOfTheSchemesSize() {
        AndosTransfer scheme = new AndosTransfer(2, 1, 4, 128);
        List<byte[]> items = List.of(new byte[] {3}, new byte[] {12});
        OtSender sender = scheme.newSender(items, SESSION, new SplittableRandom(6));
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(7));
        assertThat(receiver.finish(sender.answer(receiver.query(1, 0)))).containsExactly(items.get(1), items.get(0));
    }

    @Test
    void anEmptySessionIdSurvivesASaveAndRestore() {
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(2, 1);
        OtSender sender = scheme.newSender(items(2, 1), new byte[0], new SplittableRandom(1));
        assertThat(scheme.restoreSender(sender.state()).state()).isEqualTo(sender.state());
    }
}
