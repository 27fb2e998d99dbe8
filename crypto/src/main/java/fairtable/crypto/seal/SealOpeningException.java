package fairtable.crypto.seal;

/**
 * A sealed box that does not open: it was sealed to another key, by another sender, under another context,
 * or it was changed after sealing. The cases are deliberately not told apart.
 */
public final class SealOpeningException extends Exception {
    private static final long serialVersionUID = 1L;

    SealOpeningException() {
        super("the sealed box does not open: another recipient, sender or context, or it was altered");
    }
}
