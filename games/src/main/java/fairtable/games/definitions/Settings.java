package fairtable.games.definitions;

import java.util.Map;

/** Reading a game's settings, given as words on a command line or in a form. */
final class Settings {
    private Settings() {}

    /** The setting's value as a whole number from {@code min} to {@code max}; refuses anything else, naming it. */
    static int number(Map.Entry<String, String> setting, int min, int max) {
        int value;
        try {
            value = Integer.parseInt(setting.getValue().strip());
        } catch (NumberFormatException e) {
            value = min - 1;
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(setting.getKey() + " is " + min + " to " + max + ", not '"
                    + setting.getValue() + "'");
        }
        return value;
    }
}
