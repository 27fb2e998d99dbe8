package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.net.TableLink;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.net.session.SessionRelay;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.TlsIdentity;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A relay that plays no seat ({@link SessionRelay}), for friends whose machines cannot take connections (home
 * routers), run by anyone who can. It serves several tables at once: each invitation names its table
 * ({@code .../FINGERPRINT/NAME}; without a name, the relay's default table), and each table has its own chain,
 * receipts, log, seats and bounds. Every seat, 0 included, joins with {@code table join --relay}; the relay signs
 * receipts and keeps the order, and the seats check it as they check any host. With {@code --log DIR} it keeps every
 * table's log and, run again after a crash, takes the tables up where they stopped. It ends when {@code --tables}
 * tables have ended (every seat taken, then every player gone).
 */
@Command(name = "relay", mixinStandardHelpOptions = true,
        description = "Relay tables that every player joins with 'fairtable table join --relay'; plays no seat.")
public final class RelayCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--game", description = "What the default table plays, for the players' join line.")
    String game;

    @Option(names = "--players", defaultValue = "0", description = "Number of seats at the default table, for the "
            + "players' join line.")
    int players;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "A registered game's setting, for the join line.")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = "--listen", defaultValue = "0", paramLabel = "PORT", description = "Port to listen on (0: any free port).")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}; "
            + "0.0.0.0 for players on other machines).")
    String bind;

    @Option(names = "--accept-new", description = "Let in any player's key (the players then judge each other's names);"
            + " the keys let in only so may together have opened at most " + SessionRelay.MAX_TABLES_OF_NEW_KEYS
            + " tables under way.")
    boolean acceptNew;

    @Option(names = "--peer", paramLabel = "FINGERPRINT", description = "A player's fingerprint: let in (repeatable).")
    List<String> peers = new ArrayList<>();

    @Option(names = "--home", paramLabel = "DIR", description = "Profile directory (default: $FAIRTABLE_HOME or ~/.fairtable).")
    Path home;

    @Option(names = "--insecure", description = "Plain TCP instead of TLS. For tests.")
    boolean insecure;

    @Option(names = "--log", paramLabel = "DIR", description = "Keep each table's log in DIR (created owner-only): every "
            + "placed message with its receipt, written before it is delivered. Tables whose logs DIR holds are taken "
            + "up again where they stopped (listen on the same port: the players reconnect).")
    Path log;

    @Option(names = "--tables", defaultValue = "1", description = "End once this many tables have ended (default: "
            + "${DEFAULT-VALUE}; 0: serve until --timeout).")
    int tables;

    @Option(names = "--timeout", defaultValue = "3600", description = "Seconds to wait for the tables to end (default: "
            + "${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Override
    public Integer call() throws Exception {
        if (tables < 0) {
            throw new IllegalArgumentException("--tables must be 0 or more, not " + tables);
        }
        PrintWriter out = spec.commandLine().getOut();
        Consumer<String> print = line -> {
            out.println(line);
            out.flush();
        };
        Profile profile = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
        // The relay judges no player's name (each table's seats do), so it has nobody to ask: with a person to ask, the
        // rule would let every key through the handshake for a question that never comes. A key neither pinned nor
        // named is let in only with --accept-new.
        TrustRule rule = new TrustRule(profile.knownPeers(),
                peers.stream().map(Fingerprint::parse).collect(Collectors.toUnmodifiableSet()), acceptNew,
                java.util.Optional.empty(), print);
        SessionRelay opened = log == null ? SessionRelay.inMemory(profile.identity(), new SecureRandom())
                : SessionRelay.persistent(log, profile.identity(), new SecureRandom());
        // Keys let in only by --accept-new cost nothing to make: together they may open only a share of the tables.
        try (SessionRelay relay = opened.logTo(print).knowing(rule::knows);
                ServerSocket server = TcpTransport.listen(bind, port)) {
            relay.tables().forEach((name, placed) -> out.println("Resuming from " + relay.logFile(name) + " after "
                    + placed + " messages: table " + name + ", waiting for its players to reconnect"));
            if (insecure) {
                // Plain TCP proves no key at the door: the seats judge each hello's key by name.
                relay.acceptTcp(server, Duration.ofSeconds(60));
            } else {
                relay.acceptTls(server, TlsIdentity.of(profile.identity()),
                        TableLink.reported(TableLink.admissible(rule), print));
            }
            Invitation invitation = new Invitation(bind, server.getLocalPort(), Fingerprint.of(relay.key()));
            out.println("Relaying tables on port " + server.getLocalPort() + ". Invitation: " + invitation);
            StringBuilder set = new StringBuilder();
            settings.forEach((k, v) -> set.append(" --set ").append(k).append('=').append(v));
            out.println("Each player joins with: fairtable table join --relay"
                    + (game == null ? " --game G" : " --game " + game) + " --seat S"
                    + (players > 0 ? " --players " + players : " --players N") + set + " --connect INVITATION"
                    + (players > 0 ? "   (S from 0 to " + (players - 1) + ")" : ""));
            out.println("Another table at this relay: its players add /NAME to the invitation, the same NAME for all "
                    + "(1 to 32 of a-z 0-9 -), e.g. " + invitation.forSession("friday"));
            out.flush();
            boolean ended = relay.awaitTablesEnded(tables == 0 ? Integer.MAX_VALUE : tables,
                    Duration.ofSeconds(timeoutSeconds));
            if (tables == 0) {
                out.println("Stopped after " + timeoutSeconds + " s, as --tables 0 asks.");
                return Main.OK;
            }
            if (!ended) {
                out.println("Stopped: " + (tables == 1 ? "the table" : tables + " tables") + " did not end within "
                        + timeoutSeconds + " s");
                return Main.ERROR;
            }
            out.println(tables == 1 ? "The table ended: every seat was taken and every player has left."
                    : tables + " tables ended: at each every seat was taken and every player has left.");
            return Main.OK;
        }
    }
}
