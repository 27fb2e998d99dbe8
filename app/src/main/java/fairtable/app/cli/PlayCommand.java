package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.play.GameKind;
import fairtable.app.play.NetworkTable;
import fairtable.app.play.TableConfig;
import fairtable.app.play.TableRun;
import fairtable.app.play.TerminalPlayer;
import fairtable.games.table.LocalTable;
import fairtable.games.table.TableNode;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.KnownPeers;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustDecision;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.ProtocolViolation;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Plays Hold'em, five-card draw or dominoes, dealt only by the verifiable deck (or, for heads-up draw, the
 * FR 2823580 protocol): alone against bots, bots only, or two players over TCP; then audits every hand.
 */
@Command(name = "play", mixinStandardHelpOptions = true,
        description = {"Play draw-poker, holdem or dominoes: every card is dealt by the verifiable deck, no player's "
                + "software ever holds another player's hidden card, and every hand's transcript is audited at the end.",
            "--bots all plays unattended; with fewer bots than players you play one seat at the terminal.",
            "--host PORT / --join HOST:PORT: one process per player over TCP; the host relays (2 to the game's maximum)."})
public final class PlayCommand implements Callable<Integer> {

    @Parameters(paramLabel = "GAME", description = "draw-poker, holdem or dominoes")
    String game;

    @Option(names = "--players", description = "Players (holdem 2-9, default 4; draw-poker 2-6, default 2; dominoes 2-4, default 2).")
    Integer players;

    @Option(names = "--bots", paramLabel = "N|all", description = "How many seats bots play: a number or 'all' (default: all but yours).")
    String bots;

    @Option(names = "--hands", description = "Hands (rounds for dominoes) to play at most (default: 10; dominoes: the match to 100, at most 50 rounds).")
    Integer hands;

    @Option(names = "--seed", description = "Derive every secret and every bot decision from this seed: reproducible, NOT secret (tests and demos).")
    Long seed;

    @Option(names = "--stack", defaultValue = "1000", description = "Chips each poker player starts with (default: ${DEFAULT-VALUE}; blinds 10/20).")
    int stack;

    @Option(names = "--protocol", defaultValue = "deck", description = "deck (verifiable-deck/v1, default) or patent (FR 2823580, draw-poker for 2 only).")
    String protocol;

    @Option(names = "--transcript", paramLabel = "FILE", description = "Transcript base name; hand K goes to FILE-K.jsonl (default: play-GAME.jsonl).")
    Path transcript;

    @Option(names = "--action-seconds", defaultValue = "60", description = "Seconds a person has for each action; then it checks or folds (default: ${DEFAULT-VALUE}).")
    long actionSeconds;

    @Option(names = "--name", description = "Your name at the table, one word (default: alice, or guest when joining).")
    String name;

    @Option(names = "--host", paramLabel = "PORT", description = "Host a game on this TCP port (you are seat 0 and relay); waits for --players - 1 others.")
    Integer hostPort;

    @Option(names = "--join", paramLabel = "INVITATION", description = "Join a game by the host's invitation (or HOST:PORT with --insecure).")
    String join;

    @Option(names = "--insecure", description = "Plain TCP instead of TLS between the players. For tests.")
    boolean insecure;

    @Option(names = "--accept-new", description = "Hosting: let in a player whose key is not pinned yet, with a "
            + "warning, and pin it (trust on first use). Without it only pinned players may join.")
    boolean acceptNew;

    @Option(names = "--home", paramLabel = "DIR", description = "Profile directory (default: $FAIRTABLE_HOME or ~/.fairtable).")
    java.nio.file.Path home;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Address to listen on with --host (default: ${DEFAULT-VALUE}).")
    String bind;

