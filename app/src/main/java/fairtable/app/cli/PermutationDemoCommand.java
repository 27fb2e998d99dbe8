package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.games.permutation.PermutationDealDemo;
import fairtable.protocol.transcript.TranscriptFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The lightweight permutation-composition deal of seed 002, played in one process. */
@Command(name = "perm-demo", mixinStandardHelpOptions = true,
        description = {"Play the permutation-composition deal (3 or more players) in one process: deal 2 private cards "
            + "to each player, open 3 public cards, then everyone opens their commitments and the transcript is audited.",
            "Private messages are sealed to their recipients and opened by the audit once the keys are revealed.",
            "Lightweight and faithful to its source: it assumes no two players collude (see docs/permutation-deal.md)."})
public final class PermutationDemoCommand implements Callable<Integer> {
    @Option(names = "--players", defaultValue = "3", description = "Number of players, at least 3 (default: ${DEFAULT-VALUE}).")
    int players;

    @Option(names = "--cards", defaultValue = "52", description = "Deck size, at least 2N+3 (default: ${DEFAULT-VALUE}).")
    int cards;

    @Option(names = "--seed", description = "Seed the randomness (for reproducible demonstrations; never for real play).")
    Long seed;

    @Option(names = "--transcript", description = "Write the transcript to FILE.")
    Path transcript;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (players < 3) {
            throw new IllegalArgumentException("the permutation deal needs at least 3 players");
        }
        if (cards < 2 * players + 3) {
            throw new IllegalArgumentException("--cards must be at least " + (2 * players + 3) + " for " + players + " players");
        }
        PrintWriter out = spec.commandLine().getOut();
        RandomGenerator random = seed == null ? new SecureRandom() : new SplittableRandom(seed);
        PermutationDealDemo.Result result = PermutationDealDemo.run(players, cards, random);
        for (PermutationDealDemo.View view : result.views()) {
            out.println(view.name() + " privately holds: " + labels(view.privateCards()));
        }
        if (!result.views().isEmpty()) {
            out.println("Public cards: " + labels(result.views().get(0).publicCards()));
        }
        if (transcript != null) {
            TranscriptFile.write(transcript, result.transcript(), List.of());
            out.println("Transcript: " + transcript);
        }
        out.println("Audit: " + result.verdict().line());
        out.flush();
        return result.verdict().verified() ? Main.OK : Main.FAILED;
    }

    private String labels(Map<Integer, Integer> byPosition) {
        return byPosition.values().stream().map(c -> DrawCommand.CardLabels.label(cards, c)).collect(Collectors.joining(" "));
    }
}
