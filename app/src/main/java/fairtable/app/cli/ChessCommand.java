package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.games.chess.StandardChess;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Chess tools. */
@Command(name = "chess", mixinStandardHelpOptions = true, description = "Chess tools.",
        subcommands = ChessCommand.Perft.class)
public final class ChessCommand implements Runnable {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Counts the leaf nodes of the legal-move tree under standard chess rules. */
    @Command(name = "perft", mixinStandardHelpOptions = true,
            description = "Count positions reachable in exactly D moves under standard chess rules (perft).")
    public static final class Perft implements Callable<Integer> {
        @Option(names = "--fen", defaultValue = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                description = "The position (default: the start position).")
        String fen;

        @Option(names = "--depth", required = true, description = "D, the depth in plies.")
        int depth;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (depth < 0 || depth > 12) {
                throw new IllegalArgumentException("--depth must be between 0 and 12");
            }
            spec.commandLine().getOut().println(StandardChess.perft(fen, depth));
            return Main.OK;
        }
    }
}
