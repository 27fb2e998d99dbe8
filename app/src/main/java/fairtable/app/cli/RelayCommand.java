package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.net.TableLink;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.net.OwnerOnlyFiles;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A relay that plays no seat: the same relaying host as {@code table host} ({@link TableLink}), for friends whose
 * machines cannot take connections (home routers), run by anyone who can. Every seat, 0 included, joins with
 * {@code table join --relay}; the relay signs receipts and keeps the order, and the seats check it as they check any
 * host. It ends when every seat has been taken and every player has left.
 */
@Command(name = "relay", mixinStandardHelpOptions = true,
        description = "Relay a table that every player joins with 'fairtable table join --relay'; plays no seat.")
public final class RelayCommand implements Callable<Integer> {
    /** The table's log in the --log directory. */
    static final String SESSION_LOG = "table.log";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--game", required = true, description = "What the table plays, for the players' join line.")
    String game;

    @Option(names = "--players", required = true, description = "Number of seats, for the players' join line.")
    int players;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "A registered game's setting, for the join line.")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = "--listen", defaultValue = "0", paramLabel = "PORT", description = "Port to listen on (0: any free port).")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}; "
            + "0.0.0.0 for players on other machines).")
    String bind;

    @Option(names = "--accept-new", description = "Let in any player's key (the players then judge each other's names).")
    boolean acceptNew;

    @Option(names = "--peer", paramLabel = "FINGERPRINT", description = "A player's fingerprint: let in (repeatable).")
    List<String> peers = new ArrayList<>();

    @Option(names = "--home", paramLabel = "DIR", description = "Profile directory (default: $FAIRTABLE_HOME or ~/.fairtable).")
    Path home;

    @Option(names = "--insecure", description = "Plain TCP instead of TLS. For tests.")
    boolean insecure;

    @Option(names = "--log", paramLabel = "DIR", description = "Keep the relay's log in DIR (created owner-only): every "
            + "placed message with its receipt, written before it is delivered. If DIR holds a log, take the table up "
            + "again where it stopped (listen on the same port: the players reconnect).")
    Path log;

    @Option(names = "--timeout", defaultValue = "3600", description = "Seconds to wait for the table to end (default: "
            + "${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Profile profile = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
        TrustRule rule = new TrustRule(profile.knownPeers(),
                peers.stream().map(Fingerprint::parse).collect(Collectors.toUnmodifiableSet()), acceptNew,
                TrustRule.Asker.terminal(), line -> {
                    out.println(line);
                    out.flush();
                });
        Path relayLog = log == null ? null : OwnerOnlyFiles.directory(log).resolve(SESSION_LOG);
        boolean resuming = relayLog != null && Files.exists(relayLog);
        try (TableLink link = TableLink.host(profile.identity(), bind, port, insecure, Duration.ofSeconds(60), relayLog, rule,
                line -> {
                    out.println(line);
                    out.flush();
                })) {
            if (resuming) {
                out.println("Resuming from " + relayLog + " after " + link.placed() + " messages: waiting for the players "
                        + "to reconnect");
            }
            out.println("Relaying a table for " + players + " on port " + link.port() + ". Invitation: " + link.invitation());
            StringBuilder set = new StringBuilder();
            settings.forEach((k, v) -> set.append(" --set ").append(k).append('=').append(v));
            out.println("Each player joins with: fairtable table join --relay --game " + game + " --seat S --players "
                    + players + set + " --connect INVITATION   (S from 0 to " + (players - 1) + ")");
            out.flush();
            if (!link.awaitTableLeft(Duration.ofSeconds(timeoutSeconds))) {
                out.println("Stopped: the table did not end within " + timeoutSeconds + " s");
                return Main.ERROR;
            }
            out.println("The table ended: every seat was taken and every player has left.");
            return Main.OK;
        }
    }
}
