package fairtable.protocol.mahjong;

import fairtable.crypto.group.Group;
import fairtable.crypto.group.PatentLiteralGroup;
import fairtable.crypto.group.Ristretto255;
import fairtable.crypto.group.SafePrimeGroup;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What both players agree on in their hellos: the mode (and, in the faithful mode, the prime and the size of
 * the RSA moduli used as the paper's hash), the tile set (how many tiles of each kind, which kind is the king)
 * and the move limit after which the game is drawn.
 */
public final class MahjongParameters {
    public static final String PROTOCOL = "mahjong-shogi/v1";
    public static final int BOARD = 9;
    public static final int HOME_RANKS = 3;
    public static final int EAST = 10;
    public static final int DEFAULT_MOVE_LIMIT = 400;
    public static final int DEFAULT_RSA_BITS = 2048;

    private final MahjongMode mode;
    private final Group group;
    private final int rsaBits;
    private final List<Integer> counts;
    private final int kingKind;
    private final int moveLimit;

    private MahjongParameters(MahjongMode mode, Group group, int rsaBits, List<Integer> counts, int kingKind,
            int moveLimit) {
        if (counts.size() != MahjongTable.KINDS || counts.stream().anyMatch(c -> c < 0)) {
            throw new IllegalArgumentException("a non-negative count for each of the 13 kinds is needed");
        }
        if (kingKind < 1 || kingKind > MahjongTable.KINDS || counts.get(kingKind - 1) != 1) {
            throw new IllegalArgumentException("exactly one tile of the king kind is needed");
        }
        int size = counts.stream().mapToInt(Integer::intValue).sum();
        if (size > BOARD * HOME_RANKS) {
            throw new IllegalArgumentException(size + " tiles do not fit on 27 home squares");
        }
        if (moveLimit < 1 || moveLimit > 1_000_000) {
            throw new IllegalArgumentException("the move limit is 1 to 1000000");
        }
        if (mode == MahjongMode.FAITHFUL && (rsaBits < 64 || rsaBits > 8192)) {
            throw new IllegalArgumentException("RSA moduli of 64 to 8192 bits");
        }
        this.mode = mode;
        this.group = group;
        this.rsaBits = mode == MahjongMode.FAITHFUL ? rsaBits : 0;
        this.counts = List.copyOf(counts);
        this.kingKind = kingKind;
        this.moveLimit = moveLimit;
    }

    /** Two of each kind and one 東 (kind 10, the king): 25 tiles, as specs/protocols.md §3 fixes. */
    public static List<Integer> standardCounts() {
        List<Integer> counts = new ArrayList<>(Collections.nCopies(MahjongTable.KINDS, 2));
        counts.set(EAST - 1, 1);
        return counts;
    }

    /** The standard game in {@code mode}; the faithful mode modulo RFC 3526's prime with 2048-bit RSA hashes. */
    public static MahjongParameters standard(MahjongMode mode) {
        Group group = switch (mode) {
            case FAITHFUL -> PatentLiteralGroup.standard();
            case FIXED -> SafePrimeGroup.modp2048();
            case RISTRETTO -> Ristretto255.group();
        };
        return new MahjongParameters(mode, group, DEFAULT_RSA_BITS, standardCounts(), EAST, DEFAULT_MOVE_LIMIT);
    }

    /** The faithful mode modulo any prime and with RSA hashes of {@code rsaBits} bits (small ones for fast tests). */
    public static MahjongParameters faithful(BigInteger prime, int rsaBits) {
        return new MahjongParameters(MahjongMode.FAITHFUL, PatentLiteralGroup.withPrime(prime), rsaBits,
                standardCounts(), EAST, DEFAULT_MOVE_LIMIT);
    }

    public MahjongParameters withMoveLimit(int limit) {
        return new MahjongParameters(mode, group, rsaBits, counts, kingKind, limit);
    }

    public MahjongParameters withTileSet(List<Integer> kindCounts, int king) {
        return new MahjongParameters(mode, group, rsaBits, kindCounts, king, moveLimit);
    }

    public MahjongMode mode() {
        return mode;
    }

    public Group group() {
        return group;
    }

    public int rsaBits() {
        return rsaBits;
    }

    /** counts().get(k - 1) tiles of kind k. */
    public List<Integer> counts() {
        return counts;
    }

    public int kingKind() {
        return kingKind;
    }

    public int tiles() {
        return counts.stream().mapToInt(Integer::intValue).sum();
    }

    public int moveLimit() {
        return moveLimit;
    }

    EntryEncoding encoding() {
        return EntryEncoding.of(mode, group);
    }

    public byte[] toBytes() {
        WireWriter w = new WireWriter().string(mode.modeName());
        w.natural(mode == MahjongMode.FAITHFUL ? ((PatentLiteralGroup) group).modulus() : BigInteger.ZERO);
        return w.u32(rsaBits).ints(counts).u8(kingKind).u32(moveLimit).toBytes();
    }

    public static MahjongParameters fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        String name = r.string(32, "the mode");
        BigInteger prime = r.natural(1024, "the prime");
        int rsaBits = r.count(8192, "the RSA size");
        List<Integer> counts = r.ints(MahjongTable.KINDS, "the tile counts");
        int king = r.u8();
        int limit = r.count(1_000_000, "the move limit");
        r.end();
        try {
            MahjongMode mode = MahjongMode.byName(name);
            MahjongParameters standard = standard(mode);
            Group group = mode == MahjongMode.FAITHFUL ? PatentLiteralGroup.withPrime(prime) : standard.group;
            if (mode != MahjongMode.FAITHFUL && prime.signum() != 0) {
                throw new IllegalArgumentException("only the faithful mode names a prime");
            }
            return new MahjongParameters(mode, group, rsaBits, counts, king, limit);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
    }

    @Override
    public String toString() {
        return PROTOCOL + " " + mode.modeName() + " over " + group.name() + ", " + tiles() + " tiles, king kind "
                + kingKind + ", move limit " + moveLimit;
    }
}
