package fairtable.net.session;

import fairtable.net.Transport;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * The accepting loops of a {@link SessionHost} and of a {@link SessionRelay}: every new connection is counted by its
 * {@link Door} until it is in, so that their number is bounded, and a failed handshake is logged while listening goes on.
 */
final class Listening {
    private Listening() {}

    /** Where accepted connections go. */
    interface Door {
        boolean closed();

        /** Counts one more connection that is not in yet, or logs why not and returns false. */
        boolean reserve(String peer);

        /** Gives back the count of a reserved connection whose handshake failed. */
        void unreserve();

        /** Serves a reserved connection on a thread of its own. */
        void enter(Transport transport);

        /** How long a connection has to complete its TLS handshake. */
        Duration deadline();

        void notice(String line);
    }

    /** Accepts TCP connections from {@code server} into {@code door} on a background thread, until either is closed. */
    static void acceptTcp(ServerSocket server, Duration patience, Door door, String name) {
        Thread t = new Thread(() -> {
            while (!door.closed() && !server.isClosed()) {
                try {
                    Transport transport = TcpTransport.accept(server, patience);
                    if (door.reserve(transport.peer())) {
                        door.enter(transport);
                    } else {
                        transport.close();
                    }
                } catch (IOException | TimeoutException e) {
                    if (server.isClosed()) {
                        return;
                    }
                }
            }
        }, name + " accept");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Accepts TLS connections from {@code server}, as {@code me}, every peer whose key {@code check} accepts, until
     * either is closed; each handshake on its own thread, counted by the door as a connection that is not in.
     */
    static void acceptTls(ServerSocket server, TlsIdentity me, PeerCheck check, Door door, String name) {
        Thread t = new Thread(() -> {
            while (!door.closed() && !server.isClosed()) {
                Socket raw;
                try {
                    raw = server.accept();
                } catch (IOException e) {
                    if (server.isClosed() || door.closed()) {
                        return;
                    }
                    door.notice("could not accept a connection: " + e.getMessage());
                    continue;
                }
                String peer = String.valueOf(raw.getRemoteSocketAddress());
                if (!door.reserve(peer)) {
                    closeQuietly(raw);
                    continue;
                }
                Thread handshake = new Thread(() -> {
                    try {
                        door.enter(TlsTransport.handshakeAccepted(raw, me, check, door.deadline()));
                    } catch (IOException | TimeoutException | RuntimeException e) {
                        door.unreserve();
                        door.notice("turned away " + peer + ": " + e.getMessage());
                    }
                }, name + " handshake " + peer);
                handshake.setDaemon(true);
                handshake.start();
            }
        }, name + " accept");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket raw) {
        try {
            raw.close();
        } catch (IOException ignored) {
            // it is gone either way
        }
    }
}
