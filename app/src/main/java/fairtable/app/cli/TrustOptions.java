package fairtable.app.cli;

import fairtable.app.Main;
import fairtable.app.net.TwoSeatGame;
import fairtable.app.net.TwoSeatLink;
import fairtable.net.identity.Fingerprint;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Who this user is (the profile) and how far to trust the other player: shared by every two-process command. */
public final class TrustOptions {
    @Option(names = "--peer", paramLabel = "FINGERPRINT",
            description = "The other player's fingerprint (from `fairtable id`, read out by them): only that key is accepted."
                    + " Repeatable where several players meet (allocate).")
    List<String> peers = new ArrayList<>();

    @Option(names = "--accept-new",
            description = "Accept a player whose key is not pinned yet, with a warning, and pin it under their profile's name"
                    + " (trust on first use). Without it, a new player is refused, or asked about at a terminal.")
    boolean acceptNew;

    @Option(names = "--insecure",
            description = "Plain TCP instead of TLS: no encryption and no pinning; messages are still signed. For tests.")
    boolean insecure;

    /** The command this is part of, whose root {@link Main} knows whom to ask about a new player. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--home", paramLabel = "DIR",
            description = "Profile directory with your identity key and pinned peers (default: $FAIRTABLE_HOME or ~/.fairtable).")
    Path home;

    /** The fingerprints given with --peer. */
    Set<Fingerprint> named() {
        return peers.stream().map(Fingerprint::parse).collect(Collectors.toUnmodifiableSet());
    }

    /** The trust rule for this command: the profile's pins, --peer, --accept-new, and the person at a terminal. */
    TrustRule rule(Profile profile, PrintWriter out) {
        return new TrustRule(profile.knownPeers(), named(), acceptNew, person(), line -> {
            out.println(line);
            out.flush();
        });
    }

    /** Whom this command asks about a new player: the person its {@link Main} knows (at the terminal, or a test's). */
    private Optional<TrustRule.Asker> person() {
        CommandLine line = command == null ? null : command.commandLine();
        while (line != null && line.getParent() != null) {
            line = line.getParent();
        }
        return Main.person(line != null && line.getCommand() instanceof Main main ? main : null);
    }

    /** The name this player signs its hello with: {@code given} (--name), else the profile's name. */
    static String playerName(String given, Profile profile) {
        return given != null ? given : profile.displayName();
    }

    Profile profile() throws IOException {
        return Profile.open(home != null ? home : Profile.defaultDirectory(), new SecureRandom());
    }

    /**
     * Hosts a two-seat relay on {@code bind:port} (its log next to {@code journal}, if any), or (port null) joins
     * {@code target}, an invitation or HOST:PORT; {@code patience} bounds how long the relay waits on a connection.
     */
    TwoSeatLink link(Profile profile, String bind, Integer port, String target, Path journal, java.time.Duration patience,
            PrintWriter out) throws IOException {
        return link(profile, bind, port, target, null, journal, patience, out);
    }

    /** As above; {@code relaySeat} not null: {@code target} is a relay's invitation, joined at that seat. */
    TwoSeatLink link(Profile profile, String bind, Integer port, String target, Integer relaySeat, Path journal,
            java.time.Duration patience, PrintWriter out) throws IOException {
        return link(profile, bind, port, target, relaySeat, journal, patience, out, 0);
    }

    /** As above; a host plays {@code hostSeat} (0, or 1 when it chose the second side). */
    TwoSeatLink link(Profile profile, String bind, Integer port, String target, Integer relaySeat, Path journal,
            java.time.Duration patience, PrintWriter out, int hostSeat) throws IOException {
        if (peers.size() > 1) {
            throw new IllegalArgumentException("--peer names the one other player here, not " + peers.size());
        }
        Optional<Fingerprint> expected = peers.stream().findFirst().map(Fingerprint::parse);
        if (relaySeat != null) {
            return TwoSeatLink.atRelay(target, relaySeat, profile.identity(), insecure, expected, rule(profile, out));
        }
        return port != null
                ? TwoSeatLink.listen(bind, port, profile.identity(), insecure, expected, rule(profile, out), patience,
                        TwoSeatGame.relayLog(journal), line -> {
                            out.println(line);
                            out.flush();
                        }, hostSeat)
                : TwoSeatLink.connect(target, profile.identity(), insecure, expected, rule(profile, out));
    }
}
