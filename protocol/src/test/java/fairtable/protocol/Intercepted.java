package fairtable.protocol;

import fairtable.protocol.transcript.Envelope;

/**
 * Thrown from a test's wire to stop a table with a message still on its way, undelivered, so that the test can
 * offer the receiver another message in its place.
 */
public final class Intercepted extends RuntimeException {
    public final Envelope envelope;

    public Intercepted(Envelope envelope) {
        super(null, null, false, false);
        this.envelope = envelope;
    }
}
