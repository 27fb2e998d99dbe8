package fairtable.net.journal;

import java.nio.file.Path;
import java.util.function.Consumer;

/** For the app's tests, in the journal's package: runs a test's code just after a journal has read its file. */
public final class JournalReads {
    private JournalReads() {}

    /** Calls {@code hook} with the file after each journal read, until {@link #reset}. */
    public static void onRead(Consumer<Path> hook) {
        Journal.afterReading = hook;
    }

    public static void reset() {
        Journal.afterReading = file -> {};
    }
}
