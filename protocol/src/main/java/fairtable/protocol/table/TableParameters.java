package fairtable.protocol.table;

import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * What every seat of a table agrees on in its hello: the game, by its registered name, the number of seats,
 * the game's options in the game's own canonical bytes (stacks, blinds, how many hands), and the deck that
 * deals each round: the verifiable deck (verifiable-deck/v1, the default, not written) or, for two seats, the
 * FR 2823580 blind draw with its parameters ({@code patent}).
 */
public record TableParameters(String game, int players, byte[] options, PatentParameters patent) {
    public static final String PROTOCOL = "table/v1";
    static final int MAX_OPTIONS = 1024;
    private static final int MAX_NAME = 64;
    private static final int MAX_DECK_PARAMETERS = 256;

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
        if (patent != null && players != 2) {
            throw new IllegalArgumentException("the FR 2823580 draw is for two seats, not " + players);
        }
        options = options.clone();
    }

    /** A table dealt by the verifiable deck. */
    public TableParameters(String game, int players, byte[] options) {
        this(game, players, options, null);
    }

    @Override
    public byte[] options() {
        return options.clone();
    }

    /** The protocol each round's deck runs. */
    public String deckProtocol() {
        return patent == null ? fairtable.protocol.deck.DeckParameters.PROTOCOL : PatentParameters.PROTOCOL;
    }

    public byte[] toBytes() {
        WireWriter w = new WireWriter().string(game).u8(players).blob(options);
        if (patent != null) {
            w.string(PatentParameters.PROTOCOL).blob(patent.toBytes());
        }
        return w.toBytes();
    }

    public static TableParameters fromBytes(byte[] bytes) throws MalformedMessageException {
        WireReader r = new WireReader(bytes);
        String game = r.string(MAX_NAME, "the game");
        int players = r.u8();
        byte[] options = r.blob(MAX_OPTIONS, "the options");
        PatentParameters patent = null;
        if (!r.atEnd()) {
            String deck = r.string(MAX_NAME, "the deck protocol");
            if (!deck.equals(PatentParameters.PROTOCOL)) {
                // The verifiable deck is the default and is never written, so that one table has one encoding.
                throw new MalformedMessageException("no table deck '" + deck + "'; only " + PatentParameters.PROTOCOL
                        + " is named");
            }
            patent = PatentParameters.fromBytes(r.blob(MAX_DECK_PARAMETERS, "the deck parameters"));
        }
        r.end();
        try {
            return new TableParameters(game, players, options, patent);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableParameters p && p.game.equals(game) && p.players == players
                && Arrays.equals(p.options, options) && Objects.equals(deckText(p.patent), deckText(patent));
    }

    private static String deckText(PatentParameters patent) {
        return patent == null ? null : patent.toString();
    }

    @Override
    public int hashCode() {
        return ((game.hashCode() * 31 + players) * 31 + Arrays.hashCode(options)) * 31 + Objects.hashCode(deckText(patent));
    }

    @Override
    public String toString() {
        return game + " for " + players + (patent == null ? "" : " over " + PatentParameters.PROTOCOL + " " + patent);
    }
}
