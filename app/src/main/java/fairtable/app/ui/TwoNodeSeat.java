package fairtable.app.ui;

import fairtable.app.net.TwoSeatGame;
import fairtable.app.net.TwoSeatLink;
import fairtable.net.identity.Invitation;
import fairtable.net.identity.Profile;
import fairtable.net.identity.TrustRule;
import fairtable.protocol.Party;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One seat of a two-party game (dark chess, Mahjong Shogi) played in the browser against another person's node,
 * through the same session code as {@code play dark-chess --host/--join} ({@link TwoSeatLink}, {@link TwoSeatGame}):
 * the host runs the relay and plays the side its person chose (seat 0 or 1), the guest joins by the host's invitation
 * (which pins the host's key and carries the game, its settings and the host's seat) and plays the other. The host's person is asked in the page, by fingerprint,
 * before a new player's hello is taken ({@link PageQuestion}); a key already pinned under its name is let in. The
 * seat is kept as at the command line ({@code --journal}), so that a restarted node takes it up.
 */
final class TwoNodeSeat {
    /** How long a host waits for the invited player to arrive, and a guest for the host's first words. */
    private static final Duration ARRIVAL = Duration.ofMinutes(30);

    /**
     * Where a seat meets the other: the address a host listens on and its port (0 for any free one; a seat taken up
     * again listens on its old one), and where the seat is kept to be taken up after a restart (its journal, the
     * host's relay log and the meeting line beside them in HOME/ui-journals, as a card table's).
     */
    record Place(String bind, int port, NetworkTable.Kept kept) {}

    private final Profile profile;
    private final Place place;
    private final String game;
    private final Map<String, String> settings;
    private final int hostSeat;
    private final Invitation joining;
    /** Whether the node is closing: the seat then stops where it is, and its journal stays to be taken up. */
    private volatile boolean closing;
    private final boolean takenUp;
    private final PageQuestion asking;
    private final TwoSeatLink link;
    private final String invitation;
    private volatile String lastLine;
    private volatile Runnable changed = () -> { };
    private String lastAwaiting = "";
    private long awaitingSince = System.currentTimeMillis();

    private TwoNodeSeat(Profile profile, Place place, String game, Map<String, String> settings, Invitation joining,
            int hostSeat) throws IOException {
        this.profile = profile;
        this.place = place;
        this.game = game;
        this.settings = Map.copyOf(settings);
        this.hostSeat = hostSeat;
        this.joining = joining;
        this.takenUp = place.kept().journal() != null && place.kept().journal().last().isPresent();
        this.asking = new PageQuestion(() -> changed.run());
        boolean hosting = joining == null;
        TrustRule rule = new TrustRule(profile.knownPeers(), Set.of(), false,
                hosting ? Optional.of(asking::ask) : Optional.empty(), asking::tell);
        if (hosting) {
            this.link = TwoSeatLink.listen(place.bind(), place.port(), profile.identity(), false, Optional.empty(), rule,
                    ARRIVAL, place.kept().relayLog(), asking::tell, hostSeat);
            Map<String, String> carried = new LinkedHashMap<>();
            carried.put("players", "2");
            carried.putAll(settings);
            this.invitation = link.carrying(game, carried).invitation();
        } else {
            // The invitation names the host's key: only it opens the channel, and the host's seat must sign with it.
            this.link = TwoSeatLink.connect(joining.format(), profile.identity(), false, Optional.empty(), rule);
            this.invitation = null;
        }
    }

    /**
     * Hosts {@code game} on {@code bind}, playing {@code hostSeat} (0 or 1: the side the person chose), when
     * {@code joining} is null (the invitation carries the game, {@code settings} and that seat), else joins the host
     * that invitation names, at the other seat.
     */
    static TwoNodeSeat open(Profile profile, Place place, Invitation joining, String game,
            Map<String, String> settings, int hostSeat) throws IOException {
        return new TwoNodeSeat(profile, place, game, settings, joining, hostSeat);
    }

    /** Whether the seat was taken up from its journal: it had taken a step before the node restarted. */
    boolean takenUp() {
        return takenUp;
    }

