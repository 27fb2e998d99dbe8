package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.games.poker.HandEvaluator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Poker tools. */
@Command(name = "poker", mixinStandardHelpOptions = true, description = "Poker tools.",
        subcommands = PokerCommand.Eval.class)
public final class PokerCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Prints the best five cards of 5 to 7 cards and their category. */
    @Command(name = "eval", mixinStandardHelpOptions = true,
            description = {"The best five of 5 to 7 cards, and their category.",
                "For example, `fairtable poker eval As Kd 7h 7c 2s 9d Tc` prints `pair: 7h 7c As Kd Tc`.",
                "Ranks 2-9, T (or 10), J, Q, K, A; suits c d h s (or ♣ ♦ ♥ ♠)."})
    public static final class Eval implements Callable<Integer> {
        @Parameters(paramLabel = "CARD", arity = "5..7", description = "5 to 7 distinct cards.")
        List<String> cards;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            spec.commandLine().getOut().println(HandEvaluator.describe(String.join(" ", cards)));
            return Main.OK;
        }
    }
}
