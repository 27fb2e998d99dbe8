package fairtable.net.correspondence;

import fairtable.net.OwnerOnlyFiles;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The sole right to work on one game by correspondence, held by one command from before it reads the game to after
 * its last write: a lock on the file {@code lock} in the game's directory. Without it two commands on one game
 * (a {@code mail status} beside a {@code mail move}, or the browser beside the command line) each load the journal
 * and then write from their own stale view, and a move already sent is lost.
 *
 * <p>A second taker waits up to its patience, then is refused with {@link HeldException}, one plain line. The operating
 * system's lock is held by the whole JVM (a second {@link FileChannel#lock} in it throws
 * {@link OverlappingFileLockException}), so the locks this JVM holds are also kept in a map: a second command in the
 * same JVM waits on the map like any other. The lock is not reentrant: taking it twice waits for oneself.
 */
public final class GameLock implements AutoCloseable {
    /** The lock file in a game's directory; it holds nothing. */
    public static final String FILE = "lock";
    /** How long a command waits for another one working on the same game: longer than a step takes. */
    public static final Duration PATIENCE = Duration.ofSeconds(10);
    /** How often to try again a lock another process holds (the JDK has no lock with a timeout). */
    private static final long RETRY_MILLIS = 20;

    /** The game directories this JVM holds locks on, and how many takers in it wait for each; guarded by HELD. */
    private static final Set<Path> HELD = new HashSet<>();
    private static final Map<Path, Integer> WAITING = new HashMap<>();

    /** Another command is working on the game and did not finish within the patience. */
    public static final class HeldException extends IOException {
        HeldException(Path directory) {
            super("another fairtable command is working on the game in " + directory
                    + "; nothing was done: try again when it has finished");
        }
    }

    private final Path directory;
    /** The directory's real path: this JVM's name for the lock. */
    private final Path key;
    private final FileChannel channel;
    private final FileLock lock;
    private boolean released;

    private GameLock(Path directory, Path key, FileChannel channel, FileLock lock) {
        this.directory = directory;
        this.key = key;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock of the game in {@code directory} (which must exist), waiting at most {@code patience}. */
    public static GameLock take(Path directory, Duration patience) throws IOException {
        Path key = directory.toRealPath(); // one game under two names is one lock
        long deadline = System.nanoTime() + patience.toNanos();
        synchronized (HELD) {
            WAITING.merge(key, 1, Integer::sum);
        }
        try {
            synchronized (HELD) {
                while (HELD.contains(key)) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new HeldException(directory);
                    }
                    HELD.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                }
                HELD.add(key);
            }
            try {
                return lockFile(directory, key, deadline);
            } catch (IOException | InterruptedException | RuntimeException | Error e) {
                release(key); // interrupted too: else this JVM would keep the game locked
                throw e;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the game in " + directory);
        } finally {
            synchronized (HELD) {
                WAITING.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
            }
        }
    }

    private static GameLock lockFile(Path directory, Path key, long deadline) throws IOException, InterruptedException {
        FileChannel channel = OwnerOnlyFiles.open(key.resolve(FILE), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        try {
            while (true) {
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException heldInThisJvm) {
                    lock = null; // through a name the map did not know (a hard link): held all the same
                }
                if (lock != null) {
                    return new GameLock(directory, key, channel, lock);
                }
                if (deadline - System.nanoTime() <= 0) {
                    throw new HeldException(directory);
                }
                Thread.sleep(RETRY_MILLIS);
            }
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            channel.close();
            throw e;
        }
    }

    private static void release(Path key) {
        synchronized (HELD) {
            HELD.remove(key);
            HELD.notifyAll();
        }
    }

    /** How many takers in this JVM are waiting for the lock of the game in {@code directory} now. */
    public static int waiting(Path directory) throws IOException {
        Path key = directory.toRealPath();
        synchronized (HELD) {
            return WAITING.getOrDefault(key, 0);
        }
    }

    /** The game's directory, as the taker named it. */
    public Path directory() {
        return directory;
    }

    /** Whether this lock is still held: taken and not yet closed. */
    public boolean isHeld() {
        synchronized (HELD) {
            return !released;
        }
    }

    @Override
    public void close() throws IOException {
        synchronized (HELD) {
            if (released) {
                return;
            }
            released = true;
        }
        try {
            lock.release();
        } finally {
            channel.close();
            release(key);
        }
    }
}
