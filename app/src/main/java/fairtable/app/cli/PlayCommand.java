package fairtable.app.cli;

import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.app.SeenCards;
import fairtable.app.net.HostPort;
import fairtable.app.net.SeatTerms;
import fairtable.app.net.SessionSeat;
import fairtable.app.net.TableLink;
import fairtable.app.play.CardStyle;
import fairtable.app.play.GameSettings;
import fairtable.app.play.LocalGame;
import fairtable.app.play.SeatSeeds;
import fairtable.app.play.TerminalTablePlayer;
import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.games.definitions.FiveCardDraw;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.net.Actor;
import fairtable.net.Connector;
import fairtable.net.Transport;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.net.identity.UntrustedPeerException;
import fairtable.net.journal.Journal;
import fairtable.net.session.SessionClient;
import fairtable.net.tcp.TcpTransport;
import fairtable.net.tls.PeerCheck;
import fairtable.net.tls.TlsIdentity;
import fairtable.net.tls.TlsTransport;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * Plays a card game dealt only by the verifiable deck: alone against bots, bots only, or one seat per process. A
 * game registered in {@link Games} is one table/v1 session (one signed transcript for the whole game, audited
 * through its rules): in one process over an in-memory table, or across processes (--host/--join) through the
 * relaying session host that `table` uses. Heads-up draw poker may be dealt by the FR 2823580 draw instead of the
 * verifiable deck (--protocol patent): the same one session, the deck named in the table's parameters.
 */
@Command(name = "play", mixinStandardHelpOptions = true,
        description = {"Play a card game: every card is dealt by the verifiable deck, no player's software ever holds "
                + "another player's hidden card, and the transcript is audited at the end.",
            "--bots all plays unattended; with fewer bots than players you play one seat at the terminal.",
            "A registered game (fairtable play list) is one signed transcript for the whole game, audited through "
                + "its rules; --set NAME=VALUE changes its settings.",
            "--host PORT / --join INVITATION: one process per player over TLS; the host relays the one signed session."})
public final class PlayCommand implements Callable<Integer> {

    @Parameters(paramLabel = "GAME", description = "A registered game (${sys:fairtable.games}); 'list' lists "
            + "the registered games with their settings.")
    String game;

