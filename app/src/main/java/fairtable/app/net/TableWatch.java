package fairtable.app.net;

import fairtable.net.session.SessionFrame.Member;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a seat at a networked table tells its person while nothing seems to happen: whom the table awaits and for
 * how long ("waiting for bob's move (40 s)"), said again while the silence lasts, and at once when a player's
 * connection drops ("bob disconnected: the seat stays open for them to come back") or returns. It only reads the
 * party's own account of what it awaits and the host's presence list, on a thread of its own, so the session
 * runs as before.
 */
public final class TableWatch implements AutoCloseable {
    private final Thread thread;
    private volatile boolean closed;

    /**
     * Starts watching. {@code awaiting} is the party's "bob's move"; {@code presence} the host's last presence list;
     * {@code mine} the awaiting text that means this seat's own move, which the person is being asked for already.
     */
    public TableWatch(Supplier<String> awaiting, Supplier<List<Member>> presence, String me, PrintWriter out,
            Duration first, Duration every) {
        thread = new Thread(() -> watch(awaiting, presence, me, out, first, every), "table-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch(Supplier<String> awaiting, Supplier<List<Member>> presence, String me, PrintWriter out,
            Duration first, Duration every) {
        String last = null;
        long since = System.nanoTime();
        long next = first.toNanos();
        Map<String, Boolean> connected = new HashMap<>();
        long tick = Math.max(1, Math.min(200, first.toMillis() / 2));
        while (!closed) {
            for (Member m : presence.get()) {
                Boolean before = connected.put(m.name(), m.connected());
                if (before != null && before && !m.connected()) {
                    say(out, m.name() + " disconnected: the seat stays open for them to come back");
                } else if (before != null && !before && m.connected()) {
                    say(out, m.name() + " is back");
                }
            }
            String now;
            try {
                now = awaiting.get();
            } catch (RuntimeException changing) {
                now = last; // the party was between two states: ask again on the next tick
            }
            long elapsed = System.nanoTime() - since;
            if (now != null && !now.equals(last)) {
                last = now;
                since = System.nanoTime();
                next = first.toNanos();
            } else if (now != null && elapsed >= next && !now.equals(me + "'s move") && !now.startsWith("nothing")) {
                say(out, "waiting for " + now + " (" + Duration.ofNanos(elapsed).toSeconds() + " s)");
                next += every.toNanos();
            }
            try {
                Thread.sleep(tick);
            } catch (InterruptedException stop) {
                return;
            }
        }
    }

    private void say(PrintWriter out, String line) {
        if (!closed) {
            out.println(line);
            out.flush();
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
