package fairtable.app.ui;

import fairtable.net.journal.Journal;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * How a table the person plays against the node's bots is kept in its journal in HOME/ui-journals, one
 * {@link SavedTable} an entry, so that the node, started again, takes it up: whether it runs yet (a table taken up
 * waits for a page to open it), whether the node is closing (the table then stops where it is, its journal kept),
 * and its journal's end once the game is over. With no journal (a test's table) nothing is written.
 */
final class KeptTable {
    private final Journal journal;
    private boolean started;
    private volatile boolean closing;

    /** A table kept in {@code journal} (or nowhere if null), running already if {@code started}. */
    KeptTable(Journal journal, boolean started) {
        this.journal = journal;
        this.started = started;
    }

    /** Whether the table has been started; a table taken up from its journal has not until a page opens it. */
    synchronized boolean started() {
        return started;
    }

    /** Starts the table if it has not been: true the one time it is started here. */
    synchronized boolean start() {
        if (started) {
            return false;
        }
        started = true;
        return true;
    }

    /** Whether the table is kept in a journal at all. */
    boolean keeps() {
        return journal != null;
    }

    /** Whether the node is closing: a game stopped now is not over, and its journal is to be taken up. */
    boolean closing() {
        return closing;
    }

    /** Writes {@code table} as the journal's next entry; the problem in one line if it could not be written. */
    String keep(SavedTable table) {
        if (journal == null) {
            return null;
        }
        try {
            journal.record(table.toBytes(), List.of());
            return null;
        } catch (IOException e) {
            return "the table's journal could not be written (" + journal.file() + "): " + e.getMessage();
        }
    }

    /**
     * The game is over and its transcript written: removes the journal. Returns the table's {@code problem} as it was
     * (null for none), or, if the journal could not be removed, why.
     */
    String forget(String problem) {
        if (journal == null) {
            return problem;
        }
        try {
            journal.close();
            Files.deleteIfExists(journal.file());
            return problem;
        } catch (IOException e) {
            return "the finished table's journal could not be removed (" + journal.file() + "): " + e.getMessage();
        }
    }

    /** The node is closing: stops the table's {@code thread}, lets a step being written finish, closes the journal. */
    void close(ExecutorService thread) {
        closing = true;
        thread.shutdownNow();
        if (journal != null) {
            try {
                thread.awaitTermination(1, TimeUnit.MINUTES); // a step being written finishes first
                journal.close();
            } catch (IOException | InterruptedException e) {
                // the node is stopping: the journal holds what was forced to disk
            }
        }
    }
}
