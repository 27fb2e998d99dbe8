package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ChouOrlandiTransferTest {
    private static final byte[] SESSION = "dark-chess game 7, white vision".getBytes(StandardCharsets.UTF_8);
    private static final HexFormat HEX = HexFormat.of();

    /** RFC 9496 appendix A.2: encodings every ristretto255 decoder must reject. */
    static List<String> rfc9496InvalidEncodings() {
        return List.of(
                // non-canonical field encodings
                "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
                "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                // negative field elements
                "0100000000000000000000000000000000000000000000000000000000000000",
                "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
                "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
                "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
                "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
                "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
                "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
                // non-square x^2
                "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
                "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
                "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
                "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
                "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
                "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
                "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
                "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
                // negative xy value
                "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
                "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
                "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
                "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
                "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
                "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
                "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
                "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
                // s = -1, which makes y = 0
                "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                // and the identity, valid in the group but never acceptable here
                "0000000000000000000000000000000000000000000000000000000000000000");
    }

    private static List<byte[]> randomItems(int count, int length, SplittableRandom random) {
        List<byte[]> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] item = new byte[length];
            random.nextBytes(item);
            items.add(item);
        }
        return items;
    }

    /** 64 four-bit square codes, as the dark-chess vision protocol sends them. */
    private static List<byte[]> squareCodes(SplittableRandom random) {
        List<byte[]> items = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            items.add(new byte[] {(byte) random.nextInt(16)});
        }
        return items;
    }

    @Test
    void everyChoiceReturnsItsItemAcrossBatches() {
        SplittableRandom random = new SplittableRandom(1);
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(64, 1);
        List<byte[]> items = squareCodes(random);
        OtSender sender = scheme.newSender(items, SESSION, random.split());
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, random.split());

        int[] ascending = IntStream.range(0, 64).toArray();
        List<byte[]> first = receiver.finish(sender.answer(receiver.query(ascending)));
        int[] repeatsAndDescending = IntStream.range(0, 80).map(i -> i < 16 ? 5 : 79 - i).toArray();
        List<byte[]> second = receiver.finish(sender.answer(receiver.query(repeatsAndDescending)));
        List<byte[]> third = receiver.finish(sender.answer(receiver.query(42)));

        for (int i = 0; i < 64; i++) {
            assertThat(first.get(i)).as("choice %d", i).isEqualTo(items.get(i));
        }
        for (int q = 0; q < repeatsAndDescending.length; q++) {
            assertThat(second.get(q)).isEqualTo(items.get(repeatsAndDescending[q]));
        }
        assertThat(third).singleElement().isEqualTo(items.get(42));
    }

    @Test
    void itemsLongerThanOneHashBlockRoundTrip() {
        SplittableRandom random = new SplittableRandom(2);
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(5, 150);
        List<byte[]> items = randomItems(5, 150, random);
        OtSender sender = scheme.newSender(items, SESSION, random.split());
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, random.split());

        List<byte[]> chosen = receiver.finish(sender.answer(receiver.query(0, 1, 2, 3, 4, 2)));

        assertThat(chosen).containsExactly(items.get(0), items.get(1), items.get(2), items.get(3), items.get(4),
                items.get(2));
    }

    /**
     * Recomputes the pads from the formula in the class comment, with the receiver's own secret b. The chosen
     * pad decrypts its item; the receiver's key applied to every other index yields something else.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 31, 62, 63})
    void documentedKeyDerivationOpensOnlyTheChosenItem(int choice) throws Exception {
        SplittableRandom random = new SplittableRandom(100 + choice);
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(64, 16);
        List<byte[]> items = randomItems(64, 16, random);
        OtSender sender = scheme.newSender(items, SESSION, new SplittableRandom(7));
        long receiverSeed = 8 + choice;
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), SESSION, new SplittableRandom(receiverSeed));
        byte[] query = receiver.query(choice);
        byte[] answer = sender.answer(query);

        // The receiver's first draw is 64 bytes reduced to its secret b.
        byte[] wide = new byte[64];
        new SplittableRandom(receiverSeed).nextBytes(wide);
        Scalar b = Scalar.fromBytesModOrderWide(wide);
        byte[] setup = sender.setupMessage();
        byte[] encodedA = Arrays.copyOfRange(setup, setup.length - 32, setup.length);
        byte[] encodedB = Arrays.copyOfRange(query, 7, 39);
        byte[] receiverKey = RistrettoPoint.decode(encodedA).multiply(b).encode();

        for (int j = 0; j < 64; j++) {
            byte[] ciphertext = Arrays.copyOfRange(answer, 7 + 16 * j, 7 + 16 * (j + 1));
            byte[] opened = xor(ciphertext, documentedPad(encodedA, encodedB, 0, j, receiverKey, 16));
            if (j == choice) {
                assertThat(opened).as("item %d", j).isEqualTo(items.get(j));
            } else {
                assertThat(opened).as("item %d", j).isNotEqualTo(items.get(j));
                assertThat(ciphertext).as("item %d travels encrypted", j).isNotEqualTo(items.get(j));
            }
        }
        assertThat(receiver.finish(answer)).singleElement().isEqualTo(items.get(choice));
    }

    private static byte[] documentedPad(byte[] encodedA, byte[] encodedB, long queryIndex, int itemIndex,
            byte[] keyPoint, int length) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-512");
        sha.update("fairtable/ot/chou-orlandi/pad/v1".getBytes(StandardCharsets.US_ASCII));
        sha.update(new byte[] {0, 0, 0, 0, (byte) SESSION.length});
        sha.update(SESSION);
        sha.update(encodedA);
        sha.update(encodedB);
        sha.update(new byte[] {(byte) (queryIndex >>> 24), (byte) (queryIndex >>> 16), (byte) (queryIndex >>> 8),
            (byte) queryIndex});
        sha.update(new byte[] {(byte) (itemIndex >>> 8), (byte) itemIndex});
        sha.update(keyPoint);
        sha.update(new byte[] {0, 0, 0, 0});
        return Arrays.copyOf(sha.digest(), length);
    }

    private static byte[] xor(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("rfc9496InvalidEncodings")
    void senderRejectsInvalidAndIdentityQueryPoints(String hex) {
        Fixture fixture = new Fixture(4, 1, 3);
        byte[] query = fixture.receiver.query(1, 2);
        System.arraycopy(HEX.parseHex(hex), 0, query, 7 + 32, 32);

        assertThatThrownBy(() -> fixture.sender.answer(query))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessageContaining("query point 1");
    }

    @ParameterizedTest
    @MethodSource("rfc9496InvalidEncodings")
    void receiverRejectsInvalidAndIdentitySenderPoints(String hex) {
        Fixture fixture = new Fixture(4, 1, 4);
        byte[] setup = fixture.sender.setupMessage();
        System.arraycopy(HEX.parseHex(hex), 0, setup, setup.length - 32, 32);

        assertThatThrownBy(() -> new ChouOrlandiTransfer(4, 1).newReceiver(setup, SESSION, new SplittableRandom(1)))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessageContaining("sender point A");
    }

    @Test
    void theLibraryRejectsEveryRfcInvalidEncoding() {
        // Guards the test above: the rejection comes from decoding, not from some other check.
        for (String hex : rfc9496InvalidEncodings().subList(0, 29)) {
            assertThatThrownBy(() -> RistrettoPoint.decode(HEX.parseHex(hex)))
                    .as(hex).isInstanceOf(MalformedEncodingException.class);
        }
    }

    @Test
    void senderRejectsAQueryPointThatIsASmallMultipleOfA() throws Exception {
        Fixture fixture = new Fixture(8, 1, 5);
        byte[] setup = fixture.sender.setupMessage();
        RistrettoPoint a = RistrettoPoint.decode(Arrays.copyOfRange(setup, setup.length - 32, setup.length));
        byte[] query = fixture.receiver.query(3);
        byte[] fiveA = a.add(a).add(a).add(a).add(a).encode();
        System.arraycopy(fiveA, 0, query, 7, 32);

        assertThatThrownBy(() -> fixture.sender.answer(query))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessageContaining("equals 5·A");
    }

    @Test
    void everyTruncationAndExtensionOfEveryMessageIsRejected() {
        Fixture fixture = new Fixture(4, 2, 6);
        byte[] setup = fixture.sender.setupMessage();
        byte[] query = fixture.receiver.query(0, 3);
        byte[] answer = fixture.sender.answer(query);
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(4, 2);

        for (int length = 0; length <= setup.length; length++) {
            byte[] bad = Arrays.copyOf(setup, length == setup.length ? length + 1 : length);
            assertThatThrownBy(() -> scheme.newReceiver(bad, SESSION, new SplittableRandom(1)))
                    .as("setup of %d bytes", bad.length).isInstanceOf(InvalidOtMessageException.class);
        }
        OtSender freshSender = scheme.newSender(List.of(new byte[2], new byte[2], new byte[2], new byte[2]), SESSION,
                new SplittableRandom(2));
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
        assertThatThrownBy(() -> scheme.newReceiver(null, SESSION, new SplittableRandom(1)))
                .isInstanceOf(InvalidOtMessageException.class);
        // After all those rejections, the genuine answer is still accepted.
        assertThat(fixture.receiver.finish(answer)).containsExactly(fixture.items.get(0), fixture.items.get(3));
    }

    @Test
    void garbledHeadersAreRejected() {
        Fixture fixture = new Fixture(4, 1, 7);
        byte[] query = fixture.receiver.query(1, 2);

        byte[] wrongTag = query.clone();
        wrongTag[0] = ChouOrlandiTransfer.ANSWER_TAG;
        assertThatThrownBy(() -> fixture.sender.answer(wrongTag)).hasMessageContaining("tag");
        byte[] wrongCount = query.clone();
        wrongCount[6] = 3;
        assertThatThrownBy(() -> fixture.sender.answer(wrongCount)).isInstanceOf(InvalidOtMessageException.class);
        byte[] zeroCount = query.clone();
        zeroCount[6] = 0;
        assertThatThrownBy(() -> fixture.sender.answer(Arrays.copyOf(zeroCount, 7)))
                .hasMessageContaining("empty batch");
        byte[] laterIndex = query.clone();
        laterIndex[4] = 1;
        assertThatThrownBy(() -> fixture.sender.answer(laterIndex)).hasMessageContaining("expected 0");

        byte[] answer = fixture.sender.answer(query);
        byte[] answerWrongTag = answer.clone();
        answerWrongTag[0] = ChouOrlandiTransfer.QUERY_TAG;
        assertThatThrownBy(() -> fixture.receiver.finish(answerWrongTag)).hasMessageContaining("tag");
        assertThat(fixture.receiver.finish(answer)).containsExactly(fixture.items.get(1), fixture.items.get(2));
    }

    @Test
    void replayedQueriesAndStaleAnswersAreRejected() {
        Fixture fixture = new Fixture(4, 1, 8);
        byte[] firstQuery = fixture.receiver.query(1);
        byte[] firstAnswer = fixture.sender.answer(firstQuery);
        fixture.receiver.finish(firstAnswer);

        assertThatThrownBy(() -> fixture.sender.answer(firstQuery))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessageContaining("batch starts at query 0, expected 1");
        byte[] secondQuery = fixture.receiver.query(2, 3);
        assertThatThrownBy(() -> fixture.receiver.finish(firstAnswer))
                .isInstanceOf(InvalidOtMessageException.class)
                .hasMessageContaining("expected 1");
        assertThat(fixture.receiver.finish(fixture.sender.answer(secondQuery)))
                .containsExactly(fixture.items.get(2), fixture.items.get(3));
    }

    @Test
    void setupFromAnotherSessionOrWithOtherParametersIsRejected() {
        Fixture fixture = new Fixture(4, 1, 9);
        byte[] setup = fixture.sender.setupMessage();

        assertThatThrownBy(() -> new ChouOrlandiTransfer(4, 1).newReceiver(setup, "other".getBytes(),
                new SplittableRandom(1))).hasMessageContaining("another session");
        assertThatThrownBy(() -> new ChouOrlandiTransfer(5, 1).newReceiver(setup, SESSION, new SplittableRandom(1)))
                .isInstanceOf(InvalidOtMessageException.class).hasMessageContaining("offers 4 items");
        assertThatThrownBy(() -> new ChouOrlandiTransfer(4, 2).newReceiver(setup, SESSION, new SplittableRandom(1)))
                .isInstanceOf(InvalidOtMessageException.class);
    }

    @Test
    void misuseByTheLocalCallerFailsFast() {
        Fixture fixture = new Fixture(4, 1, 10);
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(4, 1);

        assertThatThrownBy(() -> fixture.receiver.query(4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fixture.receiver.query(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fixture.receiver.query()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fixture.receiver.finish(new byte[7])).isInstanceOf(IllegalStateException.class);
        fixture.receiver.query(0);
        assertThatThrownBy(() -> fixture.receiver.query(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> scheme.newSender(List.of(new byte[1]), SESSION, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> scheme.newSender(List.of(new byte[1], new byte[1], new byte[2], new byte[1]),
                SESSION, new SplittableRandom(1))).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Receiver privacy: B = cA + bG is uniform whatever c. A byte of B's encoding (byte 1; byte 0's low bit is
     * always 0) is uniform over 256 values for choices 0 and 63, and the two samples are homogeneous.
     */
    @Test
    void queryPointIsUniformWhateverTheChoice() {
        int samples = 4096;
        long[][] counts = new long[2][256];
        int[] choices = {0, 63};
        Fixture fixture = new Fixture(64, 1, 11);
        for (int c = 0; c < 2; c++) {
            OtReceiver receiver = new ChouOrlandiTransfer(64, 1)
                    .newReceiver(fixture.sender.setupMessage(), SESSION, new SplittableRandom(1000 + c));
            int[] batch = new int[samples];
            Arrays.fill(batch, choices[c]);
            byte[] query = receiver.query(batch);
            for (int q = 0; q < samples; q++) {
                counts[c][query[7 + 32 * q + 1] & 0xff]++;
            }
        }
        double critical = ChiSquare.criticalValueAtOnePerMille(255);
        assertThat(ChiSquare.uniformity(counts[0])).isLessThan(critical);
        assertThat(ChiSquare.uniformity(counts[1])).isLessThan(critical);
        assertThat(ChiSquare.homogeneity(counts[0], counts[1])).isLessThan(critical);
    }

    private static final class Fixture {
        final List<byte[]> items;
        final OtSender sender;
        final OtReceiver receiver;

        Fixture(int count, int length, long seed) {
            SplittableRandom random = new SplittableRandom(seed);
            ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(count, length);
            items = randomItems(count, length, random);
            sender = scheme.newSender(items, SESSION, random.split());
            receiver = scheme.newReceiver(sender.setupMessage(), SESSION, random.split());
        }
    }
}