    /** A whole-number setting an invitation carries (max-plies, move-limit), read before anything is opened. */
    static int number(Invitation invitation, String setting) {
        String value = invitation.settings().getOrDefault(setting, "");
        if (!value.matches("[0-9]{1,5}")) {
            throw new IllegalArgumentException("the invitation's " + setting + " must be a whole number, not '" + value
                    + "'");
        }
        return Integer.parseInt(value);
    }

    /** {@code changed} is called whenever the question or the notice changes, so that the page is told. */
    void onChange(Runnable changed) {
        this.changed = changed;
    }

    /** The other player's name: the bot's when {@code network} is null, else the one their hello signs, once in. */
    static String otherName(TwoNodeSeat network, Party mine, int seat) {
        if (network == null) {
            return "bot";
        }
        return mine == null ? "the other player" : mine.transcript().hellos().stream().filter(h -> h.seat() != seat)
                .map(h -> h.name()).findFirst().orElse("the other player");
    }

    /** The seat this side plays: the host the one it chose, the guest the other. */
    int seat() {
        return link.seat();
    }

    /**
     * Plays the seat to its end on the calling thread, writing the transcript to {@code transcriptFile} and auditing
     * it; what the session says on the way (a connection dropped or back, why it stopped) becomes the page's notice.
     */
    <P extends Party> TwoSeatGame.Result<P> play(TwoSeatGame.Seating<P> seating, Path transcriptFile,
            int actionSeconds) throws IOException, MalformedMessageException {
        PrintWriter out = new PrintWriter(new Lines(this::said), true);
        // Longer before both players are in (the guest may still be reading the invitation) than during the game.
        TwoSeatGame<P> played = new TwoSeatGame<>(profile.identity(), profile.displayName(), seating, transcriptFile,
                null, p -> p.transcript().established() ? Duration.ofSeconds(actionSeconds + 300L) : ARRIVAL, out)
                .keptIn(place.kept().journal());
        Map<String, Object> meeting = new LinkedHashMap<>();
        meeting.put("role", joining == null ? "host" : "guest");
        meeting.put("game", game);
        meeting.put("transcript", transcriptFile.getFileName().toString());
        if (joining == null) {
            meeting.put("port", link.port());
            meeting.put("seat", hostSeat);
            meeting.put("settings", settings);
        } else {
            meeting.put("invitation", joining.format());
        }
        place.kept().keepMeeting(meeting);
        try {
            return played.play(link);
        } finally {
            if (!closing) {
                place.kept().forget(); // over, or stopped for good: nothing to take up
            }
        }
    }

    private void said(String line) {
        if (line.isEmpty() || line.startsWith("Invitation: ") || line.startsWith("waiting for ")) {
            return; // the page shows the invitation itself, and counts the waiting
        }
        if (!line.startsWith("Transcript so far written to ") && !line.startsWith("Evidence written to ")) {
            lastLine = line; // where the transcript went follows why the session stopped, which the page must show
        }
        asking.tell(line);
    }

    /** Why the session stopped early, as it said last. */
    String lastLine() {
        return lastLine == null ? "the session ended early" : lastLine;
    }

    /** The person's yes or no to the question the page shows; against the bot nothing is ever asked. */
    static void answer(TwoNodeSeat network, boolean accept, java.util.function.Consumer<String> reply) {
        if (network == null) {
            reply.accept("nothing is asked now");
            return;
        }
        network.asking.answer(accept, reply);
    }

    /**
     * The network's part of the page's snapshot: the invitation (host), the question, the notice, whether the other
     * player is in and how long the table has awaited whom it awaits ({@code awaiting}, counted since it changed).
     */
    synchronized Map<String, Object> describe(boolean joined, String awaiting) {
        if (!awaiting.equals(lastAwaiting)) {
            lastAwaiting = awaiting;
            awaitingSince = System.currentTimeMillis();
        }
        Map<String, Object> network = new LinkedHashMap<>();
        network.put("role", invitation != null ? "host" : "guest");
        if (invitation != null) {
            network.put("invitation", invitation);
        }
        network.put("joined", joined);
        network.put("awaitingMillis", Math.max(0, System.currentTimeMillis() - awaitingSince));
        network.putAll(asking.shown());
        return network;
    }

    /** What the host shows the person to send the other player; null at a guest. */
    String invitation() {
        return invitation;
    }

    void close() {
        closing = true;
        link.close();
    }
}
