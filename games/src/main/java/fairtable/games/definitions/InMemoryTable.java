package fairtable.games.definitions;

import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.transcript.Envelope;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Every seat of one table/v1 session in one process: each message goes to every other seat in one global
 * order (first sent, first delivered), as a relay would deliver it. For bots-only games, a person against
 * bots at the terminal, and tests.
 */
public final class InMemoryTable {
    private final List<? extends TableParty<?, ?>> seats;
    private final Deque<Envelope> queue = new ArrayDeque<>();
    private Runnable afterEach = () -> { };

    public InMemoryTable(List<? extends TableParty<?, ?>> seats) {
        for (int i = 0; i < seats.size(); i++) {
            if (seats.get(i).seat() != i) {
                throw new IllegalArgumentException("seat " + i + " is " + seats.get(i).seat());
            }
        }
        this.seats = List.copyOf(seats);
    }

    /** Runs {@code watcher} after each message has reached every other seat: to follow the seats' views as they go. */
    public InMemoryTable watchedBy(Runnable watcher) {
        this.afterEach = watcher;
        return this;
    }

    /** Starts the session and delivers until nobody has anything to say. */
    public void play() throws ProtocolViolation {
        for (TableParty<?, ?> s : seats) {
            queue.addAll(s.start());
        }
        deliver();
    }

    /** Asks every seat whose player put a decision off to decide now, and delivers what follows. */
    public void resume() throws ProtocolViolation {
        for (TableParty<?, ?> s : seats) {
            queue.addAll(s.resume());
        }
        deliver();
    }

    private void deliver() throws ProtocolViolation {
        while (!queue.isEmpty()) {
            Envelope m = queue.poll();
            for (TableParty<?, ?> to : seats) {
                if (to.seat() != m.sender() && !to.isFinished()) {
                    queue.addAll(to.receive(m));
                }
            }
            afterEach.run();
        }
    }

    /** Whether every seat has finished. */
    public boolean isFinished() {
        return seats.stream().allMatch(TableParty::isFinished);
    }

    public List<? extends TableParty<?, ?>> seats() {
        return seats;
    }
}
