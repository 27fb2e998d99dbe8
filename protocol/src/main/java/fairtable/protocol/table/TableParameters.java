package fairtable.protocol.table;

import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;

/**
 * What every seat of a table agrees on in its hello: the game, by its registered name, the number of seats,
 * and the game's options in the game's own canonical bytes (stacks, blinds, how many hands).
 */
public record TableParameters(String game, int players, byte[] options) {
    public static final String PROTOCOL = "table/v1";
    static final int MAX_OPTIONS = 1024;
    private static final int MAX_NAME = 64;

    public TableParameters {
        if (game.isEmpty() || game.length() > MAX_NAME) {
            throw new IllegalArgumentException("a game name of 1 to " + MAX_NAME + " characters, not '" + game + "'");
        }
        if (players < 2 || players > 10) {
            throw new IllegalArgumentException("a table has 2 to 10 seats, not " + players);
        }
        if (options.length > MAX_OPTIONS) {
            throw new IllegalArgumentException("options of at most " + MAX_OPTIONS + " bytes");
        }
        options = options.clone();
    }

    @Override
    public byte[] options() {
        return options.clone();
    }

    public byte[] toBytes() {
        return new WireWriter().string(game).u8(players).blob(options).toBytes();
    }

    public static TableParameters fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        String game = r.string(MAX_NAME, "the game");
        int players = r.u8();
        byte[] options = r.blob(MAX_OPTIONS, "the options");
        r.end();
        try {
            return new TableParameters(game, players, options);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableParameters p && p.game.equals(game) && p.players == players
                && Arrays.equals(p.options, options);
    }

    @Override
    public int hashCode() {
        return (game.hashCode() * 31 + players) * 31 + Arrays.hashCode(options);
    }

    @Override
    public String toString() {
        return game + " for " + players;
    }
}
