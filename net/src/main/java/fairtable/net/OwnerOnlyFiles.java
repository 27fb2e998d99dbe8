package fairtable.net;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Set;

/**
 * Files that hold a player's secrets (journals, relay logs, game directories, a drawn allocation) are created
 * readable by their owner alone, as the profile key is: 0600 for files, 0700 for directories, whatever the umask.
 * Opening such a file or directory that other users can access is refused with one line naming it and the
 * chmod that fixes it, because its secrets (keys, commitment openings, hidden placements) may already be copied.
 *
 * <p>On a file system without POSIX permissions (Windows' NTFS, FAT) the JDK cannot express "owner only"; a new
 * file there inherits its directory's access list, which in a user's own folders is usually theirs alone. Nothing
 * is set or checked there: the user's folder is the protection.
 */
public final class OwnerOnlyFiles {
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");

    /** A secret-holding file or directory that other users can access. */
    public static final class ExposedException extends IOException {
        private final Path path;

        ExposedException(Path path, String message) {
            super(message);
            this.path = path;
        }

        public Path path() {
            return path;
        }
    }

    private OwnerOnlyFiles() {}

    /**
     * Creates {@code directory} and any missing parents owner-only, or checks that an existing one is
     * owner-only; returns it.
     *
     * @throws ExposedException if it exists and other users can access it
     */
    public static Path directory(Path directory) throws IOException {
        if (Files.isDirectory(directory)) {
            requireOwnerOnly(directory);
            return directory;
        }
        return posix(directory) ? Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(DIRECTORY))
                : Files.createDirectories(directory);
    }

    /**
     * Opens {@code file} with {@code options}, creating it owner-only if {@link StandardOpenOption#CREATE} is
     * among them; an existing file is checked first.
     *
     * @throws ExposedException if the file exists and other users can access it
     */
    public static FileChannel open(Path file, OpenOption... options) throws IOException {
        requireOwnerOnly(file);
        Set<OpenOption> set = new HashSet<>(Set.of(options));
        return posix(file) ? FileChannel.open(file, set, PosixFilePermissions.asFileAttribute(FILE))
                : FileChannel.open(file, set);
    }

    /** Replaces {@code file} with {@code text} (UTF-8) at once, as {@link #write} does. */
    public static void writeString(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Replaces {@code file} with {@code content} at once: written owner-only beside it, forced to disk, moved over it. */
    public static void write(Path file, byte[] content) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        requireOwnerOnly(file);
        FileAttribute<?>[] ownerOnly = posix(parent)
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE)} : new FileAttribute<?>[0];
        Path temp = Files.createTempFile(parent, ".write", ".tmp", ownerOnly);
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(content);
                while (bytes.hasRemaining()) {
                    ch.write(bytes);
                }
                ch.force(true);
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Refuses {@code path} if it exists and its group or others have any permission on it; a missing path passes.
     *
     * @throws ExposedException naming the path, its permissions and the chmod that fixes them
     */
    public static void requireOwnerOnly(Path path) throws IOException {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS) || !posix(path)) {
            return;
        }
        boolean directory = Files.isDirectory(path);
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path);
        if (!(directory ? DIRECTORY : FILE).containsAll(permissions)) {
            throw new ExposedException(path, "refused " + path + ": it holds secrets of your games, but other users can "
                    + (directory ? "enter" : "read") + " it (" + PosixFilePermissions.toString(permissions) + "). Run: "
                    + (directory ? "chmod -R go-rwx " : "chmod 600 ") + path);
        }
    }

    /** Whether the file system holding {@code path} (or its nearest existing parent) has POSIX permissions. */
    public static boolean posix(Path path) throws IOException {
        Path existing = path.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return existing != null && Files.getFileStore(existing).supportsFileAttributeView(PosixFileAttributeView.class);
    }
}