    @Option(names = "--players", description = "Players (default: the game's, see 'fairtable play list'; with --host: 2).")
    Integer players;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "A setting of a registered game, e.g. --set "
            + "hands=20 (repeatable; 'fairtable play list' shows each game's settings and defaults).")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = "--bots", paramLabel = "N|all", description = "How many seats bots play: a number or 'all' (default: all but yours).")
    String bots;

    @Option(names = "--hands", description = "Hands (rounds for dominoes) to play at most (default: 10; dominoes: the match to 100, at most 50 rounds).")
    Integer hands;

    @Option(names = "--seed", description = "Derive every secret and every bot decision from this seed: reproducible, NOT secret (tests and demos).")
    Long seed;

    @Option(names = "--stack", description = "Chips each poker player starts with (default: 1000; blinds 10/20).")
    Integer stack;

    @Option(names = "--protocol", defaultValue = "deck", description = "deck (verifiable-deck/v1, default) or patent (FR 2823580, draw-poker for 2 only).")
    String protocol;

    @Option(names = "--transcript", paramLabel = "FILE", description = "Where the transcript goes (default: play-GAME.jsonl).")
    Path transcript;

    @Option(names = "--action-seconds", defaultValue = "60", description = "Across processes: how much longer than --timeout the others wait for "
            + "a person to move (default: ${DEFAULT-VALUE}).")
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

    @Option(names = "--journal", paramLabel = "FILE", description = "With --host or --join: keep a crash-safe journal of "
            + "your seat in FILE; after a crash run the same command again to take the seat up where it stopped "
            + "(the host needs a fixed --host PORT). It holds your seat's secrets: keep it private.")
    Path journalFile;

    @Option(names = "--timeout", defaultValue = "300", description = "Seconds to wait for the other player over the network (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @ParentCommand
    Main main;

    /** The players' names at a table in one process, seat by seat. */
    private static final List<String> DEFAULT_NAMES =
            List.of("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy");

    @Override
    public Integer call() throws Exception {
        PrintWriter out = CardStyle.detect().wrap(spec.commandLine().getOut());
        try {
            return play(out);
        } finally {
            out.flush();
        }
    }

    private int play(PrintWriter out) throws Exception {
        if (!protocol.equals("deck") && !protocol.equals("patent")) {
            throw new IllegalArgumentException("--protocol is deck or patent, not " + protocol);
        }
        if (hostPort != null && join != null) {
            throw new IllegalArgumentException("--host and --join exclude each other");
        }
        Games games = Main.games(main);
        if (game.equals("list")) {
            return list(games, out);
        }
        Optional<GameDefinition<?, ?>> definition = games.definition(game);
        if (definition.isPresent()) {
            PatentParameters patent = protocol.equals("patent") ? patentDraw(definition.get()) : null;
            return hostPort == null && join == null ? local(definition.get(), games, patent, out)
                    : session(definition.get(), games, patent, out);
        }
        if (protocol.equals("patent")) {
            throw new IllegalArgumentException("unknown game '" + game + "': over --protocol patent, " + FiveCardDraw.NAME
                    + " for 2 plays");
        }
        throw new IllegalArgumentException("unknown game '" + game + "': "
                + (games.names().isEmpty() ? "no game is registered" : String.join(", ", games.names())));
    }

    /** The FR 2823580 draw that deals {@code definition} under --protocol patent: heads-up draw poker only. */
    private static PatentParameters patentDraw(GameDefinition<?, ?> definition) {
        if (!definition.name().equals(FiveCardDraw.NAME)) {
            throw new IllegalArgumentException(definition.name() + " does not play over --protocol patent ("
                    + FiveCardDraw.NAME + " for 2 does); without it, " + definition.name()
                    + " plays on the verifiable deck");
        }
        return FiveCardDraw.patentDraw(PatentMode.DEFAULT);
    }

    /** Every registered game, its summary and its settings with their defaults. */
    private static int list(Games games, PrintWriter out) {
        if (games.definitions().isEmpty()) {
            out.println("No game is registered.");
        }
        for (GameDefinition<?, ?> d : games.definitions()) {
            out.println(d.name() + ": " + d.summary() + " (" + d.minSeats() + " to " + d.maxSeats() + " players)");
            List<String> defaults = new ArrayList<>();
            d.defaults().forEach((k, v) -> defaults.add(k + "=" + v));
            out.println("  settings: " + (defaults.isEmpty() ? "none" : String.join(", ", defaults)));
        }
        out.flush();
        return Main.OK;
    }

    /** A registered game in this process, one table/v1 session over an in-memory table. */
    private int local(GameDefinition<?, ?> definition, Games games, PatentParameters patent, PrintWriter out)
            throws IOException {
        int n = GameSettings.players(definition, players, settings);
        GameSettings.requireSeats(definition, n);
        Map<String, String> chosen = chosenSettings(definition, n);
        if (n > DEFAULT_NAMES.size()) {
            throw new IllegalArgumentException("at most " + DEFAULT_NAMES.size() + " players, not " + n);
        }
        int botCount = botCount(n);
        if (botCount < n - 1 || botCount > n) {
            throw new IllegalArgumentException("--bots is " + (n - 1) + " (you play one seat) or all, not " + bots
                    + ": more people need more processes");
        }
        int person = botCount == n ? -1 : 0;
        List<String> names = new ArrayList<>(DEFAULT_NAMES.subList(0, n));
        if (person >= 0 && name != null) {
            if (names.subList(1, n).contains(name)) {
                throw new IllegalArgumentException("--name " + name + " is a bot's name here; choose another");
            }
            names.set(person, name);
        }
        Path file = newTranscript(definition, true);
        BufferedReader in = new BufferedReader(new InputStreamReader(main != null ? main.input() : System.in,
                StandardCharsets.UTF_8));
        return LocalGame.play(definition, new LocalGame.Setup(names, chosen, person, seed, file, patent), games, in,
                out);
    }

    /**
     * Where this game's transcript goes, never over an earlier game's: the default name is numbered on
     * (play-holdem-2.jsonl), and an existing --transcript is refused when {@code strict}.
     */
    private Path newTranscript(GameDefinition<?, ?> definition, boolean strict) {
        if (transcript != null) {
            if (strict && java.nio.file.Files.exists(transcript)) {
                throw new IllegalArgumentException("--transcript " + transcript + " already exists (an earlier game's?):"
                        + " name another file, or remove it first");
            }
            return transcript;
        }
        Path file = Path.of("play-" + definition.name() + ".jsonl");
        for (int i = 2; java.nio.file.Files.exists(file); i++) {
            file = Path.of("play-" + definition.name() + "-" + i + ".jsonl");
        }
        return file;
    }

    /** The game's settings for a table of {@code n}: --set, and --hands and --stack as the settings they stand for. */
    private Map<String, String> chosenSettings(GameDefinition<?, ?> definition, int n) {
        Map<String, String> chosen = GameSettings.forTable(definition, n, settings);
        if (hands != null) {
            chosen.putIfAbsent(settingFor(definition, "--hands", "hands", "rounds"), Integer.toString(hands));
        }
        if (stack != null) {
            chosen.putIfAbsent(settingFor(definition, "--stack", "stack", "stacks"), Integer.toString(stack));
        }
        return chosen;
    }

    /** The game's setting an older option stands for: the first of {@code candidates} the game has. */
    private static String settingFor(GameDefinition<?, ?> definition, String option, String... candidates) {
        for (String c : candidates) {
            if (definition.defaults().containsKey(c)) {
                return c;
            }
        }
        throw new IllegalArgumentException(definition.name() + " has no setting for " + option + "; its settings: "
                + String.join(", ", definition.defaults().keySet()));
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
        HostPort address = HostPort.parse("--join", join);
        return TcpTransport.connect(address.host(), address.port(), timeout);
    }

    /** The seats --bots gives to bots out of {@code n}: all but one unless said, {@code n} for "all". */
    private int botCount(int n) {
        if (bots == null) {
            return n - 1;
        }
        if (bots.equals("all")) {
            return n;
        }
        if (!bots.matches("\\d{1,4}")) {
            throw new IllegalArgumentException("--bots takes a number of seats or all, not '" + bots + "'");
        }
        return Integer.parseInt(bots);
    }

    private Profile profile;

    private Profile profile() throws IOException {
        if (profile == null) {
            profile = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
        }
        return profile;
    }

    /** This user's identity, which authenticates the channel to the host. */
    private SigningKey identity() throws IOException {
        return profile().identity();
    }

    /** The name this player goes by at the table, under which the others pin its key: --name, else the profile's. */
    private String playerName() throws IOException {
        return TrustOptions.playerName(name, profile());
    }

    /** The one trust rule: the profile's pins, --accept-new, and the person at a terminal. */
    private TrustRule rule(PrintWriter out) throws IOException {
        return new TrustRule(profile().knownPeers(), Set.of(), acceptNew, TrustRule.Asker.terminal(), line -> {
            out.println(line);
            out.flush();
        });
    }

    /**
     * Gives {@code guest} the next seat unless its key has one already or it is not admitted (then it is told
     * why and its connection closed).
     */
    private void seat(Transport guest, String guestName, List<Transport> guests, List<String> names,
            List<VerifyingKey> keys, PrintWriter out) throws IOException {
        if (guest instanceof TlsTransport tls && keys.contains(tls.peerKey())) {
            out.println("Refused " + guestName + ": the key " + Fingerprint.of(tls.peerKey()) + " has a seat already");
            out.flush();
            guest.close();
            return;
        }
        if (guest instanceof TlsTransport tls && !admitted(guestName, tls.peerKey(), out)) {
            guest.close();
            return;
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

    /** The trust rule for a guest who proved its key: pinned, or new and accepted (--accept-new, or asked). */
    private boolean admitted(String guestName, VerifyingKey key, PrintWriter out) throws IOException {
        try {
            rule(out).admit(guestName, key, false);
            return true;
        } catch (UntrustedPeerException e) {
            out.println("Refused " + guestName + ": " + e.getMessage());
            out.flush();
            return false;
        }
    }

    /** The invitation pins the host: its key, proven by the channel, under the name it goes by (refused if that name has another key). */
    private void pinHost(String hostName, VerifyingKey key) throws IOException {
        new TrustRule(profile().knownPeers(), Set.of(), false, Optional.empty(), line -> { }).admit(hostName, key, true);
    }

    /**
     * A registered game across processes, one seat per process: one table/v1 session through the relaying host (the
     * machinery of `fairtable table`), whose signed receipts expose a host who drops, reorders or equivocates. The
     * host lets the players in (only pinned ones unless --accept-new), tells each its seat and the table, then admits
     * them to its relay; this seat is played by its bot (--bots) or by the person at the terminal. With --journal a
     * killed process runs the same command again and takes its seat up where it stopped. At the end the session's
     * one transcript is written and audited through the game's rules; the result printed is the audit's.
     */
    private <S, M> int session(GameDefinition<S, M> definition, Games games, PatentParameters patent, PrintWriter out)
            throws Exception {
        boolean bot = bots != null && (bots.equals("all") || Integer.parseInt(bots) >= 1);
        SigningKey me = identity();
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        // Another seat may be a person thinking: the table may be silent for a whole action as well.
        Duration patience = timeout.plusSeconds(actionSeconds);
        Journal journal = journalFile == null ? null : Journal.open(journalFile, me);
        TableLink link = null;
        try {
            byte[] saved = journal == null ? null : journal.last().map(Journal.Entry::state).orElse(null);
            BufferedReader in = new BufferedReader(new InputStreamReader(main != null ? main.input() : System.in,
                    StandardCharsets.UTF_8));
            TableParty<S, M>[] party = newPartyHolder();
            TablePlayer<S, M> player = sessionPlayer(definition, bot, party, in, out);
            SeatTerms terms = null;
            Connector connector;
            if (hostPort != null) {
                link = TableLink.open(me, bind, hostPort, journal == null ? null
                        : journalFile.resolveSibling(journalFile.getFileName() + ".host"));
                if (saved == null) {
                    terms = gatherSession(definition, patent, link, me, timeout, out);
                } else {
                    out.println("Waiting on " + bind + ":" + link.port() + " for the players to come back ...");
                }
                // Only the seated keys come back to the relay (after a restart: only pinned ones).
                List<VerifyingKey> seated = terms == null ? List.of() : terms.keys();
                PeerCheck back = terms == null ? TableLink.admissible(rule(out)) : key -> {
                    if (!seated.contains(key)) {
                        throw UntrustedPeerException.stranger(Fingerprint.of(key));
                    }
                };
                link.acceptAll(me, insecure, timeout, back, line -> {
                    out.println(line);
                    out.flush();
                });
                connector = link.seat();
            } else if (saved == null) {
                Transport host = connectToHost(timeout);
                terms = SeatTerms.join(host, playerName(), timeout);
                checkSessionKeys(terms, host, me);
                if (host instanceof TlsTransport tls) {
                    pinHost(terms.names().get(0), tls.peerKey());
                }
                if (!terms.table().game().equals(definition.name())) {
                    host.close();
                    throw new IllegalArgumentException("the host plays " + terms.table().game() + ", not " + game);
                }
                requireHostsSettings(definition, terms.table(), host);
                Transport[] first = {host};
                Connector again = TableLink.join(join, me, insecure);
                connector = wait -> {
                    Transport t = first[0];
                    first[0] = null;
                    return t != null ? t : again.connect(wait);
                };
            } else {
                connector = TableLink.join(join, me, insecure);
            }
            if (saved != null) {
                party[0] = TableParty.restore(saved, definition, me, new SecureRandom(), player);
                out.println("Resuming from " + journalFile + " after " + party[0].transcript().size() + " messages: "
                        + party[0].awaiting());
            } else {
                int seat = terms.seat();
                party[0] = TableParty.create(definition, terms.table(), seat, terms.names().get(seat), me,
                        seed == null ? new SecureRandom() : SeatSeeds.secrets(seed, seat), player);
                sessionHeader(definition, terms, bot, out);
            }
            out.flush();
            String myName = terms != null ? terms.names().get(terms.seat()) : party[0].nameOf(party[0].seat());
            SessionSeat.Result played = SessionSeat.play(party[0], me, myName,
                    Actor.PASSIVE, journal, connector, p -> patience, patience, bot ? null : out);
            if (link != null) {
                link.close();
                link = null;
            }
            return sessionEnd(definition, party[0], played, terms, games, out);
        } finally {
            if (link != null) {
                link.close();
            }
            if (journal != null) {
                journal.close();
            }
        }
    }

    /**
     * A joiner who named settings gets the table it asked for or none: playing the host's other table instead would
     * leave the person guessing. The invitation alone takes the host's settings.
     */
    private void requireHostsSettings(GameDefinition<?, ?> definition, TableParameters table, Transport host)
            throws IOException {
        String refusal = null;
        int n = table.players();
        String asked = players != null ? "--players " + players : settings.containsKey("players")
                ? "--set players=" + settings.get("players") : null;
        if (asked != null && !asked.endsWith(" " + n)) {
            refusal = "the host's " + definition.name() + " table is for " + n + " players, not " + asked;
        } else if (!settings.isEmpty() || hands != null || stack != null) {
            byte[] mine = definition.options(chosenSettings(definition, n));
            if (!java.util.Arrays.equals(mine, table.options())) {
                List<String> given = new ArrayList<>();
                settings.forEach((k, v) -> given.add("--set " + k + "=" + v));
                if (hands != null) {
                    given.add("--hands " + hands);
                }
                if (stack != null) {
                    given.add("--stack " + stack);
                }
                refusal = "the host's " + definition.name() + " table has other settings than "
                        + String.join(" ", given);
            }
        }
        if (refusal != null) {
            host.close();
            throw new IllegalArgumentException(refusal + "; join with the invitation alone to take the host's settings");
        }
    }

    @SuppressWarnings("unchecked")
    private static <S, M> TableParty<S, M>[] newPartyHolder() {
        return (TableParty<S, M>[]) new TableParty<?, ?>[1];
    }

    /**
     * This seat's player: the game's bot, or the person at the terminal, shown the seat's view and legal moves; the
     * round announced at the seat's first move in it, each move made here printed. The party is read when a move is due: its names and round.
     */
    private <S, M> TablePlayer<S, M> sessionPlayer(GameDefinition<S, M> definition, boolean bot,
            TableParty<S, M>[] party, BufferedReader in, PrintWriter out) {
        List<TablePlayer<S, M>> chosen = new ArrayList<>(1); // made at the first move, when the seat is known
        int[] shownRound = {0};
        return (view, seat, legal) -> {
            TableParty<S, M> p = party[0];
            if (p.round() != shownRound[0]) {
                shownRound[0] = p.round();
                out.println("Round " + shownRound[0] + ":");
            }
            if (chosen.isEmpty()) {
                List<String> names = new ArrayList<>();
                for (int s = 0; s < p.parameters().players(); s++) {
                    names.add(p.nameOf(s));
                }
                chosen.add(bot ? definition.bot(seed == null ? new SecureRandom() : SeatSeeds.bot(seed, seat))
                        : new TerminalTablePlayer<>(definition, names, in, out));
            }
            M move = chosen.get(0).choose(view, seat, legal);
            if (move != null) {
                out.println("  " + p.nameOf(seat) + ": " + definition.describe(move));
            }
            out.flush();
            return move;
        };
    }

    /** The host lets the players in, agrees the table and tells each its seat; then admits them to the relay. */
    private SeatTerms gatherSession(GameDefinition<?, ?> definition, PatentParameters patent, TableLink link,
            SigningKey me, Duration timeout, PrintWriter out) throws Exception {
        int n = players != null || settings.containsKey("players")
                ? GameSettings.players(definition, players, settings) : Math.max(2, definition.minSeats());
        GameSettings.requireSeats(definition, n);
        byte[] options = definition.options(chosenSettings(definition, n));
        TableParameters table;
        try {
            table = new TableParameters(definition.name(), n, options, patent);
        } catch (IllegalArgumentException refused) {
            throw new IllegalArgumentException(definition.name() + " over --protocol patent: " + refused.getMessage());
        }
        List<String> names = new ArrayList<>(List.of(name != null ? name : "alice"));
        try {
            definition.setup(java.util.stream.IntStream.range(0, n).mapToObj(s -> "seat" + s).toList(), options);
        } catch (IllegalMove refused) {
            throw new IllegalArgumentException(definition.name() + " cannot be played so: " + refused.getMessage());
        }
        List<VerifyingKey> keys = new ArrayList<>();
        if (!insecure) {
            keys.add(me.verifyingKey());
        }
        List<Transport> guests = new ArrayList<>();
        ServerSocket server = link.server();
        out.println("Waiting for " + (n - 1) + " player(s) on " + bind + ":" + link.port() + " ...");
        if (!insecure) {
            out.println("Invitation: " + link.invitation());
        }
        out.flush();
        try {
            while (guests.size() < n - 1) {
                Transport guest = insecure ? TcpTransport.accept(server, timeout)
                        : TlsTransport.accept(server, TlsIdentity.of(me), PeerCheck.anyKey(), timeout);
                String guestName;
                try {
                    guestName = SeatTerms.readName(guest, timeout);
                } catch (IOException | TimeoutException e) {
                    out.println("Refused a player from " + guest.peer() + ": " + e.getMessage());
                    guest.close();
                    continue;
                }
                seat(guest, guestName, guests, names, keys, out);
            }
        } catch (Exception e) {
            guests.forEach(Transport::close);
            throw e;
        }
        List<String> seated = SeatTerms.distinct(names);
        for (int g = 0; g < guests.size(); g++) {
            guests.get(g).send(new SeatTerms(g + 1, table, seated, keys).toBytes());
            link.admit(guests.get(g));
        }
        return new SeatTerms(0, table, seated, keys);
    }

    /** A guest over TLS checks that the terms name the host's channel key at seat 0 and its own key at its seat. */
    private static void checkSessionKeys(SeatTerms terms, Transport host, SigningKey me) throws IOException {
        if (!(host instanceof TlsTransport tls)) {
            return;
        }
        if (terms.keys().isEmpty() || !terms.keys().get(0).equals(tls.peerKey())
                || !terms.keys().get(terms.seat()).equals(me.verifyingKey())) {
            host.close();
            throw new IOException("the host's terms do not name its own key and yours at your seat; not playing");
        }
    }

    private void sessionHeader(GameDefinition<?, ?> definition, SeatTerms terms, boolean bot, PrintWriter out) {
        out.printf("%s for %d players (%s): %s.%n", definition.name(), terms.names().size(),
                String.join(", ", terms.names()), definition.summary());
        out.println("One signed session (" + TableParameters.PROTOCOL + ") through the host's relay: every move and"
                + " deck step of the whole game in one transcript.");
        if (terms.table().patent() != null) {
            out.println("Every hand is dealt by the FR 2823580 blind draw (" + terms.table().patent() + "): its keys"
                    + " are revealed when the hand closes, so both hands are shown after every hand, folded or not.");
        }
        out.println("You are " + terms.names().get(terms.seat()) + (bot ? " (played by a bot)" : "") + ", seat "
                + terms.seat() + "." + (bot ? "" : " Type help for help."));
        if (seed != null) {
            out.println("Seeded with " + seed + ": every secret is derived from the seed, so this game is NOT secret.");
        }
        out.println();
    }

    /**
     * What the seat kept goes to the transcript file; then who was present, this seat's view, the result, and the
     * audit of the file, which must give that result. Over TLS each seat's hello must carry the key it was let in by.
     */
    private <S, M> int sessionEnd(GameDefinition<S, M> definition, TableParty<S, M> party, SessionSeat.Result played, SeatTerms terms, Games games,
            PrintWriter out) throws IOException {
        Path file = newTranscript(definition, false); // a resumed seat may meet its own earlier "so far" file
        TranscriptFile.write(file, party.transcript().envelopes(), party.rejected());
        if (party.transcript().established()) {
            SeenCards.write(file, party); // for the replay page's "as I saw it" (drop both files there)
        }
        out.println();
        out.println("Players: " + SessionSeat.present(party, played.presence()));
        SessionClient.Outcome outcome = played.outcome();
        if (!outcome.finished() || !party.isFinished()) {
            out.println("Stopped: " + outcome.stopReason("the game is unfinished: it awaits " + party.awaiting()));
            out.println("Transcript so far: " + file + " (" + party.transcript().size() + " messages)");
            if (party.failure().isPresent() || outcome.problem().isPresent()) {
                out.println("Audit: " + Audits.audit(party, games).line());
                out.flush();
                return Main.FAILED;
            }
            out.flush();
            return Main.ERROR;
        }
        List<String> names = new ArrayList<>();
        for (int s = 0; s < party.parameters().players(); s++) {
            names.add(party.nameOf(s));
        }
        if (terms != null && !terms.keys().isEmpty()) {
            List<VerifyingKey> signed = party.transcript().hellos().stream().map(h -> h.key()).toList();
            if (!signed.equals(terms.keys())) {
                out.println("NOT AGREED: the seats' hellos are not signed by the keys the host let in");
                out.flush();
                return Main.FAILED;
            }
        }
        Outcome result = party.outcome().orElseThrow();
        out.println("What you see at the end:");
        definition.render(party.view(), party.seat(), names).forEach(line -> out.println("  " + line));
        out.println("Result: " + result.text());
        out.println("Transcript: " + file + " (" + party.transcript().size() + " messages, the whole game; check it"
                + " yourself: fairtable audit " + file + ")");
        AuditVerdict verdict = Audits.auditWritten(file, games);
        out.println("Audit: " + verdict.line());
        boolean agreed = !verdict.verified() || verdict.summary().contains(result.text());
        if (!agreed) {
            out.println("NOT AGREED: the audit's result is not the game's (" + result.text() + ")");
        }
        out.flush();
        return verdict.verified() && agreed ? Main.OK : Main.FAILED;
    }

}
