package fairtable.app.play;

import fairtable.games.table.TableMessage;
import fairtable.games.table.TableNode;
import fairtable.net.Transport;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * One seat of a two-player table over a transport (TCP or TLS): every message this seat produces is sent
 * to the peer, every frame received is handed to the seat. The host sends the table's terms first, so both
 * processes build the same table.
 */
public final class NetworkTable {
    private static final String GREETING = "fairtable-play/1";

    private NetworkTable() {
    }

    /** The host's opening frame: the game's terms and its player's name; the answer is the guest's name. */
    public static void sendTerms(Transport t, GameKind game, int rounds, int stack, boolean patent, String hostName)
            throws IOException {
        String terms = String.join(" ", GREETING, game.command(), Integer.toString(rounds), Integer.toString(stack),
                patent ? "patent" : "deck", hostName);
        t.send(terms.getBytes(StandardCharsets.UTF_8));
    }

    /** The host's terms as the guest reads them: game, rounds, stack, protocol and the host's name. */
    public record Terms(GameKind game, int rounds, int stack, boolean patent, String hostName) {}

    public static Terms readTerms(Transport t, Duration timeout) throws IOException, TimeoutException {
        String[] w = new String(t.receive(timeout), StandardCharsets.UTF_8).split(" ");
        if (w.length != 6 || !w[0].equals(GREETING)) {
            throw new IOException("the host does not speak " + GREETING);
        }
        try {
            return new Terms(GameKind.byCommand(w[1]), Integer.parseInt(w[2]), Integer.parseInt(w[3]),
                    w[4].equals("patent"), w[5]);
        } catch (IllegalArgumentException e) {
            throw new IOException("unreadable terms from the host: " + e.getMessage());
        }
    }

    public static void sendName(Transport t, String name) throws IOException {
        t.send(name.getBytes(StandardCharsets.UTF_8));
    }

    public static String readName(Transport t, Duration timeout) throws IOException, TimeoutException {
        String name = new String(t.receive(timeout), StandardCharsets.UTF_8);
        if (name.isBlank() || name.length() > 64 || name.contains(" ")) {
            throw new IOException("the guest's name is not a single word");
        }
        return name;
    }

    /** Plays this seat to the end. {@code timeout} bounds every wait for the peer (its player thinks too). */
    public static void play(TableNode node, Transport t, Duration timeout)
            throws IOException, TimeoutException, ProtocolViolation {
        send(t, node.start());
        while (!node.isFinished()) {
            TableMessage m;
            try {
                m = TableMessage.fromBytes(t.receive(timeout));
            } catch (MalformedMessageException e) {
                throw new ProtocolViolation(0, node.nameOf(1 - node.seat()), "unreadable message: " + e.getMessage());
            } catch (TimeoutException e) {
                throw new TimeoutException("nothing from " + node.nameOf(1 - node.seat()) + " in " + timeout.toSeconds()
                        + " s, while waiting for " + node.awaiting());
            }
            send(t, node.receive(m));
        }
    }

    private static void send(Transport t, List<TableMessage> messages) throws IOException {
        for (TableMessage m : messages) {
            t.send(m.toBytes());
        }
    }
}
