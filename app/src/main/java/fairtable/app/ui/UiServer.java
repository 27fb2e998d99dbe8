package fairtable.app.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.app.Audits;
import fairtable.app.SeenCards;
import fairtable.app.cli.MailGames;
import fairtable.app.play.SeatSeeds;
import fairtable.games.chess.Color;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.net.correspondence.GameStatus;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.journal.Journal;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.websocket.server.WebSocketUpgradeHandler;

/**
 * The player's node as a web server on 127.0.0.1: the pages (static files from the classpath, no build step), a
 * small JSON API for the home page, the audit page and new tables, and one WebSocket per table that carries the
 * person's seat view out and the person's moves in. Every request passes the {@link AccessGuard} first. One
 * server serves one profile.
 */
public final class UiServer implements AutoCloseable {
    /** The largest body the API reads: a transcript to audit. */
    static final int MAX_BODY = 64 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * Reads the replay page's transcript and record sent together: Jackson's own cap on a string (20 MB) would refuse
     * a long record as unreadable before {@link SeenCards#parse} could name its limit, and a transcript as long as
     * one dropped alone.
     */
    private static final ObjectMapper TRANSCRIPT_AND_RECORD = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory
            .builder().streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
                    .maxStringLength(MAX_BODY).build()).build());
    private static final Pattern STATIC = Pattern.compile("/static/([a-z][a-z0-9-]*\\.(?:css|js|svg))");
    private static final Pattern TABLE = Pattern.compile("/api/tables/([a-z0-9-]+)/transcript");
    private static final Map<String, String> PAGES = Map.of("/", "index.html", "/table", "table.html",
            "/audit", "audit.html", "/allocate", "allocate.html", "/replay", "replay.html", "/mail", "mail.html");
    /** A game by mail, by its directory's name under the profile's mail directory. */
    private static final Pattern MAIL_GAME =
            Pattern.compile("/api/mail/games/([A-Za-z0-9][A-Za-z0-9._-]{0,63})(/receive|/move|/transcript)?");
    private static final Pattern ALLOCATION = Pattern.compile("/api/allocations/(a[0-9]+)(/csv|/unblind|/claim|/answer)?");
    private static final String WEB = "/fairtable/app/ui/web/";
    /** Where in the profile the games by mail live, one directory each. */
    public static final String MAIL_DIRECTORY = "mail";
    /** A transcript this node wrote in its ui-transcripts directory, by its plain name (no path). */
    private static final Pattern OWN_TRANSCRIPT =
            Pattern.compile("/api/replay/files/([A-Za-z0-9][A-Za-z0-9._-]*\\.jsonl)");
    /** The transcript of one of the person's finished games by mail, by the game's directory name. */
    private static final Pattern MAIL_TRANSCRIPT = Pattern.compile("/api/replay/mail/([A-Za-z0-9][A-Za-z0-9._-]{0,63})");

    private final Profile profile;
    private final Games games;
    private final int actionSeconds;
    private final String token;
    private final Server server;
    private final Map<String, NodeTable> tables = new ConcurrentHashMap<>();
    private final Map<String, BrowserAllocation> allocations = new ConcurrentHashMap<>();
    private final AtomicInteger tableCount = new AtomicInteger();
    private final ScheduledExecutorService clock;
    private final Path transcripts;
    /** HOME/ui-journals: the journal of each unfinished table the person plays (against the bots or other nodes). */
    private final Path journals;
    /** Tables whose journal could not be taken up when the node started, one line each, for the home page. */
    private final List<String> journalProblems = new ArrayList<>();
    /** Where the node's own tables draw their secrets and bots' choices: null for SecureRandom, a seed in tests. */
    private final SplittableRandom seeds;
    private final Network network;
    /** The person's games by correspondence: HOME/mail, the directories `fairtable mail --dir` reads as well. */
    private final MailGames mail;

    /**
     * How this node's networked tables meet other nodes: the address the tables it hosts listen on for the other
     * players, and a seed from which every secret and bot decision of its seats is derived (reproducible, NOT secret:
     * tests and demos), or null.
     */
    public record Network(String bind, Long seed) {
        public static final Network LOCAL = new Network("127.0.0.1", null);
    }

    private UiServer(Profile profile, Games games, int actionSeconds, String token, Server server, Network network,
            SplittableRandom seeds) throws IOException {
        this.network = network;
        this.seeds = seeds;
        this.profile = profile;
        this.games = games;
        this.actionSeconds = actionSeconds;
        this.token = token;
        this.server = server;
        this.transcripts = profile.directory().resolve("ui-transcripts");
        this.mail = new MailGames(profile.directory().resolve(MAIL_DIRECTORY), profile);
        Files.createDirectories(transcripts);
        this.journals = OwnerOnlyFiles.directory(profile.directory().resolve("ui-journals"));
        this.clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ui-clock");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts serving {@code profile} on 127.0.0.1 at {@code port} (0: a free port), with a fresh secret token.
     * {@code actionSeconds} is the person's clock for each decision.
     */
    public static UiServer start(Profile profile, Games games, int port, int actionSeconds) throws Exception {
        return start(profile, games, port, actionSeconds, Network.LOCAL, null);
    }

    /** As {@link #start(Profile, Games, int, int)}; tests give {@code seeds} so that the bots' games repeat. */
    static UiServer start(Profile profile, Games games, int port, int actionSeconds, SplittableRandom seeds)
            throws Exception {
        return start(profile, games, port, actionSeconds, Network.LOCAL, seeds);
    }

    /** As above, its networked tables meeting other nodes as {@code network} says. */
    public static UiServer start(Profile profile, Games games, int port, int actionSeconds, Network network)
            throws Exception {
        return start(profile, games, port, actionSeconds, network, null);
    }

    private static UiServer start(Profile profile, Games games, int port, int actionSeconds, Network network,
            SplittableRandom seeds)
            throws Exception {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        // Jetty logs through SLF4J; the node has no logging of its own, so it selects SLF4J's own silent provider
        // rather than have SLF4J warn that it found none.
        System.setProperty("slf4j.provider", "org.slf4j.helpers.NOP_FallbackServiceProvider");
        System.setProperty("slf4j.internal.verbosity", "WARN");
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        UiServer ui = new UiServer(profile, games, actionSeconds, token, server, network, seeds);
        ui.takeUpJournals();
        ContextHandler context = new ContextHandler("/");
        WebSocketUpgradeHandler sockets = WebSocketUpgradeHandler.from(server, context, container -> {
            container.setIdleTimeout(Duration.ofHours(12));
            container.setMaxTextMessageSize(64 * 1024);
            container.addMapping("/ws/tables/*", (request, response, callback) -> {
                String id = request.getHttpURI().getPath().substring("/ws/tables/".length());
                NodeTable table = ui.tables.get(id);
                if (table == null) {
                    Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404, "no such table");
                    return null;
                }
                return new TableSocket(table);
            });
        });
        sockets.setHandler(new Router(ui));
        context.setHandler(new AccessGuard(token, connector::getLocalPort, sockets));
        server.setHandler(context);
        server.start();
        return ui;
    }

    /** The address to open: it carries the secret token. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + port() + "/?token=" + token);
    }

    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    public InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", port());
    }

    /** Blocks until the server stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    @Override
    public void close() throws Exception {
        tables.values().forEach(NodeTable::close);
        allocations.values().forEach(BrowserAllocation::close);
        clock.shutdownNow();
        server.stop();
    }

    private static final String JOURNAL = ".journal";
    /** Beside a networked table's journal: how its seat meets the others again, and its relay's log at the host. */
    private static final String MEETING = ".table";
    private static final String RELAY = ".relay";

    /** Where a networked table {@code id} keeps its seat (and, at the host, its relay) to be taken up again. */
    private NetworkTable.Kept kept(String id, boolean hosting) throws IOException {
        return new NetworkTable.Kept(Journal.open(journals.resolve(id + JOURNAL), profile.identity()),
                hosting ? journals.resolve(id + RELAY) : null, journals.resolve(id + MEETING));
    }
    private static final Pattern JOURNAL_NAME = Pattern.compile("t([0-9]{1,9})\\" + JOURNAL);

    /**
     * Takes up every table this node was playing when it stopped, from its journal in HOME/ui-journals: listed on the
     * home page as in progress, each goes on when its page is opened. New tables are numbered after them.
     */
    private void takeUpJournals() throws IOException {
        List<Path> files;
        try (var list = Files.list(journals)) {
            files = list.filter(f -> JOURNAL_NAME.matcher(f.getFileName().toString()).matches()).sorted().toList();
        }
        for (Path file : files) {
            Matcher m = JOURNAL_NAME.matcher(file.getFileName().toString());
            m.matches();
            String id = "t" + Integer.parseInt(m.group(1));
            tableCount.accumulateAndGet(Integer.parseInt(m.group(1)), Math::max);
            Journal journal = null;
            try {
                journal = Journal.open(file, profile.identity());
                Path meeting = journals.resolve(id + MEETING);
                if (Files.exists(meeting)) {
                    NetworkTable.Kept kept = new NetworkTable.Kept(journal, journals.resolve(id + RELAY), meeting);
                    JsonNode line = JSON.readTree(Files.readString(meeting));
                    String game = line.path("game").asText();
                    if (game.equals(BrowserDarkChess.NAME) || game.equals(BrowserMahjong.NAME)) {
                        tables.put(id, resumeWithNode(id, game, line, kept));
                        continue;
                    }
                    tables.put(id, NetworkTable.resume(id, games, profile, transcripts, actionSeconds,
                            new NetworkTable.Kept(journal, journals.resolve(id + RELAY), meeting)));
                    continue;
                }
                Optional<Journal.Entry> last = journal.last();
                if (last.isEmpty()) {
                    journal.close(); // the node stopped before the table's first step: nothing to take up
                    Files.delete(file);
                    continue;
                }
                tables.put(id, resume(id, SavedTable.parse(last.get().state()), journal));
            } catch (IOException | MalformedMessageException e) {
                if (journal != null) {
                    journal.close();
                }
                journalProblems.add("the table in " + file + " cannot be taken up: " + e.getMessage());
            }
        }
    }

    /**
     * The dark chess or Mahjong Shogi ({@code game}) with another node that {@code meeting} describes, its seat taken
     * up from {@code kept}: a host listening on its old port, a guest joining by its invitation again.
     */
    private NodeTable resumeWithNode(String id, String game, JsonNode meeting, NetworkTable.Kept kept)
            throws IOException {
        if (kept.journal().last().isEmpty()) {
            throw new IOException("the node stopped before the seat took its first step: there is nothing to take up");
        }
        String transcript = meeting.path("transcript").asText();
        if (!transcript.matches("[A-Za-z0-9][A-Za-z0-9._-]*\\.jsonl")) {
            throw new IOException(kept.meeting() + " names no transcript of this node's");
        }
        Path file = transcripts.resolve(transcript);
        try {
            if (meeting.path("role").asText().equals("host")) {
                Map<String, String> settings = new LinkedHashMap<>();
                meeting.path("settings").fields().forEachRemaining(e -> settings.put(e.getKey(), e.getValue().asText()));
                return hostWithNode(id, file, game, settings, meeting.path("seat").asInt(), meeting.path("port").asInt(),
                        kept);
            }
            return joinWithNode(id, file, Invitation.parse(meeting.path("invitation").asText()), kept);
        } catch (IllegalArgumentException unreadable) {
            throw new IOException(kept.meeting() + " does not read back: " + unreadable.getMessage());
        }
    }

    /** The table against the node's bots that {@code saved} describes, kept in {@code journal}. */
    private NodeTable resume(String id, SavedTable saved, Journal journal) throws MalformedMessageException {
        if (saved.game().equals(BrowserDarkChess.NAME)) {
            return BrowserDarkChess.resume(id, profile.displayName(), saved, profile.identity(), transcripts,
                    actionSeconds, journal, random(), random());
        }
        if (saved.game().equals(BrowserMahjong.NAME)) {
            return BrowserMahjong.resume(id, profile.displayName(), saved, profile.identity(), transcripts,
                    actionSeconds, journal, random(), random());
        }
        GameDefinition<?, ?> game = games.definition(saved.game()).orElseThrow(() ->
                new MalformedMessageException("it is a game of " + saved.game() + ", which this node lacks"));
        return BrowserTable.resume(id, game, saved, profile.identity(), transcripts, games, actionSeconds, clock,
                journal);
    }

    // ---- The API.

    Map<String, Object> home() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", profile.displayName());
        out.put("fingerprint", profile.fingerprint().toString());
        List<Map<String, String>> pinned = new ArrayList<>();
        profile.knownPeers().all().forEach((who, fp) -> pinned.add(Map.of("name", who, "fingerprint", fp.toString())));
        out.put("pinned", pinned);
        List<Map<String, Object>> list = new ArrayList<>();
        tables.values().stream().sorted(java.util.Comparator.comparing(NodeTable::id))
                .forEach(t -> {
                    Map<String, Object> summary = new LinkedHashMap<>(t.summary());
                    Path transcript = t.transcript();
                    if (transcript != null) {
                        summary.put("replay", transcript.getFileName().toString());
                    }
                    list.add(summary);
                });
        out.put("tables", list);
        out.put("tableProblems", journalProblems);
        List<Map<String, Object>> byMail = new ArrayList<>();
        try {
            for (GameStatus g : mail.list()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", g.directory().getFileName().toString());
                m.put("protocol", g.protocol());
                m.put("players", g.players());
                m.put("state", g.finished() ? g.state() : g.yourMove() ? "your move"
                        : "awaiting " + g.awaiting());
                m.put("yourMove", g.yourMove() && !g.finished());
                m.put("finished", g.finished());
                byMail.add(m);
            }
        } catch (IOException e) {
            out.put("mailProblem", "the games by mail in " + mail.root() + " cannot be listed: " + e.getMessage());
        }
        out.put("mail", byMail);
        out.put("mailRoot", mail.root().toString());
        out.put("mailGames", mailGames());
        List<Map<String, Object>> known = new ArrayList<>();
        for (GameDefinition<?, ?> g : games.definitions()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", g.name());
            m.put("summary", g.summary());
            m.put("minPlayers", g.minSeats());
            m.put("maxPlayers", g.maxSeats());
            m.put("settings", g.defaults());
            known.add(m);
        }
        Map<String, Object> darkChess = new LinkedHashMap<>();
        darkChess.put("name", BrowserDarkChess.NAME);
        darkChess.put("summary", "dark chess against the bot or, by invitation, another person: you play White or"
                + " Black (colour; the one you invite plays the other) and see only what your pieces see; vision is"
                + " rebuilt by oblivious transfer each ply. The mode is how: ote-table (the default) or oprf-table, a"
                + " sealed table in one round trip; chou-orlandi or andos, the seed's transfers in rounds (andos is slow).");
        darkChess.put("minPlayers", 2);
        darkChess.put("maxPlayers", 2);
        Map<String, String> chessSettings = new LinkedHashMap<>();
        chessSettings.put("colour", "white");
        chessSettings.put("mode", DarkChessParameters.defaults().otMode().label());
        chessSettings.put("max-plies", "40");
        darkChess.put("settings", chessSettings);
        known.add(darkChess);
        Map<String, Object> mahjong = new LinkedHashMap<>();
        mahjong.put("name", BrowserMahjong.NAME);
        mahjong.put("summary", "Mahjong Shogi against the bot: arrange your 25 hidden tiles, then move one square a"
                + " turn; an attack is a battle decided by an oblivious table lookup, so neither side learns more"
                + " than who won (side: east moves first, or west; the one you invite plays the other)");
        mahjong.put("minPlayers", 2);
        mahjong.put("maxPlayers", 2);
        Map<String, String> mahjongSettings = new LinkedHashMap<>();
        mahjongSettings.put("side", "east");
        mahjongSettings.put("move-limit", "400");
        mahjong.put("settings", mahjongSettings);
        known.add(mahjong);
        out.put("games", known);
        return out;
    }

    /** The games the mail page starts, with their settings and defaults: two players each. */
    private List<Map<String, Object>> mailGames() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (GameDefinition<?, ?> g : games.definitions()) {
            if (g.minSeats() > 2) {
                continue;
            }
            Map<String, String> settings = new LinkedHashMap<>(g.defaults());
            settings.remove("players");
            out.add(Map.of("name", g.name(), "summary", g.summary(), "settings", settings));
        }
        Map<String, String> chess = new LinkedHashMap<>();
        chess.put("mode", DarkChessParameters.defaults().otMode().label());
        chess.put("move-limit", "200");
        out.add(Map.of("name", BrowserDarkChess.NAME, "summary", "dark chess: you play White (the one who invites"
                + " plays White). The mode is how visions are rebuilt: ote-table (the default) or oprf-table take three"
                + " texts a ply, the move, the reply and the answer; chou-orlandi or andos, the seed's rounds, about 60.", "settings", chess));
        Map<String, String> mahjong = new LinkedHashMap<>();
        mahjong.put("mode", "ristretto");
        mahjong.put("move-limit", "400");
        out.add(Map.of("name", BrowserMahjong.NAME, "summary", "Mahjong Shogi: your placement is drawn at random;"
                + " moves are typed (e3-e4) from its text view", "settings", mahjong));
        return out;
    }

    /** A new game by mail from the home page's form; the page then shows its hello to send. */
    Map<String, Object> newMailGame(JsonNode form) throws MailGames.Refused, IOException {
        return Map.of("name", mail.start(text(form, "game"), settings(form)));
    }

    /** Answers the hello someone sent by mail: a new game, its first replies to send. */
    Map<String, Object> joinByMail(JsonNode form) throws MailGames.Refused, IOException {
        Map.Entry<String, List<String>> joined = mail.join(text(form, "text"));
        return Map.of("name", joined.getKey(), "notes", joined.getValue());
    }

    /** The mail page's view of one game (see {@link BrowserMail}). */
    Map<String, Object> mailGame(String name) throws MailGames.Refused, IOException {
        return BrowserMail.state(mail.look(name));
    }

    /** Takes in the text the other player sent; the game's new state and the notes. */
    Map<String, Object> receiveByMail(String name, JsonNode form) throws MailGames.Refused, IOException {
        List<String> notes = mail.receive(name, text(form, "text"));
        Map<String, Object> out = new LinkedHashMap<>(mailGame(name));
        out.put("notes", notes);
        return out;
    }

    /** The person's move by mail: the index of a listed legal move, or words. */
    Map<String, Object> moveByMail(String name, JsonNode form) throws MailGames.Refused, IOException {
        JsonNode index = form.get("move");
        JsonNode words = form.get("words");
        if (index != null && !index.canConvertToInt() || words != null && !words.isTextual()) {
            throw new IllegalArgumentException("a move is {\"move\": N} or {\"words\": \"...\"}");
        }
        String said = words == null ? null : words.asText().strip();
        if ("accept draw".equalsIgnoreCase(said)) {
            said = "draw"; // the dark-chess page's button; mail reads "draw"
        }
        mail.move(name, index == null ? null : index.asInt(), said);
        return mailGame(name);
    }

    private synchronized RandomGenerator random() {
        return seeds == null ? new SecureRandom() : seeds.split();
    }

    /** The table {@code id}, for tests that compare a page with the game's own view; null if there is none. */
    NodeTable table(String id) {
        return tables.get(id);
    }

    /** The allocation {@code id}, for tests that compare a page with the party's own numbers; null if there is none. */
    BrowserAllocation allocation(String id) {
        return allocations.get(id);
    }

    /** A new table from the home page's form: the game, how many players, how many of them bots, settings. */
    Map<String, Object> newTable(JsonNode form) {
        String name = text(form, "game");
        if (name.equals(BrowserDarkChess.NAME)) {
            boolean invite = form.path("invite").asBoolean(false);
            number(form, "players", 2, 2);
            number(form, "bots", invite ? 0 : 1, invite ? 0 : 1);
            String plies = form.path("settings").path("max-plies").asText("40").strip();
            if (!plies.matches("[0-9]{1,4}")) {
                throw new IllegalArgumentException("max-plies must be a whole number, not '" + plies + "'");
            }
            String colour = form.path("settings").path("colour").asText("white").strip().toLowerCase(Locale.ROOT);
            if (!colour.equals("white") && !colour.equals("black")) {
                throw new IllegalArgumentException("colour must be white or black, not '" + colour + "'");
            }
            OtMode mode = BrowserDarkChess.mode(form.path("settings").path("mode").asText(""));
            String id = "t" + tableCount.incrementAndGet();
            Path file = transcripts.resolve(id + "-" + name + "-" + System.currentTimeMillis() + ".jsonl");
            if (invite) {
                // The host plays the colour chosen; the guest takes the other by the invitation.
                BrowserDarkChess table = (BrowserDarkChess) hostWithNode(id, file, name,
                        Map.of("max-plies", plies, "mode", mode.label()), colour.equals("white") ? 0 : 1);
                return Map.of("id", id, "invitation", table.invitation());
            }
            tables.put(id, keeping(() -> BrowserDarkChess.start(id, profile.displayName(), colour.equals("white")
                    ? Color.WHITE : Color.BLACK, profile.identity(), mode, Integer.parseInt(plies), actionSeconds, file,
                    random(), random(), journals.resolve(id + JOURNAL))));
            return Map.of("id", id);
        }
        if (name.equals(BrowserMahjong.NAME)) {
            boolean invite = form.path("invite").asBoolean(false);
            number(form, "players", 2, 2);
            number(form, "bots", invite ? 0 : 1, invite ? 0 : 1);
            String limit = form.path("settings").path("move-limit").asText("400").strip();
            if (!limit.matches("[0-9]{1,5}")) {
                throw new IllegalArgumentException("move-limit must be a whole number, not '" + limit + "'");
            }
            String side = form.path("settings").path("side").asText("east").strip().toLowerCase(Locale.ROOT);
            if (!side.equals("east") && !side.equals("west")) {
                throw new IllegalArgumentException("side must be east or west, not '" + side + "'");
            }
            String id = "t" + tableCount.incrementAndGet();
            Path file = transcripts.resolve(id + "-" + name + "-" + System.currentTimeMillis() + ".jsonl");
            if (invite) {
                BrowserMahjong table = (BrowserMahjong) hostWithNode(id, file, name, Map.of("move-limit", limit),
                        side.equals("east") ? 0 : 1);
                return Map.of("id", id, "invitation", table.invitation());
            }
            tables.put(id, keeping(() -> BrowserMahjong.start(id, profile.displayName(), side.equals("east") ? 0 : 1,
                    Integer.parseInt(limit), actionSeconds, file, random(), random(), profile.identity(),
                    journals.resolve(id + JOURNAL))));
            return Map.of("id", id);
        }
        GameDefinition<?, ?> game = games.definition(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown game '" + name + "'; the games are " + String.join(", ", games.names())));
        if (form.path("invite").asBoolean(false)) {
            return hostTable(game, form);
        }
        int players = number(form, "players", game.minSeats(), game.maxSeats());
        int bots = number(form, "bots", players - 1, players);
        Map<String, String> settings = settings(form);
        int person = bots == players ? -1 : 0;
        List<String> names = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            names.add(s == person ? profile.displayName() : "bot " + (s + (person < 0 ? 1 : 0)));
        }
        String id = "t" + tableCount.incrementAndGet();
        Path file = transcripts.resolve(id + "-" + game.name() + "-" + System.currentTimeMillis() + ".jsonl");
        tables.put(id, keeping(() -> BrowserTable.start(id, game, names, settings, person, profile.identity(), file,
                games, actionSeconds, clock, journals.resolve(id + JOURNAL))));
        return Map.of("id", id);
    }

    /** A table against the node's bots, kept in a journal in HOME/ui-journals, which may not be created. */
    private <T> T keeping(Opening<T> table) {
        try {
            return table.open();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot keep the table's journal in " + journals + ": " + e.getMessage());
        }
    }

    /**
     * A new allocation from the allocation page's form: K numbers, X for each institution, the institution's name
     * (the profile's if none), against a bot or, with {@code invite}, hosted for another institution's node: then the
     * answer carries the invitation to send it.
     */
    Map<String, Object> newAllocation(JsonNode form) {
        int items = number(form, "items", 2, 1024);
        int each = number(form, "each", 1, 512);
        String name = institution(form);
        String id = "a" + tableCount.incrementAndGet();
        Path file = transcripts.resolve(id + "-allocation-" + System.currentTimeMillis() + ".jsonl");
        if (form.path("invite").asBoolean(false)) {
            BrowserAllocation hosted = hosting(() -> BrowserAllocation.host(id, name, items, each, profile, file,
                    SeatSeeds.secrets(network.seed(), 0), network.bind()));
            allocations.put(id, hosted);
            return Map.of("id", id, "invitation", hosted.invitation());
        }
        allocations.put(id, BrowserAllocation.start(id, name, items, each, profile.identity(), file, random(),
                random()));
        return Map.of("id", id);
    }

    /** The institution's name a form gives, or the profile's. */
    private String institution(JsonNode form) {
        JsonNode v = form.get("name");
        String name = v == null || !v.isTextual() ? "" : v.asText().strip();
        return name.isEmpty() ? profile.displayName() : name;
    }

    /**
     * Joins the allocation another institution's node hosts, by the invitation its page shows (which carries K and
     * X), under the institution's name the form gives (the profile's if none); the page to show it is the allocation
     * page.
     */
    Map<String, Object> joinAllocation(JsonNode form) {
        Invitation invitation = Invitation.parse(text(form, "invitation"));
        String id = "a" + tableCount.incrementAndGet();
        Path file = transcripts.resolve(id + "-allocation-" + System.currentTimeMillis() + ".jsonl");
        try {
            allocations.put(id, BrowserAllocation.join(id, institution(form), invitation, profile, file,
                    SeatSeeds.secrets(network.seed(), 1)));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot join: " + e.getMessage());
        }
        return Map.of("id", id, "page", "/allocate?id=" + id);
    }

    private static Map<String, String> settings(JsonNode form) {
        Map<String, String> settings = new LinkedHashMap<>();
        JsonNode given = form.path("settings");
        given.fieldNames().forEachRemaining(k -> {
            String v = given.get(k).asText().strip();
            if (!v.isEmpty() && !k.equals("players")) {
                settings.put(k, v);
            }
        });
        return settings;
    }

    /**
     * A table with other people's nodes: this node hosts it over TLS and plays seat 0; the page shows the invitation
     * to send for each other seat, which carries the game, its settings and (at more than two) the seat.
     */
    private Map<String, Object> hostTable(GameDefinition<?, ?> game, JsonNode form) {
        int players = number(form, "players", game.minSeats(), game.maxSeats());
        JsonNode bots = form.get("bots");
        if (bots != null && bots.asInt(-1) != 0) {
            throw new IllegalArgumentException("a table you invite a person to has no bots: 'bots' must be 0");
        }
        String id = "t" + tableCount.incrementAndGet();
        Path file = transcripts.resolve(id + "-" + game.name() + "-" + System.currentTimeMillis() + ".jsonl");
        NetworkTable<?, ?> table = hosting(() -> {
            NetworkTable.Kept kept = kept(id, true);
            return keptBy(kept, () -> NetworkTable.host(id, game, players, settings(form), profile, network.seed(),
                    file, games, actionSeconds, network.bind(), kept));
        });
        tables.put(id, table);
        return Map.of("id", id, "invitation", table.invitation());
    }

    /** A table being opened: opening its port (one that listens for the players it invites) or its journal may fail. */
    private interface Opening<T> {
        T open() throws IOException;
    }

    /** Opens {@code table}, kept by {@code kept}; if it cannot be opened, its journal is closed and removed. */
    private static <T> T keptBy(NetworkTable.Kept kept, Opening<T> table) throws IOException {
        try {
            return table.open();
        } catch (IOException | RuntimeException e) {
            kept.journal().close();
            Files.deleteIfExists(kept.journal().file());
            throw e;
        }
    }

    private <T> T hosting(Opening<T> table) {
        try {
            return table.open();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot host a table on " + network.bind() + ": " + e.getMessage());
        }
    }

    /** Sits down at another node's table by the invitation its host sent; the invitation says everything else. */
    Map<String, Object> join(JsonNode form) {
        String invitation = text(form, "invitation");
        if (Invitation.parse(invitation).game().filter(BrowserAllocation.GAME::equals).isPresent()) {
            return joinAllocation(form);
        }
        String id = "t" + tableCount.incrementAndGet();
        Path file = transcripts.resolve(id + "-joined-" + System.currentTimeMillis() + ".jsonl");
        try {
            Invitation parsed = Invitation.parse(invitation);
            if (parsed.game().filter(BrowserDarkChess.NAME::equals).isPresent()) {
                requireCarried(parsed, "andos-bits", "2048", "an ANDOS modulus of 2048 bits");
            } else if (parsed.game().filter(BrowserMahjong.NAME::equals).isPresent()) {
                requireCarried(parsed, "mode", "ristretto", "the ristretto mode");
            }
            if (parsed.game().filter(g -> g.equals(BrowserDarkChess.NAME) || g.equals(BrowserMahjong.NAME)).isPresent()) {
                NetworkTable.Kept kept = kept(id, false);
                tables.put(id, keptBy(kept, () -> joinWithNode(id, file, parsed, kept)));
            } else {
                NetworkTable.Kept kept = kept(id, false);
                tables.put(id, keptBy(kept, () -> NetworkTable.join(id, invitation, games, profile, network.seed(),
                        file, actionSeconds, kept)));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot join: " + e.getMessage());
        }
        return Map.of("id", id);
    }

    /**
     * Hosts dark chess or Mahjong Shogi ({@code game}) for another node, the host playing {@code hostSeat}, with the
     * invitation's {@code settings}; its seat kept in HOME/ui-journals to be taken up after a restart.
     */
    private NodeTable hostWithNode(String id, Path file, String game, Map<String, String> settings, int hostSeat) {
        NodeTable table = hosting(() -> {
            NetworkTable.Kept kept = kept(id, true);
            return keptBy(kept, () -> hostWithNode(id, file, game, settings, hostSeat, 0, kept));
        });
        tables.put(id, table);
        return table;
    }

    /** As above, listening on {@code port} (0: any free one; a seat taken up: its old one), kept in {@code kept}. */
    private NodeTable hostWithNode(String id, Path file, String game, Map<String, String> settings, int hostSeat,
            int port, NetworkTable.Kept kept) throws IOException {
        TwoNodeSeat.Place place = new TwoNodeSeat.Place(network.bind(), port, kept);
        if (game.equals(BrowserDarkChess.NAME)) {
            return BrowserDarkChess.network(id, profile, BrowserDarkChess.mode(settings.get("mode")),
                    Integer.parseInt(settings.get("max-plies")), actionSeconds, file, place, null,
                    SeatSeeds.secrets(network.seed(), 0), hostSeat == 0 ? Color.WHITE : Color.BLACK);
        }
        return BrowserMahjong.network(id, profile, Integer.parseInt(settings.get("move-limit")), actionSeconds, file,
                place, null, SeatSeeds.bot(network.seed(), 0), SeatSeeds.secrets(network.seed(), 0), hostSeat);
    }

    /** Joins the dark chess or Mahjong Shogi another node hosts, by its invitation; the seat kept in {@code kept}. */
    private NodeTable joinWithNode(String id, Path file, Invitation invitation, NetworkTable.Kept kept)
            throws IOException {
        TwoNodeSeat.Place place = new TwoNodeSeat.Place(null, 0, kept);
        if (invitation.game().filter(BrowserDarkChess.NAME::equals).isPresent()) {
            return BrowserDarkChess.network(id, profile, BrowserDarkChess.mode(invitation.settings().get("mode")),
                    TwoNodeSeat.number(invitation, "max-plies"), actionSeconds, file, place, invitation,
                    SeatSeeds.secrets(network.seed(), 1));
        }
        return BrowserMahjong.network(id, profile, TwoNodeSeat.number(invitation, "move-limit"), actionSeconds, file,
                place, invitation, SeatSeeds.bot(network.seed(), 1), SeatSeeds.secrets(network.seed(), 1));
    }

    /**
     * Refuses, in one line, an invitation whose {@code setting} is other than {@code only}, the one value this node's
     * pages play ({@code described}); a command-line host may choose others.
     */
    private static void requireCarried(Invitation invitation, String setting, String only, String described) {
        String carried = invitation.settings().getOrDefault(setting, only);
        if (!carried.equals(only)) {
            throw new IllegalArgumentException("the host plays " + invitation.game().orElse("") + " with " + setting
                    + " " + carried + "; the browser plays it with " + described + " only: join from the command line"
                    + " (fairtable play " + invitation.game().orElse("") + " --join INVITATION)");
        }
    }

    /** The verdict on a transcript someone dropped on the audit page, and its messages in order. */
    Map<String, Object> audit(String text) {
        Map<String, Object> out = new LinkedHashMap<>();
        TranscriptFile.Contents contents;
        try {
            contents = TranscriptFile.parse(text.lines().toList(), "the dropped file");
        } catch (TranscriptFile.UnreadableTranscriptException e) {
            out.put("verified", false);
            out.put("line", "UNREADABLE: " + e.getMessage());
            out.put("timeline", List.of());
            return out;
        }
        AuditVerdict verdict = Audits.audit(contents, games);
        out.put("verified", verdict.verified());
        out.put("line", verdict.line());
        if (verdict.failure() != null) {
            out.put("step", verdict.failure().step());
            out.put("party", verdict.failure().party());
            out.put("reason", verdict.failure().reason());
        }
        List<Map<String, Object>> timeline = new ArrayList<>();
        for (Envelope e : contents.messages()) {
            timeline.add(Map.of("seq", e.seq(), "sender", e.sender(), "step", e.step(), "type", e.type(),
                    "refused", false));
        }
        for (Envelope e : contents.refused()) {
            timeline.add(Map.of("seq", e.seq(), "sender", e.sender(), "step", e.step(), "type", e.type(),
                    "refused", true));
        }
        out.put("timeline", timeline);
        return out;
    }

    /**
     * The replay page's steps through a transcript someone dropped there, from {@code perspective} (see
     * {@link Replays}): an observer's or a seat's as far as the transcript tells; "as I saw it" is for the node's own
     * games, whose record is beside their transcript.
     */
    Map<String, Object> replay(String text, String perspective) {
        return Replays.of(text, games, perspective, transcript -> null);
    }

    /**
     * The replay of a dropped transcript with the person's record of it dropped beside ({@code seen}, the
     * {@code NAME.jsonl.seen} a game at the terminal writes): "as I saw it" for a game played away from this page. A
     * record of another game is refused in one line.
     */
    Map<String, Object> replay(String text, String seen, String perspective) {
        SeenCards record;
        try {
            record = SeenCards.parse(seen, "the record dropped with the transcript");
        } catch (IOException notARecord) {
            throw new IllegalArgumentException(notARecord.getMessage());
        }
        return Replays.of(text, games, perspective, transcript -> {
            if (!java.util.Arrays.equals(record.session(), transcript.sessionId())) {
                throw new IOException("the record dropped with it is of another game");
            }
            return record;
        });
    }

    /**
     * The transcripts of this node's own finished games, newest first, then those of its finished games by mail (each
     * with {@code mail}, its game's name), for the replay page to offer.
     */
    List<Map<String, Object>> replayFiles() throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        try (var files = Files.list(transcripts)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".jsonl") && Files.isRegularFile(f))
                    .sorted(java.util.Comparator.comparing((Path f) -> f.toFile().lastModified()).reversed()).toList()) {
                out.add(Map.of("name", f.getFileName().toString(), "bytes", Files.size(f)));
            }
        }
        for (GameStatus g : mail.list()) {
            String name = g.directory().getFileName().toString();
            try {
                Optional<Path> file = mail.transcript(name);
                if (file.isPresent()) {
                    out.add(Map.of("name", name + " (by mail)", "mail", name, "bytes", Files.size(file.get())));
                }
            } catch (MailGames.Refused notAGame) {
                // listed a moment ago, gone now: nothing to replay
            }
        }
        return out;
    }

    /** The replay of a finished game by mail, as {@link #replayFile} for the node's own tables. */
    Map<String, Object> replayMail(String name, String perspective) throws IOException {
        Path f;
        try {
            f = mail.transcript(name).orElseThrow(() -> new IllegalArgumentException("the game by mail " + name
                    + " has no transcript yet: it is not over"));
        } catch (MailGames.Refused refused) {
            throw new IllegalArgumentException(refused.getMessage());
        }
        Map<String, Object> out = new LinkedHashMap<>(Replays.of(Files.readString(f, StandardCharsets.UTF_8), games,
                perspective, transcript -> SeenCards.besideFor(f, transcript)));
        out.put("mail", name);
        return out;
    }

    /**
     * The replay of one of this node's own transcripts, named as {@link #replayFiles} lists it, from
     * {@code perspective}; the person's own seat is offered when the table kept its record ({@link SeenCards}).
     */
    Map<String, Object> replayFile(String name, String perspective) throws IOException {
        Path f = transcripts.resolve(name).normalize();
        if (!f.getParent().equals(transcripts.normalize()) || !Files.isRegularFile(f)) {
            throw new IllegalArgumentException("no transcript " + name + " in this node's games");
        }
        Map<String, Object> out = new LinkedHashMap<>(Replays.of(Files.readString(f, StandardCharsets.UTF_8), games,
                perspective, transcript -> SeenCards.besideFor(f, transcript)));
        out.put("file", name);
        return out;
    }

    private static String text(JsonNode form, String field) {
        JsonNode v = form.get(field);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("the form needs '" + field + "'");
        }
        return v.asText();
    }

    private static int number(JsonNode form, String field, int min, int max) {
        JsonNode v = form.get(field);
        if (v == null || !v.canConvertToInt() || v.asInt() < min || v.asInt() > max) {
            throw new IllegalArgumentException("'" + field + "' must be a whole number from " + min + " to " + max
                    + (field.equals("bots") ? " (you play one seat, or none)" : ""));
        }
        return v.asInt();
    }

    /** Pages, static files and the JSON API; everything else is 404. */
    private static final class Router extends Handler.Abstract {
        private final UiServer ui;

        Router(UiServer ui) {
            this.ui = ui;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            String path = Request.getPathInContext(request);
            String method = request.getMethod();
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
            response.getHeaders().put("Referrer-Policy", "no-referrer");
            response.getHeaders().put("X-Frame-Options", "DENY");
            response.getHeaders().put("X-Content-Type-Options", "nosniff");
            if (method.equals("GET") && PAGES.containsKey(path)) {
                response.getHeaders().put("Content-Security-Policy", "default-src 'self'; connect-src 'self' ws://"
                        + request.getHeaders().get(HttpHeader.HOST) + "; img-src 'self' data:; frame-ancestors 'none'");
                return resource(PAGES.get(path), "text/html; charset=utf-8", request, response, callback);
            }
            Matcher file = STATIC.matcher(path);
            if (method.equals("GET") && file.matches()) {
                String name = file.group(1);
                String type = name.endsWith(".css") ? "text/css; charset=utf-8"
                        : name.endsWith(".js") ? "text/javascript; charset=utf-8" : "image/svg+xml";
                return resource(name, type, request, response, callback);
            }
            try {
                if (method.equals("GET") && path.equals("/api/home")) {
                    return json(ui.home(), request, response, callback);
                }
                if (method.equals("POST") && path.equals("/api/tables")) {
                    return json(ui.newTable(JSON.readTree(body(request))), request, response, callback);
                }
                if (method.equals("POST") && path.equals("/api/join")) {
                    return json(ui.join(JSON.readTree(body(request))), request, response, callback);
                }
                if (method.equals("POST") && path.equals("/api/audit")) {
                    return json(ui.audit(body(request)), request, response, callback);
                }
                if (method.equals("POST") && path.equals("/api/replay")) {
                    return json(ui.replay(body(request), perspective(request)), request, response, callback);
                }
                if (method.equals("POST") && path.equals("/api/replay/seen")) {
                    JsonNode both = TRANSCRIPT_AND_RECORD.readTree(body(request));
                    return json(ui.replay(text(both, "transcript"), text(both, "seen"), perspective(request)), request,
                            response, callback);
                }
                if (method.equals("GET") && path.equals("/api/replay/files")) {
                    return json(ui.replayFiles(), request, response, callback);
                }
                Matcher own = OWN_TRANSCRIPT.matcher(path);
                if (method.equals("GET") && own.matches()) {
                    return json(ui.replayFile(own.group(1), perspective(request)), request, response, callback);
                }
                Matcher byMail = MAIL_TRANSCRIPT.matcher(path);
                if (method.equals("GET") && byMail.matches()) {
                    return json(ui.replayMail(byMail.group(1), perspective(request)), request, response, callback);
                }
                if (method.equals("POST") && path.equals("/api/mail/new")) {
                    return json(ui.newMailGame(JSON.readTree(body(request))), request, response, callback);
                }
                if (method.equals("POST") && path.equals("/api/mail/join")) {
                    return json(ui.joinByMail(JSON.readTree(body(request))), request, response, callback);
                }
                Matcher mailGame = MAIL_GAME.matcher(path);
                if (mailGame.matches()) {
                    String name = mailGame.group(1);
                    String part = mailGame.group(2) == null ? "" : mailGame.group(2);
                    if (method.equals("GET") && part.isEmpty()) {
                        return json(ui.mailGame(name), request, response, callback);
                    }
                    if (method.equals("POST") && part.equals("/receive")) {
                        return json(ui.receiveByMail(name, JSON.readTree(body(request))), request, response, callback);
                    }
                    if (method.equals("POST") && part.equals("/move")) {
                        return json(ui.moveByMail(name, JSON.readTree(body(request))), request, response, callback);
                    }
                    if (method.equals("GET") && part.equals("/transcript")) {
                        Path f = ui.mail.transcript(name).orElse(null);
                        if (f == null) {
                            Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404,
                                    "no finished game " + name);
                            return true;
                        }
                        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/x-ndjson");
                        response.getHeaders().put(HttpHeader.CONTENT_DISPOSITION, "attachment; filename=\""
                                + name + "-transcript.jsonl\"");
                        response.write(true, ByteBuffer.wrap(Files.readAllBytes(f)), callback);
                        return true;
                    }
                }
                if (method.equals("POST") && path.equals("/api/allocations")) {
                    return json(ui.newAllocation(JSON.readTree(body(request))), request, response, callback);
                }
                if (method.equals("POST") && path.equals("/api/allocations/join")) {
                    return json(ui.joinAllocation(JSON.readTree(body(request))), request, response, callback);
                }
                Matcher allocation = ALLOCATION.matcher(path);
                if (allocation.matches() && ui.allocations.containsKey(allocation.group(1))) {
                    BrowserAllocation a = ui.allocations.get(allocation.group(1));
                    String part = allocation.group(2) == null ? "" : allocation.group(2);
                    if (method.equals("GET") && part.isEmpty()) {
                        return json(a.state(), request, response, callback);
                    }
                    if (method.equals("POST") && part.equals("/unblind")) {
                        JsonNode claim = JSON.readTree(body(request)).get("claim");
                        return json(a.unblind(claim == null || !claim.isTextual() ? null : claim.asText()), request,
                                response, callback);
                    }
                    if (method.equals("POST") && part.equals("/claim")) {
                        return json(a.publishClaim(), request, response, callback);
                    }
                    if (method.equals("POST") && part.equals("/answer")) {
                        JsonNode accept = JSON.readTree(body(request)).get("accept");
                        if (accept == null || !accept.isBoolean()) {
                            throw new IllegalArgumentException("an answer is {\"accept\": true} or {\"accept\": false}");
                        }
                        String[] refused = {null};
                        a.answer(accept.asBoolean(), r -> refused[0] = r);
                        if (refused[0] != null) {
                            throw new IllegalArgumentException(refused[0]);
                        }
                        return json(a.state(), request, response, callback);
                    }
                    if (method.equals("GET") && part.equals("/csv")) {
                        byte[] csv = a.csv().getBytes(StandardCharsets.UTF_8);
                        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/csv; charset=utf-8");
                        response.getHeaders().put(HttpHeader.CONTENT_DISPOSITION, "attachment; filename=\""
                                + a.filename() + "\"");
                        response.write(true, ByteBuffer.wrap(csv), callback);
                        return true;
                    }
                }
                Matcher transcript = TABLE.matcher(path);
                if (method.equals("GET") && transcript.matches()) {
                    NodeTable table = ui.tables.get(transcript.group(1));
                    Path f = table == null ? null : table.transcript();
                    if (f == null) {
                        Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404,
                                "no finished table " + transcript.group(1));
                        return true;
                    }
                    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/x-ndjson");
                    response.getHeaders().put(HttpHeader.CONTENT_DISPOSITION, "attachment; filename=\""
                            + f.getFileName() + "\"");
                    response.write(true, ByteBuffer.wrap(Files.readAllBytes(f)), callback);
                    return true;
                }
            } catch (MailGames.Refused refused) {
                response.setStatus(HttpStatus.BAD_REQUEST_400);
                return json(Map.of("error", refused.getMessage()), request, response, callback);
            } catch (com.fasterxml.jackson.core.JsonProcessingException unreadable) {
                // The parser's message runs over lines and names its own internals: one plain line instead.
                com.fasterxml.jackson.core.JsonLocation at = unreadable.getLocation();
                response.setStatus(HttpStatus.BAD_REQUEST_400);
                return json(Map.of("error", "the request is not readable JSON" + (at == null ? ""
                        : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")")), request, response,
                        callback);
            } catch (IllegalArgumentException refused) {
                Map<String, Object> error = Map.of("error", refused.getMessage() == null ? "a malformed request"
                        : refused.getMessage());
                response.setStatus(HttpStatus.BAD_REQUEST_400);
                return json(error, request, response, callback);
            }
            Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404, "not found");
            return true;
        }

        /** The replay's perspective named in the query ({@code ?perspective=seat-1}), an observer's if none. */
        private static String perspective(Request request) {
            String named = Request.extractQueryParameters(request).getValue("perspective");
            return named == null ? Replays.OBSERVER : named;
        }

        private static String body(Request request) throws IOException {
            long length = request.getLength();
            if (length > MAX_BODY) {
                throw new IllegalArgumentException("a body of at most " + MAX_BODY + " bytes");
            }
            try (InputStream in = Content.Source.asInputStream(request)) {
                byte[] bytes = in.readNBytes(MAX_BODY + 1);
                if (bytes.length > MAX_BODY) {
                    throw new IllegalArgumentException("a body of at most " + MAX_BODY + " bytes");
                }
                return new String(bytes, StandardCharsets.UTF_8);
            }
        }

        private static boolean json(Object value, Request request, Response response, Callback callback)
                throws IOException {
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
            response.write(true, ByteBuffer.wrap(JSON.writeValueAsBytes(value)), callback);
            return true;
        }

        private static boolean resource(String name, String type, Request request, Response response,
                Callback callback) throws IOException {
            try (InputStream in = UiServer.class.getResourceAsStream(WEB + name)) {
                if (in == null) {
                    Response.writeError(request, response, callback, HttpStatus.NOT_FOUND_404, "not found");
                    return true;
                }
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
                response.write(true, ByteBuffer.wrap(in.readAllBytes()), callback);
                return true;
            }
        }
    }
}
