package fairtable.protocol.darkchess;

import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;

/**
 * The public parameters of a dark-chess/v1 game, carried in both hellos: how visions are rebuilt (a table in one round
 * trip, or OT rounds over Chou–Orlandi or ANDOS; older games name theirs, so they open and audit as they were), the ANDOS
 * modulus size (ignored by Chou–Orlandi) and the public ply cap after which the game is drawn.
 */
public record DarkChessParameters(OtMode otMode, int andosModulusBits, int maxPlies) {
    public static final String PROTOCOL = "dark-chess/v1";
    /** The default cap: 200 plies (100 moves each), since quiet moves are hidden and the fifty-move rule cannot be seen. */
    public static final int DEFAULT_MAX_PLIES = 200;

    public DarkChessParameters {
        if (otMode == null) {
            throw new IllegalArgumentException("an OT mode is required");
        }
        if (andosModulusBits < 128 || andosModulusBits > 8192 || andosModulusBits % 2 != 0) {
            throw new IllegalArgumentException("the ANDOS modulus must be even and in [128, 8192] bits");
        }
        if (maxPlies < 1 || maxPlies > 10_000) {
            throw new IllegalArgumentException("the ply cap must be in [1, 10000]");
        }
    }

    /**
     * The one-round-trip table rebuild over OT extension (ote-table), the 200-ply cap. A game's mode travels in its
     * hellos and saved parameters, so changing this default never changes a game already started.
     */
    public static DarkChessParameters defaults() {
        return new DarkChessParameters(OtMode.OTE_TABLE, 2048, DEFAULT_MAX_PLIES);
    }

    public byte[] toBytes() {
        return new WireWriter().u8(otMode.ordinal()).u32(andosModulusBits).u32(maxPlies).toBytes();
    }

    public static DarkChessParameters fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        int mode = r.u8();
        if (mode >= OtMode.values().length) {
            throw new MalformedMessageException("unknown OT mode " + mode);
        }
        int bits = r.count(8192, "the ANDOS modulus size");
        int plies = r.count(10_000, "the ply cap");
        r.end();
        try {
            return new DarkChessParameters(OtMode.values()[mode], bits, plies);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
    }

    @Override
    public String toString() {
        return otMode.label() + (otMode == OtMode.ANDOS ? " (" + andosModulusBits + "-bit)" : "") + ", at most "
                + maxPlies + " plies";
    }
}
