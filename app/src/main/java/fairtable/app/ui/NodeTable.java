package fairtable.app.ui;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A game the node runs for the person, as the pages reach it: snapshots of the person's view to watch, moves to
 * offer, and the audited transcript at the end. Every implementation decides on its own thread, sends each browser
 * only the person's view, and takes only moves its game's rules allow that seat.
 */
interface NodeTable {
    String id();

    /** One line for the home page: the game, the players, and who is awaited or the verdict. */
    Map<String, Object> summary();

    /** Sends every new snapshot (JSON) to {@code watcher}, the current one at once. */
    void watch(Consumer<String> watcher);

    void unwatch(Consumer<String> watcher);

    /**
     * The person's move: the index of one of the legal moves of the last snapshot, or words the game reads.
     * {@code answer} gets null when it was taken, or the reason it was refused.
     */
    void offer(Integer index, String words, Consumer<String> answer);

    /**
     * The person's yes or no to what the page asks (a networked table's "accept bob, fingerprint ...?").
     * {@code reply} gets null when it was taken, or why not.
     */
    default void answer(boolean accept, Consumer<String> reply) {
        reply.accept("nothing is asked at this table");
    }

    /** The transcript, once the game is over and audited; null before. */
    Path transcript();

    void close();
}
