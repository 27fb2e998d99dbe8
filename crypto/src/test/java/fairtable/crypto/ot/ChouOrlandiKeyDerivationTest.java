package fairtable.crypto.ot;

import static org.assertj.core.api.Assertions.assertThat;

import fairtable.crypto.ristretto.Points;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import fairtable.crypto.ristretto.Scalars;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Every Chou–Orlandi pad, for every query number and every item index, is the documented hash of the sender's
 * key K_j = a(B - jA); and a pad changes with the query number and the session even when everything else is the
 * same. ChouOrlandiTransferTest checks the chosen item's pad of query 0 from the receiver's side; a pad hash that
 * ignored the query number would pass it, since its hash input differs only from query 1 on. ANDOS derives no key
 * by hashing (its only hashes are the session digest and the pseudo-square challenges, PseudoSquareProofBindingTest).
 */
class ChouOrlandiKeyDerivationTest {
    private static final int ITEMS = 5;
    private static final int LENGTH = 100; // two hash blocks per pad

    private static List<byte[]> items(SplittableRandom random) {
        List<byte[]> items = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            byte[] item = new byte[LENGTH];
            random.nextBytes(item);
            items.add(item);
        }
        return items;
    }

    /** The sender's secret a, read from its saved state by the documented layout. */
    private static Scalar senderSecret(OtSender sender) {
        byte[] state = sender.state();
        int sessionLength = ((state[5] & 0xff) << 24) | ((state[6] & 0xff) << 16) | ((state[7] & 0xff) << 8)
                | (state[8] & 0xff);
        int at = 9 + sessionLength;
        return Scalar.fromCanonicalBytes(Arrays.copyOfRange(state, at, at + 32));
    }

    private static byte[] documentedPad(byte[] session, byte[] encodedA, byte[] encodedB, long query, int item,
            byte[] key, int length) throws Exception {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (int block = 0; stream.size() < length; block++) {
            MessageDigest sha = MessageDigest.getInstance("SHA-512");
            sha.update("fairtable/ot/chou-orlandi/pad/v1".getBytes(StandardCharsets.US_ASCII));
            sha.update((byte) 0);
            sha.update(u32(session.length));
            sha.update(session);
            sha.update(encodedA);
            sha.update(encodedB);
            sha.update(u32((int) query));
            sha.update(new byte[] {(byte) (item >>> 8), (byte) item});
            sha.update(key);
            sha.update(u32(block));
            stream.writeBytes(sha.digest());
        }
        return Arrays.copyOf(stream.toByteArray(), length);
    }

    private static byte[] u32(int n) {
        return new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n};
    }

    private static byte[] xor(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }

    /** A one-query batch starting at {@code first} whose query point is {@code point}. */
    private static byte[] query(long first, byte[] point) {
        return new WireWriter(7 + 32).u8(ChouOrlandiTransfer.QUERY_TAG).u32(first).u16(1).bytes(point).toBytes();
    }

    /**
     * Three batches (queries 0..5); for each query q and each j, e_j XOR pad(K_j) with K_j = a(B_q - jA) and the
     * pad from the class comment is item j: every item, not only the chosen one. The session id is longer than
     * 255 bytes, so every byte of its length prefix counts. The setup's session digest is the documented one too.
     */
    @Test
    void everyPadOfEveryQueryIsTheDocumentedHashOfTheSendersKey() throws Exception {
        SplittableRandom random = new SplittableRandom(70);
        byte[] session = new byte[300];
        random.nextBytes(session);
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(ITEMS, LENGTH);
        List<byte[]> items = items(random);
        OtSender sender = scheme.newSender(items, session, random.split());
        OtReceiver receiver = scheme.newReceiver(sender.setupMessage(), session, random.split());
        Scalar a = senderSecret(sender);
        byte[] setup = sender.setupMessage();
        MessageDigest sessionDigest = MessageDigest.getInstance("SHA-256");
        sessionDigest.update("fairtable/ot/chou-orlandi/session".getBytes(StandardCharsets.US_ASCII));
        sessionDigest.update((byte) 0);
        assertThat(Arrays.copyOfRange(setup, 1, 33)).as("the setup's session digest")
                .isEqualTo(sessionDigest.digest(session));
        byte[] encodedA = Arrays.copyOfRange(setup, setup.length - 32, setup.length);
        RistrettoPoint pointA = RistrettoPoint.decode(encodedA);

        long query = 0;
        for (int[] batch : new int[][] {{0, 4, 2}, {1}, {3, 3}}) {
            byte[] queryMessage = receiver.query(batch);
            byte[] answer = sender.answer(queryMessage);
            for (int q = 0; q < batch.length; q++, query++) {
                byte[] encodedB = Arrays.copyOfRange(queryMessage, 7 + 32 * q, 7 + 32 * (q + 1));
                RistrettoPoint pointB = RistrettoPoint.decode(encodedB);
                for (int j = 0; j < ITEMS; j++) {
                    byte[] key = Points.encode(pointB.subtract(pointA.multiply(Scalars.of(j))).multiply(a));
                    int at = 7 + (q * ITEMS + j) * LENGTH;
                    byte[] opened = xor(Arrays.copyOfRange(answer, at, at + LENGTH),
                            documentedPad(session, encodedA, encodedB, query, j, key, LENGTH));
                    assertThat(opened).as("query %d, item %d", query, j).isEqualTo(items.get(j));
                }
            }
            List<byte[]> chosen = receiver.finish(answer);
            for (int q = 0; q < batch.length; q++) {
                assertThat(chosen.get(q)).isEqualTo(items.get(batch[q]));
            }
        }
        assertThat(query).isEqualTo(6);
    }

    /**
     * The same query point sent as query 0 and again as query 1: the keys K_j are the same, so only the query
     * number in the hash makes the pads differ. Without it, an answer from one query would open the same item in
     * another, and e_j XOR e'_j would leak item_j XOR item'_j across item sets.
     */
    @Test
    void theSameQueryPointAtAnotherQueryNumberGetsOtherPadsForEveryItem() {
        SplittableRandom random = new SplittableRandom(71);
        byte[] session = "game 1".getBytes(StandardCharsets.UTF_8);
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(ITEMS, LENGTH);
        OtSender sender = scheme.newSender(items(random), session, random.split());
        byte[] point = Points.encode(Points.hashToGroup("test/query-point", new byte[] {1}));

        byte[] first = sender.answer(query(0, point));
        byte[] second = sender.answer(query(1, point));

        for (int j = 0; j < ITEMS; j++) {
            int at = 7 + j * LENGTH;
            assertThat(Arrays.copyOfRange(second, at, at + LENGTH)).as("item %d", j)
                    .isNotEqualTo(Arrays.copyOfRange(first, at, at + LENGTH));
        }
    }

    /** Two senders with the same secret a and items, in sessions whose ids differ in one byte, answer differently. */
    @Test
    void theSameQueryInAnotherSessionGetsOtherPadsForEveryItem() {
        byte[] sessionOne = "game 1".getBytes(StandardCharsets.UTF_8);
        byte[] sessionTwo = "game 2".getBytes(StandardCharsets.UTF_8);
        ChouOrlandiTransfer scheme = new ChouOrlandiTransfer(ITEMS, LENGTH);
        List<byte[]> items = items(new SplittableRandom(72));
        OtSender one = scheme.newSender(items, sessionOne, new SplittableRandom(73));
        OtSender two = scheme.newSender(items, sessionTwo, new SplittableRandom(73));
        assertThat(senderSecret(two)).isEqualTo(senderSecret(one));
        byte[] point = Points.encode(Points.hashToGroup("test/query-point", new byte[] {2}));

        byte[] answerOne = one.answer(query(0, point));
        byte[] answerTwo = two.answer(query(0, point));

        for (int j = 0; j < ITEMS; j++) {
            int at = 7 + j * LENGTH;
            assertThat(Arrays.copyOfRange(answerTwo, at, at + LENGTH)).as("item %d", j)
                    .isNotEqualTo(Arrays.copyOfRange(answerOne, at, at + LENGTH));
        }
    }

    /** A sender restored from its own state with the next query number replaced. */
    private static OtSender senderAtQuery(ChouOrlandiTransfer scheme, OtSender sender, byte[] session, long next) {
        byte[] state = sender.state();
        java.nio.ByteBuffer.wrap(state, 1 + 2 + 2 + 4 + session.length + 32, 8).putLong(next);
        return scheme.restoreSender(state);
    }

    /** Item j of a one-query answer, opened with the documented pad for query point B at query number q. */
    private static byte[] openedWithDocumentedPad(OtSender sender, byte[] session, byte[] answer, byte[] encodedB,
            long query, int j, int length) throws Exception {
        byte[] setup = sender.setupMessage();
        byte[] encodedA = Arrays.copyOfRange(setup, setup.length - 32, setup.length);
        RistrettoPoint pointA = RistrettoPoint.decode(encodedA);
        RistrettoPoint pointB = RistrettoPoint.decode(encodedB);
        byte[] key = Points.encode(pointB.subtract(pointA.multiply(Scalars.of(j))).multiply(senderSecret(sender)));
        int at = 7 + j * length;
        return xor(Arrays.copyOfRange(answer, at, at + length),
                documentedPad(session, encodedA, encodedB, query, j, key, length));
    }

    /**
     * The pad hash takes the query number as four bytes, the item index as two and the block number as four. The
     * tests above stay below 256 in all three, where only the lowest byte is ever non-zero; here every byte of the
     * query number differs, item indices reach 256 and beyond, and an item spans more than 256 hash blocks.
     */
    @Test
    void padsAreDocumentedForQueryNumbersItemIndicesAndBlocksAboveOneByte() throws Exception {
        SplittableRandom random = new SplittableRandom(74);
        byte[] session = "game 3".getBytes(StandardCharsets.UTF_8);
        byte[] point = Points.encode(Points.hashToGroup("test/query-point", new byte[] {3}));
        long query = 0x01020304L;

        int manyItems = 258;
        ChouOrlandiTransfer wide = new ChouOrlandiTransfer(manyItems, 1);
        List<byte[]> small = new ArrayList<>();
        for (int j = 0; j < manyItems; j++) {
            small.add(new byte[] {(byte) random.nextInt(256)});
        }
        OtSender wideSender = senderAtQuery(wide, wide.newSender(small, session, random.split()), session, query);
        byte[] wideAnswer = wideSender.answer(query(query, point));
        for (int j = 0; j < manyItems; j++) {
            assertThat(openedWithDocumentedPad(wideSender, session, wideAnswer, point, query, j, 1))
                    .as("item %d", j).isEqualTo(small.get(j));
        }

        int longLength = 257 * 64 + 10; // blocks 0..257
        ChouOrlandiTransfer tall = new ChouOrlandiTransfer(2, longLength);
        List<byte[]> large = new ArrayList<>();
        for (int j = 0; j < 2; j++) {
            byte[] item = new byte[longLength];
            random.nextBytes(item);
            large.add(item);
        }
        OtSender tallSender = tall.newSender(large, session, random.split());
        byte[] tallAnswer = tallSender.answer(query(0, point));
        for (int j = 0; j < 2; j++) {
            assertThat(openedWithDocumentedPad(tallSender, session, tallAnswer, point, 0, j, longLength))
                    .as("item %d", j).isEqualTo(large.get(j));
        }
    }
}