    @Option(names = "--timeout", defaultValue = "300", description = "Seconds to wait for the other player over the network (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        GameKind kind = GameKind.byCommand(game);
        if (!protocol.equals("deck") && !protocol.equals("patent")) {
            throw new IllegalArgumentException("--protocol is deck or patent, not " + protocol);
        }
        if (hostPort != null && join != null) {
            throw new IllegalArgumentException("--host and --join exclude each other");
        }
        if (hostPort != null || join != null) {
            return network(kind, out);
        }
        int n = players != null ? players : kind.defaultPlayers();
        TableConfig config = new TableConfig(kind, TableConfig.DEFAULT_NAMES.subList(0, Math.min(n, 10)),
                hands != null ? hands : kind.defaultRounds(), stack, protocol.equals("patent"), seed);
        int botCount = bots == null ? n - 1 : bots.equals("all") ? n : Integer.parseInt(bots);
        if (botCount < n - 1 || botCount > n) {
            throw new IllegalArgumentException("--bots is " + (n - 1) + " (you play one seat) or all, not " + bots
                    + ": more people need --host/--join");
        }
        int human = botCount == n ? -1 : 0;
        List<TableNode> nodes = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            nodes.add(s == human ? humanSeat(config, s, out) : config.botSeat(s));
        }
        if (human >= 0) {
            nodes.get(human).narrateTo(line -> {
                out.println(line);
                out.flush();
            });
        }
        header(config, out, human);
        try {
            new LocalTable(nodes).play();
        } catch (ProtocolViolation v) {
            return stopped(config, nodes.get(Math.max(human, 0)), v, out);
        }
        return finish(config, nodes.get(Math.max(human, 0)), nodes, human < 0, out);
    }

    private TableNode humanSeat(TableConfig config, int seat, PrintWriter out) {
        return humanSeat(config, seat, config.signingKeyFor(seat), out);
    }

    private TableNode humanSeat(TableConfig config, int seat, SigningKey key, PrintWriter out) {
        TerminalPlayer person = new TerminalPlayer(seat, config.names(),
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), out, actionSeconds);
        return config.game() == GameKind.DOMINOES ? config.dominoSeat(seat, person, key)
                : config.pokerSeat(seat, person, key);
    }

    private void header(TableConfig config, PrintWriter out, int human) {
        out.printf("%s, %d players (%s), at most %d %ss, dealt by %s.%n", config.game().command(), config.players(),
                String.join(", ", config.names()), config.rounds(), config.game().roundName(),
                config.patent() ? "the FR 2823580 blind draw (both hands are revealed after each hand)"
                        : "verifiable-deck/v1 (one shuffled, proved deck per " + config.game().roundName() + ")");
        if (human >= 0) {
            out.println("You are " + config.names().get(human) + "; the others are bots.");
        }
        if (config.seed() != null) {
            out.println("Seeded with " + config.seed() + ": every secret is derived from the seed, so this game is NOT secret.");
        }
        out.println();
        out.flush();
    }

    private int finish(TableConfig config, TableNode me, List<TableNode> all, boolean printResults, PrintWriter out)
            throws Exception {
        if (printResults) {
            out.println("Results:");
            TableRun.printResults(config, me, out);
        }
        boolean conserved = TableRun.printStandings(config, me, out);
        out.println();
        Path base = transcript != null ? transcript : Path.of("play-" + config.game().command() + ".jsonl");
        List<TableNode> others = all.stream().filter(node -> node != me).toList();
        boolean verified = TableRun.writeAndAudit(config, me, others, base, out);
        boolean replayed = TableRun.replayChips(config, me, base, out);
        out.flush();
        return verified && conserved && replayed ? Main.OK : Main.FAILED;
    }

    /** A message was refused: say who broke what, write everything so far as evidence, audit it; exit 1. */
    private int stopped(TableConfig config, TableNode me, ProtocolViolation v, PrintWriter out) throws Exception {
        out.println();
        out.println("The game is stopped: FAILED: " + v.getMessage());
        Path base = transcript != null ? transcript : Path.of("play-" + config.game().command() + ".jsonl");
        TableRun.writeEvidence(config, me, base, out);
        out.flush();
        return Main.FAILED;
    }

    /**
     * One seat per process over TCP: the host (seat 0) accepts the other players, sends them the terms and
     * relays every message in one order; each process plays its one seat, as a person or a bot.
     */
    private int network(GameKind kind, PrintWriter out) throws Exception {
        boolean bot = bots != null && (bots.equals("all") || Integer.parseInt(bots) >= 1);
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        Duration turnTimeout = timeout.plusSeconds(actionSeconds);
        if (hostPort != null) {
            int n = players != null ? players : 2;
            if (n < kind.minPlayers() || n > kind.maxPlayers()) {
                throw new IllegalArgumentException(kind.command() + " is for " + kind.minPlayers() + " to "
                        + kind.maxPlayers() + " players, not " + n);
            }
            List<Transport> guests = new ArrayList<>();
            try {
                List<String> names = new ArrayList<>();
                names.add(name != null ? name : "alice");
                // Each seat's identity, the key that opened its channel and must sign its messages (TLS only).
                List<VerifyingKey> keys = new ArrayList<>();
                if (!insecure) {
                    keys.add(identity().verifyingKey());
                }
                try (ServerSocket server = TcpTransport.listen(bind, hostPort)) {
                    out.println("Waiting for " + (n - 1) + " player(s) on " + bind + ":" + server.getLocalPort() + " ...");
                    if (!insecure) {
                        out.println("Invitation: " + Invitation.SCHEME + bind + ":" + server.getLocalPort() + "/"
                                + Fingerprint.of(identity().verifyingKey()));
                    }
                    out.flush();
                    while (guests.size() < n - 1) {
                        Transport guest = insecure ? TcpTransport.accept(server, timeout)
                                : TlsTransport.accept(server, TlsIdentity.of(identity()), PeerCheck.anyKey(), timeout);
                        String guestName = NetworkTable.readName(guest, timeout);
                        if (guest instanceof TlsTransport tls && !admitted(guestName, tls.peerKey(), out)) {
                            guest.close();
                            continue;
                        }
                        guests.add(guest);
                        names.add(guestName);
                        if (guest instanceof TlsTransport tls) {
                            keys.add(tls.peerKey());
                        }
                        out.println(guestName + " joined from " + guest.peer()
                                + (guest instanceof TlsTransport tls ? ", key " + Fingerprint.of(tls.peerKey()) : ""));
                        out.flush();
                    }
                }
                int rounds = hands != null ? hands : kind.defaultRounds();
                TableConfig config = new TableConfig(kind, NetworkTable.distinct(names), rounds, stack,
                        protocol.equals("patent"), seed);
                NetworkTable.sendTerms(guests, new NetworkTable.Terms(kind, rounds, stack, config.patent(), 0,
                        config.names(), keys));
                TableNode node = networkSeat(config, 0, bot, out);
                try {
                    NetworkTable.playHost(node, guests, keys, turnTimeout);
                } catch (ProtocolViolation v) {
                    return stopped(config, node, v, out);
                }
                out.println();
                return finish(config, node, List.of(), false, out);
            } finally {
                guests.forEach(Transport::close);
            }
        }
        try (Transport host = connectToHost(timeout)) {
            NetworkTable.Terms terms = NetworkTable.join(host, name != null ? name : "guest", timeout);
            TableConfig config = new TableConfig(terms.game(), terms.names(), terms.rounds(), terms.stack(),
                    terms.patent(), seed);
            checkKeys(terms, host);
            TableNode node = networkSeat(config, terms.seat(), bot, out);
            try {
                NetworkTable.playGuest(node, host, terms.keys(), turnTimeout);
            } catch (ProtocolViolation v) {
                return stopped(config, node, v, out);
            }
            out.println();
            return finish(config, node, List.of(), false, out);
        }
    }

    /**
     * The host by its invitation over TLS, accepting only the key the invitation names; or, with
     * --insecure, plain TCP to HOST:PORT.
     */
    private Transport connectToHost(Duration timeout) throws IOException, TimeoutException {
        if (join.startsWith(Invitation.SCHEME)) {
            Invitation invitation = Invitation.parse(join);
            return insecure ? TcpTransport.connect(invitation.host(), invitation.port(), timeout)
                    : TlsTransport.connect(invitation, TlsIdentity.of(identity()), timeout);
        }
        if (!insecure) {
            throw new IllegalArgumentException("--join takes the host's invitation (fairtable://HOST:PORT/FINGERPRINT),"
                    + " or HOST:PORT with --insecure");
        }
        int colon = join.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("--join takes HOST:PORT, not " + join);
        }
        return TcpTransport.connect(join.substring(0, colon), Integer.parseInt(join.substring(colon + 1)), timeout);
    }

    private SigningKey identityKey;

    /** This user's identity, which authenticates the channel to the host. */
    private SigningKey identity() throws IOException {
        if (identityKey == null) {
            identityKey = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom()).identity();
        }
        return identityKey;
    }

    /** The host's pinning policy for a guest who proved its key: pinned, or new and let in by --accept-new. */
    private boolean admitted(String guestName, VerifyingKey key, PrintWriter out) throws IOException {
        Profile profile = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
        try {
            KnownPeers.Admission admission = profile.knownPeers().admit(guestName, key,
                    acceptNew ? TrustDecision.ACCEPT_NEW_KEY_WITH_WARNING : TrustDecision.REQUIRE_KNOWN_KEY);
            if (admission == KnownPeers.Admission.NEWLY_PINNED) {
                out.println("WARNING: " + guestName + " is new: their key " + Fingerprint.of(key) + " is now pinned. "
                        + "Compare it with theirs by another channel (read it aloud).");
            }
            return true;
        } catch (UntrustedPeerException e) {
            out.println("Refused " + guestName + ": " + e.getMessage());
            out.flush();
            return false;
        }
    }

    /**
     * A guest on a TLS table checks that the terms name the host's key as the one its channel presented and
     * its own key at its own seat: the keys every seat's messages will be checked against.
     */
    private void checkKeys(NetworkTable.Terms terms, Transport host) throws IOException {
        if (!(host instanceof TlsTransport tls)) {
            return;
        }
        if (terms.keys().isEmpty() || !terms.keys().get(0).equals(tls.peerKey())
                || !terms.keys().get(terms.seat()).equals(identity().verifyingKey())) {
            throw new IOException("the host's terms do not name its own key and yours at your seat; not playing");
        }
    }

    private TableNode networkSeat(TableConfig config, int seat, boolean bot, PrintWriter out) throws IOException {
        // Across processes over TLS a seat signs with its player's identity, so the game is bound to the person.
        SigningKey key = insecure ? config.signingKeyFor(seat) : identity();
        TableNode node = bot ? config.botSeat(seat, key) : humanSeat(config, seat, key, out);
        node.narrateTo(line -> {
            out.println(line);
            out.flush();
        });
        header(config, out, bot ? -1 : seat);
        out.println("You are " + config.names().get(seat) + (bot ? " (played by a bot)" : "") + ", seat " + seat + ".");
        out.flush();
        return node;
    }
}
