package fairtable.app.play;

import fairtable.crypto.sign.VerifyingKey;
import fairtable.games.table.TableMessage;
import fairtable.games.table.TableNode;
import fairtable.net.Transport;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.wire.MalformedMessageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A table over the network, one seat per process. The host is seat 0 and the relay: every guest connects to
 * it, sends its name, and receives the table's terms (game, rounds, stack, protocol, its seat, every name).
 * Then each message a guest sends goes to the host, which forwards it to every other guest and hands it to
 * its own seat; the host's own messages go to every guest. So every seat receives every other seat's
 * messages in the one order the host saw them, which is what the deck protocol needs.
 */
public final class NetworkTable {
    private static final String GREETING = "fairtable-play/3";

    private NetworkTable() {
    }

    /**
     * The terms every seat must agree on, as the host sends them to each guest. {@code keys} holds each seat's
     * identity key, the one that opened its channel and that must sign its every message; it is empty on a
     * plain-TCP table, where nothing vouches for a key.
     */
    public record Terms(GameKind game, int rounds, int stack, boolean patent, int seat, List<String> names,
            List<VerifyingKey> keys) {
        public Terms {
            names = List.copyOf(names);
            keys = List.copyOf(keys);
            if (!keys.isEmpty() && keys.size() != names.size()) {
                throw new IllegalArgumentException(names.size() + " names but " + keys.size() + " keys");
            }
        }

        String line() {
            String keyList = keys.isEmpty() ? "-" : keys.stream().map(k -> HexFormat.of().formatHex(k.toBytes()))
                    .collect(java.util.stream.Collectors.joining(","));
            return String.join(" ", GREETING, game.command(), Integer.toString(rounds), Integer.toString(stack),
                    patent ? "patent" : "deck", Integer.toString(seat), String.join(",", names), keyList);
        }

        static Terms parse(String line) throws IOException {
            String[] w = line.split(" ");
            if (w.length != 8 || !w[0].equals(GREETING)) {
                throw new IOException("the host does not speak " + GREETING);
            }
            try {
                List<VerifyingKey> keys = new ArrayList<>();
                if (!w[7].equals("-")) {
                    for (String hex : w[7].split(",")) {
                        keys.add(VerifyingKey.fromBytes(HexFormat.of().parseHex(hex)));
                    }
                }
                return new Terms(GameKind.byCommand(w[1]), Integer.parseInt(w[2]), Integer.parseInt(w[3]),
                        w[4].equals("patent"), Integer.parseInt(w[5]), List.of(w[6].split(",")), keys);
            } catch (IllegalArgumentException e) {
                throw new IOException("unreadable terms from the host: " + e.getMessage());
            }
        }
    }

    /** A guest's side of the handshake: its name out, the terms in. */
    public static Terms join(Transport host, String name, Duration timeout) throws IOException, TimeoutException {
        host.send(name.getBytes(StandardCharsets.UTF_8));
        return Terms.parse(new String(host.receive(timeout), StandardCharsets.UTF_8));
    }

    /** The name a guest sends first; a single word. */
    public static String readName(Transport guest, Duration timeout) throws IOException, TimeoutException {
        String name = new String(guest.receive(timeout), StandardCharsets.UTF_8);
        if (name.isBlank() || name.length() > 32 || !name.matches("[\\p{L}\\p{N}_-]+")) {
            throw new IOException("a guest's name must be one word of letters and digits");
        }
        return name;
    }

