package fairtable.net.tcp;

import fairtable.net.Transport;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * Length-prefixed frames over plain TCP. Not encrypted and not authenticated: message signatures protect
 * integrity and authorship, but anyone on the path can read the (encrypted) card values and the timing.
 */
public final class TcpTransport implements Transport {
    /** Larger frames are refused before anything is allocated. */
    public static final int MAX_FRAME = 32 << 20;

    private static final System.Logger LOG = System.getLogger(TcpTransport.class.getName());

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final String peer;

    private TcpTransport(Socket socket) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(socket.getInputStream());
        this.out = new DataOutputStream(socket.getOutputStream());
        this.peer = socket.getRemoteSocketAddress().toString();
    }

    /** A bound listening socket; {@code port} 0 picks a free port. */
    public static ServerSocket listen(String host, int port) throws IOException {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is out of range: a port is a number from 1 to 65535"
                    + " (0 picks a free one)");
        }
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            throw new java.net.UnknownHostException("cannot listen on " + host + ": no such address on this machine");
        }
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        try {
            server.bind(address);
        } catch (java.net.BindException taken) {
            server.close();
            // The person chose the port: name it, so they know which one to change.
            throw new java.net.BindException("port " + port + " on " + host + " is in use or not allowed here ("
                    + taken.getMessage() + "); choose another port");
        }
        return server;
    }

    /**
     * Waits up to {@code timeout} for one peer on {@code server}. A connection that fails while it is accepted (reset
     * by a port scan before it was taken) is logged in one line and the wait goes on; whether a peer speaks
     * fairtable is for its first frame to show.
     */
    public static TcpTransport accept(ServerSocket server, Duration timeout) throws IOException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new TimeoutException("no peer connected within " + timeout.toSeconds() + " s");
            }
            server.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000)));
            Socket socket;
            try {
                socket = server.accept();
            } catch (SocketTimeoutException e) {
                continue; // the deadline check above ends the wait
            } catch (IOException e) {
                if (server.isClosed()) {
                    throw e;
                }
                LOG.log(System.Logger.Level.WARNING, "turned away a stray connection: " + e.getMessage());
                continue;
            }
            try {
                return new TcpTransport(socket);
            } catch (IOException e) {
                socket.close();
                LOG.log(System.Logger.Level.WARNING, "turned away a stray connection: " + e.getMessage());
            }
        }
    }

    /** Connects to {@code host:port}, retrying with backoff until {@code timeout} (the peer may start later). */
    public static TcpTransport connect(String host, int port, Duration timeout) throws IOException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long backoffMillis = 50;
        while (true) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(host, port), 5_000);
                return new TcpTransport(socket);
            } catch (IOException e) {
                socket.close();
                if (System.nanoTime() + backoffMillis * 1_000_000 > deadline) {
                    throw new TimeoutException("could not connect to " + host + ":" + port + " within "
                            + timeout.toSeconds() + " s: " + e.getMessage());
                }
                try {
                    Thread.sleep(backoffMillis);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", ie);
                }
                backoffMillis = Math.min(2_000, backoffMillis * 2);
            }
        }
    }

    @Override
    public synchronized void send(byte[] frame) throws IOException {
        out.writeInt(frame.length);
        out.write(frame);
        out.flush();
    }

    @Override
    public byte[] receive(Duration timeout) throws IOException, TimeoutException {
        socket.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
        try {
            int length = in.readInt();
            if (length < 0 || length > MAX_FRAME) {
                throw new IOException(peer + " sent a frame of " + length + " bytes; the limit is " + MAX_FRAME);
            }
            byte[] frame = new byte[length];
            in.readFully(frame);
            return frame;
        } catch (SocketTimeoutException e) {
            throw new TimeoutException("nothing from " + peer + " within " + timeout.toSeconds() + " s");
        } catch (EOFException e) {
            throw new PeerGoneException(peer);
        }
    }

    @Override
    public String peer() {
        return peer;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closing is best effort: the peer sees the connection end either way.
        }
    }
}
