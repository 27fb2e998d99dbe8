package fairtable.app.cli;

/**
 * One setting of a game joined by the host's invitation: what the command line gives, else what the invitation
 * carries, else the default. A value given that is not the invitation's is refused before anything is opened:
 * playing another game than the host's would leave the person guessing, and the host's seat would refuse this seat's
 * hello anyway.
 */
final class InvitedSetting {
    private InvitedSetting() {}

    /**
     * The value agreed for {@code option}: {@code given} (null when not typed), else {@code carried} (null when the
     * invitation does not carry it), else {@code fallback}.
     */
    static String agreed(String option, String given, String carried, String fallback) {
        if (given != null && carried != null && !given.equals(carried)) {
            throw new IllegalArgumentException("the host's table has " + option + " " + carried + ", not " + given
                    + "; join with the invitation alone to take the host's settings");
        }
        return given != null ? given : carried != null ? carried : fallback;
    }

    /** Refuses, in one line naming it, an invitation's {@code setting} that is not a whole number. */
    static void requireNumber(String setting, String value) {
        if (!value.matches("[0-9]{1,6}")) {
            throw new IllegalArgumentException("the invitation's " + setting + " must be a whole number, not '" + value
                    + "'");
        }
    }

    /** Refuses, in one line, the settings an invitation carries that {@code game} does not have (left in {@code rest}). */
    static void refuseOthers(java.util.Map<String, String> rest, String game) {
        if (!rest.isEmpty()) {
            throw new IllegalArgumentException("the invitation carries " + String.join(", ", rest.keySet())
                    + ", which " + game + " does not have; ask the host for its invitation again");
        }
    }
}
