package fairtable.app.cli;

import fairtable.app.net.TwoSeatLink;
import fairtable.net.identity.Profile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where the other player is, and how far to trust them. */
public final class PeerOptions {
    @Mixin
    TrustOptions trust;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Endpoint endpoint;

    @Option(names = "--relay", description = "With --connect: the invitation is a relay's (`fairtable relay`), which "
            + "plays no seat; both players join it, each at the --seat they agreed (draw only).")
    boolean relay;

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



    /** This side's way to the other: hosting the relay (its log next to {@code journal}, if any), or joining it. */
    TwoSeatLink link(Profile profile, PrintWriter out, Path journal) throws IOException {
        return link(profile, out, journal, null);
    }

    /** As above, at {@code relaySeat} of a relay that plays no seat when {@code --relay} is given. */
    TwoSeatLink link(Profile profile, PrintWriter out, Path journal, Integer relaySeat) throws IOException {
        if (relay && endpoint.connect == null) {
            throw new IllegalArgumentException("--relay is for --connect to a relay's invitation");
        }
        if (relay && relaySeat == null) {
            throw new IllegalArgumentException("--relay needs --seat: 0 or 1, as the two players agreed");
        }
        if (!relay && relaySeat != null) {
            throw new IllegalArgumentException("--seat is for --relay: at a host, the listener is seat 0 and you are 1");
        }
        return trust.link(profile, bind, endpoint.listen, endpoint.connect, relay ? relaySeat : null, journal,
                java.time.Duration.ofSeconds(timeoutSeconds), out);
    }

    Profile profile() throws IOException {
        return trust.profile();
    }
}
