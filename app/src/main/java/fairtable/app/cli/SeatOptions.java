package fairtable.app.cli;

import fairtable.app.net.TwoSeatLink;
import fairtable.net.identity.Profile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * For a two-player game that may be played in one process or against another process: where the other
 * player is (--host or --join), how far to trust them, and where to journal the game.
 */
public final class SeatOptions {
    @Mixin
    TrustOptions trust;

    @Option(names = "--host", paramLabel = "PORT",
            description = "Play the first seat and wait for the other player on PORT (0 picks a free port); prints an invitation.")
    Integer hostPort;

    @Option(names = "--join", paramLabel = "INVITATION|HOST:PORT",
            description = "Play the second seat against the host, by its invitation (fairtable://HOST:PORT/FINGERPRINT), "
                    + "or HOST:PORT with --peer, --accept-new or --insecure.")
    String join;

    @Option(names = "--relay", description = "With --join: the invitation is a relay's (`fairtable relay`), which plays "
            + "no seat; both players join it, each at the --seat they agreed.")
    boolean relay;

    @Option(names = "--seat", description = "With --join --relay: your seat, 0 (the first player) or 1.")
    Integer relaySeat;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "Address to listen on with --host (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--timeout", defaultValue = "120",
            description = "Seconds to wait for the other player at any step, and to reconnect (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--journal", paramLabel = "FILE",
            description = "Over the network: keep a crash-safe journal of this seat in FILE; if FILE exists, resume from it.")
    Path journal;

    /** Whether the other player is another process. */
    boolean networked() {
        if (hostPort != null && join != null) {
            throw new IllegalArgumentException("--host and --join exclude each other");
        }
        if (hostPort == null && join == null && journal != null) {
            throw new IllegalArgumentException("--journal is for a seat played against another process (--host or --join)");
        }
        if (relay != (relaySeat != null) || relay && join == null) {
            throw new IllegalArgumentException("--relay and --seat go together, with --join: the relay's invitation and "
                    + "your seat there, 0 or 1");
        }
        return hostPort != null || join != null;
    }

    /** The seat this process plays over the network: 0 hosting, 1 joining a host, the one agreed at a relay. */
    int seat() {
        return hostPort != null ? 0 : relay ? relaySeat : 1;
    }

    Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }

    TwoSeatLink link(Profile profile, PrintWriter out) throws IOException {
        return trust.link(profile, bind, hostPort, join, relay ? relaySeat : null, journal, timeout(), out);
    }

    Profile profile() throws IOException {
        return trust.profile();
    }
}
