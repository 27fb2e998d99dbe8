package fairtable.app;

import fairtable.app.cli.AllocateCommand;
import fairtable.app.cli.AuditCommand;
import fairtable.app.cli.ChessCommand;
import fairtable.app.cli.CorrespondenceCommand;
import fairtable.app.cli.DeckDemoCommand;
import fairtable.app.cli.DemoCommand;
import fairtable.app.cli.DrawCommand;
import fairtable.app.cli.IdCommand;
import fairtable.app.cli.PermutationDemoCommand;
import fairtable.app.cli.PlayCommand;
import fairtable.app.cli.PlayDarkChessCommand;
import fairtable.app.cli.PlayMahjongShogiCommand;
import fairtable.app.cli.PokerCommand;
import fairtable.app.cli.StatusCommand;
import fairtable.app.cli.RelayCommand;
import fairtable.app.cli.TableCommand;
import fairtable.app.cli.UiCommand;
import fairtable.app.cli.UnblindCommand;
import fairtable.games.definitions.Games;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The fairtable command line. Exit codes: 0 success, 1 a failed audit or a caught cheat, 2 an error. */
@Command(name = "fairtable", mixinStandardHelpOptions = true, version = "fairtable 0.1.0",
        description = "Fair card draws and hidden-information games between people who do not trust each other.",
        subcommands = {DemoCommand.class, DrawCommand.class, AllocateCommand.class, UnblindCommand.class, AuditCommand.class,
            PokerCommand.class, ChessCommand.class, DeckDemoCommand.class, PermutationDemoCommand.class,
            IdCommand.class, CorrespondenceCommand.class, StatusCommand.class, TableCommand.class, RelayCommand.class, PlayCommand.class,
            PlayMahjongShogiCommand.class, PlayDarkChessCommand.class, UiCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int ERROR = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where commands that read a person's moves read them (System.in, or a test's script). */
    private java.io.InputStream input = System.in;

    /** Whom a host asks about a new player: the person at the terminal, or a test's stand-in. */
    private java.util.function.Supplier<java.util.Optional<fairtable.net.identity.TrustRule.Asker>> person =
            fairtable.net.identity.TrustRule.Asker::terminal;

    /** The games the commands play and audit: the registry, or a test's own catalog. */
    private Games games = Games.ALL;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line without exiting. */
    public static int run(String... args) {
        return run(new java.io.PrintWriter(System.out, true), new java.io.PrintWriter(System.err, true), args);
    }

    /** Runs the command line with the given output streams, for tests. */
    public static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        return run(System.in, out, err, args);
    }

    /** Runs the command line with the given input and output streams, for tests of commands a person types into. */
    public static int run(java.io.InputStream in, java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        return run(Games.ALL, in, out, err, args);
    }

    /** Runs the command line over the games of {@code games} instead of the registry, for tests of a game of their own. */
    public static int run(Games games, java.io.InputStream in, java.io.PrintWriter out, java.io.PrintWriter err,
            String... args) {
        return run(games, fairtable.net.identity.TrustRule.Asker::terminal, in, out, err, args);
    }

    /**
     * Runs the command line with {@code person} answering the questions a host asks about new players ("accept bob,
     * fingerprint ...? y/N"), for tests of what a yes or a no does.
     */
    public static int run(Games games, fairtable.net.identity.TrustRule.Asker person, java.io.InputStream in,
            java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        return run(games, () -> java.util.Optional.of(person), in, out, err, args);
    }

    private static int run(Games games,
            java.util.function.Supplier<java.util.Optional<fairtable.net.identity.TrustRule.Asker>> person,
            java.io.InputStream in, java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        args = boardGameAliases(args);
        // The help lists the games where it names them (${sys:fairtable.games}), so no list can fall behind.
        System.setProperty("fairtable.games", String.join(", ", games.names()));
        Main main = new Main();
        main.input = java.util.Objects.requireNonNull(in);
        main.games = java.util.Objects.requireNonNull(games);
        main.person = person;
        CommandLine cli = new CommandLine(main);
        cli.setOut(out);
        cli.setErr(err);
        fairtable.app.cli.Problems.install(cli, args);
        return cli.execute(args);
    }

    /**
     * `play mahjong-shogi ...` and `play dark-chess ...` are the board games' own commands, whose options
     * differ from the card games'; this keeps the one verb `play` for every game.
     */
    private static String[] boardGameAliases(String[] args) {
        if (args.length >= 2 && args[0].equals("play")
                && (args[1].equals("mahjong-shogi") || args[1].equals("dark-chess"))) {
            String[] rewritten = new String[args.length - 1];
            rewritten[0] = "play-" + args[1];
            System.arraycopy(args, 2, rewritten, 1, args.length - 2);
            return rewritten;
        }
        return args;
    }

    /** The input a command reads a person's moves from. */
    public java.io.InputStream input() {
        return input;
    }

    /** The games a command finds by name: what it plays, and what the audit judges table/v1 sessions by. */
    public Games games() {
        return games;
    }

    /** The games of {@code main}, or the registry for a command run without its parent (a test's own instance). */
    public static Games games(Main main) {
        return main == null ? Games.ALL : main.games;
    }

    /** Whom a host of {@code main} asks about a new player: its person at the terminal (none without one). */
    public static java.util.Optional<fairtable.net.identity.TrustRule.Asker> person(Main main) {
        return main == null ? fairtable.net.identity.TrustRule.Asker.terminal() : main.person.get();
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
