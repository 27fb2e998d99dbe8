package fairtable.games.definitions;

import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.session.LocalSession;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.table.TableParty;
import java.util.ArrayList;
import java.util.List;

/**
 * Every seat of one table/v1 session in one process, through the session layer ({@link LocalSession}): one host
 * places each message under its receipt, and each seat's member checks and acknowledges it before its party takes it.
 * For bots-only games, a person against bots at the terminal or in the browser, and tests.
 */
public final class InMemoryTable {
    private final List<? extends TableParty<?, ?>> seats;
    private final LocalSession session;

    /** The seats in seat order, each with the key that signs its messages. */
    public InMemoryTable(List<? extends TableParty<?, ?>> seats, List<SigningKey> keys) {
        if (keys.size() != seats.size()) {
            throw new IllegalArgumentException(seats.size() + " seats and " + keys.size() + " keys");
        }
        List<LocalSession.Seat> sessionSeats = new ArrayList<>();
        for (int i = 0; i < seats.size(); i++) {
            sessionSeats.add(new LocalSession.Seat(seats.get(i), keys.get(i), Actor.PASSIVE));
        }
        this.session = new LocalSession(sessionSeats);
        this.seats = List.copyOf(seats);
    }

    /** Runs {@code watcher} after each message has reached every seat: to follow the seats' views as they go. */
    public InMemoryTable watchedBy(Runnable watcher) {
        session.watchedBy(watcher);
        return this;
    }

    /** Starts the session and delivers until nobody has anything to say. */
    public void play() throws ProtocolViolation {
        session.play();
    }

    /** Asks every seat whose player put a decision off to decide now, and delivers what follows. */
    public void resume() throws ProtocolViolation {
        session.play();
        for (TableParty<?, ?> s : seats) {
            session.send(s.seat(), s.resume());
        }
    }

    /** Whether every seat has finished. */
    public boolean isFinished() {
        return seats.stream().allMatch(TableParty::isFinished);
    }

    public List<? extends TableParty<?, ?>> seats() {
        return seats;
    }

    /** The session the seats play through: the host's receipts, each seat's member. */
    public LocalSession session() {
        return session;
    }
}
