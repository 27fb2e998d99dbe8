package fairtable.crypto.ot;

import fairtable.crypto.math.Jacobi;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * ANDOS (all-or-nothing disclosure of secrets, Brassard–Crépeau–Robert 1986) with Goldwasser–Micali bit
 * encryption, following section 5.4 of the Cryptographic Dark Chess report (Alice = sender, Bob = receiver):
 *
 * <ol>
 *   <li>Alice holds a {@link GoldwasserMicaliKey} (m = pq, pseudo-square y) and encrypts every bit b_ij (item i,
 *       bit j) as z_ij = x_ij²·y^b_ij mod m. She sends m, y and all z_ij (report steps 2–4).</li>
 *   <li>Per query, Bob draws a fresh random permutation σ and builds the σ-packet: slot k, bit j holds
 *       q_kj = z_ij·r_kj²·y^a_kj mod m with i = σ⁻¹(k), r_kj random in [1, m) and a_kj a random bit. He sends the packet
 *       and the slot k = σ(choice) (steps 6, 7, 9).</li>
 *   <li>Alice answers, for each bit j of slot k, whether q_kj is a non-residue (step 10); Bob removes a_kj (11).</li>
 * </ol>
 * Items are integers below 2^itemBits carried as big-endian byte strings of the item length; bit j is bit j of that
 * integer. A packet is never reused: each query draws its own σ, r and a, so Alice sees a uniformly random slot
 * and uniformly random residuosity bits whatever the choice, and cannot tell repeated queries apart.
 *
 * <p>Where the report is vague, the standard construction is used: Blum primes of equal size, y drawn uniformly
 * among pseudo-squares, and one key may serve several item sets (GM encryption is semantically secure under the
 * quadratic residuosity assumption). Step 5 (Alice convinces Bob that the initialisation is valid) is implemented
 * for what Bob's privacy needs: the setup carries a non-interactive {@link PseudoSquareProof} that every unit of
 * Jacobi symbol +1 is a square or y times a square, and Bob checks m (size, odd, neither prime nor a perfect
 * square), y and every z (Jacobi symbol +1). With that, the packet hides Bob's choice even from a malicious
 * Alice. That m has exactly two prime factors is not proven; it protects only Alice's own secrets. Step 8 (Bob
 * convinces Alice that the packet is a permuted, re-randomised copy of the z) is not implemented, as in the
 * report's semi-honest protocol: Alice checks sizes and ranges of every element and the Jacobi symbol of each
 * element she answers for, but a malicious Bob who puts other values in the answered slot learns the residuosity
 * of any itemBits Jacobi +1 values of his choosing per query: any itemBits bits of any items, not necessarily of
 * one item. Such a Bob is caught afterwards instead: his {@linkplain OtReceiver#state() state} keeps, per
 * outstanding query, the choice c and the answered slot's r_kj and a_kj, so anyone holding the setup and the query
 * can check q_kj = z_cj·r_kj²·y^a_kj for every bit j. Revealed before Alice's factors, that state binds Bob to c:
 * claiming another item c' would need a square root of z_cj/z_c'j (or of that times y) modulo m, which is as hard
 * as factoring m. The dark-chess audit checks exactly this; use this scheme with such an audit, or prefer
 * {@link ChouOrlandiTransfer}.
 *
 * <p>Encodings (integers big-endian; L = modulus bytes; every residue is exactly L bytes):
 * <pre>
 *   setup : 0x31 | SHA-256(domain "fairtable/ot/andos/session" 0x00 session id) (32) | n (u16) | item length (u16)
 *           | item bits (u16) | L (u16) | m | y | 128 proof roots s_t | z_ij for i in [0, n), j in [0, item bits)
 *   query : 0x32 | first query index (u32) | count (u16) | count × ( slot k (u16) | q_kj for k in [0, n), j ... )
 *   answer: 0x33 | first query index (u32) | count (u16) | count × ⌈item bits / 8⌉ bytes
 *           (bit j, least significant first from byte 0, is 1 iff q_kj is a non-residue)
 * </pre>
 * Costs at 2048 bits with 4-bit items and n = 64: a 96 KiB setup (32 KiB of it the proof), a 64 KiB query, one
 * byte per answer.
 */
public final class AndosTransfer implements ObliviousTransfer {
    static final byte SETUP_TAG = 0x31;
    static final byte QUERY_TAG = 0x32;
    static final byte ANSWER_TAG = 0x33;
    static final byte SENDER_STATE_TAG = 0x3a;
    static final byte RECEIVER_STATE_TAG = 0x3b;
    private static final String SESSION_DOMAIN = "fairtable/ot/andos/session";

    private final int itemCount;
    private final int itemLength;
    private final int itemBits;
    private final int modulusBits;
    private final int residueBytes;

    /** The modulus size for real use. */
    public static final int DEFAULT_MODULUS_BITS = 2048;

    /** The scheme with a {@value #DEFAULT_MODULUS_BITS}-bit modulus. */
    public AndosTransfer(int itemCount, int itemLength, int itemBits) {
        this(itemCount, itemLength, itemBits, DEFAULT_MODULUS_BITS);
    }

    /**
     * @param itemBits the significant low bits of each item (4 for dark-chess square codes)
     * @param modulusBits the exact Goldwasser–Micali modulus size both parties use (2048 for real use)
     */
    public AndosTransfer(int itemCount, int itemLength, int itemBits, int modulusBits) {
        Batches.checkParameters(itemCount, itemLength);
        if (itemBits < 1 || itemBits > 8 * itemLength) {
            throw new IllegalArgumentException("item bits must be in [1, " + 8 * itemLength + "], got " + itemBits);
        }
        if (modulusBits < 128 || modulusBits % 2 != 0 || modulusBits > 8 * 0xffff) {
            throw new IllegalArgumentException("modulus size must be even and in [128, 524280], got " + modulusBits);
        }
        this.itemCount = itemCount;
        this.itemLength = itemLength;
        this.itemBits = itemBits;
        this.modulusBits = modulusBits;
        this.residueBytes = (modulusBits + 7) / 8;
    }

    @Override
    public int itemCount() {
        return itemCount;
    }

    @Override
    public int itemLength() {
        return itemLength;
    }

    public int itemBits() {
        return itemBits;
    }

    public int modulusBits() {
        return modulusBits;
    }

    /** A sender with a freshly generated key (seconds of work at 2048 bits; see the overload to reuse a key). */
    @Override
    public OtSender newSender(List<byte[]> items, byte[] sessionId, RandomGenerator random) {
        return newSender(GoldwasserMicaliKey.generate(modulusBits, random), items, sessionId, random);
    }

    /** A sender encrypting {@code items} under an existing key of this scheme's modulus size. */
    public OtSender newSender(GoldwasserMicaliKey key, List<byte[]> items, byte[] sessionId, RandomGenerator random) {
        if (key.modulus().bitLength() != modulusBits) {
            throw new IllegalArgumentException("key has a " + key.modulus().bitLength() + "-bit modulus, scheme uses "
                    + modulusBits);
        }
        List<byte[]> copied = Batches.copyItems(items, itemCount, itemLength);
        for (byte[] item : copied) {
            if (new BigInteger(1, item).bitLength() > itemBits) {
                throw new IllegalArgumentException("an item exceeds " + itemBits + " bits");
            }
        }
        WireWriter out = new WireWriter(41 + (2 + PseudoSquareProof.ROUNDS + itemCount * itemBits) * residueBytes)
                .u8(SETUP_TAG)
                .bytes(Batches.sessionDigest(SESSION_DOMAIN, sessionId))
                .u16(itemCount).u16(itemLength).u16(itemBits).u16(residueBytes)
                .bytes(fixedLength(key.modulus()))
                .bytes(fixedLength(key.pseudoSquare()));
        for (BigInteger root : key.pseudoSquareProof()) {
            out.bytes(fixedLength(root));
        }
        for (byte[] item : copied) {
            for (int j = 0; j < itemBits; j++) {
                out.bytes(fixedLength(key.encrypt(bit(item, j), random)));
            }
        }
        return new Sender(key, out.toBytes(), 0);
    }

    @Override
    public OtReceiver newReceiver(byte[] setupMessage, byte[] sessionId, RandomGenerator random) {
        return new Receiver(setupMessage, sessionId.clone(), random);
    }

    /**
     * Sender state: 0x3a | p (u32 length, bytes) | q (u32 length, bytes) | next query index (u64) | the setup
     * message (u32 length, bytes).
     */
    @Override
    public OtSender restoreSender(byte[] state) {
        WireReader in = new WireReader(state, "ANDOS sender state");
        in.expectTag(SENDER_STATE_TAG);
        BigInteger p = new BigInteger(1, in.lengthPrefixed());
        BigInteger q = new BigInteger(1, in.lengthPrefixed());
        long next = Batches.readNextQueryIndex(in);
        byte[] setup = in.lengthPrefixed();
        in.expectEnd();

        WireReader setupIn = new WireReader(setup, "ANDOS sender state's setup message");
        setupIn.expectTag(SETUP_TAG);
        setupIn.bytes(32);
        readParameters(setupIn);
        BigInteger modulus = new BigInteger(1, setupIn.bytes(residueBytes));
        if (!p.testBit(0) || !q.testBit(0) || p.bitLength() < 2 || q.bitLength() < 2
                || !p.multiply(q).equals(modulus)) {
            throw in.fail("the factors do not multiply to the setup's modulus");
        }
        BigInteger pseudoSquare = readResidue(setupIn, modulus, "y");
        if (Jacobi.symbol(pseudoSquare, p) != -1 || Jacobi.symbol(pseudoSquare, q) != -1) {
            throw in.fail("y is not a non-residue modulo both factors");
        }
        BigInteger[] proof = new BigInteger[PseudoSquareProof.ROUNDS];
        for (int t = 0; t < proof.length; t++) {
            proof[t] = readResidue(setupIn, modulus, "proof root " + t);
        }
        return new Sender(GoldwasserMicaliKey.restore(p, q, pseudoSquare, proof), setup, next);
    }

    /**
     * Receiver state: 0x3b | session id (u32 length, bytes) | the setup message (u32 length, bytes) | next query
     * index (u64) | outstanding queries (u16) | per outstanding query: choice (u16) | for each bit j of the
     * announced slot k: blinding bit a_kj (u8, 0 or 1) | root r_kj (L bytes, in [1, m)). The roots are what make a
     * revealed state evidence of the choice (see the class comment). Restoring re-validates the setup message.
     */
    @Override
    public OtReceiver restoreReceiver(byte[] state, RandomGenerator random) {
        WireReader in = new WireReader(state, "ANDOS receiver state");
        in.expectTag(RECEIVER_STATE_TAG);
        byte[] sessionId = in.lengthPrefixed();
        byte[] setup = in.lengthPrefixed();
        long next = Batches.readNextQueryIndex(in);
        int pending = in.u16();
        if (pending > 0 && next + pending - 1 > Batches.MAX_QUERY_INDEX) {
            throw in.fail("outstanding queries overflow the numbering");
        }
        if (in.remaining() != pending * (2L + itemBits * (1L + residueBytes))) {
            throw in.fail("expected " + pending * (2L + itemBits * (1L + residueBytes)) + " bytes for "
                    + pending + " outstanding queries, got " + in.remaining());
        }
        Receiver receiver = new Receiver(setup, sessionId, random);
        int[] choices = new int[pending];
        int[][] blinding = new int[pending][itemBits];
        BigInteger[][] roots = new BigInteger[pending][itemBits];
        for (int query = 0; query < pending; query++) {
            choices[query] = in.u16();
            if (choices[query] >= itemCount) {
                throw in.fail("outstanding choice " + choices[query] + " out of range");
            }
            for (int j = 0; j < itemBits; j++) {
                blinding[query][j] = in.u8();
                if (blinding[query][j] > 1) {
                    throw in.fail("a blinding bit is not 0 or 1");
                }
                roots[query][j] = readResidue(in, receiver.modulus, "root r(" + query + ", " + j + ")");
            }
        }
        in.expectEnd();
        receiver.nextQueryIndex = next;
        if (pending > 0) {
            receiver.pendingChoices = choices;
            receiver.pendingBlindingBits = blinding;
            receiver.pendingRoots = roots;
        }
        return receiver;
    }

    /** Reads and checks n, item length, item bits, L and the exact length of the rest of a setup message. */
    private void readParameters(WireReader in) {
        int count = in.u16();
        int length = in.u16();
        int bits = in.u16();
        int residueLength = in.u16();
        if (count != itemCount || length != itemLength || bits != itemBits || residueLength != residueBytes) {
            throw in.fail(String.format("parameters (n %d, length %d, bits %d, residue bytes %d), expected "
                    + "(%d, %d, %d, %d)", count, length, bits, residueLength, itemCount, itemLength, itemBits,
                    residueBytes));
        }
        long expected = (2L + PseudoSquareProof.ROUNDS + (long) itemCount * itemBits) * residueBytes;
        if (in.remaining() != expected) {
            throw in.fail("expected " + expected + " bytes of residues, got " + in.remaining());
        }
    }

    private int bit(byte[] item, int j) {
        return (item[itemLength - 1 - j / 8] >>> (j % 8)) & 1;
    }

    private byte[] fixedLength(BigInteger value) {
        byte[] raw = value.toByteArray();
        byte[] out = new byte[residueBytes];
        int copy = Math.min(raw.length, residueBytes); // drops BigInteger's sign byte
        System.arraycopy(raw, raw.length - copy, out, residueBytes - copy, copy);
        return out;
    }

    /** Reads an L-byte residue and checks 0 < value < modulus. */
    private BigInteger readResidue(WireReader in, BigInteger modulus, String name) {
        BigInteger value = new BigInteger(1, in.bytes(residueBytes));
        if (value.signum() == 0 || value.compareTo(modulus) >= 0) {
            throw in.fail(name + " is not in [1, m)");
        }
        return value;
    }

    private final class Sender implements OtSender {
        private final GoldwasserMicaliKey key;
        private final byte[] setupMessage;
        private long nextQueryIndex;

        Sender(GoldwasserMicaliKey key, byte[] setupMessage, long nextQueryIndex) {
            this.key = key;
            this.setupMessage = setupMessage;
            this.nextQueryIndex = nextQueryIndex;
        }

        @Override
        public byte[] setupMessage() {
            return setupMessage.clone();
        }

        @Override
        public byte[] answer(byte[] queryMessage) {
            WireReader in = new WireReader(queryMessage, "ANDOS query");
            in.expectTag(QUERY_TAG);
            long first = nextQueryIndex;
            int count = Batches.readBatchHeader(in, first);
            long perQuery = 2L + (long) itemCount * itemBits * residueBytes;
            if (in.remaining() != count * perQuery) {
                throw in.fail("expected " + count * perQuery + " bytes of packets, got " + in.remaining());
            }
            int answerBytes = (itemBits + 7) / 8;
            byte[] body = new byte[count * answerBytes];
            for (int query = 0; query < count; query++) {
                int slot = in.u16();
                if (slot >= itemCount) {
                    throw in.fail("query " + query + " asks for slot " + slot + " of " + itemCount);
                }
                for (int k = 0; k < itemCount; k++) {
                    for (int j = 0; j < itemBits; j++) {
                        BigInteger element = readResidue(in, key.modulus(), "query " + query + " packet element");
                        if (k != slot) {
                            continue;
                        }
                        int nonResidue = key.decrypt(element);
                        if (nonResidue < 0) {
                            throw in.fail("query " + query + " packet element (" + k + ", " + j
                                    + ") does not have Jacobi symbol +1");
                        }
                        body[query * answerBytes + j / 8] |= (byte) (nonResidue << (j % 8));
                    }
                }
            }
            in.expectEnd();
            nextQueryIndex = first + count;
            return new WireWriter(7 + body.length).u8(ANSWER_TAG).u32(first).u16(count).bytes(body).toBytes();
        }

        @Override
        public byte[] state() {
            byte[] p = key.p().toByteArray();
            byte[] q = key.q().toByteArray();
            return new WireWriter(25 + p.length + q.length + setupMessage.length)
                    .u8(SENDER_STATE_TAG).lengthPrefixed(p).lengthPrefixed(q).u64(nextQueryIndex)
                    .lengthPrefixed(setupMessage).toBytes();
        }
    }

    private final class Receiver implements OtReceiver {
        private final RandomGenerator random;
        private final byte[] sessionId;
        private final byte[] setupMessage;
        private final BigInteger modulus;
        private final BigInteger pseudoSquare;
        private final BigInteger[][] encryptedBits;
        private long nextQueryIndex;
        private int[] pendingChoices;
        private int[][] pendingBlindingBits;
        private BigInteger[][] pendingRoots;

        Receiver(byte[] setupMessage, byte[] sessionId, RandomGenerator random) {
            this.random = random;
            this.sessionId = sessionId;
            WireReader in = new WireReader(setupMessage, "ANDOS setup");
            this.setupMessage = setupMessage.clone();
            in.expectTag(SETUP_TAG);
            if (!Arrays.equals(in.bytes(32), Batches.sessionDigest(SESSION_DOMAIN, sessionId))) {
                throw in.fail("belongs to another session");
            }
            readParameters(in);
            this.modulus = new BigInteger(1, in.bytes(residueBytes));
            checkModulus(in);
            this.pseudoSquare = readResidue(in, modulus, "y");
            if (Jacobi.symbol(pseudoSquare, modulus) != 1 || pseudoSquare.equals(BigInteger.ONE)) {
                throw in.fail("y does not have Jacobi symbol +1 or is 1");
            }
            BigInteger[] proof = new BigInteger[PseudoSquareProof.ROUNDS];
            for (int t = 0; t < proof.length; t++) {
                proof[t] = readResidue(in, modulus, "proof root " + t);
            }
            int failingRound = PseudoSquareProof.firstFailingRound(modulus, pseudoSquare, proof);
            if (failingRound >= 0) {
                throw in.fail("the proof that y is a pseudo-square fails at round " + failingRound);
            }
            this.encryptedBits = new BigInteger[itemCount][itemBits];
            for (int i = 0; i < itemCount; i++) {
                for (int j = 0; j < itemBits; j++) {
                    BigInteger z = readResidue(in, modulus, "z(" + i + ", " + j + ")");
                    if (Jacobi.symbol(z, modulus) != 1) {
                        throw in.fail("z(" + i + ", " + j + ") does not have Jacobi symbol +1");
                    }
                    encryptedBits[i][j] = z;
                }
            }
            in.expectEnd();
        }

        /** What a receiver can check about m without a proof: size, odd, neither a prime nor a perfect square. */
        private void checkModulus(WireReader in) {
            if (modulus.bitLength() != modulusBits || !modulus.testBit(0)) {
                throw in.fail("m is not an odd " + modulusBits + "-bit number");
            }
            if (modulus.isProbablePrime(64)) {
                throw in.fail("m is prime");
            }
            if (modulus.sqrt().pow(2).equals(modulus)) {
                throw in.fail("m is a perfect square");
            }
        }

        @Override
        public byte[] query(int... choices) {
            if (pendingChoices != null) {
                throw new IllegalStateException("finish the outstanding batch first");
            }
            int[] checked = Batches.checkChoices(choices, itemCount, nextQueryIndex);
            int[][] blinding = new int[checked.length][];
            BigInteger[][] roots = new BigInteger[checked.length][];
            WireWriter out = new WireWriter(7 + checked.length * (2 + itemCount * itemBits * residueBytes))
                    .u8(QUERY_TAG).u32(nextQueryIndex).u16(checked.length);
            for (int query = 0; query < checked.length; query++) {
                int[] slotToItem = randomPermutation();
                int slot = 0;
                while (slotToItem[slot] != checked[query]) {
                    slot++;
                }
                out.u16(slot);
                for (int k = 0; k < itemCount; k++) {
                    int[] flips = new int[itemBits];
                    BigInteger[] slotRoots = new BigInteger[itemBits];
                    for (int j = 0; j < itemBits; j++) {
                        flips[j] = random.nextInt(2);
                        BigInteger r = GoldwasserMicaliKey.randomNonZeroBelow(modulus, random);
                        slotRoots[j] = r;
                        BigInteger element = encryptedBits[slotToItem[k]][j].multiply(r.multiply(r).mod(modulus))
                                .mod(modulus);
                        if (flips[j] == 1) {
                            element = element.multiply(pseudoSquare).mod(modulus);
                        }
                        out.bytes(fixedLength(element));
                    }
                    if (k == slot) {
                        blinding[query] = flips;
                        roots[query] = slotRoots;
                    }
                }
            }
            pendingChoices = checked;
            pendingBlindingBits = blinding;
            pendingRoots = roots;
            return out.toBytes();
        }

        /** Fisher–Yates with the injected generator: slot k holds item result[k]. */
        private int[] randomPermutation() {
            int[] permutation = new int[itemCount];
            for (int i = 0; i < itemCount; i++) {
                permutation[i] = i;
            }
            for (int i = itemCount - 1; i > 0; i--) {
                int swap = random.nextInt(i + 1);
                int held = permutation[i];
                permutation[i] = permutation[swap];
                permutation[swap] = held;
            }
            return permutation;
        }

        @Override
        public List<byte[]> finish(byte[] answerMessage) {
            if (pendingChoices == null) {
                throw new IllegalStateException("no batch is outstanding");
            }
            WireReader in = new WireReader(answerMessage, "ANDOS answer");
            in.expectTag(ANSWER_TAG);
            int count = Batches.readBatchHeader(in, nextQueryIndex);
            if (count != pendingChoices.length) {
                throw in.fail("answers " + count + " queries, " + pendingChoices.length + " were asked");
            }
            int answerBytes = (itemBits + 7) / 8;
            if (in.remaining() != (long) count * answerBytes) {
                throw in.fail("expected " + count * answerBytes + " answer bytes, got " + in.remaining());
            }
            List<byte[]> chosen = new ArrayList<>(count);
            for (int query = 0; query < count; query++) {
                byte[] residuosity = in.bytes(answerBytes);
                if (itemBits % 8 != 0 && (residuosity[answerBytes - 1] & 0xff) >>> (itemBits % 8) != 0) {
                    throw in.fail("answer " + query + " sets bits beyond bit " + (itemBits - 1));
                }
                byte[] item = new byte[itemLength];
                for (int j = 0; j < itemBits; j++) {
                    int bit = ((residuosity[j / 8] >>> (j % 8)) & 1) ^ pendingBlindingBits[query][j];
                    item[itemLength - 1 - j / 8] |= (byte) (bit << (j % 8));
                }
                chosen.add(item);
            }
            in.expectEnd();
            nextQueryIndex += count;
            pendingChoices = null;
            pendingBlindingBits = null;
            pendingRoots = null;
            return List.copyOf(chosen);
        }

        @Override
        public byte[] state() {
            int pending = pendingChoices == null ? 0 : pendingChoices.length;
            WireWriter out = new WireWriter(23 + sessionId.length + setupMessage.length
                    + pending * (2 + itemBits * (1 + residueBytes)))
                    .u8(RECEIVER_STATE_TAG).lengthPrefixed(sessionId).lengthPrefixed(setupMessage)
                    .u64(nextQueryIndex).u16(pending);
            for (int query = 0; query < pending; query++) {
                out.u16(pendingChoices[query]);
                for (int j = 0; j < itemBits; j++) {
                    out.u8(pendingBlindingBits[query][j]).bytes(fixedLength(pendingRoots[query][j]));
                }
            }
            return out.toBytes();
        }
    }
}
