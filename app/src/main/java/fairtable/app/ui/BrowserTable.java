package fairtable.app.ui;

import fairtable.app.Audits;
import fairtable.app.SeenCards;
import fairtable.app.play.LocalGame;
import fairtable.app.play.SeatSeeds;
import fairtable.crypto.sign.SigningKey;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.games.definitions.InMemoryTable;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.net.journal.Journal;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One table in the node: a table/v1 session in this process ({@link InMemoryTable}), the person's seat decided in
 * the browser and every other seat by the game's bot. Every change of the table runs on the table's own thread, in
 * order. A move from the browser is only ever a move the game's definition lists as legal for the person's seat in
 * that seat's own view, or words the definition parses and accepts; the party then checks it once more as every
 * other seat does. Each browser watching the table gets only the person's seat view ({@link SeatView}).
 *
 * <p>The person has {@code actionSeconds} for each decision; when it runs out, the game's bot decides for the seat,
 * as the clocks of online tables do. At the end the transcript is written, read back and audited.
 */
final class BrowserTable<S, M> implements NodeTable {
    private final String id;
    private final GameDefinition<S, M> game;
    private final List<String> names;
    private final int person;
    private final Path transcriptFile;
    private final Games games;
    private final int actionSeconds;
    private final ExecutorService thread;
    private final ScheduledExecutorService clock;
    private final List<TableParty<S, M>> seats = new ArrayList<>();
    private final InMemoryTable table;
    private final List<String> history = new CopyOnWriteArrayList<>();
    private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();
    private final TablePlayer<S, M> timeoutBot;
    /** Each seat's signing key, the bots' kept in the journal so that their seats can be taken up again. */
    private final List<SigningKey> keys;
    /** Where the table is kept after each step, or null (a bots-only table, a test's). */
    private final KeptTable kept;

    // Touched only on the table's thread.
    private M chosen;
    private long decisionKey = -1;
    private long deadlineMillis;
    private ScheduledFuture<?> timer;
    private int shownRound;
    private String shownAwaiting;
    private volatile String lastSnapshot;
    private volatile AuditVerdict verdict;
    private volatile String problem;
    private volatile String status = "starting";

    /** Makes seat {@code seat}'s party, played by {@code player}: a new one, or one taken up from its snapshot. */
    private interface SeatMaker<S, M> {
        TableParty<S, M> make(int seat, TablePlayer<S, M> player) throws MalformedMessageException;
    }

