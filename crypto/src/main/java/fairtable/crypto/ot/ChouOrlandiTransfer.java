package fairtable.crypto.ot;

import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Chou–Orlandi "simplest OT" (LATINCRYPT 2015), extended to 1-out-of-n, on ristretto255: the fast default.
 *
 * <pre>
 *   sender:   a random, A = aG                                         setup: A
 *   receiver: b random, B = c·A + bG  (c = choice)                     query: B
 *   sender:   for j in [0, n): K_j = a(B − jA);  e_j = item_j ⊕ pad(K_j)  answer: e_0 .. e_{n−1}
 *   receiver: K_c = bA,  item_c = e_c ⊕ pad(K_c)
 * </pre>
 * pad(K) = SHA-512(domain, session id, A, B, query index, item index j, K, block counter), truncated to the item
 * length. Exactly: for query number q (numbered from 0 across the batches of a setup) and item j, pad(K_j) is the
 * first item-length bytes of block_0 || block_1 || ..., with block_k = SHA-512("fairtable/ot/chou-orlandi/pad/v1"
 * (ASCII, no length prefix) || 0x00 || u32(len(session id)) || session id || A || B || u32(q) || u16(j) || K_j ||
 * u32(k)); points are 32-byte canonical encodings, integers big-endian. The original paper's UC proof was found flawed (Genç–Iovino–Rial, ePrint 2017/370; Hauck–Loss, ePrint
 * 2017/1011, who repair it under gap Diffie–Hellman); following their fixes, A, B, the session and the indices are
 * hashed into every key, so a key is tied to the whole transcript of its query and a value from one query or
 * session is worthless in another. All received points
 * must be canonical ristretto255 encodings and not the identity; a query point B with B = jA for some j (which
 * would make one key a hash of the identity) is rejected too.
 *
 * <p>Why this scheme rather than Naor–Pinkas: one point from the receiver per query (32 bytes), the sender's
 * per-query cost is one variable-base scalar multiplication plus n point subtractions and encodings, and the
 * receiver's point B is uniformly distributed whatever the choice (perfect receiver privacy), which the tests
 * check statistically. Naor–Pinkas 1-of-n needs either n exponentiations per query or log n 1-of-2 transfers
 * with extra key material. A batch reuses one A for all its queries (as the original paper does for many
 * transfers); the query index in the hash keeps the pads of different queries independent.
 *
 * <p>Security: sender privacy under the computational Diffie–Hellman assumption with SHA-512 as a random oracle,
 * for a semi-honest receiver; receiver privacy is unconditional. The sender does not prove knowledge of a, and
 * nothing here stops a malicious sender from answering with wrong items (the dark-chess protocol detects that
 * from the board commitments at the end of the game).
 *
 * <p>Encodings (integers big-endian):
 * <pre>
 *   setup : 0x21 | SHA-256(domain "fairtable/ot/chou-orlandi/session" 0x00 session id) (32) | n (u16)
 *           | item length (u16) | A (32)
 *   query : 0x22 | first query index (u32) | count (u16) | count × B (32)
 *   answer: 0x23 | first query index (u32) | count (u16) | count × n × item length bytes (e_0 .. e_{n−1} per query)
 * </pre>
 */
public final class ChouOrlandiTransfer implements ObliviousTransfer {
    static final byte SETUP_TAG = 0x21;
    static final byte QUERY_TAG = 0x22;
    static final byte ANSWER_TAG = 0x23;
    static final byte SENDER_STATE_TAG = 0x2a;
    static final byte RECEIVER_STATE_TAG = 0x2b;
    static final int POINT_BYTES = 32;
    private static final String SESSION_DOMAIN = "fairtable/ot/chou-orlandi/session";
    private static final byte[] PAD_DOMAIN = "fairtable/ot/chou-orlandi/pad/v1".getBytes(StandardCharsets.US_ASCII);
    private static final int PAD_BLOCK = 64;

    private final int itemCount;
    private final int itemLength;

