package fairtable.app.ui;

import fairtable.app.Audits;
import fairtable.app.cli.AllocateCommand;
import fairtable.app.net.PinnedPlayers;
import fairtable.app.net.SessionSeat;
import fairtable.app.net.TableLink;
import fairtable.app.play.SeatSeeds;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.Connector;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.net.session.HostProblem;
import fairtable.net.session.LocalSession;
import fairtable.net.session.SessionClient;
import fairtable.protocol.Party;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.allocation.AllocationClaim;
import fairtable.protocol.allocation.AllocationParameters;
import fairtable.protocol.allocation.AllocationParty;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;

/**
 * The double-blind allocation of experiment numbers (allocation/v1) from the browser: the person's institution and
 * one counterpart institution each obtain X of 1..K from the verifiable deck. The counterpart is either another
 * institution on its own node, reached as `fairtable allocate` reaches it (the host runs the relay,
 * {@link TableLink}, and plays seat 0; the other joins by its invitation, which pins the host's key and carries K and
 * X; each seat is run by {@link SessionSeat} behind {@link PinnedPlayers}, the host's person accepting a new
 * institution by fingerprint in the page), or, to practise, a bot in this same node ({@link LocalSession}).
 *
 * <p>The page is given only the person's own numbers (read with its own deck key, {@link AllocationParty#numbers()})
 * and the audit's verdict, which needs no unblinding. The counterpart's numbers are shown only once its signed claim
 * ({@link AllocationParty#claim()}) is checked against the person's own transcript by {@link AllocationClaim#check},
 * as `fairtable unblind --check` does: the bot publishes its claim when the person asks; another institution's
 * person publishes its own from its page, and sends it by any channel, which the person pastes here.
 */
final class BrowserAllocation {
    /** The game an allocation's invitation names, with players, items (K) and each (X). */
    static final String GAME = AllocateCommand.GAME;
    static final String COUNTERPART = "counterpart (bot)";
    /** How long a host waits for the invited institution to arrive, and a guest for the host's first words. */
    private static final Duration ARRIVAL = Duration.ofMinutes(30);
    /** How long one step may take once both are in: a shuffle of 1024 numbers with its proofs, on a slow machine. */
    private static final Duration STEP = Duration.ofMinutes(10);
    /** How long closing waits for the allocation's thread to write what it has and stop. */
    private static final Duration CLOSING = Duration.ofSeconds(10);

    private final String id;
    private final String name;
    private final AllocationParameters params;
    private final Path transcriptFile;
    private final AllocationParty mine;
    private final SigningKey key;
    /** The bot's party and key, run in this process; null against another node. */
    private final AllocationParty bot;
    private final SigningKey botKey;
    /** How this seat reaches the other node; null against the bot. */
    private final Connector connector;
    /** The relay this node hosts; null at a guest and against the bot. */
    private final TableLink link;
    private final Optional<Fingerprint> invitedHost;
    private final TrustRule rule;
    /** What the host's person sends the other institution; null at a guest and against the bot. */
    private final String invitation;
    private final PageQuestion asking = new PageQuestion(() -> { });
    /** The person's party as it stood after the last message: the page reads this, never the party being run. */
    private volatile Progress progress;
    private final ExecutorService thread;
    private volatile AuditVerdict verdict;
    private volatile String problem;
    private volatile AllocationClaim.Confirmed unblinded;
    /** The person's own claim, once the person published it (against another node). */
    private volatile String published;

