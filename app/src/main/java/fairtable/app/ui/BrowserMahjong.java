package fairtable.app.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.app.Audits;
import fairtable.app.net.SessionSeat;
import fairtable.app.net.TwoSeatGame;
import fairtable.app.play.SeatSeeds;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.mahjongshogi.BattleRecord;
import fairtable.games.mahjongshogi.Board;
import fairtable.games.mahjongshogi.Kinds;
import fairtable.games.mahjongshogi.MahjongShogiState;
import fairtable.games.mahjongshogi.Move;
import fairtable.games.mahjongshogi.Placement;
import fairtable.games.mahjongshogi.Square;
import fairtable.games.mahjongshogi.TileRef;
import fairtable.games.mahjongshogi.TileSet;
import fairtable.games.mahjongshogi.play.LocalGame;
import fairtable.games.mahjongshogi.play.PlayerView;
import fairtable.games.mahjongshogi.play.ProtocolRules;
import fairtable.games.mahjongshogi.play.Seat;
import fairtable.games.mahjongshogi.play.SeatPlayer;
import fairtable.net.Actor;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.journal.Journal;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.mahjong.MahjongMode;
import fairtable.protocol.mahjong.MahjongObserver;
import fairtable.protocol.mahjong.MahjongParameters;
import fairtable.protocol.mahjong.MahjongParty;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Mahjong Shogi in the node: the person plays one seat in the browser against the bot, as {@code play-mahjong-shogi
 * --bots east|west} does at the terminal, both mahjong-shogi/v1 parties in this process ({@link LocalGame}). Before
 * play the person arranges their 25 tiles on their three home ranks (swapping two squares at a time, from a random
 * placement) or takes a random one; {@link Placement#of} decides whether an arrangement is allowed. In play the
 * browser is sent only the person's {@link PlayerView}: their own tiles by kind, the opponent's as backs, the
 * legal moves the rules engine lists, and each battle as that seat learned it.
 */
final class BrowserMahjong implements NodeTable {
    static final String NAME = "mahjong-shogi";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> WORDS = List.of("one", "two", "three", "four", "five", "six", "seven", "eight",
            "nine");

    private final String id;
    private final String name;
    /** The other node's link; null against the bot. */
    private final TwoNodeSeat network;
    /** Where a table against the bot is kept (nowhere against another node, whose seat TwoSeatGame keeps). */
    private final KeptTable kept;
    /** The person's signing key against the bot; null against another node (the session signs with the profile's). */
    private SigningKey personKey;
    private final int seat;
    private final int actionSeconds;
    private final Path transcriptFile;
    private final MahjongParameters params;
    private final TileSet tileSet;
    private final RandomGenerator play;
    private final RandomGenerator secrets;
    private final ExecutorService thread;
    private final BlockingQueue<String> offered = new LinkedBlockingQueue<>();
    private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();
    private final List<String> history = new CopyOnWriteArrayList<>();
    // Before play: the arrangement the person is making. In play: the person's view and its legal moves.
    private volatile Map<Square, Integer> arrangement;
    private volatile LocalGame game;
    /** The person's seat against another node, once arranged; null against the bot. */
    private volatile SeatPlayer player;
    private volatile PlayerView view;
    private volatile List<Move> legal = List.of();
    private volatile long deadlineMillis;
    private volatile String lastSnapshot;
    private volatile AuditVerdict verdict;
    private volatile String problem;
    private int battlesSeen;
    /** The history's first line, once the person has arranged their tiles. */
    private static final String ARRANGED = "You start with your arrangement.";

    private BrowserMahjong(String id, String name, int seat, int moveLimit, int actionSeconds, Path file,
            RandomGenerator play, RandomGenerator secrets, TwoNodeSeat network, KeptTable kept) {
        this.id = id;
        this.kept = kept;
        this.seat = seat;
        this.name = name;
        this.network = network;
        this.actionSeconds = actionSeconds;
        this.transcriptFile = file;
        this.params = MahjongParameters.standard(MahjongMode.DEFAULT).withMoveLimit(moveLimit);
        this.tileSet = ProtocolRules.tileSet(params);
        this.play = play;
        this.secrets = secrets;
        this.arrangement = kinds(Placement.random(seat, tileSet, play));
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "table-" + id);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * A table on its own thread, the person on {@code seat} (0 east, who moves first; 1 west); {@code play} draws
     * the placements and the bot's choices, {@code secrets} the keys and commitments.
     */
    static BrowserMahjong start(String id, String name, int seat, int moveLimit, int actionSeconds, Path file,
            RandomGenerator play, RandomGenerator secrets, SigningKey key, Path journalFile) throws IOException {
        requireLimit(moveLimit);
        BrowserMahjong t = new BrowserMahjong(id, name, seat, moveLimit, actionSeconds, file, play, secrets, null,
                new KeptTable(journalFile == null ? null : Journal.open(journalFile, key), true));
        t.personKey = key;
        t.thread.execute(t::run);
        return t;
    }

    /**
     * The game against the bot {@code saved} describes, taken up from its journal after the node restarted: both
     * seats restored from their snapshots as they stood when the person was last asked to move, and the history as
     * the page showed it then. It goes on (the person asked that move again) only once a page opens it.
     *
     * @throws MalformedMessageException if it is not such a game, or a seat's snapshot does not read back
     */
    static BrowserMahjong resume(String id, String name, SavedTable saved, SigningKey key, Path transcripts,
            int actionSeconds, Journal journal, RandomGenerator play, RandomGenerator secrets)
            throws MalformedMessageException {
        SigningKey bot = saved.botKey();
        List<SigningKey> keys = saved.person() == 0 ? List.of(key, bot) : List.of(bot, key);
        List<MahjongParty> parties = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            parties.add(MahjongParty.restore(saved.snapshots().get(s), keys.get(s), secrets));
        }
        BrowserMahjong t = new BrowserMahjong(id, name, saved.person(), parties.get(0).parameters().moveLimit(),
                actionSeconds, transcripts.resolve(saved.transcript()), play, secrets, null,
                new KeptTable(journal, false));
        t.personKey = key;
        List<Seat> seats = new ArrayList<>(List.of(Seat.bot(play), Seat.bot(play)));
        seats.set(t.seat, t.new Person());
        t.game = LocalGame.resumed(seats, parties, keys);
        t.view = t.game.view(t.seat);
        t.battlesSeen = t.view.state().battles().size();
        t.history.addAll(saved.history());
        return t;
    }

    /**
     * A game with another person's node: hosting (the host plays east, and its page shows the invitation) when
     * {@code joining} is null, else joining the host that invitation names (as west, with the host's move-limit).
     * The person arranges their tiles first; {@code play} draws the placements offered and the time-out moves,
     * {@code secrets} the keys and commitments (a {@link java.security.SecureRandom} but in tests).
     */
    static BrowserMahjong network(String id, Profile profile, int moveLimit, int actionSeconds, Path file,
            TwoNodeSeat.Place place, Invitation joining, RandomGenerator play, RandomGenerator secrets)
            throws IOException {
        return network(id, profile, moveLimit, actionSeconds, file, place, joining, play, secrets, 0);
    }

    /** As above, a host playing {@code hostSeat} (0 east, 1 west); a guest plays the other, as the invitation says. */
    static BrowserMahjong network(String id, Profile profile, int moveLimit, int actionSeconds, Path file,
            TwoNodeSeat.Place place, Invitation joining, RandomGenerator play, RandomGenerator secrets, int hostSeat)
            throws IOException {
        requireLimit(moveLimit);
        TwoNodeSeat network = TwoNodeSeat.open(profile, place, joining, NAME,
                Map.of("move-limit", Integer.toString(moveLimit)), hostSeat);
        BrowserMahjong t = new BrowserMahjong(id, profile.displayName(), network.seat(), moveLimit, actionSeconds,
                file, play, secrets, network, new KeptTable(null, true));
        network.onChange(t::publish);
        t.thread.execute(t::run);
        return t;
    }

    private static void requireLimit(int moveLimit) {
        if (moveLimit < 1 || moveLimit > 10_000) {
            throw new IllegalArgumentException("move-limit must be 1 to 10000, not " + moveLimit);
        }
    }

    private void run() {
        boolean stoppedMidGame = false;
        try {
            if (game != null) {
                stoppedMidGame = !playLocal(); // taken up from its journal: arranged and under way
            } else if (network != null) {
                Placement mine = network.takenUp() ? null : arrange(); // a seat taken up was arranged before
                history.add(ARRANGED);
                playNetwork(mine);
            } else {
                Placement mine = arrange();
                history.add(ARRANGED);
                Placement bots = Placement.random(1 - seat, tileSet, play);
                List<Seat> seats = new ArrayList<>(List.of(Seat.bot(play), Seat.bot(play)));
                seats.set(seat, new Person());
                SigningKey bot = SeatSeeds.signingKey(null, 1 - seat);
                game = new LocalGame(params, List.of("east", "west"), seats, seat == 0 ? List.of(mine, bots)
                        : List.of(bots, mine), seat == 0 ? List.of(personKey, bot) : List.of(bot, personKey), secrets);
                stoppedMidGame = !playLocal();
            }
        } catch (ProtocolViolation v) {
            problem = "CHEAT CAUGHT: " + v.getMessage();
        } catch (IOException e) {
            problem = "the transcript could not be written: " + e.getMessage();
        } catch (MalformedMessageException e) {
            problem = "the table stopped: " + e.getMessage();
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
            return;
        } catch (RuntimeException e) {
            stoppedMidGame = kept.closing();
            problem = "the table stopped: " + e.getMessage();
        }
        // Only a game the node's closing stopped is taken up again: one that ended as the node closed (its ending
        // being written or audited) is over, and its journal, from before the last move, would let it be replayed.
        if (!stoppedMidGame) {
            problem = kept.forget(problem); // over, or stopped for good: nothing to take up
        }
        legal = List.of();
        publish();
    }

    /** Both seats in this process, the bot's and the person's: false if the node's closing stopped it mid-game. */
    private boolean playLocal() throws IOException, ProtocolViolation {
        publish();
        game.play();
        if (game.left().isPresent() && kept.closing()) {
            return false; // the node is stopping mid-game: its journal takes the game up when it starts again
        }
        view = game.view(seat);
        game.resigned().ifPresent(s -> history.add((s == seat ? "You" : "The bot") + " resigned: mahjong-shogi/v1"
                + " records it as an early reveal, with no winner."));
        legal = List.of();
        TranscriptFile.write(transcriptFile, game.transcript(), game.refused());
        verdict = Audits.auditWritten(transcriptFile, fairtable.games.definitions.Games.ALL);
        return true;
    }

    /** The person's seat only, against the other node through the session layer; the page follows every step. */
    private void playNetwork(Placement mine) throws MalformedMessageException {
        TwoSeatGame.Seating<MahjongParty> seating = new TwoSeatGame.Seating<>() {
            @Override
            public MahjongParty create(int s, SigningKey identity, SecureRandom random) {
                player = SeatPlayer.resume(MahjongParty.create(params, s, name, identity,
                        ProtocolRules.kindBySquare(mine), secrets), new Person());
                return player.party();
            }

            @Override
            public MahjongParty restore(byte[] state, SigningKey identity, SecureRandom random)
                    throws MalformedMessageException {
                player = SeatPlayer.resume(MahjongParty.restore(state, identity, secrets), new Person());
                return player.party();
            }

            @Override
            public Actor actor(MahjongParty party) {
                return () -> {
                    List<Envelope> sent = player.act();
                    if (player.left().isPresent()) {
                        throw new SessionSeat.Leaving(player.left().get());
                    }
                    publish(); // after every step the session takes: the page follows whom the table awaits
                    return sent;
                };
            }
        };
        TwoSeatGame.Result<MahjongParty> result;
        try {
            result = network.play(seating, transcriptFile, actionSeconds);
        } catch (IOException e) {
            problem = "the table stopped: " + e.getMessage();
            return;
        }
        legal = List.of();
        if (result.party().isStarted() && result.party().observer().isSetUp()) {
            view = player.view();
        }
        if (player.resigned()) {
            history.add("You resigned: mahjong-shogi/v1 records it as an early reveal, with no winner.");
        }
        if (result.verdict() == null || !result.finished()) {
            problem = network.lastLine();
        }
        verdict = result.verdict();
    }

    /** Waits for the person's arrangement: swaps of two home squares, a fresh random one, then "start". */
    private Placement arrange() throws InterruptedException {
        publish();
        while (true) {
            String[] said = offered.take().split(" ");
            switch (said[0]) {
                case "start" -> {
                    return Placement.of(seat, tileSet, arrangement);
                }
                case "random" -> arrangement = kinds(Placement.random(seat, tileSet, play));
                case "swap" -> {
                    Square a = Square.parse(said[1]);
                    Square b = Square.parse(said[2]);
                    Map<Square, Integer> next = new TreeMap<>(arrangement);
                    Integer ka = next.remove(a);
                    Integer kb = next.remove(b);
                    if (kb != null) {
                        next.put(a, kb);
                    }
                    if (ka != null) {
                        next.put(b, ka);
                    }
                    arrangement = kinds(Placement.of(seat, tileSet, next)); // the rules decide, not the page
                }
                default -> throw new IllegalStateException("an arrangement word offer() did not check: " + said[0]);
            }
            publish();
        }
    }

    private static Map<Square, Integer> kinds(Placement p) {
        Map<Square, Integer> m = new TreeMap<>();
        for (Square s : p.squares()) {
            m.put(s, p.kindOf(p.squares().headSet(s).size()));
        }
        return Map.copyOf(m);
    }

    /** The person's seat: waits for the browser's move or resignation, or the clock (then the bot decides). */
    private final class Person implements Seat {
        @Override
        public Choice choose(PlayerView now) {
            if (game != null && problem == null) {
                // Between steps: both seats as they stand, the person's move asked again when the game is taken up.
                problem = kept.keep(SavedTable.againstBot(NAME, seat, transcriptFile, history, game.key(1 - seat),
                        List.of(game.party(0).snapshot(), game.party(1).snapshot())));
            }
            view = now;
            legal = List.copyOf(now.state().legalMoves());
            deadlineMillis = System.currentTimeMillis() + actionSeconds * 1000L;
            offered.clear();
            publish();
            try {
                while (true) {
                    String said = offered.poll(Math.max(0, deadlineMillis - System.currentTimeMillis()),
                            TimeUnit.MILLISECONDS);
                    if (said == null) {
                        history.add("(time ran out: the bot moved for you)");
                        legal = List.of();
                        return Seat.bot(play).choose(now);
                    }
                    if (said.equals("resign")) {
                        legal = List.of();
                        return new Resign();
                    }
                    int index = Integer.parseInt(said);
                    if (index >= 0 && index < legal.size()) {
                        Move move = legal.get(index);
                        legal = List.of();
                        return new Play(move);
                    }
                }
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
                return new Leave("the node is stopping");
            }
        }

        @Override
        public void moved(int mover, Move move, PlayerView now) {
            view = now;
            List<BattleRecord> battles = now.state().battles();
            String who = mover == seat ? "You" : names().get(1 - seat);
            if (battles.size() > battlesSeen) {
                BattleRecord b = battles.get(battles.size() - 1);
                history.add("Battle at move " + (b.moveNumber() + 1) + ", " + move + ": " + now.battle(b));
            } else {
                history.add(who + " moved " + move);
            }
            battlesSeen = battles.size();
            publish();
        }
    }

    /** A move by index, or words: "e3-e4", "resign"; before play "swap a1 b2", "random" or "start". */
    @Override
    public void offer(Integer index, String words, Consumer<String> answer) {
        String said = words == null ? null : words.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        if (mine() == null && verdict == null && problem == null) {
            if (said == null) {
                answer.accept("first arrange your tiles: 'swap a1 b2', 'random' or 'start'");
                return;
            }
            if (said.equals("start") || said.equals("random")) {
                offered.add(said);
                answer.accept(null);
                return;
            }
            String[] w = said.split(" ");
            if (w.length == 3 && w[0].equals("swap") && home(w[1]) && home(w[2]) && !w[1].equals(w[2])) {
                offered.add(said);
                answer.accept(null);
                return;
            }
            answer.accept("an arrangement swaps two of your home squares ('swap a1 b2'), or is 'random' or 'start'");
            return;
        }
        List<Move> now = legal;
        if (now.isEmpty()) {
            answer.accept("it is not your move: the table awaits " + awaiting());
            return;
        }
        if ("resign".equals(said)) {
            offered.add("resign");
            answer.accept(null);
            return;
        }
        int chosen = index == null ? -1 : index;
        if (index == null && said != null) {
            try {
                chosen = now.indexOf(Move.parse(said));
            } catch (IllegalArgumentException e) {
                answer.accept("'" + words.strip() + "' is not a move like e3-e4: " + e.getMessage());
                return;
            }
        }
        if (chosen < 0 || chosen >= now.size()) {
            answer.accept("not one of your legal moves; they are " + now.stream().map(Move::toString).toList());
            return;
        }
        offered.add(Integer.toString(chosen));
        answer.accept(null);
    }

    private boolean home(String name) {
        try {
            return Board.isHome(seat, Square.parse(name));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private synchronized void publish() {
        Map<String, Object> out = new LinkedHashMap<>();
        MahjongParty me = mine();
        PlayerView v = view;
        List<String> names = names();
        out.put("type", "state");
        out.put("game", NAME);
        out.put("names", names);
        out.put("seat", seat);
        out.put("round", 1);
        out.put("step", me == null ? 0 : me.nextStep());
        String awaiting = awaiting();
        out.put("awaiting", awaiting);
        List<Move> moves = legal;
        boolean yourMove = !moves.isEmpty() && verdict == null && problem == null;
        out.put("yourMove", yourMove);
        List<Map<String, Object>> listed = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            Move m = moves.get(i);
            Map<String, Object> lm = new LinkedHashMap<>();
            lm.put("index", i);
            lm.put("kind", "mahjong");
            lm.put("label", m.toString());
            lm.put("from", m.from().toString());
            lm.put("to", m.to().toString());
            if (v != null && v.state().tileAt(m.to()).isPresent()) {
                lm.put("attack", true);
            }
            listed.add(lm);
        }
        out.put("moves", listed);
        out.put("text", v == null ? List.of() : v.render(names.get(seat), names.get(1 - seat)).lines().toList());
        out.put("history", List.copyOf(history));
        if (yourMove) {
            out.put("clock", Map.of("remainingMillis", Math.max(0, deadlineMillis - System.currentTimeMillis()),
                    "seconds", actionSeconds));
        }
        if (me != null && me.isStarted()) {
            me.observer().outcome().ifPresent(o -> out.put("outcome", outcome(o, names)));
        }
        out.put("finished", verdict != null || problem != null);
        if (verdict != null) {
            out.put("verdict", Map.of("verified", verdict.verified(), "line", verdict.line()));
        }
        if (problem != null) {
            out.put("problem", problem);
        }
        if (network != null) {
            out.put("network", network.describe(me != null && me.transcript().hellos().size() == 2, awaiting));
        }
        out.put("mahjong", v == null ? arranging(me == null ? "arrange" : "starting") : board(v, tileSet));
        try {
            lastSnapshot = JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        for (Consumer<String> w : watchers) {
            w.accept(lastSnapshot);
        }
    }

    private String outcome(MahjongObserver.Outcome o, List<String> names) {
        String who = o.winner() < 0 ? "no winner" : o.winner() == seat ? "you win" : names.get(1 - seat) + " wins";
        return who + " (" + o.reason() + ")";
    }

    /** Before play ("arrange", then "starting" while the parties set up): the person's home squares, rank by rank from their side, with the kinds they hold. */
    private Map<String, Object> arranging(String phase) {
        Map<Square, Integer> now = arrangement;
        List<Map<String, Object>> squares = new ArrayList<>();
        for (int r = 0; r < Board.SIZE; r++) {
            int rank = seat == 0 ? Board.SIZE - 1 - r : r;
            for (int f = 0; f < Board.SIZE; f++) {
                Square sq = new Square(f, rank);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("square", sq.toString());
                if (Board.isHome(seat, sq)) {
                    m.put("home", true);
                    Integer kind = now.get(sq);
                    if (kind != null) {
                        m.put("tile", tile(kind, true, tileSet));
                    }
                }
                squares.add(m);
            }
        }
        return Map.of("phase", phase, "squares", squares);
    }

    /** In play: every square from the person's side, own tiles by kind, the opponent's as backs, and the battles. */
    static Map<String, Object> board(PlayerView v, TileSet tileSet) {
        MahjongShogiState state = v.state();
        int seat = v.seat();
        List<String> battles = new ArrayList<>();
        for (BattleRecord b : state.battles()) {
            battles.add("Move " + (b.moveNumber() + 1) + ", " + b.move() + ": " + v.battle(b));
        }
        return play(state, seat, battles, t -> t.owner() == seat ? tile(v.placement().kindOf(t), true, tileSet)
                : Map.of("mine", false));
    }

    /**
     * The whole board, every tile by kind with its owner's name, east at the bottom: for a replay once both players
     * opened their tiles at the game's end.
     */
    static Map<String, Object> wholeBoard(MahjongShogiState state, List<Placement> placements, List<String> names,
            TileSet tileSet) {
        List<String> battles = new ArrayList<>();
        for (BattleRecord b : state.battles()) {
            battles.add("Move " + (b.moveNumber() + 1) + ", " + b.move() + ": " + names.get(b.attacker().owner()) + "'s "
                    + Kinds.name(placements.get(b.attacker().owner()).kindOf(b.attacker())) + " attacked "
                    + names.get(b.defender().owner()) + "'s "
                    + Kinds.name(placements.get(b.defender().owner()).kindOf(b.defender())) + ": "
                    + b.result().outcome().name().toLowerCase(Locale.ROOT).replace('_', ' '));
        }
        return play(state, 0, battles, t -> {
            Map<String, Object> tile = new LinkedHashMap<>(tile(placements.get(t.owner()).kindOf(t), false, tileSet));
            tile.put("revealed", true);
            tile.put("owner", names.get(t.owner()));
            tile.put("side", t.owner());
            return tile;
        });
    }

    private static Map<String, Object> play(MahjongShogiState state, int seat, List<String> battles,
            Function<TileRef, Map<String, Object>> drawn) {
        List<Map<String, Object>> squares = new ArrayList<>();
        for (int r = 0; r < Board.SIZE; r++) {
            int rank = seat == 0 ? Board.SIZE - 1 - r : r;
            for (int f = 0; f < Board.SIZE; f++) {
                Square sq = new Square(f, rank);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("square", sq.toString());
                state.tileAt(sq).ifPresent(t -> m.put("tile", drawn.apply(t)));
                squares.add(m);
            }
        }
        return Map.of("phase", "play", "squares", squares, "battles", battles, "moves", state.movesMade(),
                "moveLimit", state.rules().moveLimit(), "yourTiles", state.tiles(seat).size(),
                "theirTiles", state.tiles(1 - seat).size());
    }

    /** One tile: its kind, short code, character and words for a screen reader. */
    private static Map<String, Object> tile(int kind, boolean mine, TileSet tileSet) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mine", mine);
        m.put("kind", kind);
        m.put("code", kind <= 9 ? kind + "p" : switch (kind) {
            case Kinds.EAST -> "E";
            case 11 -> "Wh";
            case 12 -> "Gr";
            default -> "Rd";
        });
        m.put("glyph", Kinds.name(kind));
        String words = kind <= 9 ? WORDS.get(kind - 1) + " of circles" : switch (kind) {
            case Kinds.EAST -> "East wind";
            case 11 -> "White dragon";
            case 12 -> "Green dragon";
            default -> "Red dragon";
        };
        boolean king = kind == tileSet.kingKind();
        m.put("king", king);
        m.put("words", words + (king ? mine ? ", your king" : ", the king" : ""));
        return m;
    }

    /** The person's view while the table awaits their move; null at other times (for tests). */
    PlayerView awaitedView() {
        return legal.isEmpty() ? null : view;
    }

    /** The person's own party: their seat at the local table, or the one playing the other node; null before. */
    private MahjongParty mine() {
        SeatPlayer p = player;
        LocalGame g = game;
        return p != null ? p.party() : g != null ? g.party(seat) : null;
    }

    private String awaiting() {
        MahjongParty me = mine();
        return me == null ? "your arrangement of your tiles" : me.awaiting();
    }

    /** East's name and west's: the bot, or the name the other node's hello signs once it has arrived. */
    private List<String> names() {
        String other = TwoNodeSeat.otherName(network, mine(), seat);
        return seat == 0 ? List.of(name, other) : List.of(other, name);
    }

    /** What the host shows the person to send the other player; null at a guest and against the bot. */
    String invitation() {
        return network == null ? null : network.invitation();
    }

    @Override
    public void answer(boolean accept, Consumer<String> reply) {
        TwoNodeSeat.answer(network, accept, reply);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public Map<String, Object> summary() {
        // A table is kept only when the person is asked to move: taken up, it awaits that move.
        String state = problem != null ? problem : verdict != null ? verdict.line() : !kept.started()
                ? "in progress: your move" : (network != null && network.takenUp() ? "in progress: " : "")
                + (mine() == null ? "arrange your tiles" : !legal.isEmpty() ? "your move" : "awaits " + awaiting());
        return Map.of("id", id, "game", NAME, "players", names(), "state", state,
                "finished", verdict != null || problem != null);
    }

    @Override
    public void watch(Consumer<String> watcher) {
        watchers.add(watcher);
        if (kept.start()) {
            thread.execute(this::run); // the person opened a table taken up from its journal: it goes on
            return;
        }
        String now = lastSnapshot;
        if (now != null) {
            watcher.accept(now);
        }
    }

    @Override
    public void unwatch(Consumer<String> watcher) {
        watchers.remove(watcher);
    }

    @Override
    public Path transcript() {
        return verdict != null ? transcriptFile : null;
    }

    @Override
    public void close() {
        if (network != null) {
            network.close();
        }
        kept.close(thread);
    }
}
