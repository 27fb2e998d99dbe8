package fairtable.protocol.darkchess;

import fairtable.crypto.math.Jacobi;
import fairtable.crypto.ot.AndosTransfer;
import fairtable.crypto.ot.ChouOrlandiTransfer;
import fairtable.crypto.ot.InvalidOtMessageException;
import fairtable.crypto.ot.ObliviousTransfer;
import fairtable.crypto.ot.OtSender;
import fairtable.crypto.ristretto.FixedBaseTable;
import fairtable.crypto.ristretto.MalformedEncodingException;
import fairtable.crypto.ristretto.RistrettoPoint;
import fairtable.crypto.ristretto.Scalar;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The 1-out-of-64 oblivious transfer a game uses, and what the audit reads from the secrets revealed at the end.
 * Items are one byte (a 4-bit square code). The audit reads the schemes' documented state encodings (see
 * {@link ChouOrlandiTransfer} and {@link AndosTransfer}) to recover the items a sender really offered and the
 * choices a receiver really made.
 */
public enum OtMode {
    CHOU_ORLANDI("chou-orlandi"),
    ANDOS("andos"),
    /**
     * Not an OT of squares: the one-round-trip rebuild (docs/dark-chess.md), a sealed table of every entry a querier
     * may be entitled to, opened through {@link VisionOprf}. Third, so that the hellos of older games keep their byte.
     */
    OPRF_TABLE("oprf-table"),
    /**
     * The same table, each of the querier's instances sealed over its own candidates and opened through the KKRT
     * OT-extension OPRF ({@link VisionKkrt}): no group operation per entry. Fourth, for the same reason.
     */
    OTE_TABLE("ote-table");

    static final int ITEMS = 64;
    private static final int ANDOS_BITS = 4;
    private final String label;

    OtMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The mode named {@code label} ("oprf-table", "ote-table", "chou-orlandi" or "andos"). */
    public static OtMode parse(String label) {
        for (OtMode mode : values()) {
            if (mode.label.equals(label)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown OT '" + label + "': oprf-table, ote-table, chou-orlandi or andos");
    }

    /** Whether this mode rebuilds a vision in one round trip through a sealed table, rather than in OT rounds. */
    public boolean isTable() {
        return this == OPRF_TABLE || this == OTE_TABLE;
    }

    /** Whether the table is delivered by the KKRT OT-extension OPRF ({@code ote-table}). */
    public boolean isKkrt() {
        return this == OTE_TABLE;
    }

    /**
     * The 1-out-of-64 scheme of one-byte items (ANDOS: 4-bit items, modulus of {@code andosModulusBits}).
     *
     * @throws IllegalStateException for the table modes, which transfer no squares
     */
    public ObliviousTransfer scheme(int andosModulusBits) {
        return switch (this) {
            case CHOU_ORLANDI -> new ChouOrlandiTransfer(ITEMS, 1);
            case ANDOS -> new AndosTransfer(ITEMS, 1, ANDOS_BITS, andosModulusBits);
            case OPRF_TABLE, OTE_TABLE -> throw new IllegalStateException(label
                    + " rebuilds through a table, not a 1-out-of-64 OT");
        };
    }

    /** The number of queries in an OT query message (both schemes: tag, u32 first index, u16 count). */
    static int batchSize(byte[] query) {
        if (query.length < 7) {
            throw new IllegalArgumentException("an OT query of " + query.length + " bytes has no header");
        }
        return (query[5] & 0xff) << 8 | (query[6] & 0xff);
    }

    /**
     * The 64 items a sender offered, from its revealed state right after setup: the state must restore, produce
     * exactly the setup message of the transcript, and be unused (next query 0).
     *
     * @throws IllegalArgumentException if the revealed state does not fit the setup
     */
    byte[] senderItems(ObliviousTransfer scheme, byte[] setup, byte[] senderState) {
        OtSender sender;
        try {
            sender = scheme.restoreSender(senderState);
        } catch (InvalidOtMessageException e) {
            throw new IllegalArgumentException("the revealed OT sender state is invalid: " + e.getMessage());
        }
        if (!Arrays.equals(sender.setupMessage(), setup)) {
            throw new IllegalArgumentException("the revealed OT sender state does not produce the setup sent");
        }
        Bytes in = new Bytes(senderState);
        in.skip(1);
        if (this == CHOU_ORLANDI) {
            in.skip(4);
            in.skip(in.u32());
            in.skip(32);
            requireUnused(in.u64());
            return in.take(ITEMS);
        }
        BigInteger p = new BigInteger(1, in.take(in.u32()));
        in.skip(in.u32());
        requireUnused(in.u64());
        Bytes s = new Bytes(setup);
        s.skip(1 + 32 + 6);
        int residueBytes = s.u16();
        s.skip((2 + 128) * residueBytes);
        byte[] items = new byte[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            for (int j = 0; j < ANDOS_BITS; j++) {
                BigInteger z = new BigInteger(1, s.take(residueBytes));
                if (Jacobi.symbol(z, p) == -1) {
                    items[i] |= (byte) (1 << j);
                }
            }
        }
        return items;
    }

    private static void requireUnused(long next) {
        if (next != 0) {
            throw new IllegalArgumentException("the revealed OT sender state had already answered queries");
        }
    }

    /**
     * The choices a receiver made in one batch, from its revealed state right after {@code query}. Chou–Orlandi:
     * each choice c is proved by the revealed secret b with B = c·A + b·G for the transmitted point B. ANDOS: each
     * choice c is proved by the revealed roots r_j and blinding bits a_j of the announced slot k: every element
     * q_kj sent must equal z_cj·r_j²·y^a_j mod m. Both bind the receiver as long as it reveals before the sender does.
     *
     * @throws IllegalArgumentException if the revealed state does not fit the transmitted query
     */
    int[] receiverChoices(byte[] setup, byte[] query, byte[] receiverState) {
        int count = batchSize(query);
        Bytes q = new Bytes(query);
        q.skip(1);
        long first = q.u32();
        q.skip(2);
        Bytes in = new Bytes(receiverState);
        int[] choices = new int[count];
        if (this == CHOU_ORLANDI) {
            if (in.u8() != 0x2b) {
                throw new IllegalArgumentException("not a Chou-Orlandi receiver state");
            }
            in.skip(4);
            in.skip(in.u32());
            byte[] encodedA = in.take(32);
            byte[] setupA = Arrays.copyOfRange(setup, setup.length - 32, setup.length);
            if (!Arrays.equals(encodedA, setupA)) {
                throw new IllegalArgumentException("the revealed receiver state belongs to another setup");
            }
            checkBatch(in.u64(), first, in.u16(), count);
            RistrettoPoint a = decode(encodedA);
            RistrettoPoint[] multiples = new RistrettoPoint[ITEMS];
            multiples[0] = RistrettoPoint.IDENTITY;
            for (int j = 1; j < ITEMS; j++) {
                multiples[j] = multiples[j - 1].add(a);
            }
            for (int i = 0; i < count; i++) {
                choices[i] = in.u16();
                byte[] secret = in.take(32);
                byte[] point = in.take(32);
                if (!Arrays.equals(point, q.take(32))) {
                    throw new IllegalArgumentException("the revealed query point " + i + " is not the one sent");
                }
                if (choices[i] >= ITEMS) {
                    throw new IllegalArgumentException("revealed choice " + choices[i] + " out of range");
                }
                Scalar b;
                try {
                    b = Scalar.fromCanonicalBytes(secret);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("revealed secret " + i + " is not canonical");
                }
                RistrettoPoint expected = multiples[choices[i]].add(FixedBaseTable.GENERATOR.multiply(b));
                if (!Arrays.equals(expected.encode(), point)) {
                    throw new IllegalArgumentException("query " + i + " was not made for the revealed choice "
                            + choices[i]);
                }
            }
        } else {
            if (in.u8() != 0x3b) {
                throw new IllegalArgumentException("not an ANDOS receiver state");
            }
            in.skip(in.u32());
            if (!Arrays.equals(in.take(in.u32()), setup)) {
                throw new IllegalArgumentException("the revealed receiver state belongs to another setup");
            }
            checkBatch(in.u64(), first, in.u16(), count);
            AndosSetup andos = new AndosSetup(setup);
            for (int i = 0; i < count; i++) {
                choices[i] = in.u16();
                if (choices[i] >= ITEMS) {
                    throw new IllegalArgumentException("revealed choice " + choices[i] + " out of range");
                }
                int slot = q.u16();
                if (slot >= ITEMS) {
                    throw new IllegalArgumentException("query " + i + " announces slot " + slot);
                }
                q.skip((long) slot * ANDOS_BITS * andos.residueBytes);
                for (int j = 0; j < ANDOS_BITS; j++) {
                    int blinding = in.u8();
                    BigInteger root = new BigInteger(1, in.take(andos.residueBytes));
                    if (blinding > 1 || root.signum() == 0 || root.compareTo(andos.modulus) >= 0) {
                        throw new IllegalArgumentException("revealed blinding of query " + i + " is not a bit and a"
                                + " root in [1, m)");
                    }
                    BigInteger sent = new BigInteger(1, q.take(andos.residueBytes));
                    if (!andos.rerandomised(choices[i], j, root, blinding).equals(sent)) {
                        throw new IllegalArgumentException("query " + i + " was not made for the revealed choice "
                                + choices[i]);
                    }
                }
                q.skip((long) (ITEMS - 1 - slot) * ANDOS_BITS * andos.residueBytes);
            }
            q.end();
        }
        in.end();
        return choices;
    }

    /** The public part of an ANDOS setup the audit needs: m, y and the encrypted bits z_ij. */
    private static final class AndosSetup {
        final int residueBytes;
        final BigInteger modulus;
        final BigInteger pseudoSquare;
        private final BigInteger[][] encryptedBits = new BigInteger[ITEMS][ANDOS_BITS];

        AndosSetup(byte[] setup) {
            Bytes s = new Bytes(setup);
            s.skip(1 + 32);
            if (s.u16() != ITEMS || s.u16() != 1 || s.u16() != ANDOS_BITS) {
                throw new IllegalArgumentException("the ANDOS setup is not for 64 four-bit items");
            }
            residueBytes = s.u16();
            modulus = new BigInteger(1, s.take(residueBytes));
            pseudoSquare = new BigInteger(1, s.take(residueBytes));
            s.skip(128L * residueBytes);
            for (int i = 0; i < ITEMS; i++) {
                for (int j = 0; j < ANDOS_BITS; j++) {
                    encryptedBits[i][j] = new BigInteger(1, s.take(residueBytes));
                }
            }
            s.end();
            if (modulus.signum() == 0) {
                throw new IllegalArgumentException("the ANDOS setup has a zero modulus");
            }
        }

        /** z_ij·r²·y^a mod m: what the packet carries for bit j of item i with root r and blinding bit a. */
        BigInteger rerandomised(int item, int bit, BigInteger root, int blinding) {
            BigInteger value = encryptedBits[item][bit].multiply(root.multiply(root).mod(modulus)).mod(modulus);
            return blinding == 1 ? value.multiply(pseudoSquare).mod(modulus) : value;
        }
    }

    private static void checkBatch(long next, long first, int pending, int count) {
        if (next != first || pending != count) {
            throw new IllegalArgumentException("the revealed receiver state is not the one of this batch");
        }
    }

    private static RistrettoPoint decode(byte[] encoded) {
        try {
            return RistrettoPoint.decode(encoded);
        } catch (MalformedEncodingException e) {
            throw new IllegalArgumentException("the sender point is not a valid encoding");
        }
    }

    /** A bounds-checked big-endian reader that reports defects as IllegalArgumentException. */
    private static final class Bytes {
        private final byte[] data;
        private int at;

        Bytes(byte[] data) {
            this.data = data;
        }

        private void need(long n) {
            if (n < 0 || at + n > data.length) {
                throw new IllegalArgumentException("revealed OT data is truncated");
            }
        }

        void skip(long n) {
            need(n);
            at += (int) n;
        }

        int u8() {
            need(1);
            return data[at++] & 0xff;
        }

        int u16() {
            return u8() << 8 | u8();
        }

        long u32() {
            return (long) u16() << 16 | u16();
        }

        long u64() {
            return u32() << 32 | u32();
        }

        byte[] take(long n) {
            need(n);
            byte[] out = Arrays.copyOfRange(data, at, at + (int) n);
            at += (int) n;
            return out;
        }

        void end() {
            if (at != data.length) {
                throw new IllegalArgumentException("revealed OT data has trailing bytes");
            }
        }
    }
}
