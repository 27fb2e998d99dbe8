package fairtable.app.play;

import java.util.Locale;

/** The games `fairtable play` offers, with their table sizes and defaults. */
public enum GameKind {
    DRAW_POKER("draw-poker", 2, 6, 2, 10),
    HOLDEM("holdem", 2, 9, 4, 10),
    DOMINOES("dominoes", 2, 4, 2, 50);

    private final String command;
    private final int minPlayers;
    private final int maxPlayers;
    private final int defaultPlayers;
    private final int defaultRounds;

    GameKind(String command, int minPlayers, int maxPlayers, int defaultPlayers, int defaultRounds) {
        this.command = command;
        this.minPlayers = minPlayers;
        this.maxPlayers = maxPlayers;
        this.defaultPlayers = defaultPlayers;
        this.defaultRounds = defaultRounds;
    }

    public static GameKind byCommand(String name) {
        for (GameKind kind : values()) {
            if (kind.command.equals(name.toLowerCase(Locale.ROOT))) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown game '" + name + "': draw-poker, holdem or dominoes");
    }

    public String command() {
        return command;
    }

    public int minPlayers() {
        return minPlayers;
    }

    public int maxPlayers() {
        return maxPlayers;
    }

    public int defaultPlayers() {
        return defaultPlayers;
    }

    /** Hands (poker) or rounds (dominoes, where the match usually ends first at 100 points). */
    public int defaultRounds() {
        return defaultRounds;
    }

    /** What one round is called. */
    public String roundName() {
        return this == DOMINOES ? "round" : "hand";
    }
}
