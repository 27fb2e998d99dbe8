package fairtable.app.cli;

import fairtable.app.net.TwoSeatLink;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * For a two-player game that may be played in one process or against another process: where the other
 * player is (--host or --join), how far to trust them, and where to journal the game.
 */
public final class SeatOptions {
    @Mixin
    TrustOptions trust;

    @Option(names = "--host", paramLabel = "PORT",
            description = "Play the first seat (or the --side you choose) and wait for the other player on PORT (0 picks a "
                    + "free port); prints an invitation.")
    Integer hostPort;

    @Option(names = "--join", paramLabel = "INVITATION|HOST:PORT",
            description = "Play the other seat than the host's, by its invitation (fairtable://HOST:PORT/FINGERPRINT), "
                    + "or HOST:PORT with --peer, --accept-new or --insecure.")
    String join;

    @Option(names = "--relay", description = "With --join: the invitation is a relay's (`fairtable relay`), which plays "
            + "no seat; both players join it, each at the --seat they agreed.")
    boolean relay;

    @Option(names = "--seat", description = "With --join --relay: your seat, 0 (the first player) or 1.")
    Integer relaySeat;

    @Option(names = "--side", paramLabel = "SIDE",
            description = "With --host: the side you play, white or black in dark chess, east or west in Mahjong Shogi "
                    + "(default: the first); the invitation tells the other player, who plays the other side.")
    String side;

    /** The game's name and its two sides in seat order, told by the command before it plays ({@link #sides}). */
    private String game;
    private int hostSeat;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "Address to listen on with --host (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--timeout", defaultValue = "120",
            description = "Seconds to wait for the other player at any step, and to reconnect (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--journal", paramLabel = "FILE",
            description = "Over the network: keep a crash-safe journal of this seat in FILE; if FILE exists, resume from it.")
    Path journal;

    /** Whether the other player is another process. */
    boolean networked() {
        if (hostPort != null && join != null) {
            throw new IllegalArgumentException("--host and --join exclude each other");
        }
        if (hostPort == null && join == null && journal != null) {
            throw new IllegalArgumentException("--journal is for a seat played against another process (--host or --join)");
        }
        if (side != null && hostPort == null) {
            throw new IllegalArgumentException("--side is for the host (--host); who joins plays the other side, as the"
                    + " invitation says");
        }
        if (relay != (relaySeat != null) || relay && join == null) {
            throw new IllegalArgumentException("--relay and --seat go together, with --join: the relay's invitation and "
                    + "your seat there, 0 or 1");
        }
        return hostPort != null || join != null;
    }

    /**
     * Names the game and its two sides in seat order (e.g. white, black), and judges {@code --side} by them: the host
     * plays the side it names, the first by default.
     */
    void sides(String gameName, String first, String second) {
        this.game = gameName;
        if (side == null) {
            return;
        }
        String said = side.strip().toLowerCase(java.util.Locale.ROOT);
        if (!said.equals(first) && !said.equals(second)) {
            throw new IllegalArgumentException("--side takes " + first + " or " + second + " in " + gameName + ", not '"
                    + side + "'");
        }
        hostSeat = said.equals(first) ? 0 : 1;
    }

    /**
     * The seat this process plays over the network: hosting, the one its --side chose (0 by default); joining a host,
     * the other one, as its invitation says; at a relay, the one agreed.
     */
    int seat() {
        return hostPort != null ? hostSeat : relay ? relaySeat : 1 - TwoSeatLink.hostSeatOf(join);
    }

    Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }

    /**
     * Opens this seat's link. A host's invitation carries the game, its two players and {@code settings} (the game's
     * terms, as the browser's invitations carry them), and the side the host plays when it is not the first, so that
     * the joiner types only the invitation.
     */
    TwoSeatLink link(Profile profile, PrintWriter out, Map<String, String> settings) throws IOException {
        TwoSeatLink link = trust.link(profile, bind, hostPort, join, relay ? relaySeat : null, journal, timeout(), out,
                hostSeat);
        if (!link.listening()) {
            return link;
        }
        Map<String, String> carried = new LinkedHashMap<>();
        carried.put("players", "2");
        carried.putAll(settings);
        return link.carrying(game, carried);
    }

    /**
     * The game's terms that the host's invitation carries, when this seat joins a host by its invitation (empty
     * otherwise: a host, a relay, or HOST:PORT). An invitation for another game is refused here, in one line.
     * Call after {@link #sides}.
     */
    Map<String, String> invited() {
        if (join == null || relay || !join.startsWith(Invitation.SCHEME)) {
            return Map.of();
        }
        Invitation invitation = Invitation.parse(join);
        if (invitation.game().isPresent() && !invitation.game().get().equals(game)) {
            throw new IllegalArgumentException("the invitation is for " + invitation.game().get() + ", not " + game
                    + "; join it with: fairtable play " + invitation.game().get() + " --join INVITATION");
        }
        Map<String, String> settings = new LinkedHashMap<>(invitation.settings());
        settings.remove(TwoSeatLink.HOST_SEAT);
        String players = settings.remove("players");
        if (players != null && !players.equals("2")) {
            throw new IllegalArgumentException("the invitation is for " + players + " players; " + game
                    + " is played by 2");
        }
        return settings;
    }

    Profile profile() throws IOException {
        return trust.profile();
    }
}
