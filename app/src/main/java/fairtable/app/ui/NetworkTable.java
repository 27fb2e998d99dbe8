package fairtable.app.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fairtable.app.Audits;
import fairtable.app.SeenCards;
import fairtable.app.net.PinnedPlayers;
import fairtable.app.net.SessionSeat;
import fairtable.app.net.TableLink;
import fairtable.app.play.GameSettings;
import fairtable.app.play.LocalGame;
import fairtable.app.play.SeatSeeds;
import fairtable.games.definitions.GameDefinition;
import fairtable.games.definitions.Games;
import fairtable.net.Connector;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.protocol.Party;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.table.IllegalMove;
import fairtable.protocol.table.Outcome;
import fairtable.protocol.table.TableObserver;
import fairtable.protocol.table.TableParameters;
import fairtable.protocol.table.TableParty;
import fairtable.protocol.table.TablePlayer;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.net.journal.Journal;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A table of a registered game with other people's nodes, over TLS through the session layer, as `fairtable table
 * host/join` plays it: the host runs the relay ({@link TableLink}) and sits at seat 0, each guest joins by the host's
 * invitation for their seat, which pins the host's key and carries the game, its settings and (at a table of more
 * than two) the seat, so the guest supplies nothing else. A player new to this profile is let in only after the
 * person accepts them in the page ("accept bob, fingerprint ...?"): the host's every guest, and a guest the other
 * guests; every later hello must pass the same {@link TrustRule}.
 *
 * <p>The seat is one {@link TableParty}, run by {@link SessionSeat} on the table's own thread, which alone touches
 * the party. When the person is to move, that thread waits for the page (at most {@code actionSeconds}, then the
 * game's bot decides, as at a local table); a move from the page is taken only if the game's definition lists it as
 * legal in the seat's own view, or parses it from words and accepts it. The page is told whom the table awaits and
 * since when, and at once when the other player's connection drops or returns.
 */
final class NetworkTable<S, M> implements NodeTable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long a host waits for the invited player to arrive, and a guest for the host's first words. */
    private static final Duration ARRIVAL = Duration.ofMinutes(30);
    /** How long closing waits for the seat's thread to write what it has and stop. */
    private static final long CLOSING_MILLIS = 10_000;

    private final String id;
    private final GameDefinition<S, M> game;
    private final TableParty<S, M> party;
    private final int seat;
    private final String me;
    private final Profile profile;
    private final Path transcriptFile;
    private final Games games;
    private final int actionSeconds;
    private final TablePlayer<S, M> timeoutBot;
    private final TableLink link; // the host's relay; null at a guest
    private final Optional<Fingerprint> invitedHost;
    private final Connector connector;
    private final TrustRule rule;
    private final Thread thread;
    private final List<String> history = new CopyOnWriteArrayList<>();
    private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();

    // Touched only on the table's thread.
    private int seenMessages;
    private int shownRound;
    private String lastAwaiting;

    private volatile String view; // the seat's view as SeatView wrote it, on the table's thread
    private volatile long awaitingSince = System.currentTimeMillis();
    private volatile Decision<S, M> pending;
    private final PageQuestion asking = new PageQuestion(this::publish);
    private volatile AuditVerdict verdict;
    private volatile String problem;
    private volatile String status = "starting";
    private volatile String lastSnapshot;
    private volatile boolean joined;
    private volatile List<String> seated = List.of();

    /** The person's decision the table's thread waits for, with the view and legal moves it was asked in. */
    private record Decision<S, M>(S view, List<M> legal, long deadlineMillis, BlockingQueue<M> answer, AtomicBoolean taken) {}

    /**
     * Where the seat is kept, so that the node, started again, takes it up: the seat's {@link Journal} (the one
     * `fairtable table --journal` keeps), the relay's log at the host, and a line of how to meet the others again.
     * All null for a table kept nowhere.
     */
    record Kept(Journal journal, Path relayLog, Path meeting) {
        static final Kept NOWHERE = new Kept(null, null, null);

        /** Removes the journal, the relay's log and the meeting line: the seat is never taken up again. */
        void forget() throws IOException {
            if (journal != null) {
                journal.close();
                java.nio.file.Files.deleteIfExists(journal.file());
            }
            for (Path p : java.util.Arrays.asList(relayLog, meeting)) {
                if (p != null) {
                    java.nio.file.Files.deleteIfExists(p);
                }
            }
        }

        /** Writes how this seat meets the others (owner-only beside its journal), so a restarted node meets them again. */
        void keepMeeting(Map<String, Object> line) throws IOException {
            if (meeting != null) {
                fairtable.net.OwnerOnlyFiles.writeString(meeting, JSON.writeValueAsString(line));
            }
        }
    }

    private NetworkTable(String id, GameDefinition<S, M> game, TableParameters table, int seat, Profile profile,
            Long seed, Path transcriptFile, Games games, int actionSeconds, String bind, int port, Invitation joining,
            Kept kept) throws IOException {
        this.id = id;
        this.game = game;
        this.profile = profile;
        this.me = profile.displayName();
        this.transcriptFile = transcriptFile;
        this.games = games;
        this.actionSeconds = actionSeconds;
        this.kept = kept;
        byte[] saved = kept.journal() == null ? null : kept.journal().last().map(Journal.Entry::state).orElse(null);
        if (saved == null) {
            this.party = TableParty.create(game, table, seat, me, profile.identity(),
                    seed == null ? new SecureRandom() : SeatSeeds.secrets(seed, seat), this::personChooses);
        } else {
            // Taken up where the journal stopped, as `fairtable table` does after a crash; the secrets still to be
            // drawn come from a fresh generator, never again from the seed's first draws.
            try {
                this.party = TableParty.restore(saved, game, profile.identity(), new SecureRandom(),
                        this::personChooses);
            } catch (MalformedMessageException e) {
                throw new IOException("its seat does not read back from " + kept.journal().file() + ": "
                        + e.getMessage());
            }
        }
        this.seat = party.seat();
        this.timeoutBot = game.bot(seed == null ? new SecureRandom() : SeatSeeds.bot(seed, this.seat));
        // Every other seat's hello must pass the trust rule: the host is named by the invitation, any other player
        // new to this profile is asked about in the page (the host's every guest; a guest its fellow guests).
        this.rule = new TrustRule(profile.knownPeers(), Set.of(), false, Optional.of(asking::ask), asking::tell);
        if (joining == null) {
            this.link = TableLink.host(profile.identity(), bind, port, false, ARRIVAL, kept.relayLog(), rule,
                    asking::tell);
            this.invitedHost = Optional.empty();
            this.connector = link.seat();
            this.hostInvitation = Invitation.parse(link.invitation());
        } else {
            this.link = null;
            this.invitedHost = Optional.of(joining.fingerprint()); // the invitation pins the host
            this.connector = TableLink.join(joining.format(), profile.identity(), false);
            this.hostInvitation = null;
        }
        this.thread = new Thread(this::run, "network-table-" + id);
        this.thread.setDaemon(true);
    }

    private final Invitation hostInvitation;
    private final Kept kept;
    /** Whether the node is closing: the seat then stops where it is, and its journal stays to be taken up. */
    private volatile boolean closing;
    /** Whether the seat was taken up from its journal when the node started. */
    private volatile boolean takenUp;
    /** The invitation for each other seat, in seat order (from seat 1); empty at a guest. */
    private volatile List<String> shownInvitations = List.of();

    /**
     * Hosts a table of {@code game} for {@code players}, with the person's {@code settings}, listening on
     * {@code bind}; each invitation carries the game and the settings, and at a table of more than two the seat.
     *
     * @throws IllegalArgumentException if the game cannot be played so
     */
    static <S, M> NetworkTable<S, M> host(String id, GameDefinition<S, M> game, int players,
            Map<String, String> settings, Profile profile, Long seed, Path transcriptFile, Games games,
            int actionSeconds, String bind, Kept kept) throws IOException {
        GameSettings.requireSeats(game, players);
        // Every setting is spelled out, defaults too: the guest's node builds the same table without its own defaults.
        Map<String, String> all = new LinkedHashMap<>(game.defaults());
        all.putAll(settings);
        Map<String, String> chosen = GameSettings.forTable(game, players, all);
        TableParameters table = parameters(game, players, chosen);
        NetworkTable<S, M> t = new NetworkTable<>(id, game, table, 0, profile, seed, transcriptFile, games,
                actionSeconds, bind, 0, null, kept);
        Map<String, String> carried = new LinkedHashMap<>();
        carried.put("players", Integer.toString(players));
        chosen.forEach((k, v) -> {
            if (!k.equals("players")) {
                carried.put(k, v);
            }
        });
        List<String> invitations = new ArrayList<>();
        for (int guest = 1; guest < players; guest++) {
            // At a table for two the seat goes without saying; at a larger one each guest is told theirs.
            Map<String, String> forSeat = new LinkedHashMap<>(carried);
            if (players > 2) {
                forSeat.put("seat", Integer.toString(guest));
            }
            invitations.add(t.hostInvitation.forTable(game.name(), forSeat).format());
        }
        t.shownInvitations = List.copyOf(invitations);
        t.kept.keepMeeting(Map.of("role", "host", "game", game.name(), "bind", bind, "port", t.link.port(),
                "invitations", t.shownInvitations, "transcript", transcriptFile.getFileName().toString()));
        t.thread.start();
        return t;
    }

    /**
     * Joins the table an invitation names: the game, the number of players and the settings all come from it, and
     * the host must prove the key it names.
     *
     * @throws IllegalArgumentException if the invitation is malformed, names no game here, or settings it cannot take
     */
    static NetworkTable<?, ?> join(String id, String text, Games games, Profile profile, Long seed,
            Path transcriptFile, int actionSeconds, Kept kept) throws IOException {
        Invitation invitation = Invitation.parse(text);
        String name = invitation.game().orElseThrow(() -> new IllegalArgumentException(
                "this invitation names no game: ask the host for the invitation their table shows"));
        GameDefinition<?, ?> game = games.definition(name).orElseThrow(() -> new IllegalArgumentException(
                "the invitation is for " + name + ", which this node does not play; it plays "
                        + String.join(", ", games.names())));
        return join(id, game, invitation, games, profile, seed, transcriptFile, actionSeconds, kept);
    }

    private static <S, M> NetworkTable<S, M> join(String id, GameDefinition<S, M> game, Invitation invitation,
            Games games, Profile profile, Long seed, Path transcriptFile, int actionSeconds, Kept kept)
            throws IOException {
        Map<String, String> settings = new LinkedHashMap<>(invitation.settings());
        String count = settings.remove("players");
        if (count == null || !count.matches("[0-9]{1,2}")) {
            throw new IllegalArgumentException("the invitation does not say how many players the table has");
        }
        int players = Integer.parseInt(count);
        String named = settings.remove("seat");
        int seat = players == 2 && named == null ? 1 : named != null && named.matches("[0-9]{1,2}")
                ? Integer.parseInt(named) : -1;
        if (seat < 1 || seat >= players) {
            throw new IllegalArgumentException("the invitation does not name a seat from 1 to " + (players - 1)
                    + ": ask the host for the invitation their table shows for your seat");
        }
        GameSettings.requireSeats(game, players);
        TableParameters table = parameters(game, players, GameSettings.forTable(game, players, settings));
        NetworkTable<S, M> t = new NetworkTable<>(id, game, table, seat, profile, seed, transcriptFile, games,
                actionSeconds, null, 0, invitation, kept);
        t.kept.keepMeeting(Map.of("role", "guest", "game", game.name(), "invitation", invitation.format(),
                "transcript", transcriptFile.getFileName().toString()));
        t.thread.start();
        return t;
    }

    /**
     * The table {@code kept} holds, taken up after the node restarted: the seat restored from its journal, and at once
     * back at the table (the host's relay listening on its old port, from its log; a guest connecting to the host
     * again), where the other players wait for it as they wait for any player whose connection dropped.
     *
     * @throws IOException if the journal holds no seat, or the meeting line or the journal does not read back
     */
    static NetworkTable<?, ?> resume(String id, Games games, Profile profile, Path transcripts, int actionSeconds,
            Kept kept) throws IOException {
        if (kept.journal().last().isEmpty()) {
            throw new IOException("the node stopped before the seat took its first step: there is nothing to take up");
        }
        com.fasterxml.jackson.databind.JsonNode meeting = JSON.readTree(java.nio.file.Files.readString(kept.meeting()));
        String name = meeting.path("game").asText();
        GameDefinition<?, ?> game = games.definition(name).orElseThrow(() -> new IOException("it is a game of "
                + name + ", which this node lacks"));
        String transcript = meeting.path("transcript").asText();
        if (!transcript.matches("[A-Za-z0-9][A-Za-z0-9._-]*\\.jsonl")) {
            throw new IOException(kept.meeting() + " names no transcript of this node's");
        }
        return resume(id, game, meeting, games, profile, transcripts.resolve(transcript), actionSeconds, kept);
    }

    private static <S, M> NetworkTable<S, M> resume(String id, GameDefinition<S, M> game,
            com.fasterxml.jackson.databind.JsonNode meeting, Games games, Profile profile, Path transcriptFile,
            int actionSeconds, Kept kept) throws IOException {
        NetworkTable<S, M> t;
        try {
            if (meeting.path("role").asText().equals("host")) {
                t = new NetworkTable<>(id, game, null, 0, profile, null, transcriptFile, games, actionSeconds,
                        meeting.path("bind").asText(), meeting.path("port").asInt(), null, kept);
                List<String> invitations = new ArrayList<>();
                meeting.path("invitations").forEach(i -> invitations.add(i.asText()));
                t.shownInvitations = List.copyOf(invitations);
            } else {
                t = new NetworkTable<>(id, game, null, 0, profile, null, transcriptFile, games, actionSeconds, null, 0,
                        Invitation.parse(meeting.path("invitation").asText()), kept);
            }
        } catch (IllegalArgumentException unreadable) {
            throw new IOException(kept.meeting() + " does not read back: " + unreadable.getMessage());
        }
        t.takenUp = true;
        t.thread.start();
        return t;
    }


    /** The seat's game is over (or stopped for good) and its transcript written: it is never taken up again. */
    private void forget() {
        try {
            kept.forget();
        } catch (IOException e) {
            problem = "the finished table's journal could not be removed: " + e.getMessage();
        }
    }

    private static <S, M> TableParameters parameters(GameDefinition<S, M> game, int players,
            Map<String, String> settings) {
        byte[] options = game.options(settings);
        try {
            game.setup(java.util.stream.IntStream.range(0, players).mapToObj(s -> "seat" + s).toList(), options);
        } catch (IllegalMove refused) {
            throw new IllegalArgumentException(game.name() + " cannot be played so: " + refused.getMessage());
        }
        return new TableParameters(game.name(), players, options);
    }

    @Override
    public String id() {
        return id;
    }

    /** What the host shows the person to send the player of seat 1; null at a guest. */
    String invitation() {
        List<String> all = shownInvitations;
        return all.isEmpty() ? null : all.get(0);
    }

    @Override
    public Map<String, Object> summary() {
        boolean over = verdict != null || problem != null;
        return Map.of("id", id, "game", game.name(), "players", seated, "state",
                takenUp && !over ? "in progress: " + status : status, "finished", over);
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
    public void offer(Integer index, String words, Consumer<String> answer) {
        answer.accept(take(index, words));
    }

    private String take(Integer index, String words) {
        Decision<S, M> d = pending;
        if (d == null) {
            return "it is not your move: the table awaits " + lastAwaitingShown();
        }
        M move;
        if (index != null) {
            if (index < 0 || index >= d.legal().size()) {
                return "no legal move number " + index + "; there are " + d.legal().size();
            }
            move = d.legal().get(index);
        } else if (words != null) {
            try {
                move = game.parse(words, d.view(), seat);
            } catch (IllegalArgumentException refused) {
                return refused.getMessage();
            }
        } else {
            return "a move is the number of a legal move or words";
        }
        try {
            game.play(d.view(), seat, move); // what the table would refuse is refused here, with its reason
        } catch (IllegalMove refused) {
            return "not allowed: " + refused.getMessage();
        }
        if (!d.taken().compareAndSet(false, true)) {
            return "a move was taken for this decision already";
        }
        d.answer().add(move);
        return null;
    }

    /** The person's yes or no to the question the page shows. */
    @Override
    public void answer(boolean accept, Consumer<String> reply) {
        asking.answer(accept, reply);
    }

    /** The seat's own decision: waits on the table's thread for the page, or lets the bot decide when time is up. */
    private M personChooses(S viewed, int s, List<M> legal) {
        Decision<S, M> d = new Decision<>(viewed, List.copyOf(legal), System.currentTimeMillis() + actionSeconds * 1000L,
                new ArrayBlockingQueue<>(1), new AtomicBoolean());
        pending = d;
        refresh();
        M move;
        try {
            move = d.answer().poll(actionSeconds, TimeUnit.SECONDS);
            if (move == null && d.taken().compareAndSet(false, true)) {
                history.add("  (time ran out: the bot decided for " + me + ")");
                move = timeoutBot.choose(viewed, s, legal);
            } else if (move == null) {
                move = d.answer().take(); // the page's move was taken just as the time ran out: it is on its way
            }
        } catch (InterruptedException stop) {
            // The node is closing: nothing more is sent, and the relay tells the others this seat is gone.
            Thread.currentThread().interrupt();
            throw new SessionSeat.Leaving("the node closed the table");
        }
        pending = null;
        return move;
    }

    private void run() {
        Party gated = new PinnedPlayers(party, new PinnedPlayers.Policy(rule, invitedHost));
        PrintWriter watch = new PrintWriter(new Lines(this::watched), true);
        SessionSeat.Result played = null;
        try {
            refresh();
            played = SessionSeat.play(gated, profile.identity(), me, this::afterEachStep, kept.journal(), connector,
                    this::patience, ARRIVAL, watch);
        } catch (RuntimeException e) {
            problem = "the table stopped: " + e.getMessage();
        }
        finish(played);
        if (link != null) {
            link.close();
        }
        if (!closing) {
            forget(); // the game ended, or stopped for good, on its own: only a node closing mid-game comes back
        }
    }

    /** Longer before every player is in (the guest may still be reading the invitation) than during the game. */
    private Duration patience(Party p) {
        return p.transcript().established() ? Duration.ofSeconds(actionSeconds + 300L) : ARRIVAL;
    }

    /** Called by the session after every message the seat took: the page is brought up to date. */
    private List<Envelope> afterEachStep() {
        refresh();
        return List.of();
    }

    /** What TableWatch says at once: a connection dropped or back. The page counts the waiting itself. */
    private void watched(String line) {
        if (!line.startsWith("waiting for ")) {
            asking.tell(line);
        }
    }

    private void finish(SessionSeat.Result played) {
        try {
            TranscriptFile.write(transcriptFile, party.transcript().envelopes(), party.rejected());
            if (party.transcript().established()) {
                SeenCards.write(transcriptFile, party); // so the replay can show this seat's game as it saw it
            }
            if (played != null && played.outcome().finished() && party.isFinished()) {
                AuditVerdict v = Audits.auditWritten(transcriptFile, games);
                Outcome outcome = party.outcome().orElse(null);
                if (v.verified() && outcome != null) {
                    List<String> names = new ArrayList<>();
                    for (int s = 0; s < party.parameters().players(); s++) {
                        names.add(party.nameOf(s));
                    }
                    String disagreement = LocalGame.auditDisagreement(v, outcome, names);
                    if (disagreement != null) {
                        problem = "NOT AGREED: " + disagreement;
                    }
                }
                verdict = v;
            } else if (played != null) {
                var outcome = played.outcome();
                problem = "Stopped: " + outcome.stopReason("the game is unfinished: it awaits " + party.awaiting());
                if (party.failure().isPresent() || outcome.problem().isPresent()) {
                    verdict = Audits.audit(party, games);
                }
            }
        } catch (IOException e) {
            problem = "the transcript could not be written: " + e.getMessage();
        }
        refresh();
    }

    /** On the table's thread: the seat's view and the history are read from the party, then shown. */
    private void refresh() {
        List<Envelope> messages = party.transcript().envelopes();
        for (; seenMessages < messages.size(); seenMessages++) {
            Envelope e = messages.get(seenMessages);
            if (party.round() != shownRound && party.round() > 0) {
                if (shownRound > 0 && party.state() != null) {
                    history.add("  standings: " + game.outcome(party.state()).text());
                }
                shownRound = party.round();
                history.add("Round " + shownRound);
            }
            try {
                M move = TableObserver.moveIn(game, e);
                if (move != null) {
                    history.add("  " + party.nameOf(e.sender()) + ": " + game.describe(move));
                }
            } catch (MalformedMessageException unreadable) {
                // the party took it, so it reads; a message it refused is not in its transcript
            }
        }
        joined = party.transcript().hellos().size() >= party.parameters().players();
        String awaiting = party.awaiting();
        if (!awaiting.equals(lastAwaiting)) {
            lastAwaiting = awaiting;
            awaitingSince = System.currentTimeMillis();
        }
        List<String> names = new ArrayList<>();
        for (int s = 0; s < party.parameters().players(); s++) {
            names.add(party.nameOf(s));
        }
        seated = List.copyOf(names);
        Decision<S, M> d = pending;
        SeatView.Clock clock = d == null ? null : new SeatView.Clock(d.deadlineMillis(), actionSeconds);
        view = SeatView.of(game, party, seat, names, history, clock, verdict, problem);
        status = problem != null ? problem : verdict != null ? verdict.line()
                : d != null ? "your move" : "awaits " + awaiting;
        publish();
    }

    private String lastAwaitingShown() {
        String s = status;
        return s.startsWith("awaits ") ? s.substring("awaits ".length()) : s;
    }

    /** The seat's view with what the network adds: the invitation, the question, the notice and the waiting time. */
    private synchronized void publish() {
        String seen = view;
        if (seen == null) {
            return;
        }
        ObjectNode out;
        try {
            out = (ObjectNode) JSON.readTree(seen);
        } catch (IOException e) {
            throw new IllegalStateException("SeatView wrote what is not JSON", e);
        }
        out.put("yourMove", pending != null && verdict == null && problem == null);
        if (pending == null) {
            out.putArray("moves");
        }
        ObjectNode network = out.putObject("network");
        network.put("role", link != null ? "host" : "guest");
        List<String> invitations = shownInvitations;
        if (!invitations.isEmpty()) {
            network.put("invitation", invitations.get(0));
            var perSeat = network.putArray("invitations");
            for (int i = 0; i < invitations.size(); i++) {
                perSeat.addObject().put("seat", i + 1).put("invitation", invitations.get(i));
            }
        }
        network.put("joined", joined);
        network.put("awaitingMillis", Math.max(0, System.currentTimeMillis() - awaitingSince));
        asking.shown().forEach(network::put);
        String json = out.toString();
        lastSnapshot = json;
        for (Consumer<String> w : watchers) {
            w.accept(json);
        }
    }

    @Override
    public Path transcript() {
        return verdict != null ? transcriptFile : null;
    }

    @Override
    public void close() {
        closing = true;
        thread.interrupt();
        if (link != null) {
            link.close();
        }
        try {
            // The seat's thread writes what it has (the transcript so far, the seen record) as it leaves: wait for
            // it, so that nothing is written into a home its caller may be about to remove.
            if (Thread.currentThread() != thread) {
                thread.join(CLOSING_MILLIS);
            }
            if (kept.journal() != null) {
                kept.journal().close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the node is stopping: the journal holds every step forced to disk
        }
    }
}
