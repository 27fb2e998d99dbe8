package fairtable.net.identity;

import java.io.IOException;
import java.nio.file.Path;

/** A profile file is corrupt or unsafe. The message names the file and what to do. */
public final class ProfileException extends IOException {
    private final Path file;

    ProfileException(Path file, String message) {
        super(file + ": " + message);
        this.file = file;
    }

    public Path file() {
        return file;
    }
}
