package fairtable.app.play;

import fairtable.games.definitions.GameDefinition;
import java.util.LinkedHashMap;
import java.util.Map;

/** The settings a registered game is set up with, from the command line, the same for every command that plays it. */
public final class GameSettings {
    private GameSettings() {}

    /**
     * The table size: {@code players} if given, else a {@code players} setting, else the game's default for it, else
     * its smallest table.
     */
    public static int players(GameDefinition<?, ?> game, Integer players, Map<String, String> settings) {
        String chosen = settings.get("players");
        if (players != null) {
            return players;
        }
        String value = chosen != null ? chosen : game.defaults().get("players");
        if (value == null) {
            return game.minSeats();
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("players is a number, not " + value);
        }
    }

    /**
     * {@code settings} for a table of {@code players}: the count goes in as the game's {@code players} setting if
     * it has one, and is taken out otherwise (the table's size is the protocol's, not an option).
     */
    public static Map<String, String> forTable(GameDefinition<?, ?> game, int players, Map<String, String> settings) {
        Map<String, String> chosen = new LinkedHashMap<>(settings);
        chosen.remove("players");
        if (game.defaults().containsKey("players")) {
            chosen.put("players", Integer.toString(players));
        }
        return chosen;
    }

    /** Refuses a table size the game cannot seat. */
    public static void requireSeats(GameDefinition<?, ?> game, int players) {
        if (players < game.minSeats() || players > game.maxSeats()) {
            throw new IllegalArgumentException(game.name() + " is for " + game.minSeats() + " to " + game.maxSeats()
                    + " players, not " + players);
        }
    }
}
