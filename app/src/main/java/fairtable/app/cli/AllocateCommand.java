package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.net.PeerLink;
import fairtable.app.patent.PatentTableRunner;
import fairtable.app.patent.PatentTableRunner.Result;
import fairtable.net.identity.Profile;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Double-blind allocation of experiment numbers between two institutions (the patent's claim 4). */
@Command(name = "allocate", mixinStandardHelpOptions = true,
        description = {"Two institutions each obtain X distinct experiment numbers out of 1..K (FR 2823580 claim 4).",
            "During the draw each learns only its own numbers. At the end both reveal their keys into the signed",
            "transcript, so that a third party (an ethics board) can audit what the allocation was and that it was fair."})
public final class AllocateCommand implements Callable<Integer> {
    @Mixin
    PeerOptions peer;

    @Option(names = "--items", required = true, description = "K, how many experiment numbers there are (1..K).")
    int items;

    @Option(names = "--each", required = true, description = "X, how many numbers each institution receives.")
    int each;

    @Option(names = "--mode", defaultValue = "patent-ristretto", description = "As for draw (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--name", description = "This institution's name (default: institution-a when listening, institution-b when connecting).")
    String name;

    @Option(names = "--out", required = true, description = "CSV file for this institution's numbers.")
    Path csv;

    @Option(names = "--journal", paramLabel = "FILE",
            description = "Keep a crash-safe journal of the game in FILE; if FILE exists, resume the game from it.")
    Path journal;

    @Option(names = "--transcript", description = "Where to write the signed transcript (default: next to --out, .jsonl).")
    Path transcript;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PatentParameters params = new PatentParameters(PatentMode.byName(mode), items, each);
        String me = name != null ? name : peer.listening() ? "institution-a" : "institution-b";
        if (me.contains(",") || me.contains("\"")) {
            throw new IllegalArgumentException("the name may not contain commas or quotes (it goes into a CSV file)");
        }
        Path file = transcript != null ? transcript
                : csv.resolveSibling(csv.getFileName().toString().replaceFirst("\\.csv$", "") + ".transcript.jsonl");
        Profile profile = peer.profile();
        PatentTableRunner runner = new PatentTableRunner(params, me, profile.identity(), file, journal,
                peer::patienceAt, out);
        Result result;
        try (PeerLink link = peer.link(profile, out)) {
            result = runner.play(link);
        }
        if (result.exitCode() != 2) {
            String rows = result.hand().stream().map(n -> me + "," + (n + 1)).collect(Collectors.joining("\n"));
            Files.writeString(csv, "institution,experiment\n" + rows + (rows.isEmpty() ? "" : "\n"), StandardCharsets.UTF_8);
            out.println(me + "'s experiment numbers: "
                    + result.hand().stream().map(n -> Integer.toString(n + 1)).collect(Collectors.joining(", ")));
            out.println("Written to " + csv + "; transcript: " + file);
        }
        if (result.verdict() != null) {
            out.println("Audit: " + result.verdict().line());
        }
        out.flush();
        return result.exitCode() == 0 ? Main.OK : result.exitCode();
    }
}
