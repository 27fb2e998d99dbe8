package fairtable.app.cli;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** Where the other party is: exactly one of --listen or --connect. */
public final class PeerOptions {
    @ArgGroup(exclusive = true, multiplicity = "1")
    Endpoint endpoint;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "Address to listen on with --listen (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--timeout", defaultValue = "120",
            description = "Seconds to wait for the other party at any step (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    static final class Endpoint {
        @Option(names = "--listen", paramLabel = "PORT",
                description = "Wait for the other party on PORT (0 picks a free port). The listener is party A.")
        Integer listen;

        @Option(names = "--connect", paramLabel = "HOST:PORT",
                description = "Connect to the other party. The connecting side is party B.")
        String connect;
    }

    boolean listening() {
        return endpoint.listen != null;
    }

    String host() {
        int colon = endpoint.connect.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("--connect takes HOST:PORT, not " + endpoint.connect);
        }
        return endpoint.connect.substring(0, colon);
    }

    int port() {
        if (listening()) {
            return endpoint.listen;
        }
        try {
            return Integer.parseInt(endpoint.connect.substring(endpoint.connect.lastIndexOf(':') + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--connect takes HOST:PORT, not " + endpoint.connect);
        }
    }
}
