package fairtable.protocol.mahjong;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The three arithmetic modes of mahjong-shogi/v1; see docs/mahjong-shogi.md. */
public enum MahjongMode {
    /**
     * INSECURE, as seed 003 describes it: SRA modulo a prime (exponents coprime to p-1, so the residue bit of
     * every table entry survives encryption) and the "hash by RSA" commitment H(kind + 16r) = (kind + 16r)^e mod N.
     */
    FAITHFUL("faithful"),
    /** The fix in the same arithmetic: the order-q subgroup of RFC 3526 group 14, entries encoded as residues, SHA-256 commitments. */
    FIXED("fixed"),
    /** The default: ristretto255, entries hashed to the group, SHA-256 commitments. */
    RISTRETTO("ristretto");

    public static final MahjongMode DEFAULT = RISTRETTO;

    private final String modeName;

    MahjongMode(String modeName) {
        this.modeName = modeName;
    }

    public String modeName() {
        return modeName;
    }

    public static MahjongMode byName(String name) {
        for (MahjongMode mode : values()) {
            if (mode.modeName.equals(name)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + name + "'; choose one of " + names());
    }

    public static String names() {
        return Arrays.stream(values()).map(MahjongMode::modeName).collect(Collectors.joining(", "));
    }
}
