package fairtable.app.ui;

import fairtable.app.Audits;
import fairtable.app.cli.AllocateCommand;
import fairtable.app.play.SeatSeeds;
import fairtable.crypto.sign.SigningKey;
import fairtable.net.Actor;
import fairtable.net.session.LocalSession;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.allocation.AllocationClaim;
import fairtable.protocol.allocation.AllocationParameters;
import fairtable.protocol.allocation.AllocationParty;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.random.RandomGenerator;

/**
 * The double-blind allocation of experiment numbers (allocation/v1) from the browser, for the person's institution
 * and one counterpart institution that a bot runs in this same node: both parties deal X of 1..K each from the
 * verifiable deck, both seats through the session layer in this process ({@link LocalSession}). The page is given only the person's own numbers (read with its own
 * deck key, {@link AllocationParty#numbers()}) and the audit's verdict, which needs no unblinding. The counterpart's
 * numbers are shown only when the person asks to unblind: the counterpart then publishes its signed claim, and the
 * page shows the numbers {@link AllocationClaim#check} confirms against the transcript, as `fairtable unblind
 * --check` does. A real second institution joins over the network with `fairtable allocate`, not from here.
 */
final class BrowserAllocation {
    static final String COUNTERPART = "counterpart (bot)";

    private final String id;
    private final String name;
    private final AllocationParameters params;
    private final Path transcriptFile;
    private final List<AllocationParty> parties = new ArrayList<>();
    private final List<SigningKey> keys = new ArrayList<>();
    /** The person's party as it stood after the last message: the page reads this, never the party being run. */
    private volatile Progress progress;
    private final ExecutorService thread;
    private volatile AuditVerdict verdict;
    private volatile String problem;
    private volatile AllocationClaim.Confirmed unblinded;

    private BrowserAllocation(String id, String name, int items, int each, SigningKey key, Path transcriptFile,
            RandomGenerator mine, RandomGenerator counterparts) {
        if (name.contains(",") || name.contains("\"")) {
            throw new IllegalArgumentException("the institution's name may not contain commas or quotes (it goes into"
                    + " a CSV file)");
        }
        this.id = id;
        this.name = name;
        this.params = new AllocationParameters(2, items, each, Optional.empty());
        this.transcriptFile = transcriptFile;
        keys.add(key);
        keys.add(SeatSeeds.signingKey(null, 1));
        parties.add(AllocationParty.create(params, 0, name, key, mine));
        parties.add(AllocationParty.create(params, 1, COUNTERPART, keys.get(1), counterparts));
        publish();
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "allocation-" + id);
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts the allocation of {@code each} of 1..{@code items} to each institution on its own thread. */
    static BrowserAllocation start(String id, String name, int items, int each, SigningKey key, Path transcriptFile,
            RandomGenerator mine, RandomGenerator counterparts) {
        BrowserAllocation a = new BrowserAllocation(id, name, items, each, key, transcriptFile, mine, counterparts);
        a.thread.execute(a::run);
        return a;
    }

    private void run() {
        try {
            new LocalSession(List.of(new LocalSession.Seat(parties.get(0), keys.get(0), Actor.PASSIVE),
                    new LocalSession.Seat(parties.get(1), keys.get(1), Actor.PASSIVE))).watchedBy(this::publish).play();
            publish();
            AllocationParty me = parties.get(0);
            TranscriptFile.write(transcriptFile, me.transcript().envelopes(), me.rejected());
            verdict = Audits.auditWritten(transcriptFile, fairtable.games.definitions.Games.ALL);
        } catch (ProtocolViolation v) {
            problem = "CHEAT CAUGHT: " + v.getMessage();
        } catch (IOException e) {
            problem = "the transcript could not be written: " + e.getMessage();
        } catch (RuntimeException e) {
            problem = "the allocation stopped: " + e.getMessage();
        }
    }

    /** What the page shows: the person's numbers once dealt, the verdict, and the counterpart's only if unblinded. */
    Map<String, Object> state() {
        Progress me = progress;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id);
        out.put("institution", name);
        out.put("counterpart", COUNTERPART);
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
     * Unblinds the counterpart, as the person asked: its claim of its numbers, checked against the person's own
     * transcript; a claim that fails the check is refused with its reason.
     */
    Map<String, Object> unblind() {
        if (verdict == null) {
            throw new IllegalArgumentException("the allocation is not over and audited yet: awaiting "
                    + progress.awaiting());
        }
        try {
            unblinded = AllocationClaim.check(parties.get(0).transcript(), parties.get(1).claim());
        } catch (ProtocolViolation refused) {
            throw new IllegalArgumentException("the counterpart's claim is refused: " + refused.getMessage());
        }
        return state();
    }

    /** What the page shows of the person's party: its step, what it awaits, and its numbers once dealt. */
    private record Progress(int step, String awaiting, List<Integer> numbers) {}

    /** Called between two messages on the allocation's thread, so the party is read while nothing changes it. */
    private void publish() {
        AllocationParty me = parties.get(0);
        progress = new Progress(me.nextStep(), me.awaiting(), List.copyOf(me.numbers()));
    }

    String filename() {
        return "allocation-" + id + ".csv";
    }

    void close() {
        thread.shutdownNow();
    }
}