    private BrowserAllocation(String id, String name, AllocationParameters params, int seat, SigningKey key,
            Path transcriptFile, RandomGenerator mine, RandomGenerator counterparts, Profile againstANode, String bind,
            Invitation joining) throws IOException {
        if (name.isBlank() || name.contains(",") || name.contains("\"")) {
            throw new IllegalArgumentException("the institution's name may not be empty nor contain commas or quotes"
                    + " (it goes into a CSV file)");
        }
        this.id = id;
        this.name = name;
        this.params = params;
        this.transcriptFile = transcriptFile;
        this.key = key;
        this.mine = AllocationParty.create(params, seat, name, key, mine);
        if (againstANode == null) {
            this.botKey = SeatSeeds.signingKey(null, 1);
            this.bot = AllocationParty.create(params, 1, COUNTERPART, botKey, counterparts);
            this.connector = null;
            this.link = null;
            this.invitedHost = Optional.empty();
            this.rule = null;
            this.invitation = null;
        } else {
            this.botKey = null;
            this.bot = null;
            // The other institution's hello must pass the trust rule: the host is named by the invitation, a guest
            // new to this profile is asked about in the page.
            this.rule = new TrustRule(againstANode.knownPeers(), Set.of(), false, Optional.of(asking::ask), asking::tell);
            if (joining == null) {
                this.link = TableLink.host(key, bind, 0, false, ARRIVAL, null, rule, asking::tell);
                this.connector = link.seat();
                this.invitedHost = Optional.empty();
                this.invitation = AllocateCommand.invitation(link, params);
            } else {
                this.link = null;
                this.connector = TableLink.join(joining.format(), key, false);
                this.invitedHost = Optional.of(joining.fingerprint());
                this.invitation = null;
            }
        }
        publish();
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "allocation-" + id);
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts the allocation of {@code each} of 1..{@code items} to the person and a bot, on its own thread. */
    static BrowserAllocation start(String id, String name, int items, int each, SigningKey key, Path transcriptFile,
            RandomGenerator mine, RandomGenerator counterparts) {
        try {
            return started(new BrowserAllocation(id, name, parameters(items, each), 0, key, transcriptFile, mine,
                    counterparts, null, null, null));
        } catch (IOException cannot) {
            throw new IllegalStateException("nothing is opened against the bot", cannot);
        }
    }

    /**
     * Hosts an allocation of {@code each} of 1..{@code items} for two institutions on {@code bind}, the person's at
     * seat 0: its invitation carries K and X, so that the other institution types nothing else.
     */
    static BrowserAllocation host(String id, String name, int items, int each, Profile profile, Path transcriptFile,
            RandomGenerator mine, String bind) throws IOException {
        return started(new BrowserAllocation(id, name, parameters(items, each), 0, profile.identity(), transcriptFile,
                mine, null, profile, bind, null));
    }

    /**
     * Joins, at seat 1, the allocation an invitation names: K and X come from it, and the host must prove the key it
     * names.
     *
     * @throws IllegalArgumentException if the invitation is not an allocation's for two, or its K and X are not whole
     *     numbers that allow one
     */
    static BrowserAllocation join(String id, String name, Invitation invitation, Profile profile, Path transcriptFile,
            RandomGenerator mine) throws IOException {
        if (!invitation.game().filter(GAME::equals).isPresent()) {
            throw new IllegalArgumentException("this invitation is " + invitation.game().map(g -> "for " + g)
                    .orElse("for no game") + ", not for an allocation: ask the host for the invitation its allocation"
                    + " page shows");
        }
        if (invitation.settings().containsKey("board")) {
            throw new IllegalArgumentException("the invitation's allocation is escrowed to the ethics board "
                    + invitation.settings().get("board") + "; the browser joins none escrowed: join it with fairtable"
                    + " allocate --board FINGERPRINT --board-card FILE");
        }
        if (!"2".equals(invitation.settings().get("players"))) {
            throw new IllegalArgumentException("the invitation's allocation is for " + invitation.settings()
                    .getOrDefault("players", "an unstated number of") + " institutions; the browser joins one of two"
                    + " (more join with fairtable allocate)");
        }
        AllocationParameters params = parameters(TwoNodeSeat.number(invitation, "items"),
                TwoNodeSeat.number(invitation, "each"));
        return started(new BrowserAllocation(id, name, params, 1, profile.identity(), transcriptFile, mine, null,
                profile, null, invitation));
    }

