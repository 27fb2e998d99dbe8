package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.net.correspondence.GameStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Lists the correspondence games under a directory and what each awaits from whom; under each game where it is
 * the user's move, the user's view of it (from the journal, so with the user's profile).
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = {"List the correspondence games in a directory (and its subdirectories) and what each awaits.",
            "Where it is YOUR MOVE, also shows your board and legal moves (this needs your profile, see --home)."})
public final class StatusCommand implements Callable<Integer> {
    @Option(names = "--dir", defaultValue = ".", paramLabel = "DIR",
            description = "Where the game directories are (default: the current directory).")
    Path dir;

    @Option(names = "--home", paramLabel = "DIR",
            description = "Your profile directory (default: $FAIRTABLE_HOME, else ~/.fairtable).")
    Path home;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.isDirectory(dir)) {
            spec.commandLine().getErr().println("fairtable: " + dir + " is not a directory");
            return Main.ERROR;
        }
        List<GameStatus> games = GameStatus.list(dir);
        Instant now = Clock.systemUTC().instant();
        if (games.isEmpty()) {
            out.println("No correspondence games in " + dir + ".");
        }
        for (GameStatus g : games) {
            out.println(g.line(now));
            if (g.yourMove()) {
                CorrespondenceCommand.printView(g, null, home, out);
                out.println("Play with: fairtable mail move --dir " + g.directory() + " MOVE");
            }
        }
        out.flush();
        return Main.OK;
    }
}
