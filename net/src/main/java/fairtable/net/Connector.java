package fairtable.net;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** Opens a connection to the host, waiting at most {@code patience}; called again after a drop. */
@FunctionalInterface
public interface Connector {
    Transport connect(Duration patience) throws IOException, TimeoutException;
}