    private static AllocationParameters parameters(int items, int each) {
        return new AllocationParameters(2, items, each, Optional.empty());
    }

    private static BrowserAllocation started(BrowserAllocation a) {
        a.thread.execute(a::run);
        return a;
    }

    private void run() {
        try {
            if (connector == null) {
                new LocalSession(List.of(new LocalSession.Seat(mine, key, Actor.PASSIVE),
                        new LocalSession.Seat(bot, botKey, Actor.PASSIVE))).watchedBy(this::publish).play();
            } else if (!playedWithTheOtherNode()) {
                return;
            }
            publish();
            TranscriptFile.write(transcriptFile, mine.transcript().envelopes(), mine.rejected());
            verdict = Audits.auditWritten(transcriptFile, fairtable.games.definitions.Games.ALL);
        } catch (ProtocolViolation v) {
            problem = "CHEAT CAUGHT: " + v.getMessage();
        } catch (IOException e) {
            problem = "the transcript could not be written: " + e.getMessage();
        } catch (RuntimeException e) {
            problem = "the allocation stopped: " + e.getMessage();
        } finally {
            if (link != null) {
                link.close();
            }
        }
    }

    /**
     * Plays the person's seat through the session layer, as `fairtable allocate` does; whether it ended with the
     * allocation over (else the problem says why, and the transcript so far is written).
     */
    private boolean playedWithTheOtherNode() throws IOException {
        Party gated = new PinnedPlayers(mine, new PinnedPlayers.Policy(rule, invitedHost));
        PrintWriter watch = new PrintWriter(new Lines(line -> {
            if (!line.startsWith("waiting for ")) {
                asking.tell(line); // a connection dropped or back; the page shows whom it awaits itself
            }
        }), true);
        SessionSeat.Result played = SessionSeat.play(gated, key, name, () -> {
            publish();
            return List.of();
        }, null, connector, p -> p.transcript().established() ? STEP : ARRIVAL, ARRIVAL, watch, asking::tell);
        SessionClient.Outcome outcome = played.outcome();
        if (outcome.finished() && mine.isFinished()) {
            return true;
        }
        publish();
        TranscriptFile.write(transcriptFile, mine.transcript().envelopes(), mine.rejected());
        problem = "Stopped: " + outcome.problem().map(HostProblem::describe)
                .orElse(outcome.trouble().orElse("the allocation is unfinished: it awaits " + mine.awaiting()));
        return false;
    }

