package fairtable.net;

import java.io.IOException;
import java.time.Duration;

/**
 * A reliable, ordered channel of byte frames to one peer. Protocols never see it: the session layer
 * ({@code session.SessionClient} and {@code SessionHost}) moves the frames between a transport and a sans-I/O party, so
 * the same party runs in memory, over TCP and over TLS.
 */
public interface Transport extends AutoCloseable {
    /** Sends one frame. */
    void send(byte[] frame) throws IOException;

    /**
     * The next frame, waiting at most {@code timeout}.
     *
     * @throws PeerGoneException if the peer closed the channel
     * @throws java.util.concurrent.TimeoutException if nothing came in time
     */
    byte[] receive(Duration timeout) throws IOException, java.util.concurrent.TimeoutException;

    /** Who is at the other end, for messages to the user. */
    String peer();

    @Override
    void close();

    /** The peer closed the channel. */
    final class PeerGoneException extends IOException {
        public PeerGoneException(String peer) {
            super(peer + " closed the connection");
        }
    }

    /** The peer turned this side's key away: connecting again cannot help, so the message says what would. */
    final class RefusedException extends IOException {
        public RefusedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
