package fairtable.app.cli;

import fairtable.app.Audits;
import fairtable.app.Main;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Profile;
import fairtable.net.journal.Journal;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.allocation.AllocationClaim;
import fairtable.protocol.allocation.AllocationObserver;
import fairtable.protocol.allocation.AllocationParameters;
import fairtable.protocol.allocation.AllocationParty;
import fairtable.protocol.allocation.BoardKey;
import fairtable.protocol.audit.AuditVerdict;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.transcript.Hello;
import fairtable.protocol.transcript.Transcript;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Unblinding an allocation (allocation/v1): the ethics board reads the whole allocation from the escrows in the
 * transcript, with nobody's help; an institution publishes a proof of its own numbers; anyone checks such a
 * proof against the transcript.
 */
@Command(name = "unblind", mixinStandardHelpOptions = true,
        description = {"Unblind an allocation made with `fairtable allocate`, in one of three ways.",
            "  --as-board TRANSCRIPT     the ethics board it was escrowed to reads the whole allocation, alone.",
            "  --mine --journal FILE     an institution writes a proof of its own numbers, for anyone to check.",
            "  --check CLAIM --transcript FILE   anyone checks such a proof: CONFIRMED, or REFUSED naming the claimant."})
public final class UnblindCommand implements Callable<Integer> {
    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    static final class Mode {
        @Option(names = "--as-board", paramLabel = "TRANSCRIPT",
                description = "As the ethics board (your profile): write the whole allocation from this transcript.")
        Path asBoard;

        @Option(names = "--mine", description = "As an institution: write a proof of your own numbers, from your journal.")
        boolean mine;

        @Option(names = "--check", paramLabel = "CLAIM", description = "Check an institution's proof of its numbers "
                + "against --transcript.")
        Path check;
    }

    @Option(names = "--journal", paramLabel = "FILE", description = "With --mine: your journal of the allocation "
            + "(allocate's --journal; by default next to its --out, .journal).")
    Path journal;

    @Option(names = "--transcript", paramLabel = "FILE", description = "With --check: the allocation's transcript.")
    Path transcript;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write: the allocation's CSV (--as-board; "
            + "default next to the transcript, .unblinded.csv) or the claim (--mine; default next to the journal, .claim.jsonl).")
    Path out;

    @Option(names = "--home", paramLabel = "DIR", description = "Profile directory (default: $FAIRTABLE_HOME or ~/.fairtable).")
    Path home;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter console = spec.commandLine().getOut();
        try {
            if (mode.asBoard != null) {
                return asBoard(console);
            }
            return mode.mine ? mine(console) : check(console);
        } finally {
            console.flush();
        }
    }

    private Profile profile() throws java.io.IOException {
        return Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
    }

    /** A verified allocation transcript, or null after saying why not. */
    private static Transcript verifiedAllocation(Path file, PrintWriter console) throws Exception {
        TranscriptFile.Contents contents = TranscriptFile.read(file);
        AuditVerdict verdict = Audits.audit(contents);
        if (!verdict.verified()) {
            console.println("Cannot unblind: the transcript does not verify: " + verdict.line());
            return null;
        }
        Transcript transcript = new Transcript();
        for (Envelope e : contents.messages()) {
            transcript.append(e);
        }
        if (!transcript.hellos().get(0).protocol().equals(AllocationParameters.PROTOCOL)) {
            throw new IllegalArgumentException(file + " is a " + transcript.hellos().get(0).protocol()
                    + " transcript, not an allocation's");
        }
        return transcript;
    }

    private int asBoard(PrintWriter console) throws Exception {
        Transcript transcript = verifiedAllocation(mode.asBoard, console);
        if (transcript == null) {
            return Main.FAILED;
        }
        AllocationObserver observer = AllocationObserver.replay(transcript);
        BoardKey board = observer.parameters().board().orElseThrow(() ->
                new IllegalArgumentException("this allocation was escrowed to no board: only each institution can read its numbers"));
        Profile profile = profile();
        if (!board.belongsTo(profile.identity())) {
            throw new IllegalArgumentException("this allocation was escrowed to the board " + board + ", not to you ("
                    + profile.fingerprint() + ")");
        }
        List<List<Integer>> numbers = observer.unblind(BoardKey.escrowKeyPair(profile.identity()));
        List<String> names = transcript.hellos().stream().map(Hello::name).toList();
        StringBuilder csv = new StringBuilder("institution,experiment\n");
        console.println("The allocation, unblinded by the board " + board + ":");
        for (int s = 0; s < names.size(); s++) {
            String who = names.get(s);
            numbers.get(s).forEach(n -> csv.append(who).append(',').append(n).append('\n'));
            console.println("  " + who + " (" + Fingerprint.of(transcript.hellos().get(s).key()) + ") holds "
                    + numbers.get(s).stream().map(String::valueOf).collect(Collectors.joining(", ")));
        }
        Path file = out != null ? out : sibling(mode.asBoard, ".unblinded.csv");
        OwnerOnlyFiles.writeString(file, csv.toString()); // the whole allocation, unblinded: the board's alone
        console.println("Written to " + file);
        return Main.OK;
    }

    private int mine(PrintWriter console) throws Exception {
        if (journal == null) {
            throw new IllegalArgumentException("--mine needs --journal FILE, the journal allocate kept");
        }
        Profile profile = profile();
        AllocationParty party;
        try (Journal log = Journal.open(journal, profile.identity())) {
            byte[] state = log.last().map(Journal.Entry::state).orElseThrow(() ->
                    new IllegalArgumentException(journal + " is empty: no allocation was drawn with it"));
            party = AllocationParty.restore(state, profile.identity(), new SecureRandom());
        }
        if (!party.isFinished()) {
            throw new IllegalArgumentException("the allocation in " + journal + " is not over: awaiting " + party.awaiting());
        }
        Envelope claim = party.claim();
        Path file = out != null ? out : sibling(journal, ".claim.jsonl");
        TranscriptFile.write(file, List.of(claim), List.of());
        console.println(party.name() + "'s claim of its numbers " + party.numbers().stream().map(String::valueOf)
                .collect(Collectors.joining(", ")) + " is written to " + file + ".");
        console.println("Anyone can check it against the transcript: fairtable unblind --check " + file
                + " --transcript TRANSCRIPT");
        return Main.OK;
    }

    private int check(PrintWriter console) throws Exception {
        if (transcript == null) {
            throw new IllegalArgumentException("--check needs --transcript FILE, the allocation's transcript");
        }
        List<Envelope> claims = TranscriptFile.read(mode.check).messages();
        if (claims.size() != 1) {
            throw new IllegalArgumentException(mode.check + " holds " + claims.size() + " messages, not one claim");
        }
        Transcript allocation = verifiedAllocation(transcript, console);
        if (allocation == null) {
            return Main.FAILED;
        }
        try {
            AllocationClaim.Confirmed confirmed = AllocationClaim.check(allocation, claims.get(0));
            console.println("CONFIRMED: " + confirmed.institution() + " holds " + confirmed.numbers().stream()
                    .map(String::valueOf).collect(Collectors.joining(", ")) + " (its own shares, checked against the transcript)");
            return Main.OK;
        } catch (ProtocolViolation v) {
            console.println("REFUSED: " + v.getMessage());
            return Main.FAILED;
        }
    }

    private static Path sibling(Path file, String suffix) {
        return file.resolveSibling(file.getFileName().toString().replaceFirst("\\.(jsonl|journal)$", "") + suffix);
    }
}
