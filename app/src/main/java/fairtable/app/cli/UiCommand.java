package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.ui.UiServer;
import fairtable.net.identity.Profile;
import java.awt.Desktop;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** The browser interface: the player's node serving its pages on 127.0.0.1, behind a secret token. */
@Command(name = "ui", mixinStandardHelpOptions = true,
        description = {"Start your node with its browser interface on 127.0.0.1, print its address (which carries a"
                + " secret token) and open it in your browser where there is one.",
            "Every request must carry the token and come from the interface's own pages.",
            "One node serves one profile: two people on one machine run two 'ui' processes with two --home"
                + " directories.",
            "Ctrl-C stops it."})
public final class UiCommand implements Callable<Integer> {
    @Option(names = "--home", paramLabel = "DIR", description = "Profile directory (default: $FAIRTABLE_HOME or ~/.fairtable).")
    Path home;

    @Option(names = "--port", paramLabel = "PORT", description = "Port on 127.0.0.1 (default: a free one).")
    int port;

    @Option(names = "--no-browser", description = "Only print the address; do not open a browser.")
    boolean noBrowser;

    @Option(names = "--action-seconds", paramLabel = "SECONDS", defaultValue = "60",
            description = "Your clock for each decision; when it runs out the game's bot decides for you (default: 60).")
    int actionSeconds;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1", description = "The address the "
            + "tables you host listen on for the players you invite (default: ${DEFAULT-VALUE}: this machine only; the "
            + "pages themselves are always on 127.0.0.1).")
    String bind;

    @Option(names = "--seed", description = "Derive every secret and bot decision of your seats from this seed: "
            + "reproducible, NOT secret (tests and demos).")
    Long seed;

    @ParentCommand
    Main main;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var out = spec.commandLine().getOut();
        if (port < 0 || port > 65_535) {
            spec.commandLine().getErr().println("fairtable: --port must be 0 to 65535, not " + port);
            return Main.ERROR;
        }
        if (actionSeconds < 5 || actionSeconds > 86_400) {
            spec.commandLine().getErr().println("fairtable: --action-seconds must be 5 to 86400, not " + actionSeconds);
            return Main.ERROR;
        }
        Profile profile = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
        UiServer server;
        try {
            server = UiServer.start(profile, Main.games(main), port, actionSeconds, new UiServer.Network(bind, seed));
        } catch (java.io.IOException bindFailed) {
            spec.commandLine().getErr().println("fairtable: cannot serve on 127.0.0.1:" + port + ": "
                    + bindFailed.getMessage());
            return Main.ERROR;
        }
        out.println("fairtable ui for " + profile.displayName() + " (" + profile.fingerprint() + ")");
        out.println("Open: " + server.url());
        out.println("The address carries your secret token: do not share it. Ctrl-C stops the node.");
        if (seed != null) {
            out.println("Seeded with " + seed + ": every secret of your seats is derived from the seed, so your games"
                    + " are NOT secret.");
        }
        out.flush();
        if (!noBrowser) {
            open(server.url(), out);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception ignored) {
                // stopping anyway
            }
        }));
        server.join();
        return Main.OK;
    }

    /** Opens {@code url} in the desktop's browser where there is one; without one, the printed address is enough. */
    private static void open(URI url, java.io.PrintWriter out) {
        try {
            if (!java.awt.GraphicsEnvironment.isHeadless() && Desktop.isDesktopSupported()
                    && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
                Desktop.getDesktop().browse(url);
                return;
            }
        } catch (Exception | LinkageError noDesktop) {
            // fall through: the address is printed
        }
        out.println("(No desktop browser found here: open the address above yourself.)");
        out.flush();
    }
}
