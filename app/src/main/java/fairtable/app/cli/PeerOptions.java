package fairtable.app.cli;

import fairtable.app.net.PeerLink;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Profile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** Where the other player is, and how far to trust them. */
public final class PeerOptions {
    @ArgGroup(exclusive = true, multiplicity = "1")
    Endpoint endpoint;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "Address to listen on with --listen (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--timeout", defaultValue = "120",
            description = "Seconds to wait for the other player at any step, and to reconnect (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--step-timeout", paramLabel = "STEP=SECONDS",
            description = "Wait this long at one step instead of --timeout (repeatable), e.g. --step-timeout 1=600.")
    java.util.Map<Integer, Integer> stepTimeouts = new java.util.HashMap<>();

    /** How long to wait at {@code step}. */
    java.time.Duration patienceAt(int step) {
        return java.time.Duration.ofSeconds(stepTimeouts.getOrDefault(step, timeoutSeconds));
    }

    @Option(names = "--peer", paramLabel = "FINGERPRINT",
            description = "The other player's fingerprint (from `fairtable id`, read out by them): only that key is accepted.")
    String peer;

    @Option(names = "--accept-new",
            description = "Accept a player whose key is not pinned yet, with a warning, and pin it (trust on first use).")
    boolean acceptNew;

    @Option(names = "--insecure",
            description = "Plain TCP instead of TLS: no encryption and no pinning; messages are still signed. For tests.")
    boolean insecure;

    @Option(names = "--home", paramLabel = "DIR",
            description = "Profile directory with your identity key and pinned peers (default: $FAIRTABLE_HOME or ~/.fairtable).")
    Path home;

    static final class Endpoint {
        @Option(names = "--listen", paramLabel = "PORT",
                description = "Wait for the other player on PORT (0 picks a free port). The listener is party A and prints an invitation.")
        Integer listen;

        @Option(names = "--connect", paramLabel = "INVITATION|HOST:PORT",
                description = "Join the other player, by their invitation (fairtable://HOST:PORT/FINGERPRINT) or HOST:PORT with --peer.")
        String connect;
    }

    boolean listening() {
        return endpoint.listen != null;
    }

    Profile profile() throws IOException {
        return Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
    }

    PeerLink link(Profile profile, PrintWriter out) throws IOException {
        Optional<Fingerprint> expected = Optional.ofNullable(peer).map(Fingerprint::parse);
        return listening()
                ? PeerLink.listen(bind, endpoint.listen, profile.identity(), insecure, expected, profile.knownPeers(), acceptNew, out)
                : PeerLink.connect(endpoint.connect, profile.identity(), insecure, expected, profile.knownPeers(), acceptNew, out);
    }
}
