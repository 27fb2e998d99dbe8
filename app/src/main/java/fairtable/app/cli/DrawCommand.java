package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.net.TwoSeatLink;
import fairtable.app.patent.PatentTableRunner;
import fairtable.app.patent.PatentTableRunner.Result;
import fairtable.net.identity.Profile;
import fairtable.protocol.patent.PatentMode;
import fairtable.protocol.patent.PatentParameters;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Two processes draw X cards each from K that neither can see (patent FR 2823580). */
@Command(name = "draw", mixinStandardHelpOptions = true,
        description = {"Blind draw of X cards each from a K-card deck between two processes (FR 2823580).",
            "Each side prints only its own hand; both reveal their keys at the end and audit the transcript."})
public final class DrawCommand implements Callable<Integer> {
    @Mixin
    PeerOptions peer;

    @Option(names = "--cards", defaultValue = "52", description = "K, the deck size (default: ${DEFAULT-VALUE}).")
    int cards;

    @Option(names = "--each", defaultValue = "5", description = "X, the cards each party draws (default: ${DEFAULT-VALUE}).")
    int each;

    @Option(names = "--mode", defaultValue = "patent-ristretto",
            description = "patent-ristretto (default), patent-safe-prime[-ffdhe2048|-ffdhe3072], or patent-literal (INSECURE).")
    String mode;

    @Option(names = "--name", description = "Your name in the transcript, under which the other player pins your key (default: your profile's name, see `fairtable id --name`).")
    String name;

    @Option(names = "--seat", description = "With --connect --relay: your seat at the relay, 0 (party A) or 1 (party B), "
            + "as the two players agreed.")
    Integer seat;

    @Option(names = "--journal", paramLabel = "FILE",
            description = "Keep a crash-safe journal of the game in FILE; if FILE exists, resume the game from it.")
    Path journal;

    @Option(names = "--transcript", description = "Where to write the signed transcript (default: draw-NAME.jsonl).")
    Path transcript;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PatentParameters params = new PatentParameters(PatentMode.byName(mode), cards, each);
        Profile profile = peer.profile();
        String me = TrustOptions.playerName(name, profile);
        Path file = transcript != null ? transcript : Path.of("draw-" + me + ".jsonl");
        if (!params.group().isSecure()) {
            out.println("WARNING: " + mode + " is the patent's literal arithmetic and leaks a bit of every card. "
                    + "It is kept for demonstration only.");
        }
        PatentTableRunner runner = new PatentTableRunner(params, me, profile.identity(), file, journal,
                peer::patienceAt, out);
        Result result;
        try (TwoSeatLink link = peer.link(profile, out, journal, seat)) {
            result = runner.play(link);
        }
        out.println(me + "'s hand: " + CardLabels.describe(cards, result.hand()));
        if (result.verdict() != null) {
            out.println("Transcript: " + file);
            out.println("Audit: " + result.verdict().line());
        }
        out.flush();
        return result.exitCode() == 0 ? Main.OK : result.exitCode();
    }

    /** Names for card numbers: playing cards for a 52-card deck, else the numbers 1..K. */
    static final class CardLabels {
        private CardLabels() {}

        static String describe(int deckSize, List<Integer> cards) {
            if (cards.isEmpty()) {
                return "(none)";
            }
            return cards.stream().map(c -> label(deckSize, c)).collect(Collectors.joining(" "));
        }

        static String label(int deckSize, int card) {
            return deckSize == 52 ? fairtable.games.cards.Card.ofIndex(card).toString() : Integer.toString(card + 1);
        }
    }
}
