package fairtable.games.chess;

/** A FEN string that does not describe a valid position; the message says which field and why. */
public final class FenException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    FenException(String fen, String problem) {
        super("bad FEN \"" + fen + "\": " + problem);
    }
}
