package fairtable.crypto.group;

/** A byte string that is not the canonical encoding of a usable element of the expected group. */
public final class InvalidElementException extends Exception {
    public InvalidElementException(String reason) {
        super(reason);
    }
}