    public ChouOrlandiTransfer(int itemCount, int itemLength) {
        Batches.checkParameters(itemCount, itemLength);
        this.itemCount = itemCount;
        this.itemLength = itemLength;
    }

    @Override
    public int itemCount() {
        return itemCount;
    }

    @Override
    public int itemLength() {
        return itemLength;
    }

    @Override
    public OtSender newSender(List<byte[]> items, byte[] sessionId, RandomGenerator random) {
        return new Sender(Batches.copyItems(items, itemCount, itemLength), sessionId.clone(),
                randomNonZeroScalar(random), 0);
    }

    @Override
    public OtReceiver newReceiver(byte[] setupMessage, byte[] sessionId, RandomGenerator random) {
        WireReader in = new WireReader(setupMessage, "Chou-Orlandi setup");
        in.expectTag(SETUP_TAG);
        if (!Arrays.equals(in.bytes(32), Batches.sessionDigest(SESSION_DOMAIN, sessionId))) {
            throw in.fail("belongs to another session");
        }
        readParameters(in);
        byte[] encodedA = in.bytes(POINT_BYTES);
        in.expectEnd();
        return new Receiver(sessionId.clone(), encodedA, decodePoint(encodedA, in, "sender point A"), 0, random);
    }

    /**
     * Sender state: 0x2a | n (u16) | item length (u16) | session id (u32 length, bytes) | a (32, canonical scalar)
     * | next query index (u64) | the n items.
     */
    @Override
    public OtSender restoreSender(byte[] state) {
        WireReader in = new WireReader(state, "Chou-Orlandi sender state");
        in.expectTag(SENDER_STATE_TAG);
        readParameters(in);
        byte[] sessionId = in.lengthPrefixed();
        Scalar secret;
        try {
            secret = Scalar.fromCanonicalBytes(in.bytes(32));
        } catch (IllegalArgumentException e) {
            throw in.fail("the secret scalar is not canonical");
        }
        if (secret.equals(Scalar.ZERO)) {
            throw in.fail("the secret scalar is zero");
        }
        long next = Batches.readNextQueryIndex(in);
        List<byte[]> items = new ArrayList<>(itemCount);
        for (int i = 0; i < itemCount; i++) {
            items.add(in.bytes(itemLength));
        }
        in.expectEnd();
        return new Sender(List.copyOf(items), sessionId, secret, next);
    }

    /**
     * Receiver state: 0x2b | n (u16) | item length (u16) | session id (u32 length, bytes) | A (32) | next query
     * index (u64) | outstanding queries (u16) | per outstanding query: choice (u16) | b (32) | B (32).
     */
    @Override
    public OtReceiver restoreReceiver(byte[] state, RandomGenerator random) {
        WireReader in = new WireReader(state, "Chou-Orlandi receiver state");
        in.expectTag(RECEIVER_STATE_TAG);
        readParameters(in);
        byte[] sessionId = in.lengthPrefixed();
        byte[] encodedA = in.bytes(POINT_BYTES);
        RistrettoPoint senderPoint = decodePoint(encodedA, in, "sender point A");
        long next = Batches.readNextQueryIndex(in);
        Receiver receiver = new Receiver(sessionId, encodedA, senderPoint, next, random);
        int pending = in.u16();
        if (pending > 0) {
            if (next + pending - 1 > Batches.MAX_QUERY_INDEX) {
                throw in.fail("outstanding queries overflow the numbering");
            }
            int[] choices = new int[pending];
            Scalar[] secrets = new Scalar[pending];
            byte[][] points = new byte[pending][];
            for (int q = 0; q < pending; q++) {
                choices[q] = in.u16();
                if (choices[q] >= itemCount) {
                    throw in.fail("outstanding choice " + choices[q] + " out of range");
                }
                try {
                    secrets[q] = Scalar.fromCanonicalBytes(in.bytes(32));
                } catch (IllegalArgumentException e) {
                    throw in.fail("outstanding secret " + q + " is not canonical");
                }
                points[q] = in.bytes(POINT_BYTES);
                decodePoint(points[q], in, "outstanding query point " + q);
            }
            receiver.pendingChoices = choices;
            receiver.pendingSecrets = secrets;
            receiver.pendingPoints = points;
        }
        in.expectEnd();
        return receiver;
    }

