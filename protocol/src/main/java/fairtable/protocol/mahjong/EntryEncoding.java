package fairtable.protocol.mahjong;

import fairtable.crypto.group.Element;
import fairtable.crypto.group.Group;
import fairtable.crypto.group.InvalidElementException;
import fairtable.crypto.group.PatentLiteralGroup;
import fairtable.crypto.group.Ristretto255;
import fairtable.crypto.group.SafePrimeGroup;
import fairtable.crypto.hash.Hashes;
import fairtable.crypto.math.Jacobi;
import fairtable.crypto.random.RandomChoices;
import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * How one entry t(x, k) of the attacker's table row becomes a group element before encryption, and how the
 * defender reads it back. Each battle has its own context (session id and battle number) so that no entry of
 * one battle can stand for an entry of another.
 */
abstract class EntryEncoding {
    /** The padding of the modular modes: 256 random bits above the two result bits (the spec asks for >= 128). */
    static final int PADDING_BITS = 256;

    /** Where an entry belongs: the session and the battle's number in it. */
    record Context(byte[] sessionId, int battle) {}

    /** The entry for result {@code t} at column {@code kind} (1..13). */
    abstract Element encode(Context context, int kind, int t, RandomGenerator random);

    /** The result an entry at column {@code kind} stands for, or -1 if it is no well-formed entry. */
    abstract int decode(Context context, int kind, Element entry);

    static EntryEncoding of(MahjongMode mode, Group group) {
        return switch (mode) {
            case FAITHFUL -> new Literal((PatentLiteralGroup) group);
            case FIXED -> new Residue((SafePrimeGroup) group);
            case RISTRETTO -> new Hashed((Ristretto255) group);
        };
    }

    static byte[] fixedLength(BigInteger v, int length) {
        byte[] raw = v.toByteArray();
        byte[] fixed = new byte[length];
        int copy = Math.min(raw.length, length);
        System.arraycopy(raw, raw.length - copy, fixed, length - copy, copy);
        return fixed;
    }

    /**
     * Seed 003 literally: the integer t + 4r modulo the prime, r random below p/8. Its Legendre symbol survives
     * every SRA key (they are all odd), which is the residue leak.
     */
    static final class Literal extends EntryEncoding {
        private final PatentLiteralGroup group;

        Literal(PatentLiteralGroup group) {
            this.group = group;
        }

        @Override
        Element encode(Context context, int kind, int t, RandomGenerator random) {
            BigInteger bound = group.modulus().shiftRight(3);
            BigInteger r = RandomChoices.uniformInRange(random, BigInteger.ONE, bound);
            return literal(r.shiftLeft(2).add(BigInteger.valueOf(t)));
        }

        /** The element with integer value {@code v} in [2, p-1]. */
        Element literal(BigInteger v) {
            try {
                return group.decode(fixedLength(v, group.elementLength()));
            } catch (InvalidElementException e) {
                throw new IllegalArgumentException("not an element: " + v, e);
            }
        }

        @Override
        int decode(Context context, int kind, Element entry) {
            int t = group.valueOf(entry).intValue() & 3;
            return t == 3 ? -1 : t;
        }
    }

    /**
     * The fix of specs/protocols.md §3: m = t + 4r with 256-bit r, sent as m or p - m, whichever is a quadratic
     * residue (exactly one is, since p = 3 mod 4), so every entry lies in the prime-order subgroup and carries no
     * residue bit. Decoding takes the smaller of v and p - v.
     */
    static final class Residue extends EntryEncoding {
        private final SafePrimeGroup group;
        private final BigInteger limit;

        Residue(SafePrimeGroup group) {
            this.group = group;
            this.limit = BigInteger.ONE.shiftLeft(PADDING_BITS + 2);
        }

        @Override
        Element encode(Context context, int kind, int t, RandomGenerator random) {
            while (true) {
                BigInteger r = RandomChoices.uniformInRange(random, BigInteger.ONE, BigInteger.ONE.shiftLeft(PADDING_BITS));
                BigInteger m = r.shiftLeft(2).add(BigInteger.valueOf(t));
                BigInteger p = group.modulus();
                BigInteger v = Jacobi.symbol(m, p) == 1 ? m : p.subtract(m);
                try {
                    return group.decode(fixedLength(v, group.elementLength()));
                } catch (InvalidElementException e) {
                    // m = 1 is impossible (r >= 1); nothing else fails, but a new r costs nothing.
                }
            }
        }

        @Override
        int decode(Context context, int kind, Element entry) {
            BigInteger v = group.valueOf(entry);
            BigInteger m = v.min(group.modulus().subtract(v));
            if (m.compareTo(limit) >= 0) {
                return -1;
            }
            int t = m.intValue() & 3;
            return t == 3 ? -1 : t;
        }
    }

    /**
     * ristretto255 has no small integers to pad, so the entry is the RFC 9496 hash-to-group of (session, battle,
     * column, t): distinct across columns and battles, with no known relation between entries. The defender
     * decodes by comparing with the three candidates of its own column. Hiding the other columns rests on DDH
     * and on a fresh key per battle, not on padding.
     */
    static final class Hashed extends EntryEncoding {
        private final Ristretto255 group;

        Hashed(Ristretto255 group) {
            this.group = group;
        }

        @Override
        Element encode(Context context, int kind, int t, RandomGenerator random) {
            return candidate(context, kind, t);
        }

        Element candidate(Context context, int kind, int t) {
            return group.fromUniformBytes(Hashes.sha512("fairtable/mahjong-shogi/v1/entry", context.sessionId(),
                    Hashes.int32(context.battle()), Hashes.int32(kind), Hashes.int32(t)));
        }

        @Override
        int decode(Context context, int kind, Element entry) {
            for (int t = 0; t <= 2; t++) {
                if (candidate(context, kind, t).equals(entry)) {
                    return t;
                }
            }
            return -1;
        }
    }
}
