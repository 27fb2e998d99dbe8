package fairtable.app.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairtable.app.Audits;
import fairtable.app.play.SeatSeeds;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.chess.Color;
import fairtable.games.chess.FogView;
import fairtable.games.chess.Move;
import fairtable.games.chess.Piece;
import fairtable.games.chess.Square;
import fairtable.games.chess.SquareView;
import fairtable.games.chess.play.BotChooser;
import fairtable.games.chess.play.ChessSide;
import fairtable.games.chess.play.DarkChessTable;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.darkchess.DarkChessParameters;
import fairtable.protocol.darkchess.DarkChessParty;
import fairtable.protocol.darkchess.OtMode;
import fairtable.protocol.transcript.TranscriptFile;
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
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Dark chess in the node: the person plays White in the browser against the bot, as {@code play dark-chess --bots
 * black} does at the terminal; both dark-chess/v1 parties run in this process and rebuild their vision by
 * oblivious transfer. The browser is sent only the person's fog-of-war view ({@link ChessSide#view()}): a square
 * the person cannot see is sent as fog, never with what stands there. A move from the browser is taken only if
 * it is one of that view's legal moves. The person's clock works as at the card tables: when it runs out, the
 * bot's chooser decides.
 */
final class BrowserDarkChess implements NodeTable {
    static final String NAME = "dark-chess";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String id;
    private final String name;
    private final int actionSeconds;
    private final Path transcriptFile;
    private final DarkChessTable table;
    private final ExecutorService thread;
    private final BlockingQueue<Integer> offered = new LinkedBlockingQueue<>();
    private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();
    private final List<String> history = new CopyOnWriteArrayList<>();
    private volatile List<Move> legal = List.of();
    private volatile FogView shown;
    private volatile long deadlineMillis;
    private volatile String lastSnapshot;
    private volatile AuditVerdict verdict;
    private volatile String problem;

    private BrowserDarkChess(String id, String name, SigningKey key, int maxPlies, int actionSeconds, Path file) {
        this.id = id;
        this.name = name;
        this.actionSeconds = actionSeconds;
        this.transcriptFile = file;
        DarkChessParameters params = new DarkChessParameters(OtMode.CHOU_ORLANDI, 2048, maxPlies);
        this.table = DarkChessTable.personAgainstBot(params, Color.WHITE, this::personChooses, key,
                SeatSeeds.signingKey(null, 1), new SecureRandom(), new SecureRandom());
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "table-" + id);
            t.setDaemon(true);
            return t;
        });
    }

    static BrowserDarkChess start(String id, String name, SigningKey key, int maxPlies, int actionSeconds, Path file) {
        if (maxPlies < 1 || maxPlies > 1000) {
            throw new IllegalArgumentException("max-plies must be 1 to 1000, not " + maxPlies);
        }
        BrowserDarkChess t = new BrowserDarkChess(id, name, key, maxPlies, actionSeconds, file);
        t.thread.execute(t::run);
        return t;
    }

    private void run() {
        publish();
        try {
            table.play(ply -> publish());
        } catch (ProtocolViolation v) {
            problem = "CHEAT CAUGHT: " + v.getMessage();
        } catch (RuntimeException e) {
            problem = "the table stopped: " + e.getMessage();
        }
        legal = List.of();
        try {
            List<Party.Rejected> rejected = new ArrayList<>(table.party(0).rejected());
            rejected.addAll(table.party(1).rejected());
            TranscriptFile.write(transcriptFile, table.transcript(), rejected);
            verdict = Audits.auditWritten(transcriptFile, fairtable.games.definitions.Games.ALL);
        } catch (IOException e) {
            problem = "the transcript could not be written: " + e.getMessage();
        }
        publish();
    }

    /** Runs on the table's thread inside the person's party: waits for the browser's move, or the clock. */
    private Move personChooses(FogView view, List<Move> moves, RandomGenerator random) {
        shown = view;
        legal = List.copyOf(moves);
        deadlineMillis = System.currentTimeMillis() + actionSeconds * 1000L;
        offered.clear();
        publish();
        try {
            while (true) {
                Integer index = offered.poll(Math.max(0, deadlineMillis - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
                if (index == null) {
                    Move move = new BotChooser().choose(view, moves, random);
                    history.add("(time ran out: the bot moved for you) " + move.uci());
                    legal = List.of();
                    return move;
                }
                if (index >= 0 && index < moves.size()) {
                    Move move = moves.get(index);
                    history.add("White (you): " + move.uci());
                    legal = List.of();
                    return move;
                }
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the node is stopping");
        }
    }

    @Override
    public void offer(Integer index, String words, Consumer<String> answer) {
        List<Move> now = legal;
        if (now.isEmpty()) {
            answer.accept("it is not your move: the table awaits " + table.party(0).awaiting());
            return;
        }
        int chosen = index == null ? -1 : index;
        if (index == null && words != null) {
            String uci = words.strip().toLowerCase(Locale.ROOT);
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
        offered.add(chosen);
        answer.accept(null);
    }

    private synchronized void publish() {
        DarkChessParty me = table.party(0);
        FogView view = me.side() instanceof ChessSide side ? side.view() : shown;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", "state");
        out.put("game", NAME);
        out.put("names", List.of(name, "bot"));
        out.put("seat", 0);
        out.put("round", 1);
        out.put("step", me.nextStep());
        out.put("awaiting", me.awaiting());
        List<Move> moves = legal;
        boolean yourMove = !moves.isEmpty() && verdict == null && problem == null;
        out.put("yourMove", yourMove);
        List<Map<String, Object>> listed = new ArrayList<>();
        for (int i = 0; i < moves.size(); i++) {
            Move m = moves.get(i);
            listed.add(Map.of("index", i, "kind", "chess", "label", m.uci(), "from", m.from().algebraic(),
                    "to", m.to().algebraic()));
        }
        out.put("moves", listed);
        out.put("text", List.of());
        out.put("history", List.copyOf(history));
        if (yourMove) {
            out.put("clock", Map.of("remainingMillis", Math.max(0, deadlineMillis - System.currentTimeMillis()),
                    "seconds", actionSeconds));
        }
        me.result().ifPresent(r -> out.put("outcome", r));
        out.put("finished", verdict != null || problem != null);
        if (verdict != null) {
            out.put("verdict", Map.of("verified", verdict.verified(), "line", verdict.line()));
        }
        if (problem != null) {
            out.put("problem", problem);
        }
        out.put("chess", board(view, me.plies()));
        try {
            lastSnapshot = JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        for (Consumer<String> w : watchers) {
            w.accept(lastSnapshot);
        }
    }

    /** The person's view, square by square from a8 to h1: fog, only "occupied", or what is seen there. */
    private static Map<String, Object> board(FogView view, int plies) {
        List<Map<String, Object>> squares = new ArrayList<>();
        for (int rank = 7; rank >= 0; rank--) {
            for (int file = 0; file < 8; file++) {
                Square sq = Square.at(file, rank);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("square", sq.algebraic());
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
                squares.add(m);
            }
        }
        return Map.of("squares", squares, "plies", plies, "you", "white");
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
        String state = problem != null ? problem : verdict != null ? verdict.line()
                : !legal.isEmpty() ? "your move" : "awaits " + table.party(0).awaiting();
        return Map.of("id", id, "game", NAME, "players", List.of(name, "bot"), "state", state,
                "finished", verdict != null || problem != null);
    }

    @Override
    public void watch(Consumer<String> watcher) {
        watchers.add(watcher);
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
        thread.shutdownNow();
    }
}
