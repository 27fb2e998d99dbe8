package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.net.identity.Profile;
import fairtable.protocol.allocation.BoardKey;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Shows (creating on first use) this user's identity: the fingerprint others pin. */
@Command(name = "id", mixinStandardHelpOptions = true,
        description = {"Print your fingerprint, to read out or paste to the people you play with.",
            "The identity key is created on first use in $FAIRTABLE_HOME (default ~/.fairtable)."})
public final class IdCommand implements Callable<Integer> {
    @Option(names = "--home", paramLabel = "DIR", description = "Profile directory (default: $FAIRTABLE_HOME or ~/.fairtable).")
    Path home;

    @Option(names = "--name", description = "Set your display name.")
    String name;

    @Option(names = "--peers", description = "Also list the players whose keys you have pinned.")
    boolean peers;

    @Option(names = "--board-card", paramLabel = "FILE", description = "As an ethics board: write your key card to FILE, "
            + "for the institutions to escrow allocations to you (allocate --board FINGERPRINT --board-card FILE).")
    Path boardCard;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Profile profile = Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
        if (name != null) {
            profile.setDisplayName(name);
        }
        var out = spec.commandLine().getOut();
        out.println(profile.fingerprint());
        if (boardCard != null) {
            BoardCard.write(boardCard, BoardKey.of(profile.displayName(), profile.identity(), new SecureRandom()));
            out.println("Your board key card, as " + profile.displayName() + ", is in " + boardCard
                    + ". Send it to the institutions, and read them your fingerprint by another channel.");
        }
        if (peers) {
            profile.knownPeers().all().forEach((who, fp) -> out.println("  " + fp + "  " + who));
        }
        out.flush();
        return Main.OK;
    }
}