    private void readParameters(WireReader in) {
        int count = in.u16();
        int length = in.u16();
        if (count != itemCount || length != itemLength) {
            throw in.fail("offers " + count + " items of " + length + " bytes, expected " + itemCount
                    + " of " + itemLength);
        }
    }

    /** Hash prefix shared by every pad of a setup: domain, session id, A. Cloned per pad. */
    private static MessageDigest padPrefix(byte[] sessionId, byte[] senderPoint) {
        MessageDigest sha = Batches.sha("SHA-512");
        sha.update(PAD_DOMAIN);
        sha.update(new byte[] {0, (byte) (sessionId.length >>> 24), (byte) (sessionId.length >>> 16),
            (byte) (sessionId.length >>> 8), (byte) sessionId.length});
        sha.update(sessionId);
        sha.update(senderPoint);
        return sha;
    }

    private static MessageDigest queryPrefix(MessageDigest setupPrefix, byte[] queryPoint, long queryIndex) {
        MessageDigest sha = cloneDigest(setupPrefix);
        sha.update(queryPoint);
        sha.update(new byte[] {(byte) (queryIndex >>> 24), (byte) (queryIndex >>> 16), (byte) (queryIndex >>> 8),
            (byte) queryIndex});
        return sha;
    }

    /** XORs pad(K_j) into {@code target[offset .. offset + length)}. */
    private static void xorPad(MessageDigest queryPrefix, int itemIndex, byte[] keyPoint, byte[] target, int offset,
            int length) {
        MessageDigest item = cloneDigest(queryPrefix);
        item.update((byte) (itemIndex >>> 8));
        item.update((byte) itemIndex);
        item.update(keyPoint);
        for (int block = 0; block * PAD_BLOCK < length; block++) {
            MessageDigest sha = length <= PAD_BLOCK ? item : cloneDigest(item);
            sha.update(new byte[] {(byte) (block >>> 24), (byte) (block >>> 16), (byte) (block >>> 8), (byte) block});
            byte[] pad = sha.digest();
            int start = block * PAD_BLOCK;
            for (int i = 0; i < PAD_BLOCK && start + i < length; i++) {
                target[offset + start + i] ^= pad[i];
            }
        }
    }

    private static MessageDigest cloneDigest(MessageDigest digest) {
        try {
            return (MessageDigest) digest.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the platform SHA-512 is cloneable", e);
        }
    }

    static Scalar randomNonZeroScalar(RandomGenerator random) {
        byte[] wide = new byte[64];
        while (true) {
            random.nextBytes(wide);
            Scalar scalar = Scalar.fromBytesModOrderWide(wide);
            if (!scalar.equals(Scalar.ZERO)) {
                return scalar;
            }
        }
    }

    static boolean isIdentityEncoding(byte[] encoding) {
        int bits = 0;
        for (byte b : encoding) {
            bits |= b;
        }
        return bits == 0;
    }

    /** Decodes a canonical, non-identity point (the canonical identity encoding is 32 zero bytes). */
    static RistrettoPoint decodePoint(byte[] encoding, WireReader in, String name) {
        if (isIdentityEncoding(encoding)) {
            throw in.fail(name + " is the identity");
        }
        try {
            return RistrettoPoint.decode(encoding);
        } catch (MalformedEncodingException e) {
            throw in.fail(name + " is not a canonical ristretto255 encoding");
        }
    }

    private final class Sender implements OtSender {
        private final List<byte[]> items;
        private final byte[] sessionId;
        private final Scalar secret;
        private final RistrettoPoint secretTimesA;
        private final byte[] setupMessage;
        private final MessageDigest prefix;
        private long nextQueryIndex;