    private BrowserTable(String id, GameDefinition<S, M> game, List<String> names, int person, List<SigningKey> keys,
            SeatMaker<S, M> seatMaker, Path transcriptFile, Games games, int actionSeconds,
            ScheduledExecutorService clock, KeptTable kept) throws MalformedMessageException {
        this.id = id;
        this.game = game;
        this.person = person;
        this.transcriptFile = transcriptFile;
        this.games = games;
        this.actionSeconds = actionSeconds;
        this.clock = clock;
        this.kept = kept;
        this.keys = List.copyOf(keys);
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "table-" + id);
            t.setDaemon(true);
            return t;
        });
        this.timeoutBot = game.bot(new SecureRandom());
        for (int s = 0; s < keys.size(); s++) {
            TablePlayer<S, M> player = s == person ? this::personChooses : game.bot(new SecureRandom());
            seats.add(seatMaker.make(s, narrated(player)));
        }
        // A restored seat knows the names from its hellos; a new one from the form.
        this.names = names != null ? List.copyOf(names) : seats.stream().map(p -> p.nameOf(p.seat())).toList();
        // Each deck message is shown as it is delivered, so the page follows a shuffle seat by seat.
        this.table = new InMemoryTable(seats, keys).watchedBy(this::afterEachMessage);
    }

    /**
     * A new table, already started on its own thread. {@code person} is the seat played in the browser, or -1 for
     * bots only. With a {@code journalFile}, a table the person plays keeps its journal there, so that the node,
     * started again, takes it up ({@link #resume}).
     *
     * @throws IllegalArgumentException if the game cannot be played with these players or settings
     * @throws IOException if the journal cannot be created
     */
    static <S, M> BrowserTable<S, M> start(String id, GameDefinition<S, M> game, List<String> names,
            Map<String, String> settings, int person, SigningKey personKey, Path transcriptFile, Games games,
            int actionSeconds, ScheduledExecutorService clock, Path journalFile) throws IOException {
        if (names.size() < game.minSeats() || names.size() > game.maxSeats()) {
            throw new IllegalArgumentException(game.name() + " is for " + game.minSeats() + " to " + game.maxSeats()
                    + " players, not " + names.size());
        }
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("players need distinct names: " + names);
        }
        byte[] options = game.options(settings);
        try {
            game.setup(names, options);
        } catch (IllegalMove refused) {
            throw new IllegalArgumentException(game.name() + " cannot be played so: " + refused.getMessage());
        }
        TableParameters params = new TableParameters(game.name(), names.size(), options);
        List<SigningKey> keys = new ArrayList<>();
        for (int s = 0; s < names.size(); s++) {
            keys.add(s == person ? personKey : SeatSeeds.signingKey(null, s));
        }
        Journal journal = person >= 0 && journalFile != null ? Journal.open(journalFile, personKey) : null;
        BrowserTable<S, M> t;
        try {
            t = new BrowserTable<>(id, game, names, person, keys, (s, player) -> TableParty.create(game, params, s,
                    names.get(s), keys.get(s), new SecureRandom(), player), transcriptFile, games, actionSeconds, clock,
                    new KeptTable(journal, true));
        } catch (MalformedMessageException impossible) {
            throw new IllegalStateException("a new seat reads no snapshot", impossible);
        }
        t.thread.execute(() -> t.advance(t.table::play));
        return t;
    }

    /**
     * The table {@code saved} describes, taken up from its journal after the node restarted: every seat restored from
     * its snapshot (its messages checked again, its deck back with its own key), the hand history as the page last
     * showed it. It goes on (the bots play, the person's clock runs) only once a page opens it.
     *
     * @throws MalformedMessageException if a seat's snapshot does not read back
     */
    static <S, M> BrowserTable<S, M> resume(String id, GameDefinition<S, M> game, SavedTable saved,
            SigningKey personKey, Path transcripts, Games games, int actionSeconds, ScheduledExecutorService clock,
            Journal journal) throws MalformedMessageException {
        List<SigningKey> keys = new ArrayList<>();
        for (int s = 0; s < saved.snapshots().size(); s++) {
            keys.add(s == saved.person() ? personKey : SigningKey.fromSeed(saved.botKeys().get(s)));
        }
        BrowserTable<S, M> t = new BrowserTable<>(id, game, null, saved.person(), keys, (s, player) ->
                TableParty.restore(saved.snapshots().get(s), game, keys.get(s), new SecureRandom(), player),
                transcripts.resolve(saved.transcript()), games, actionSeconds, clock, new KeptTable(journal, false));
        t.history.addAll(saved.history());
        t.shownRound = saved.shownRound();
        TableParty<S, M> me = t.mySeat();
        t.status = "in progress: " + (me.isToMove() && t.person >= 0 ? "your move" : "awaits " + me.awaiting());
        return t;
    }

    @Override
    public String id() {
        return id;
    }

    GameDefinition<S, M> game() {
        return game;
    }

    List<String> names() {
        return names;
    }

    /** The latest snapshot of the person's view, as JSON, or null before the first. */
    String snapshot() {
        return lastSnapshot;
    }

    /** One line for the home page: the game, the players and who is awaited. */
    @Override
    public Map<String, Object> summary() {
        return Map.of("id", id, "game", game.name(), "players", names, "state", status,
                "finished", verdict != null || problem != null);
    }

    /** Sends every new snapshot to {@code watcher}, the current one at once. */
    @Override
    public void watch(Consumer<String> watcher) {
        watchers.add(watcher);
        thread.execute(() -> {
            if (kept.start()) {
                advance(table::resume); // the person opened a table taken up from its journal: it goes on
                return; // and this watcher was shown where it stands
            }
            if (lastSnapshot != null) {
                watcher.accept(lastSnapshot);
            }
        });
    }

    @Override
    public void unwatch(Consumer<String> watcher) {
        watchers.remove(watcher);
    }

    /**
     * The person's move, as the index of one of the legal moves the last snapshot listed, or as words the game
     * parses. {@code answer} gets null when the move was taken, or the reason it was refused.
     */
    @Override
    public void offer(Integer index, String words, Consumer<String> answer) {
        thread.execute(() -> answer.accept(take(index, words)));
    }

    private String take(Integer index, String words) {
        if (person < 0) {
            return "this table is played by bots only";
        }
        TableParty<S, M> me = mySeat();
        if (!me.isToMove() || chosen != null) {
            return "it is not your move: the table awaits " + me.awaiting();
        }
        S view = me.view();
        List<M> legal = game.legal(view, person);
        M move;
        if (index != null) {
            if (index < 0 || index >= legal.size()) {
                return "no legal move number " + index + "; there are " + legal.size();
            }
            move = legal.get(index);
        } else if (words != null) {
            try {
                move = game.parse(words, view, person);
            } catch (IllegalArgumentException refused) {
                return refused.getMessage();
            }
        } else {
            return "a move is the number of a legal move or words";
        }
        try {
            game.play(view, person, move); // what the table would refuse is refused here, with its reason
        } catch (IllegalMove refused) {
            return "not allowed: " + refused.getMessage();
        }
        chosen = move;
        advance(table::resume);
        return null;
    }

    /** The clock ran out on decision {@code key}: the bot decides for the person. */
    private void timeUp(long key) {
        TableParty<S, M> me = mySeat();
        if (key != decisionKey || chosen != null || !me.isToMove()) {
            return;
        }
        M move = timeoutBot.choose(me.view(), person, game.legal(me.view(), person));
        history.add("  (time ran out: the bot decided for " + names.get(person) + ")");
        chosen = move;
        advance(table::resume);
    }

    /**
     * The move {@link #take} accepted for this very decision (a raise may be any amount in its range, so it need not
     * be one of the listed {@code legal} moves), or null to wait for the browser, starting the clock.
     */
    private M personChooses(S view, int seat, List<M> legal) {
        if (chosen != null) {
            M move = chosen;
            chosen = null;
            return move;
        }
        long key = mySeat().transcript().size();
        if (key != decisionKey) {
            decisionKey = key;
            deadlineMillis = System.currentTimeMillis() + actionSeconds * 1000L;
            if (timer != null) {
                timer.cancel(false);
            }
            timer = clock.schedule(() -> thread.execute(() -> timeUp(key)), actionSeconds, TimeUnit.SECONDS);
        }
        return null;
    }

    private TablePlayer<S, M> narrated(TablePlayer<S, M> player) {
        return (view, seat, legal) -> {
            TableParty<S, M> party = seats.get(seat);
            if (party.round() != shownRound) {
                if (shownRound > 0) {
                    history.add("  standings: " + game.outcome(party.state()).text());
                }
                shownRound = party.round();
                history.add("Round " + shownRound);
            }
            M move = player.choose(view, seat, legal);
            if (move != null) {
                history.add("  " + party.nameOf(seat) + ": " + game.describe(move));
                if (seat != person) {
                    publish(); // a bot's move is shown as it is made, not only when the person is next asked
                }
            }
            return move;
        };
    }

    private interface Step {
        void run() throws ProtocolViolation;
    }

    /** Runs {@code step} of the session, then finishes the game if it is over, and shows the result. */
    private void advance(Step step) {
        try {
            step.run();
        } catch (ProtocolViolation v) {
            problem = "FAILED: " + v.getMessage();
        } catch (RuntimeException e) {
            problem = "the table stopped: " + e.getMessage();
        }
        if (verdict == null && (table.isFinished() || seats.stream().anyMatch(s -> s.failure().isPresent()))) {
            finish();
        } else {
            keep();
        }
        publish();
    }

    /**
     * Writes the table to its journal, on the table's thread whenever it has stopped for the person: the move the
     * page is about to offer is asked in a state on disk. Nothing leaves this process but the page, so a crash in
     * between loses only the bots' moves since the last entry, which they make again.
     */
    private void keep() {
        if (!kept.keeps() || problem != null) {
            return;
        }
        List<byte[]> botKeys = new ArrayList<>();
        List<byte[]> snapshots = new ArrayList<>();
        for (int s = 0; s < seats.size(); s++) {
            botKeys.add(s == person ? new byte[0] : keys.get(s).seed());
            snapshots.add(seats.get(s).snapshot());
        }
        problem = kept.keep(new SavedTable(game.name(), person, transcriptFile.getFileName().toString(), shownRound,
                List.copyOf(history), botKeys, snapshots));
    }

    /** The game is over and its transcript written: there is nothing left to take up. */
    private void forget() {
        problem = kept.forget(problem);
    }

    /** On the table's thread, after each message reached every seat: the page learns whom the table awaits now. */
    private void afterEachMessage() {
        if (!mySeat().awaiting().equals(shownAwaiting)) {
            publish();
        }
    }

    private void finish() {
        if (timer != null) {
            timer.cancel(false);
        }
        TableParty<S, M> witness = seats.stream().filter(s -> !s.rejected().isEmpty() || s.failure().isPresent())
                .findFirst().orElse(mySeat());
        try {
            TranscriptFile.write(transcriptFile, witness.transcript().envelopes(), witness.rejected());
            if (person >= 0 && mySeat().transcript().established()) {
                SeenCards.write(transcriptFile, mySeat());
            }
            AuditVerdict v = Audits.auditWritten(transcriptFile, games);
            Outcome outcome = witness.outcome().orElse(null);
            if (v.verified() && outcome != null) {
                String disagreement = LocalGame.auditDisagreement(v, outcome, names);
                if (disagreement != null) {
                    problem = "NOT AGREED: " + disagreement;
                }
            }
            verdict = v;
            forget();
        } catch (IOException e) {
            problem = "the transcript could not be written: " + e.getMessage();
        }
    }

    private void publish() {
        TableParty<S, M> me = mySeat();
        SeatView.Clock clockState = me.isToMove() && person >= 0 && verdict == null
                ? new SeatView.Clock(deadlineMillis, actionSeconds) : null;
        status = problem != null ? problem : verdict != null ? verdict.line()
                : me.isToMove() && person >= 0 ? "your move" : "awaits " + me.awaiting();
        shownAwaiting = me.awaiting();
        String json = SeatView.of(game, me, person, names, history, clockState, verdict, problem);
        lastSnapshot = json;
        for (Consumer<String> w : watchers) {
            w.accept(json);
        }
    }

    private TableParty<S, M> mySeat() {
        return seats.get(Math.max(person, 0));
    }

    /** The messages the person's seat holds so far, read on the table's thread: for tests. */
    List<Envelope> messagesSoFar() throws Exception {
        return thread.submit(() -> List.copyOf(mySeat().transcript().envelopes())).get();
    }

    /** The transcript, once the game is over. */
    @Override
    public Path transcript() {
        return verdict != null ? transcriptFile : null;
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.cancel(false);
        }
        kept.close(thread);
    }
}
