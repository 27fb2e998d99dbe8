package fairtable.app.play;

import fairtable.crypto.sign.SigningKey;
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
    private static final String GREETING = "fairtable-play/4";
    /** A guest taking its seat back: "fairtable-resume SEAT CONSUMED"; the host answers "fairtable-resumed HELD". */
    private static final String RESUME = "fairtable-resume";
    private static final String RESUMED = "fairtable-resumed";
    private static final Duration RESUME_PATIENCE = Duration.ofSeconds(10);
    /** A guest's last frame: it has everything, its own messages placed back included; the host may leave. */
    private static final byte[] DONE = "fairtable-done".getBytes(StandardCharsets.UTF_8);

    private NetworkTable() {
    }

    /**
     * The terms every seat must agree on, as the host sends them to each guest. {@code keys} holds each seat's
     * identity key, the one that opened its channel and that must sign its every message; it is empty on a
     * plain-TCP table, where nothing vouches for a key. {@code table} is the host's fresh random id of this table
     * (hex), so that two tables with the same players never share a relay chain.
     */
    public record Terms(String table, GameKind game, int rounds, int stack, boolean patent, int seat,
            List<String> names, List<VerifyingKey> keys) {
        public Terms {
            names = List.copyOf(names);
            keys = List.copyOf(keys);
            if (!table.matches("[0-9a-f]{16,64}")) {
                throw new IllegalArgumentException("a table id is 16 to 64 hex digits, not '" + table + "'");
            }
            if (seat < 0 || seat >= names.size()) {
                throw new IllegalArgumentException("seat " + seat + " at a table of " + names.size());
            }
            if (names.stream().distinct().count() != names.size()) {
                throw new IllegalArgumentException("players need distinct names: " + names);
            }
            if (!keys.isEmpty() && keys.size() != names.size()) {
                throw new IllegalArgumentException(names.size() + " names but " + keys.size() + " keys");
            }
            if (keys.stream().distinct().count() != keys.size()) {
                throw new IllegalArgumentException("two seats with one key");
            }
        }

        /** A fresh table id. */
        public static String newTable(java.security.SecureRandom random) {
            byte[] id = new byte[16];
            random.nextBytes(id);
            return HexFormat.of().formatHex(id);
        }

        /** The same terms as seat {@code other} receives them. */
        public Terms withSeat(int other) {
            return new Terms(table, game, rounds, stack, patent, other, names, keys);
        }

        String line() {
            String keyList = keys.isEmpty() ? "-" : keys.stream().map(k -> HexFormat.of().formatHex(k.toBytes()))
                    .collect(java.util.stream.Collectors.joining(","));
            return String.join(" ", GREETING, table, game.command(), Integer.toString(rounds), Integer.toString(stack),
                    patent ? "patent" : "deck", Integer.toString(seat), String.join(",", names), keyList);
        }

        static Terms parse(String line) throws IOException {
            String[] w = line.split(" ");
            if (w.length != 9 || !w[0].equals(GREETING)) {
                throw new IOException("the host does not speak " + GREETING);
            }
            try {
                List<VerifyingKey> keys = new ArrayList<>();
                if (!w[8].equals("-")) {
                    for (String hex : w[8].split(",")) {
                        keys.add(VerifyingKey.fromBytes(HexFormat.of().parseHex(hex)));
                    }
                }
                return new Terms(w[1], GameKind.byCommand(w[2]), Integer.parseInt(w[3]), Integer.parseInt(w[4]),
                        w[5].equals("patent"), Integer.parseInt(w[6]), List.of(w[7].split(",")), keys);
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
            Terms theirs = hostTerms.withSeat(g + 1);
            guests.get(g).send(theirs.line().getBytes(StandardCharsets.UTF_8));
        }
    }

    /** How a guest reaches the host again, or the host takes the next connection: blocking, with its handshake. */
    @FunctionalInterface
    public interface Connector {
        Transport connect() throws IOException, TimeoutException;
    }

    /**
     * A guest whose connection broke (or whose process restarted) asks for its seat back: it has consumed
     * {@code consumed} messages from the host; the host answers how many of the guest's own messages it holds,
     * and sends the ones the guest has not consumed yet.
     */
    static int resume(Transport host, int seat, int consumed, Duration timeout) throws IOException, TimeoutException {
        host.send((RESUME + " " + seat + " " + consumed).getBytes(StandardCharsets.UTF_8));
        String answer = new String(host.receive(timeout), StandardCharsets.UTF_8);
        String[] w = answer.split(" ");
        try {
            if (w.length == 2 && w[0].equals(RESUMED) && Integer.parseInt(w[1]) >= 0) {
                return Integer.parseInt(w[1]);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IOException("the host did not give the seat back: " + answer);
    }

    /** A guest's node, the relay's chain as it has seen it, and everything it has said (to resend after a resume). */
    static final class Guest {
        final TableNode node;
        final RelayChain chain;
        final SigningKey key;
        final SeatLog journal;
        final List<byte[]> said = new ArrayList<>();
        int echoed;

        Guest(TableNode node, Terms terms, SigningKey key, SeatLog journal) {
            this.node = node;
            this.chain = new RelayChain(terms);
            this.key = key;
            this.journal = journal;
        }

        /** The node's messages, each with this seat's acknowledgement of the chain so far. */
        List<byte[]> say(List<TableMessage> messages) {
            List<byte[]> frames = new ArrayList<>();
            for (TableMessage m : messages) {
                byte[] payload = m.toBytes();
                frames.add(new RelayChain.Said(payload, chain.ack(key, said.size() + frames.size(), payload)).toBytes());
            }
            said.addAll(frames);
            return frames;
        }

        /**
         * Takes one placed message: checks the chain and the acknowledgement it carries; its own echo must be what
         * it said; another seat's message goes to the node. Returns what the seat answers.
         */
        List<byte[]> take(byte[] frame, List<VerifyingKey> keys) throws ProtocolViolation {
            RelayChain.Placed placed;
            try {
                placed = RelayChain.Placed.fromBytes(frame);
            } catch (MalformedMessageException e) {
                throw new ProtocolViolation(0, node.nameOf(0), "relayed an unreadable frame: " + e.getMessage());
            }
            chain.accept(placed, node::nameOf);
            if (placed.from() == node.seat()) {
                RelayChain.Said mine = echoed < said.size() ? saidAt(echoed) : null;
                if (mine == null || !java.util.Arrays.equals(mine.payload(), placed.payload())
                        || !java.util.Arrays.equals(mine.ack(), placed.ack())) {
                    throw new ProtocolViolation(0, node.nameOf(0), "relayed in my name a message I did not send");
                }
                echoed++;
                return List.of();
            }
            try {
                TableMessage m = decode(placed.payload(), node, placed.from());
                if (m.sender() != placed.from()) {
                    throw new ProtocolViolation(0, node.nameOf(placed.from()), "sent a message in the name of seat "
                            + m.sender());
                }
                checkSigner(m, keys, node);
                return say(node.receive(m));
            } catch (ProtocolViolation v) {
                throw blame(placed, v);
            }
        }

        /**
         * Who answers for a placed message this seat refuses. The host's own seat took it before placing it, so an
         * honest host never places what a seat refuses; if the host placed a guest's message after positions the
         * guest had not seen, the guest wrote it for another table than the one it lands in, and the host answers.
         */
        private ProtocolViolation blame(RelayChain.Placed placed, ProtocolViolation v) {
            if (placed.from() == 0 || placed.ack().length == 0) {
                return v;
            }
            int seen;
            try {
                seen = RelayChain.Ack.fromBytes(placed.ack()).seen();
            } catch (MalformedMessageException e) {
                return v; // the chain refuses unreadable acknowledgements before this
            }
            if (seen >= placed.index()) {
                return v; // its author saw everything before it: the author answers
            }
            String refusal = v.provesNothing() ? v.getMessage() : v.party() + ": " + v.reason(); // it may name nobody
            return new ProtocolViolation(v.step(), node.nameOf(0), "placed " + node.nameOf(placed.from())
                    + "'s message at position " + placed.index() + ", after positions " + seen + " to "
                    + (placed.index() - 1) + " it had not seen, where it is refused (" + refusal + ")");
        }

        private RelayChain.Said saidAt(int index) {
            try {
                return RelayChain.Said.fromBytes(said.get(index));
            } catch (MalformedMessageException e) {
                throw new IllegalStateException("this seat's own frame does not read back", e);
            }
        }
    }

    /** A guest plays its seat to the end over one connection, with neither reconnection nor journal. */
    public static void playGuest(TableNode node, Transport host, Terms terms, SigningKey key, Duration timeout)
            throws IOException, TimeoutException, ProtocolViolation {
        playGuest(node, host, null, terms, key, timeout, null, () -> { });
    }

    /**
     * A guest plays its seat to the end; every message comes through the host, placed in the relay's signed chain
     * ({@link RelayChain}), and every message it sends acknowledges the chain as it has seen it. {@code host} is
     * the connection made at the handshake, or null when a restarted guest must first take its seat back. With
     * {@code reconnect}, a lost connection is made again (backing off, for up to {@code timeout}) and the seat
     * resumed; with {@code journal}, every consumed message is on disk before the seat's answer leaves, and a
     * restarted seat is first rebuilt from it. {@code key} signs the acknowledgements (the seat's identity on a
     * TLS table). {@code live} runs once the replay is over.
     */
    public static void playGuest(TableNode node, Transport host, Connector reconnect, Terms terms, SigningKey key,
            Duration timeout, SeatLog journal, Runnable live) throws IOException, TimeoutException, ProtocolViolation {
        Guest me = new Guest(node, terms, key, journal);
        me.say(node.start());
        if (journal != null) {
            for (SeatLog.Frame f : journal.frames()) {
                me.take(f.bytes(), terms.keys());
            }
            journal.checkReplayed();
            journal.flush();
        }
        live.run();
        Transport link = host;
        if (link == null && node.isFinished() && me.echoed == me.said.size()) {
            return; // the journal holds the whole game, its last messages placed back: nothing to go back for
        }
        if (link == null) {
            link = again(me, null, reconnect, timeout);
        } else {
            sendAll(link, me.said);
        }
        // The seat is done when the game is over and the host has placed everything it said: an echo never
        // placed is a message the host dropped.
        while (!node.isFinished() || me.echoed < me.said.size()) {
            byte[] frame;
            try {
                frame = link.receive(timeout);
            } catch (TimeoutException e) {
                throw new TimeoutException("nothing in " + timeout.toSeconds() + " s while waiting for " + node.awaiting());
            } catch (IOException e) {
                if (reconnect == null) {
                    throw e;
                }
                link = again(me, link, reconnect, timeout);
                continue;
            }
            List<byte[]> answer = me.take(frame, terms.keys());
            if (journal != null) {
                journal.consumed(0, frame);
            }
            try {
                sendAll(link, answer);
            } catch (IOException e) {
                if (reconnect == null) {
                    throw e;
                }
                link = again(me, link, reconnect, timeout);
            }
        }
        try {
            link.send(DONE);
        } catch (IOException e) {
            // the host waits for it only so long; the game is whole here
        }
        link.close();
    }

    /** Reconnects to the host, backing off up to {@code timeout}, and resends what it does not have yet. */
    private static Transport again(Guest me, Transport broken, Connector reconnect, Duration timeout)
            throws IOException {
        if (broken != null) {
            broken.close();
        }
        if (reconnect == null) {
            throw new IOException("no way to reach the host again");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        long pause = 200;
        Exception last = null;
        while (System.nanoTime() < deadline) {
            Transport link = null;
            try {
                link = reconnect.connect();
                int hostHas = resume(link, me.node.seat(), me.chain.size(), timeout);
                if (hostHas > me.said.size()) {
                    throw new IOException("the host claims " + hostHas + " messages of this seat, which said only "
                            + me.said.size());
                }
                sendAll(link, me.said.subList(hostHas, me.said.size()));
                return link;
            } catch (IOException | TimeoutException e) {
                last = e;
                if (link != null) {
                    link.close();
                }
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            pause = Math.min(pause * 2, 5_000);
        }
        throw new IOException("lost the host and could not take the seat back in " + timeout.toSeconds() + " s"
                + (last == null ? "" : ": " + last.getMessage()));
    }

    private static void sendAll(Transport t, List<byte[]> frames) throws IOException {
        for (byte[] frame : frames) {
            t.send(frame);
        }
    }

    /** What reaches the host's loop: a guest's frame or lost connection, or a guest taking its seat back. */
    private record Incoming(int guest, int generation, byte[] frame, Exception failure, Transport rejoined,
            int consumed) {}

    /** The host plays seat 0 over the guests' first connections, with neither resumption nor journal. */
    public static void playHost(TableNode node, List<? extends Transport> guests, Terms terms, SigningKey hostKey,
            Duration timeout) throws IOException, TimeoutException, ProtocolViolation {
        playHost(node, guests, null, terms, hostKey, timeout, null, () -> { });
    }

    /**
     * The host plays seat 0 and relays: it places every message, its own and each guest's, at the next position of
     * the relay's chain ({@link RelayChain}), signs the head with {@code hostKey} and sends the placed message to
     * every guest, its author included. {@code guests.get(g)} is seat g + 1's connection, or null for a guest not
     * connected (a restarted host). With {@code resumes} (blocking accepts on the table's port), a guest whose
     * connection broke, or that restarted, takes its seat back and is sent what it missed; with {@code journal}
     * every consumed message is on disk before it is placed, and a restarted host is first rebuilt from it, its
     * chain included (Ed25519 signs the same head the same way).
     */
    public static void playHost(TableNode node, List<? extends Transport> guests, Connector resumes, Terms terms,
            SigningKey hostKey, Duration timeout, SeatLog journal, Runnable live)
            throws IOException, TimeoutException, ProtocolViolation {
        BlockingQueue<Incoming> inbox = new LinkedBlockingQueue<>();
        Transport[] links = guests.toArray(Transport[]::new);
        int[] generation = new int[links.length];
        // A guest that was away when messages were placed, or whose send failed: it must come back for them.
        boolean[] missed = new boolean[links.length];
        RelayChain chain = new RelayChain(terms);
        List<VerifyingKey> keys = terms.keys();
        byte[] none = new byte[0];
        for (TableMessage m : node.start()) {
            chain.place(0, m.toBytes(), none, hostKey);
        }
        if (journal != null) {
            for (SeatLog.Frame f : journal.frames()) {
                consume(node, chain, keys, hostKey, f.from(), f.bytes());
            }
            journal.checkReplayed();
            journal.flush();
        }
        live.run();
        for (int g = 0; g < links.length; g++) {
            if (links[g] != null) {
                listen(inbox, links[g], g, generation[g]);
                deliver(links, chain, 0, g);
            } else {
                missed[g] = true;
            }
        }
        Thread acceptor = resumes == null ? null : accept(resumes, inbox, links.length, keys);
        try {
            // After the game the host stays until every guest has said it has everything (or the timeout): a guest
            // whose connection broke at the end comes back for what it lacks.
            boolean[] done = new boolean[links.length];
            while (!node.isFinished() || (resumes != null && anyMissed(missed)) || !all(done)) {
                Incoming in;
                try {
                    in = inbox.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted");
                }
                if (in == null) {
                    if (node.isFinished()) {
                        return; // a guest that never came back for the last messages
                    }
                    throw new TimeoutException("nothing in " + timeout.toSeconds() + " s while waiting for "
                            + node.awaiting());
                }
                int g = in.guest();
                if (in.rejoined() != null) {
                    if (links[g] != null) {
                        links[g].close();
                    }
                    links[g] = in.rejoined();
                    generation[g]++;
                    int theirs = (int) chain.placed().stream().filter(r -> r.from() == g + 1).count();
                    try {
                        links[g].send((RESUMED + " " + theirs).getBytes(StandardCharsets.UTF_8));
                        listen(inbox, links[g], g, generation[g]);
                        deliver(links, chain, in.consumed(), g);
                        missed[g] = false;
                    } catch (IOException e) {
                        drop(links, g);
                    }
                    continue;
                }
                if (in.generation() != generation[g]) {
                    continue; // from a connection already replaced: the guest sends it again
                }
                if (in.frame() != null && java.util.Arrays.equals(in.frame(), DONE)) {
                    done[g] = true;
                    continue;
                }
                if (in.failure() != null) {
                    if (resumes == null) {
                        if (node.isFinished()) {
                            done[g] = true; // it cannot come back: nothing more to wait for
                            continue;
                        }
                        throw new IOException(node.nameOf(g + 1) + ": " + in.failure().getMessage());
                    }
                    drop(links, g); // it may come back
                    missed[g] |= !done[g];
                    continue;
                }
                if (node.isFinished()) {
                    continue; // a guest's message after the end: nothing to take
                }
                int before = chain.size();
                consume(node, chain, keys, hostKey, g + 1, in.frame());
                if (journal != null) {
                    journal.consumed(g + 1, in.frame());
                }
                for (RelayChain.Placed p : chain.placed().subList(before, chain.size())) {
                    byte[] bytes = p.toBytes();
                    for (int other = 0; other < links.length; other++) {
                        send(links, missed, other, bytes);
                    }
                }
            }
        } finally {
            if (acceptor != null) {
                acceptor.interrupt();
            }
        }
    }

    /**
     * The host takes a guest's frame: its acknowledgement must agree with the chain, its message must be the
     * guest's own and accepted by the host's seat; then the message is placed, and after it the seat's answer.
     */
    static void consume(TableNode node, RelayChain chain, List<VerifyingKey> keys, SigningKey hostKey,
            int from, byte[] frame) throws ProtocolViolation {
        RelayChain.Said said;
        try {
            said = RelayChain.Said.fromBytes(frame);
        } catch (MalformedMessageException e) {
            throw new ProtocolViolation(0, node.nameOf(from), "unreadable frame: " + e.getMessage());
        }
        chain.checkAck(said.ack(), from, said.payload(), node::nameOf);
        TableMessage m = decode(said.payload(), node, from);
        if (m.sender() != from) {
            throw new ProtocolViolation(0, node.nameOf(from), "sent a message in the name of seat " + m.sender());
        }
        checkSigner(m, keys, node);
        List<TableMessage> answer = node.receive(m);
        chain.place(from, said.payload(), said.ack(), hostKey);
        for (TableMessage a : answer) {
            chain.place(0, a.toBytes(), new byte[0], hostKey);
        }
    }

    private static boolean all(boolean[] flags) {
        for (boolean f : flags) {
            if (!f) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyMissed(boolean[] missed) {
        for (boolean m : missed) {
            if (m) {
                return true;
            }
        }
        return false;
    }

    /** Sends to a connected guest; a guest away, or whose send fails, gets it when it takes its seat back. */
    private static void send(Transport[] links, boolean[] missed, int g, byte[] frame) {
        if (links[g] == null) {
            missed[g] = true;
            return;
        }
        try {
            links[g].send(frame);
        } catch (IOException e) {
            drop(links, g);
            missed[g] = true;
        }
    }

    private static void drop(Transport[] links, int g) {
        if (links[g] != null) {
            links[g].close();
            links[g] = null;
        }
    }

    /** Sends guest g every placed message from position {@code from} on. */
    private static void deliver(Transport[] links, RelayChain chain, int from, int g) throws IOException {
        List<RelayChain.Placed> placed = chain.placed();
        for (int i = Math.min(from, placed.size()); i < placed.size(); i++) {
            links[g].send(placed.get(i).toBytes());
        }
    }

    private static void listen(BlockingQueue<Incoming> inbox, Transport link, int guest, int generation) {
        Thread reader = new Thread(() -> {
            try {
                while (true) {
                    try {
                        inbox.add(new Incoming(guest, generation, link.receive(Duration.ofDays(1)), null, null, 0));
                    } catch (TimeoutException quiet) {
                        // a quiet day is not a lost connection: the host's loop decides how long silence may last
                    }
                }
            } catch (IOException e) {
                inbox.add(new Incoming(guest, generation, null, e, null, 0));
            }
        }, "relay-" + (guest + 1));
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Takes connections on the table's port while the game runs: a guest that says which seat it takes back,
     * over a channel with that seat's key (on a TLS table), is handed to the host's loop.
     */
    private static Thread accept(Connector resumes, BlockingQueue<Incoming> inbox, int guests,
            List<VerifyingKey> keys) {
        Thread acceptor = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                Transport t;
                try {
                    t = resumes.connect();
                } catch (IOException | TimeoutException e) {
                    if (e instanceof java.net.SocketException) {
                        return; // the table's port is closed: the game is over
                    }
                    continue;
                }
                try {
                    // A short wait: one slow or silent caller must not hold the door for the others.
                    String[] w = new String(t.receive(RESUME_PATIENCE), StandardCharsets.UTF_8).split(" ");
                    int seat = w.length == 3 && w[0].equals(RESUME) ? Integer.parseInt(w[1]) : -1;
                    int consumed = seat > 0 ? Integer.parseInt(w[2]) : -1;
                    boolean keyMatches = !(t instanceof fairtable.net.tls.TlsTransport tls) || keys.isEmpty()
                            || (seat > 0 && seat <= guests && tls.peerKey().equals(keys.get(seat)));
                    if (seat < 1 || seat > guests || consumed < 0 || !keyMatches) {
                        t.close();
                        continue;
                    }
                    inbox.add(new Incoming(seat - 1, 0, null, null, t, consumed));
                } catch (IOException | TimeoutException | NumberFormatException e) {
                    t.close();
                }
            }
        }, "table-resumes");
        acceptor.setDaemon(true);
        acceptor.start();
        return acceptor;
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
