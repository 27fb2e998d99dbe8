package fairtable.net.journal;

import fairtable.net.PartyRunner;

import fairtable.net.memory.InMemoryTransport;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * In-memory "network" for two seats that may disconnect and reconnect: each connect() is paired with the
 * other seat's next connect(), which yields a fresh in-memory connection, like a listener accepting again.
 */
final class Switchboard {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final InMemoryTransport[] waiting = new InMemoryTransport[2];

    PartyRunner.Connector forSeat(int seat) {
        return patience -> connect(seat, patience);
    }

    private InMemoryTransport connect(int seat, Duration patience) throws TimeoutException {
        lock.lock();
        try {
            // A fresh connection replaces any stale one left for us by an earlier attempt of the other seat.
            InMemoryTransport mine = waiting[seat];
            if (mine != null) {
                waiting[seat] = null;
                changed.signalAll();
                return mine;
            }
            InMemoryTransport[] ends = InMemoryTransport.pair(seat == 0 ? "alice" : "bob", seat == 0 ? "bob" : "alice");
            waiting[1 - seat] = ends[1];
            long deadline = System.nanoTime() + patience.toNanos();
            while (waiting[1 - seat] == ends[1]) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    waiting[1 - seat] = null;
                    throw new TimeoutException("nobody connected");
                }
                try {
                    changed.await(left, TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TimeoutException("interrupted");
                }
            }
            return ends[0];
        } finally {
            lock.unlock();
        }
    }
}