        Sender(List<byte[]> items, byte[] sessionId, Scalar secret, long nextQueryIndex) {
            this.items = items;
            this.sessionId = sessionId;
            this.secret = secret;
            this.nextQueryIndex = nextQueryIndex;
            RistrettoPoint senderPoint = FixedBaseTable.GENERATOR.multiply(secret);
            this.secretTimesA = senderPoint.multiply(secret);
            byte[] encodedA = senderPoint.encode();
            this.prefix = padPrefix(sessionId, encodedA);
            this.setupMessage = new WireWriter(1 + 32 + 4 + POINT_BYTES)
                    .u8(SETUP_TAG)
                    .bytes(Batches.sessionDigest(SESSION_DOMAIN, sessionId))
                    .u16(itemCount)
                    .u16(itemLength)
                    .bytes(encodedA)
                    .toBytes();
        }

        @Override
        public byte[] setupMessage() {
            return setupMessage.clone();
        }

        @Override
        public byte[] answer(byte[] queryMessage) {
            WireReader in = new WireReader(queryMessage, "Chou-Orlandi query");
            in.expectTag(QUERY_TAG);
            long first = nextQueryIndex;
            int count = Batches.readBatchHeader(in, first);
            if (in.remaining() != (long) count * POINT_BYTES) {
                throw in.fail("expected " + count + " points (" + count * POINT_BYTES + " bytes), got "
                        + in.remaining() + " bytes");
            }
            byte[][] encodedB = new byte[count][];
            RistrettoPoint[] points = new RistrettoPoint[count];
            for (int q = 0; q < count; q++) {
                encodedB[q] = in.bytes(POINT_BYTES);
                points[q] = decodePoint(encodedB[q], in, "query point " + q);
            }
            in.expectEnd();

            int perQuery = itemCount * itemLength;
            byte[] body = new byte[count * perQuery];
            for (int q = 0; q < count; q++) {
                MessageDigest queryHash = queryPrefix(prefix, encodedB[q], first + q);
                RistrettoPoint key = points[q].multiply(secret); // a·B − j·aA = a(B − jA), stepping j upward
                for (int j = 0; j < itemCount; j++) {
                    byte[] encodedKey = key.encode();
                    if (isIdentityEncoding(encodedKey)) {
                        throw in.fail("query point " + q + " equals " + j + "·A");
                    }
                    int offset = q * perQuery + j * itemLength;
                    System.arraycopy(items.get(j), 0, body, offset, itemLength);
                    xorPad(queryHash, j, encodedKey, body, offset, itemLength);
                    key = key.subtract(secretTimesA);
                }
            }
            nextQueryIndex = first + count;
            return new WireWriter(7 + body.length).u8(ANSWER_TAG).u32(first).u16(count).bytes(body).toBytes();
        }

        @Override
        public byte[] state() {
            WireWriter out = new WireWriter(53 + sessionId.length + itemCount * itemLength)
                    .u8(SENDER_STATE_TAG).u16(itemCount).u16(itemLength).lengthPrefixed(sessionId)
                    .bytes(secret.toByteArray()).u64(nextQueryIndex);
            for (byte[] item : items) {
                out.bytes(item);
            }
            return out.toBytes();
        }
    }

    private final class Receiver implements OtReceiver {
        private final RandomGenerator random;
        private final byte[] sessionId;
        private final byte[] encodedA;
        private final RistrettoPoint senderPoint;
        private final RistrettoPoint[] multiplesOfA;
        private final MessageDigest prefix;
        private long nextQueryIndex;
        private int[] pendingChoices;
        private Scalar[] pendingSecrets;
        private byte[][] pendingPoints;

