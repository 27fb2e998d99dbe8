package fairtable.app.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.app.Audits;
import fairtable.app.play.SeatSeeds;
import fairtable.app.net.TwoSeatGame;
import fairtable.app.play.TerminalChessPlayer;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Move;
import fairtable.games.chess.Piece;
import fairtable.games.chess.Position;
import fairtable.games.chess.PieceType;
import fairtable.games.chess.Square;
import fairtable.games.chess.SquareView;
import fairtable.games.chess.play.BotChooser;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.chess.play.DarkChessTable;
import fairtable.net.Actor;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.journal.Journal;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Dark chess in the node: the person plays White or Black in the browser against the bot, as {@code play dark-chess
 * --bots black|white} does at the terminal, both dark-chess/v1 parties in this process rebuilding their vision by
 * oblivious transfer; or against another person's node, as {@code play dark-chess --host|--join} does, only the
 * person's own party here and the other node's moves arriving through the session layer ({@link TwoNodeSeat}: the
 * host plays White and its page shows the invitation, the guest plays Black). The browser is sent only the
 * person's fog-of-war view ({@link ChessSide#view()}): a square the person cannot see is sent as fog, never with
 * what stands there. A move from the browser is taken only if it is one of that view's legal moves; the person may
 * also resign, offer a draw with a move, or accept the draw the other side's last move offered, each through the
 * protocol's own announcements. What the person learned since their last move (a capture of theirs, an en-passant
 * chance) comes from {@link TerminalChessPlayer#learned}, as at the terminal. The person's clock works as at the
 * card tables: when it runs out, the bot's chooser decides. Against the bot the table is kept in the node's journal
 * as the card tables are ({@link SavedTable}: both seats' snapshots and the bot's key), each time the person is asked
 * to move, so that the node, started again, takes it up ({@link #resume}); against another node the seat's journal is
 * {@link TwoSeatGame}'s, as at the terminal.
 */
final class BrowserDarkChess implements NodeTable {
    static final String NAME = "dark-chess";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String id;
    private final String name;
    private final int actionSeconds;
    private final Path transcriptFile;
    private final DarkChessParameters params;
    /** Both seats in this process (against the bot); null against another node. */
    private DarkChessTable table;
    /** The other node's link; null against the bot. */
    private final TwoNodeSeat network;
    /** Where a table against the bot is kept (nowhere against another node, whose seat TwoSeatGame keeps). */
    private final KeptTable kept;
    /** The bot's signing key, kept in the journal so that its seat can be taken up again. */
    private SigningKey botKey;
    /** Both seats' snapshots the last time a message reached both, when neither was inside a step; table thread. */
    private List<byte[]> seatsBetweenSteps;
    /** What the person had learned when the game was kept, for the move asked again once it is taken up. */
    private List<String> takenUpNotices;
    /** How the history shows what the person learned before a move. */
    private static final String NOTICE = "  ";
    private volatile DarkChessParty networkParty;
    private RandomGenerator seatRandom;
    private final ExecutorService thread;
    private final Color person;
    private final int seat;
    private final BlockingQueue<Choice> offered = new LinkedBlockingQueue<>();
    private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();
    private final List<String> history = new CopyOnWriteArrayList<>();
    private volatile List<Move> legal = List.of();
    private volatile FogView shown;
    private volatile boolean drawOffered;
    private volatile List<String> notices = List.of();
    private FogView previousView;
    private Move previousMove;
    private volatile long deadlineMillis;
    private volatile String lastSnapshot;
    private volatile AuditVerdict verdict;
    private volatile String problem;

    /** What the browser chose: a move (maybe offering a draw with it), a resignation, or the acceptance of a draw. */
    private record Choice(int index, boolean offersDraw, boolean resigns, boolean acceptsDraw) {}

    private BrowserDarkChess(String id, String name, Color person, DarkChessParameters params, int actionSeconds,
            Path file, TwoNodeSeat network, KeptTable kept) {
        this.id = id;
        this.kept = kept;
        this.name = name;
        this.person = person;
        this.seat = person == Color.WHITE ? 0 : 1;
        this.actionSeconds = actionSeconds;
        this.transcriptFile = file;
        this.params = params;
        this.network = network;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "table-" + id);
            t.setDaemon(true);
            return t;
        });
    }

    /** The person's choices, asked by their seat's {@link ChessSide} inside the protocol's steps. */
    private ChessSide.MoveChooser chooser() {
        return new ChessSide.MoveChooser() {
            @Override
            public Move choose(FogView view, List<Move> moves, RandomGenerator random) {
                return personChooses(view, moves, false, random);
            }

            @Override
            public Move choose(FogView view, List<Move> moves, boolean offer, RandomGenerator random) {
                return personChooses(view, moves, offer, random);
            }
        };
    }

    /**
     * A game started on its own thread, the person playing {@code person}; {@code whiteRandom} and
     * {@code blackRandom} supply each seat's secrets and the bot's choices (a {@link SecureRandom} but in tests).
     */
    static BrowserDarkChess start(String id, String name, Color person, SigningKey key, OtMode mode, int maxPlies,
            int actionSeconds, Path file, RandomGenerator whiteRandom, RandomGenerator blackRandom) {
        try {
            return start(id, name, person, key, mode, maxPlies, actionSeconds, file, whiteRandom, blackRandom, null);
        } catch (IOException impossible) {
            throw new IllegalStateException("no journal is opened", impossible);
        }
    }

    /**
     * As above, kept in a journal at {@code journalFile} (if not null), so that the node, started again, takes the
     * game up ({@link #resume}).
     *
     * @throws IOException if the journal cannot be created
     */
    static BrowserDarkChess start(String id, String name, Color person, SigningKey key, OtMode mode, int maxPlies,
            int actionSeconds, Path file, RandomGenerator whiteRandom, RandomGenerator blackRandom, Path journalFile)
            throws IOException {
        DarkChessParameters params = parameters(mode, maxPlies);
        BrowserDarkChess t = new BrowserDarkChess(id, name, person, params, actionSeconds, file, null,
                new KeptTable(journalFile == null ? null : Journal.open(journalFile, key), true));
        t.botKey = SeatSeeds.signingKey(null, 1 - t.seat);
        t.table = DarkChessTable.personAgainstBot(t.params, person, t.chooser(), person == Color.WHITE ? key : t.botKey,
                person == Color.WHITE ? t.botKey : key, whiteRandom, blackRandom);
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
    static BrowserDarkChess resume(String id, String name, SavedTable saved, SigningKey key, Path transcripts,
            int actionSeconds, Journal journal, RandomGenerator whiteRandom, RandomGenerator blackRandom)
            throws MalformedMessageException {
        SigningKey bot = saved.botKey();
        int botSeat = 1 - saved.person();
        RandomGenerator[] random = {whiteRandom, blackRandom};
        DarkChessParty botParty = DarkChessParty.restore(saved.snapshots().get(botSeat), bot, random[botSeat],
                ChessSide::fromBytes);
        BrowserDarkChess t = new BrowserDarkChess(id, name, saved.person() == 0 ? Color.WHITE : Color.BLACK,
                botParty.parameters(), actionSeconds, transcripts.resolve(saved.transcript()), null,
                new KeptTable(journal, false));
        ChessSide.MoveChooser chooser = t.chooser();
        DarkChessParty mine = DarkChessParty.restore(saved.snapshots().get(t.seat), key, random[t.seat],
                bytes -> ChessSide.fromBytes(bytes, chooser));
        t.botKey = bot;
        t.table = t.seat == 0 ? DarkChessTable.resumed(mine, botParty, key, bot)
                : DarkChessTable.resumed(botParty, mine, bot, key);
        t.history.addAll(saved.history());
        List<String> learned = new ArrayList<>();
        for (int i = saved.history().size() - 1; i >= 0 && saved.history().get(i).startsWith(NOTICE); i--) {
            learned.add(0, saved.history().get(i).substring(NOTICE.length()));
        }
        t.takenUpNotices = learned;
        return t;
    }

    /**
     * A game with another person's node: hosting (the host plays White, and its page shows the invitation) when
     * {@code joining} is null, else joining the host that invitation names (as Black, with the host's mode and
     * max-plies).
     * {@code random} supplies the seat's secrets and its time-out moves (a {@link SecureRandom} but in tests).
     */
    static BrowserDarkChess network(String id, Profile profile, OtMode mode, int maxPlies, int actionSeconds,
            Path file, TwoNodeSeat.Place place, Invitation joining, RandomGenerator random) throws IOException {
        return network(id, profile, mode, maxPlies, actionSeconds, file, place, joining, random, Color.WHITE);
    }

    /** As above, a host playing {@code hostColour}; a guest plays the other colour, as the invitation says. */
    static BrowserDarkChess network(String id, Profile profile, OtMode mode, int maxPlies, int actionSeconds,
            Path file, TwoNodeSeat.Place place, Invitation joining, RandomGenerator random, Color hostColour)
            throws IOException {
        DarkChessParameters params = parameters(mode, maxPlies);
        TwoNodeSeat network = TwoNodeSeat.open(profile, place, joining, NAME,
                orderedSettings(maxPlies, mode), hostColour.ordinal());
        BrowserDarkChess t = new BrowserDarkChess(id, profile.displayName(), network.seat() == 0 ? Color.WHITE
                : Color.BLACK, params, actionSeconds, file, network, new KeptTable(null, true));
        t.seatRandom = random;
        network.onChange(t::publish);
        t.thread.execute(t::run);
        return t;
    }

    /** The invitation's settings, in a fixed order so that an invitation reads the same each time. */
    private static Map<String, String> orderedSettings(int maxPlies, OtMode mode) {
        Map<String, String> settings = new java.util.LinkedHashMap<>();
        settings.put("max-plies", Integer.toString(maxPlies));
        settings.put("mode", mode.label());
        return settings;
    }

    /** How this table's visions are rebuilt (a guest's: as the host's invitation says). */
    OtMode mode() {
        return params.otMode();
    }

    private static DarkChessParameters parameters(OtMode mode, int maxPlies) {
        if (maxPlies < 1 || maxPlies > 1000) {
            throw new IllegalArgumentException("max-plies must be 1 to 1000, not " + maxPlies);
        }
        return new DarkChessParameters(mode, 2048, maxPlies);
    }

    /**
     * The mode a form or an invitation names (the default when it names none, as invitations before the setting
     * did not); an unknown one is refused with the four names.
     */
    static OtMode mode(String label) {
        return label == null || label.isBlank() ? DarkChessParameters.defaults().otMode() : OtMode.parse(label.strip());
    }

    private void run() {
        publish();
        boolean stoppedMidGame = false;
        if (network != null) {
            runNetwork();
        } else {
            stoppedMidGame = !runLocal();
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
    private boolean runLocal() {
        try {
            table.play(ply -> publish(), () -> seatsBetweenSteps = List.of(table.party(0).snapshot(),
                    table.party(1).snapshot()));
        } catch (ProtocolViolation v) {
            problem = "CHEAT CAUGHT: " + v.getMessage();
        } catch (RuntimeException e) {
            if (kept.closing()) {
                return false; // the node is stopping mid-game: its journal takes the game up when it starts again
            }
            problem = "the table stopped: " + e.getMessage();
        }
        legal = List.of();
        try {
            List<Party.Rejected> rejected = new ArrayList<>(table.party(0).rejected());
            table.party(seat).result().ifPresent(r -> history.add("Result: " + r));
            rejected.addAll(table.party(1).rejected());
            TranscriptFile.write(transcriptFile, table.transcript(), rejected);
            verdict = Audits.auditWritten(transcriptFile, fairtable.games.definitions.Games.ALL);
        } catch (IOException e) {
            problem = "the transcript could not be written: " + e.getMessage();
        }
        return true;
    }

    /**
     * Writes the table to its journal before the person is asked to move: both seats as they stood before the message
     * that asks it, which the bot's seat sends again when the game is taken up, and the history, what the person
     * learned since their last move included.
     * Nothing leaves this process but the page, so a crash loses at most the bot's steps since, which it takes again.
     */
    private void keep() {
        List<byte[]> seats = seatsBetweenSteps;
        if (seats == null || problem != null) {
            return; // before the first message nothing is worth taking up: the game starts afresh
        }
        seatsBetweenSteps = null;
        problem = kept.keep(SavedTable.againstBot(NAME, seat, transcriptFile, history, botKey, seats));
    }

    /** The person's seat only, against the other node through the session layer; the page follows every step. */
    private void runNetwork() {
        ChessSide.MoveChooser chooser = chooser();
        TwoSeatGame.Seating<DarkChessParty> seating = new TwoSeatGame.Seating<>() {
            @Override
            public DarkChessParty create(int s, SigningKey key, SecureRandom random) {
                networkParty = DarkChessParty.create(params, s, name, key, ChessSide.start(person, chooser),
                        seatRandom);
                return networkParty;
            }

            @Override
            public DarkChessParty restore(byte[] state, SigningKey key, SecureRandom random)
                    throws MalformedMessageException {
                networkParty = DarkChessParty.restore(state, key, seatRandom,
                        bytes -> ChessSide.fromBytes(bytes, chooser));
                return networkParty;
            }

            @Override
            public Actor actor(DarkChessParty party) {
                return () -> {
                    publish(); // after every step the session takes: the page follows whom the table awaits
                    return List.of();
                };
            }
        };
        try {
            TwoSeatGame.Result<DarkChessParty> result = network.play(seating, transcriptFile, actionSeconds);
            legal = List.of();
            result.party().result().ifPresent(r -> history.add("Result: " + r));
            if (result.verdict() == null || !result.finished()) {
                problem = network.lastLine();
            }
            verdict = result.verdict();
        } catch (IOException | MalformedMessageException | RuntimeException e) {
            problem = "the table stopped: " + e.getMessage();
        }
    }

    /**
     * Runs on the table's thread inside the person's party: waits for the browser's choice, or the clock. A
     * resignation or an accepted draw leaves by the exceptions {@link ChessSide} reads as those announcements.
     */
    private Move personChooses(FogView view, List<Move> moves, boolean offer, RandomGenerator random) {
        List<String> facts = new ArrayList<>();
        if (takenUpNotices != null) {
            facts.addAll(takenUpNotices); // asked again after a restart: what the person learned is in the history
            takenUpNotices = null;
        } else {
            facts.addAll(learnedSince(previousView, previousMove, view));
            if (offer) {
                facts.add(drawOffered(person.opposite()));
            }
            facts.forEach(f -> history.add(NOTICE + f));
        }
        notices = List.copyOf(facts);
        keep();
        shown = view;
        drawOffered = offer;
        legal = List.copyOf(moves);
        deadlineMillis = System.currentTimeMillis() + actionSeconds * 1000L;
        offered.clear();
        publish();
        try {
            while (true) {
                Choice c = offered.poll(Math.max(0, deadlineMillis - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
                if (c == null) {
                    Move move = new BotChooser().choose(view, moves, random);
                    history.add("(time ran out: the bot moved for you) " + move.uci());
                    return played(view, move);
                }
                if (c.resigns()) {
                    history.add(colour(person) + " (you): resign");
                    legal = List.of();
                    throw new ChessSide.Resigns();
                }
                if (c.acceptsDraw() && offer) {
                    history.add(colour(person) + " (you): accept the draw");
                    legal = List.of();
                    throw new ChessSide.AcceptsDraw();
                }
                if (c.index() >= 0 && c.index() < moves.size()) {
                    Move move = moves.get(c.index());
                    history.add(colour(person) + " (you): " + move.uci() + (takes(view, move) ? " takes" : "")
                            + (enPassant(view, move) ? " en passant" : "") + (c.offersDraw() ? ", offering a draw" : ""));
                    played(view, move);
                    if (c.offersDraw()) {
                        throw new ChessSide.OffersDraw(move);
                    }
                    return move;
                }
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the node is stopping");
        }
    }

    private Move played(FogView view, Move move) {
        previousView = view;
        previousMove = move;
        legal = List.of();
        notices = List.of();
        return move;
    }

    /**
     * What a side learns when its move comes round again, as the page's notices say it: what its own last move
     * ({@code previousMove}, chosen in {@code previousView}) took, en passant included, then what the other side's
     * move did to it and whether it may take en passant now ({@link TerminalChessPlayer#learned}). The live page and
     * the replay both say it this way.
     */
    static List<String> learnedSince(FogView previousView, Move previousMove, FogView view) {
        List<String> facts = new ArrayList<>(TerminalChessPlayer.learned(previousView, previousMove, view));
        if (previousMove != null && previousView != null) {
            Color me = previousView.viewer();
            if (enPassant(previousView, previousMove)) {
                facts.add(0, "You captured " + colour(me.opposite()) + "'s pawn en passant on "
                        + previousView.enPassantPawn().orElseThrow() + ".");
            } else {
                previousView.seenPiece(previousMove.to()).filter(p -> p.color() != me).ifPresent(p -> facts.add(0,
                        "You captured " + colour(p.color()) + "'s " + typeName(p.type()) + " on " + previousMove.to()
                                + "."));
            }
        }
        return facts;
    }

    /** The notice of a draw that {@code by}'s last move offered. */
    static String drawOffered(Color by) {
        return colour(by) + " offers a draw: accept it, or any move declines it.";
    }

    /** Whether {@code move} takes a piece the person sees, en passant included. */
    private static boolean takes(FogView view, Move move) {
        return view.seenPiece(move.to()).map(p -> p.color() != view.viewer()).orElse(false) || enPassant(view, move);
    }

    private static boolean enPassant(FogView view, Move move) {
        return view.enPassantPawn().map(pawn -> view.seenPiece(move.from()).map(p -> p.type() == PieceType.PAWN)
                .orElse(false) && move.to().file() == pawn.file() && move.from().rank() == pawn.rank()).orElse(false);
    }

    private static String colour(Color c) {
        return c == Color.WHITE ? "White" : "Black";
    }

    private static String typeName(PieceType t) {
        return t.name().toLowerCase(Locale.ROOT);
    }

    /** The bot's own side, for tests that need the whole position (the bot's pieces are never sent to a page). */
    ChessSide botSide() {
        return (ChessSide) table.party(1 - seat).side();
    }

    /** The person's view while the table awaits their move (what the page draws then); null at other times. */
    FogView awaitedView() {
        return legal.isEmpty() ? null : shown;
    }

    /**
     * A move by index, or words: a move in UCI, a move and "draw" (offering one with it), "resign", or "accept
     * draw" when the other side's last move offered one.
     */
    @Override
    public void offer(Integer index, String words, Consumer<String> answer) {
        List<Move> now = legal;
        if (now.isEmpty()) {
            answer.accept("it is not your move: the table awaits " + awaiting());
            return;
        }
        int chosen = index == null ? -1 : index;
        boolean offersDraw = false;
        if (index == null && words != null) {
            String said = words.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
            if (said.equals("resign")) {
                offered.add(new Choice(-1, false, true, false));
                answer.accept(null);
                return;
            }
            if (said.equals("accept draw") || said.equals("draw")) {
                if (!drawOffered) {
                    answer.accept("no draw is on offer: offer one with your move, e.g. '" + now.get(0).uci() + " draw'");
                    return;
                }
                offered.add(new Choice(-1, false, false, true));
                answer.accept(null);
                return;
            }
            offersDraw = said.endsWith(" draw");
            String uci = offersDraw ? said.substring(0, said.length() - 5).strip() : said;
            for (int i = 0; i < now.size(); i++) {
                if (now.get(i).uci().equals(uci)) {
                    chosen = i;
                }
            }
        }
        if (chosen < 0 || chosen >= now.size()) {
            answer.accept("not one of your legal moves; they are " + now.stream().map(Move::uci).toList());
            return;
        }
        offered.add(new Choice(chosen, offersDraw, false, false));
        answer.accept(null);
    }

    private synchronized void publish() {
        DarkChessParty me = mine();
        FogView view = me != null && me.side() instanceof ChessSide side ? side.view() : shown;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", "state");
        out.put("game", NAME);
        out.put("names", names());
        out.put("seat", seat);
        out.put("round", 1);
        out.put("step", me == null ? 0 : me.nextStep());
        String awaiting = awaiting();
        out.put("awaiting", awaiting);
        List<Move> moves = legal;
        boolean yourMove = !moves.isEmpty() && verdict == null && problem == null;
        out.put("yourMove", yourMove);
        List<Map<String, Object>> listed = listed(shown, moves);
        out.put("moves", listed);
        out.put("text", List.of());
        out.put("history", List.copyOf(history));
        if (yourMove) {
            out.put("clock", Map.of("remainingMillis", Math.max(0, deadlineMillis - System.currentTimeMillis()),
                    "seconds", actionSeconds));
        }
        if (me != null) {
            me.result().ifPresent(r -> out.put("outcome", r));
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
        Map<String, Object> chess = new LinkedHashMap<>(board(view, me == null ? 0 : me.plies()));
        chess.put("you", person == Color.WHITE ? "white" : "black");
        chess.put("drawOffered", yourMove && drawOffered);
        chess.put("notices", yourMove ? notices : List.of());
        out.put("chess", chess);
        try {
            lastSnapshot = JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        for (Consumer<String> w : watchers) {
            w.accept(lastSnapshot);
        }
    }

    /** The person's own party: their seat at the local table, or the one playing the other node. */
    private DarkChessParty mine() {
        return table != null ? table.party(seat) : networkParty;
    }

    private String awaiting() {
        DarkChessParty me = mine();
        return me == null ? "the other player" : me.awaiting();
    }

    /** White's name and Black's: the bot, or the name the other node's hello signs once it has arrived. */
    private List<String> names() {
        String other = TwoNodeSeat.otherName(network, mine(), seat);
        return person == Color.WHITE ? List.of(name, other) : List.of(other, name);
    }

    /** What the host shows the person to send the other player; null at a guest and against the bot. */
    String invitation() {
        return network == null ? null : network.invitation();
    }

    @Override
    public void answer(boolean accept, Consumer<String> reply) {
        TwoNodeSeat.answer(network, accept, reply);
    }

    /** The legal moves as the board page lists them: squares, promotion, and whether each takes a piece seen. */
    static List<Map<String, Object>> listed(FogView view, List<Move> moves) {
        List<Map<String, Object>> listed = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            Move m = moves.get(i);
            Map<String, Object> listedMove = new LinkedHashMap<>();
            listedMove.put("index", i);
            listedMove.put("kind", "chess");
            listedMove.put("label", m.uci());
            listedMove.put("from", m.from().algebraic());
            listedMove.put("to", m.to().algebraic());
            if (m.promotion() != null) {
                listedMove.put("promotion", typeName(m.promotion()));
            }
            if (view != null && takes(view, m)) {
                listedMove.put("takes", true);
            }
            if (view != null && enPassant(view, m)) {
                listedMove.put("enPassant", true);
            }
            listed.add(listedMove);
        }
        return listed;
    }

    /** The person's view, square by square from a8 to h1: fog, only "occupied", or what is seen there. */
    static Map<String, Object> board(FogView view, int plies) {
        return squares(plies, (sq, m) -> {
            SquareView seen = view == null ? new SquareView.Unseen() : view.at(sq);
            if (seen instanceof SquareView.Seen s) {
                m.put("sight", "seen");
                s.piece().ifPresent(p -> m.put("piece", piece(p)));
            } else if (seen instanceof SquareView.Occupancy o) {
                m.put("sight", "occupancy");
                m.put("occupied", o.occupied());
            } else {
                m.put("sight", "fog");
            }
        });
    }

    /** A whole position in the same form, every square seen: for a replay once both sides revealed their boards. */
    static Map<String, Object> wholeBoard(Position position, int plies) {
        return squares(plies, (sq, m) -> {
            m.put("sight", "seen");
            position.pieceAt(sq).ifPresent(p -> m.put("piece", piece(p)));
        });
    }

    private static Map<String, Object> squares(int plies, BiConsumer<Square, Map<String, Object>> describe) {
        List<Map<String, Object>> squares = new ArrayList<>();
        for (int rank = 7; rank >= 0; rank--) {
            for (int file = 0; file < 8; file++) {
                Square sq = Square.at(file, rank);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("square", sq.algebraic());
                describe.accept(sq, m);
                squares.add(m);
            }
        }
        return Map.of("squares", squares, "plies", plies);
    }

    private static Map<String, String> piece(Piece p) {
        return Map.of("color", p.color() == Color.WHITE ? "white" : "black",
                "type", p.type().name().toLowerCase(Locale.ROOT));
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
                + (!legal.isEmpty() ? "your move" : "awaits " + awaiting());
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