    /** What the page shows: the person's numbers once dealt, the verdict, and the counterpart's only if unblinded. */
    Map<String, Object> state() {
        Progress me = progress;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id);
        out.put("institution", name);
        out.put("counterpart", me.counterpart());
        out.put("items", params.items());
        out.put("each", params.each());
        out.put("step", me.step());
        out.put("awaiting", me.awaiting());
        out.put("finished", verdict != null || problem != null);
        out.put("numbers", me.numbers());
        if (verdict != null) {
            out.put("verdict", Map.of("verified", verdict.verified(), "line", verdict.line()));
        }
        if (problem != null) {
            out.put("problem", problem);
        }
        if (connector != null) {
            Map<String, Object> network = new LinkedHashMap<>();
            network.put("role", link != null ? "host" : "guest");
            if (invitation != null) {
                network.put("invitation", invitation);
            }
            network.put("joined", me.joined());
            network.putAll(asking.shown());
            out.put("network", network);
        }
        String claim = published;
        if (claim != null) {
            out.put("claim", claim);
        }
        AllocationClaim.Confirmed other = unblinded;
        if (other != null) {
            out.put("unblinded", Map.of("institution", other.institution(), "numbers", other.numbers()));
        }
        return out;
    }

    /** The person's numbers as the CSV `fairtable allocate --out` writes; refused before they are dealt. */
    String csv() {
        Progress me = progress;
        List<Integer> numbers = me.numbers();
        if (numbers.isEmpty()) {
            throw new IllegalArgumentException("the allocation is not over: awaiting " + me.awaiting());
        }
        return AllocateCommand.csv(name, numbers);
    }

    /**
     * Unblinds the counterpart, as the person asked: the bot's claim of its numbers, or the claim the other institution
     * sent ({@code pasted}, one line as `fairtable unblind --mine` writes it), checked against the person's own
     * transcript; a claim that fails the check is refused with its reason.
     */
    Map<String, Object> unblind(String pasted) {
        requireAudited();
        Envelope claim;
        if (bot != null) {
            claim = bot.claim();
        } else if (pasted == null || pasted.isBlank()) {
            throw new IllegalArgumentException("paste the claim the other institution published from its page");
        } else {
            claim = pastedClaim(pasted);
        }
        if (claim.sender() == mine.seat()) {
            throw new IllegalArgumentException("that is your own institution's claim: paste the other institution's");
        }
        try {
            unblinded = AllocationClaim.check(mine.transcript(), claim);
        } catch (ProtocolViolation refused) {
            throw new IllegalArgumentException("the counterpart's claim is refused: " + refused.getMessage());
        }
        return state();
    }

    private static Envelope pastedClaim(String pasted) {
        List<Envelope> messages;
        try {
            messages = TranscriptFile.parse(pasted.strip().lines().toList(), "the pasted claim").messages();
        } catch (TranscriptFile.UnreadableTranscriptException unreadable) {
            throw new IllegalArgumentException(unreadable.getMessage());
        }
        if (messages.size() != 1) {
            throw new IllegalArgumentException("the pasted claim holds " + messages.size() + " messages, not one claim");
        }
        return messages.get(0);
    }

    /**
     * Publishes the person's own claim of its numbers, to send to the other institution: anyone who has it and the
     * transcript reads the person's numbers, and only them. Against the bot there is nobody to send it to.
     */
    Map<String, Object> publishClaim() {
        if (bot != null) {
            throw new IllegalArgumentException("the bot needs no claim: your numbers stay yours");
        }
        requireAudited();
        synchronized (this) {
            if (published == null) {
                published = TranscriptFile.line(mine.claim(), null);
            }
        }
        return state();
    }

    private void requireAudited() {
        if (verdict == null) {
            throw new IllegalArgumentException(problem != null ? "the allocation stopped: " + problem
                    : "the allocation is not over and audited yet: awaiting " + progress.awaiting());
        }
    }

    /** The person's yes or no to the question the page shows; against the bot nothing is ever asked. */
    void answer(boolean accept, java.util.function.Consumer<String> reply) {
        asking.answer(accept, reply);
    }

    /** What the page shows of the person's party: its step, what it awaits, its numbers once dealt, who else is in. */
    private record Progress(int step, String awaiting, List<Integer> numbers, boolean joined, String counterpart) {}

    /** Called between two messages on the allocation's thread, so the party is read while nothing changes it. */
    private void publish() {
        var hellos = mine.transcript().hellos();
        String other = bot != null ? COUNTERPART : hellos.stream().filter(h -> h.seat() != mine.seat())
                .map(h -> h.name()).findFirst().orElse("the other institution");
        progress = new Progress(mine.nextStep(), mine.awaiting(), List.copyOf(mine.numbers()),
                hellos.size() >= params.institutions(), other);
    }

    /** What the host's person sends the other institution; null at a guest and against the bot. */
    String invitation() {
        return invitation;
    }

    /** The person's own numbers, as its party read them; for tests that check them against the other node's. */
    List<Integer> numbers() {
        return progress.numbers();
    }

    String filename() {
        return "allocation-" + id + ".csv";
    }

    void close() {
        thread.shutdownNow();
        if (link != null) {
            link.close();
        }
        try {
            // The allocation's thread writes the transcript so far as it stops: wait for it, so that nothing is
            // written into a home its caller may be about to remove.
            thread.awaitTermination(CLOSING.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