        Receiver(byte[] sessionId, byte[] encodedA, RistrettoPoint senderPoint, long nextQueryIndex,
                RandomGenerator random) {
            this.random = random;
            this.sessionId = sessionId;
            this.encodedA = encodedA;
            this.senderPoint = senderPoint;
            this.nextQueryIndex = nextQueryIndex;
            this.prefix = padPrefix(sessionId, encodedA);
            this.multiplesOfA = new RistrettoPoint[itemCount];
            multiplesOfA[0] = RistrettoPoint.IDENTITY;
            for (int j = 1; j < itemCount; j++) {
                multiplesOfA[j] = multiplesOfA[j - 1].add(senderPoint);
            }
        }

        @Override
        public byte[] query(int... choices) {
            if (pendingChoices != null) {
                throw new IllegalStateException("finish the outstanding batch first");
            }
            int[] checked = Batches.checkChoices(choices, itemCount, nextQueryIndex);
            Scalar[] secrets = new Scalar[checked.length];
            byte[][] points = new byte[checked.length][];
            WireWriter out = new WireWriter(7 + checked.length * POINT_BYTES)
                    .u8(QUERY_TAG).u32(nextQueryIndex).u16(checked.length);
            for (int q = 0; q < checked.length; q++) {
                secrets[q] = randomNonZeroScalar(random);
                RistrettoPoint choiceTimesA = selectInConstantTime(checked[q]);
                points[q] = choiceTimesA.add(FixedBaseTable.GENERATOR.multiply(secrets[q]))
                        .encode();
                out.bytes(points[q]);
            }
            pendingChoices = checked;
            pendingSecrets = secrets;
            pendingPoints = points;
            return out.toBytes();
        }

        /** c·A without a secret-dependent memory access pattern. */
        private RistrettoPoint selectInConstantTime(int choice) {
            RistrettoPoint selected = RistrettoPoint.IDENTITY;
            for (int j = 0; j < itemCount; j++) {
                int difference = j ^ choice;
                int equal = ((difference | -difference) >>> 31) ^ 1;
                selected = selected.ctSelect(multiplesOfA[j], equal);
            }
            return selected;
        }

        @Override
        public List<byte[]> finish(byte[] answerMessage) {
            if (pendingChoices == null) {
                throw new IllegalStateException("no batch is outstanding");
            }
            WireReader in = new WireReader(answerMessage, "Chou-Orlandi answer");
            in.expectTag(ANSWER_TAG);
            int count = Batches.readBatchHeader(in, nextQueryIndex);
            if (count != pendingChoices.length) {
                throw in.fail("answers " + count + " queries, " + pendingChoices.length + " were asked");
            }
            int perQuery = itemCount * itemLength;
            if (in.remaining() != (long) count * perQuery) {
                throw in.fail("expected " + (long) count * perQuery + " bytes of ciphertext, got " + in.remaining());
            }
            List<byte[]> chosen = new ArrayList<>(count);
            for (int q = 0; q < count; q++) {
                byte[] ciphertexts = in.bytes(perQuery);
                byte[] item = Arrays.copyOfRange(ciphertexts, pendingChoices[q] * itemLength,
                        (pendingChoices[q] + 1) * itemLength);
                byte[] key = senderPoint.multiply(pendingSecrets[q]).encode();
                xorPad(queryPrefix(prefix, pendingPoints[q], nextQueryIndex + q), pendingChoices[q], key, item, 0,
                        itemLength);
                chosen.add(item);
            }
            in.expectEnd();
            nextQueryIndex += count;
            pendingChoices = null;
            pendingSecrets = null;
            pendingPoints = null;
            return List.copyOf(chosen);
        }

        @Override
        public byte[] state() {
            int pending = pendingChoices == null ? 0 : pendingChoices.length;
            WireWriter out = new WireWriter(51 + sessionId.length + pending * 66)
                    .u8(RECEIVER_STATE_TAG).u16(itemCount).u16(itemLength).lengthPrefixed(sessionId)
                    .bytes(encodedA).u64(nextQueryIndex).u16(pending);
            for (int q = 0; q < pending; q++) {
                out.u16(pendingChoices[q]).bytes(pendingSecrets[q].toByteArray()).bytes(pendingPoints[q]);
            }
            return out.toBytes();
        }
    }
}
