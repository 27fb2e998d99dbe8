package fairtable.net.memory;

import fairtable.net.Transport;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Two connected ends in one process, for tests and in-process demos. */
public final class InMemoryTransport implements Transport {
    private static final byte[] CLOSED = new byte[0];

    private final BlockingQueue<byte[]> inbox;
    private final BlockingQueue<byte[]> outbox;
    private final String peer;
    private volatile boolean closed;

    private InMemoryTransport(BlockingQueue<byte[]> inbox, BlockingQueue<byte[]> outbox, String peer) {
        this.inbox = inbox;
        this.outbox = outbox;
        this.peer = peer;
    }

    /** Two ends: what one sends, the other receives. */
    public static InMemoryTransport[] pair(String firstName, String secondName) {
        BlockingQueue<byte[]> a = new LinkedBlockingQueue<>();
        BlockingQueue<byte[]> b = new LinkedBlockingQueue<>();
        return new InMemoryTransport[] {new InMemoryTransport(a, b, secondName), new InMemoryTransport(b, a, firstName)};
    }

    @Override
    public void send(byte[] frame) throws PeerGoneException {
        if (closed) {
            throw new PeerGoneException(peer);
        }
        outbox.add(frame.clone());
    }

    @Override
    public byte[] receive(Duration timeout) throws PeerGoneException, TimeoutException {
        try {
            byte[] frame = inbox.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
            if (frame == null) {
                throw new TimeoutException("nothing from " + peer + " within " + timeout.toMillis() + " ms");
            }
            if (frame == CLOSED) {
                inbox.add(CLOSED);
                throw new PeerGoneException(peer);
            }
            return frame;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException("interrupted");
        }
    }

    /**
     * The next frame if one is waiting, else null, without waiting: for ends pumped on one thread
     * ({@code session.LocalSession}).
     *
     * @throws PeerGoneException if the peer closed the channel
     */
    public byte[] poll() throws PeerGoneException {
        byte[] frame = inbox.poll();
        if (frame == CLOSED) {
            inbox.add(CLOSED);
            throw new PeerGoneException(peer);
        }
        return frame;
    }

    @Override
    public String peer() {
        return peer;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            outbox.add(CLOSED);
            inbox.add(CLOSED); // and a reader of this end, blocked, wakes up to a closed connection
        }
    }
}
