package fairtable.protocol.table;

/** A move, a deck operation's result or an option the rules refuse, and why. */
public final class IllegalMove extends Exception {
    public IllegalMove(String reason) {
        super(reason, null, false, false);
    }
}