    /** The host's side of the handshake: the terms to every guest (guest i is seat i + 1). */
    public static void sendTerms(List<? extends Transport> guests, Terms hostTerms) throws IOException {
        for (int g = 0; g < guests.size(); g++) {
            Terms theirs = new Terms(hostTerms.game(), hostTerms.rounds(), hostTerms.stack(), hostTerms.patent(), g + 1,
                    hostTerms.names(), hostTerms.keys());
            guests.get(g).send(theirs.line().getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A guest plays its seat to the end; every message comes through the host. */
    public static void playGuest(TableNode node, Transport host, List<VerifyingKey> keys, Duration timeout)
            throws IOException, TimeoutException, ProtocolViolation {
        send(host, node.start());
        while (!node.isFinished()) {
            byte[] frame;
            try {
                frame = host.receive(timeout);
            } catch (TimeoutException e) {
                throw new TimeoutException("nothing in " + timeout.toSeconds() + " s while waiting for " + node.awaiting());
            }
            TableMessage m = decode(frame, node, 0);
            checkSigner(m, keys, node);
            send(host, node.receive(m));
        }
    }

    private record Incoming(int guest, byte[] frame, Exception failure) {}

    /** The host plays seat 0 and relays every guest's messages to the others, in the order they arrive. */
    public static void playHost(TableNode node, List<? extends Transport> guests, List<VerifyingKey> keys,
            Duration timeout) throws IOException, TimeoutException, ProtocolViolation {
        BlockingQueue<Incoming> inbox = new LinkedBlockingQueue<>();
        List<Thread> readers = new ArrayList<>();
        for (int g = 0; g < guests.size(); g++) {
            int guest = g;
            Thread reader = new Thread(() -> {
                try {
                    while (true) {
                        inbox.add(new Incoming(guest, guests.get(guest).receive(Duration.ofDays(1)), null));
                    }
                } catch (IOException | TimeoutException e) {
                    inbox.add(new Incoming(guest, null, e));
                }
            }, "relay-" + (guest + 1));
            reader.setDaemon(true);
            reader.start();
            readers.add(reader);
        }
        broadcast(guests, -1, node.start());
        while (!node.isFinished()) {
            Incoming in;
            try {
                in = inbox.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            }
            if (in == null) {
                throw new TimeoutException("nothing in " + timeout.toSeconds() + " s while waiting for " + node.awaiting());
            }
            if (in.failure() != null) {
                throw new IOException(node.nameOf(in.guest() + 1) + ": " + in.failure().getMessage());
            }
            TableMessage m = decode(in.frame(), node, in.guest() + 1);
            if (m.sender() != in.guest() + 1) {
                throw new ProtocolViolation(0, node.nameOf(in.guest() + 1), "sent a message in the name of seat " + m.sender());
            }
            checkSigner(m, keys, node);
            for (int g = 0; g < guests.size(); g++) {
                if (g != in.guest()) {
                    guests.get(g).send(in.frame());
                }
            }
            broadcast(guests, -1, node.receive(m));
        }
        readers.forEach(Thread::interrupt);
    }

    /**
     * On a TLS table each seat's protocol messages must be signed by the identity that opened its channel, so
     * the game's keys are the people's keys and not fresh ones anybody could make. The declarations are
     * checked by the protocol against the keys of the seats' hellos, which this binds in turn.
     */
    private static void checkSigner(TableMessage m, List<VerifyingKey> keys, TableNode node) throws ProtocolViolation {
        if (keys.isEmpty() || !(m instanceof TableMessage.DeckStep step)) {
            return;
        }
        int sender = m.sender();
        if (sender < 0 || sender >= keys.size()) {
            throw new ProtocolViolation(step.envelope().step(), "seat " + sender, "no such seat at this table");
        }
        if (!step.envelope().isSignedBy(keys.get(sender))) {
            throw new ProtocolViolation(step.envelope().step(), node.nameOf(sender),
                    "signed a message with a key other than the identity that opened its channel");
        }
    }

    private static TableMessage decode(byte[] frame, TableNode node, int from) throws ProtocolViolation {
        try {
            return TableMessage.fromBytes(frame);
        } catch (MalformedMessageException e) {
            throw new ProtocolViolation(0, node.nameOf(from), "unreadable message: " + e.getMessage());
        }
    }

    private static void broadcast(List<? extends Transport> guests, int except, List<TableMessage> messages)
            throws IOException {
        for (TableMessage m : messages) {
            byte[] bytes = m.toBytes();
            for (int g = 0; g < guests.size(); g++) {
                if (g != except) {
                    guests.get(g).send(bytes);
                }
            }
        }
    }

    private static void send(Transport t, List<TableMessage> messages) throws IOException {
        for (TableMessage m : messages) {
            t.send(m.toBytes());
        }
    }

    /** Distinct names: a repeated name gets a number. */
    public static List<String> distinct(List<String> names) {
        List<String> out = new ArrayList<>();
        for (String name : names) {
            String candidate = name;
            for (int k = 2; out.contains(candidate); k++) {
                candidate = name + k;
            }
            out.add(candidate);
        }
        return out;
    }
}
