package fairtable.app.play;

import fairtable.crypto.sign.SigningKey;
import fairtable.crypto.sign.VerifyingKey;
import fairtable.games.dominoes.DominoMove;
import fairtable.games.dominoes.DominoRound;
import fairtable.games.poker.Action;
import fairtable.games.poker.PokerHand;
import fairtable.games.table.DominoPlayer;
import fairtable.games.table.PokerPlayer;
import fairtable.games.table.TableMessage;
import fairtable.games.table.TableNode;
import fairtable.net.OwnerOnlyFiles;
import fairtable.net.correspondence.CorrespondenceGame;
import fairtable.net.correspondence.GameStatus;
import fairtable.net.identity.Fingerprint;
import fairtable.protocol.ProtocolViolation;
import fairtable.protocol.transcript.Envelope;
import fairtable.protocol.wire.MalformedMessageException;
import fairtable.protocol.wire.WireReader;
import fairtable.protocol.wire.WireWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.random.RandomGenerator;

/**
 * A card table (Hold'em, draw poker, dominoes) played by correspondence: the same seats and the same relay as
 * across the network ({@link NetworkTable}, {@link RelayChain}), with pasted text for the connections and
 * days between moves.
 *
 * <p>Seat 0 hosts: {@code create} prints an invitation; each guest answers it with a signed join; once every
 * seat is taken the host fixes the terms and from then on places every message in the relay's signed chain and
 * sends the placed messages to every guest, who send their own messages, each with its acknowledgement, back
 * to the host. Every text is a signed {@link Envelope} of this table's id, so a text from another table or
 * signed by anyone but the seat it claims is refused before anything changes.
 *
 * <p>Between invocations the seat lives in its journal ({@link SeatLog}: the terms, every message it consumed,
 * its random draws and its player's decisions) and is rebuilt by replaying it, exactly as a restarted network
 * seat is. A person's decision is the one input that is not there yet: when the seat asks for one, processing
 * stops, the messages not yet consumed wait in {@value #STATE}, and {@link #move} supplies the decision and goes
 * on. Texts may be pasted twice or overlap: positions already taken are skipped (and must be the same), and a
 * gap is refused until the missing text is pasted.
 */
public final class MailTable implements AutoCloseable {
    public static final String STATE = "table.properties";
    public static final String JOURNAL = "table.journal";
    static final String INVITE = "table-invite";
    static final String JOIN = "table-join";
    static final String PLACED = "table-placed";
    static final String SAID = "table-said";
    private static final byte[] NO_PREV = new byte[Envelope.HASH_LENGTH];
    private static final int MAX_FRAMES = 1 << 16;

    /**
     * What a step produced: the texts to send ({@code to} says to whom), lines for the screen, and whether it is
     * the user's move (with what they see) or what the table awaits.
     */
    public record Step(List<Envelope> toSend, String to, List<String> lines) {}

    /** A text was refused before anything changed: unreadable, from another table, unsigned, or out of order. */
    public static final class Refused extends Exception {
        Refused(String reason) {
            super(reason);
        }
    }

    /**
     * A person by mail: decides with the move the user typed, or puts the decision off, noting what the seat shows
     * (its cards and legal moves), until {@code mail move} gives it.
     */
    private static final class MailPlayer implements PokerPlayer, DominoPlayer {
        private final int seat;
        private final List<String> names;
        private String move;
        private String prompt;

        MailPlayer(int seat, List<String> names) {
            this.seat = seat;
            this.names = names;
        }

        private String take(String scene) {
            String typed = move;
            move = null;
            prompt = typed == null ? scene : null;
            return typed;
        }

        @Override
        public Action decide(PokerHand view) {
            String typed = take(TerminalPlayer.scene(view, seat, names) + "\nyour move: "
                    + TerminalPlayer.options(view, view.legalActions()));
            return typed == null ? null : TerminalPlayer.parse(typed, view);
        }

        @Override
        public DominoMove decide(DominoRound view) {
            List<DominoMove> legal = view.legalMoves();
            String typed = take(TerminalPlayer.scene(view, seat, names) + "\nyour move: " + TerminalPlayer.options(legal));
            if (typed == null) {
                return null;
            }
            DominoMove chosen = TerminalPlayer.parseMove(typed, legal);
            if (chosen == null) {
                throw new IllegalArgumentException("not a legal move: " + typed.strip() + " (legal: "
                        + TerminalPlayer.options(legal) + ")");
            }
            return chosen;
        }
    }

    private final Path dir;
    private final SigningKey identity;
    private final Properties state;
    private final List<String> lines = new ArrayList<>();
    // The seat, once the terms are fixed: rebuilt from the journal at every invocation.
    private SeatLog journal;
    private NetworkTable.Terms terms;
    private TableConfig config;
    private TableNode node;
    private MailPlayer person;
    private RelayChain hostChain;
    private NetworkTable.Guest guest;
    private List<SeatLog.Frame> pending = List.of();

    private MailTable(Path dir, SigningKey identity, Properties state) {
        this.dir = dir;
        this.identity = identity;
        this.state = state;
    }

    /** Whether {@code dir} holds a card table by mail. */
    public static boolean isTable(Path dir) {
        return Files.isRegularFile(dir.resolve(STATE));
    }

    /** Whether {@code e} is a card table's text (its type begins "table-"), not a protocol party's message. */
    public static boolean isTableText(Envelope e) {
        return e.type().startsWith("table-");
    }

    // ---------------------------------------------------------------- creating and joining

    /**
     * The host starts a table of {@code players} and gets the invitation to send to every other player. Its
     * terms are checked here as the network table checks them.
     */
    public static Step create(Path dir, SigningKey identity, GameKind game, int players, int rounds, int stack,
            boolean patent, String name, boolean bot, SecureRandom random) throws IOException {
        List<String> placeholder = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            placeholder.add("seat" + s);
        }
        new TableConfig(game, placeholder, rounds, stack, patent, null); // the rules' limits, before anything is written
        prepare(dir);
        byte[] table = new byte[Envelope.HASH_LENGTH];
        random.nextBytes(table);
        Properties p = new Properties();
        p.setProperty("role", "host");
        p.setProperty("table", HexFormat.of().formatHex(table));
        p.setProperty("game", game.command());
        p.setProperty("players", Integer.toString(players));
        p.setProperty("rounds", Integer.toString(rounds));
        p.setProperty("stack", Integer.toString(stack));
        p.setProperty("patent", Boolean.toString(patent));
        p.setProperty("bot", Boolean.toString(bot));
        p.setProperty("me", name);
        p.setProperty("seats", name + ":" + hex(identity.verifyingKey().toBytes()));
        p.setProperty("sent", "0");
        MailTable t = new MailTable(dir, identity, p);
        byte[] body = new WireWriter().string(game.command()).u8(players).u32(rounds).u32(stack).u8(patent ? 1 : 0)
                .string(name).fixed(identity.verifyingKey().toBytes()).toBytes();
        Envelope invite = t.sign(0, INVITE, body);
        t.save();
        return new Step(List.of(invite), "every other player", List.of());
    }

    /** The invitation's terms, to show a guest before it joins. */
    public record Invitation(byte[] table, GameKind game, int players, int rounds, int stack, boolean patent,
            String host, VerifyingKey hostKey) {
        public String describe() {
            return game.command() + " for " + players + " players, " + rounds + " " + game.roundName() + "(s)"
                    + (game == GameKind.DOMINOES ? "" : ", stacks of " + stack)
                    + (patent ? ", dealt by FR 2823580" : "") + ", hosted by " + host + " (key "
                    + Fingerprint.of(hostKey) + ")";
        }
    }

    /** Reads and checks an invitation: signed by the host key it names. */
    public static Invitation invitation(Envelope e) throws Refused {
        if (!INVITE.equals(e.type())) {
            throw new Refused("the text is not a table's invitation but a " + e.type());
        }
        try {
            WireReader r = new WireReader(e.body());
            GameKind game = GameKind.byCommand(r.string(32, "the game"));
            int players = r.u8();
            int rounds = (int) r.u32();
            int stack = (int) r.u32();
            boolean patent = r.u8() == 1;
            String host = r.string(64, "the host's name");
            VerifyingKey key = VerifyingKey.fromBytes(r.fixed(32, "the host's key"));
            r.end();
            List<String> seats = new ArrayList<>();
            for (int s = 0; s < players; s++) {
                seats.add("seat" + s);
            }
            new TableConfig(game, seats, rounds, stack, patent, null); // playable, or refused here
            if (!e.isSignedBy(key)) {
                throw new Refused("the invitation is not signed by the key it names");
            }
            return new Invitation(e.session(), game, players, rounds, stack, patent, host, key);
        } catch (MalformedMessageException | IllegalArgumentException x) {
            throw new Refused("an unreadable invitation: " + x.getMessage());
        }
    }

    /** A guest answers an invitation; the join it gets is for the host only. */
    public static Step join(Path dir, SigningKey identity, Envelope inviteText, String name, boolean bot)
            throws IOException, Refused {
        Invitation invite = invitation(inviteText);
        if (invite.hostKey().equals(identity.verifyingKey())) {
            throw new Refused("this is your own invitation");
        }
        prepare(dir);
        Properties p = new Properties();
        p.setProperty("role", "guest");
        p.setProperty("table", hex(invite.table()));
        p.setProperty("game", invite.game().command());
        p.setProperty("players", Integer.toString(invite.players()));
        p.setProperty("rounds", Integer.toString(invite.rounds()));
        p.setProperty("stack", Integer.toString(invite.stack()));
        p.setProperty("patent", Boolean.toString(invite.patent()));
        p.setProperty("bot", Boolean.toString(bot));
        p.setProperty("me", name);
        p.setProperty("host", invite.host());
        p.setProperty("host-key", hex(invite.hostKey().toBytes()));
        p.setProperty("sent", "0");
        MailTable t = new MailTable(dir, identity, p);
        Envelope joined = t.sign(0, JOIN,
                new WireWriter().string(name).fixed(identity.verifyingKey().toBytes()).toBytes());
        t.save();
        return new Step(List.of(joined), invite.host() + " (the host) only", List.of());
    }

    private static void prepare(Path dir) throws IOException {
        OwnerOnlyFiles.directory(dir);
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) {
                throw new IOException(dir + " is not empty: a new game needs a directory of its own");
            }
        }
    }

    /** Opens the table in {@code dir}; its seat, if the terms are fixed, is rebuilt from the journal. */
    public static MailTable open(Path dir, SigningKey identity) throws IOException {
        OwnerOnlyFiles.requireOwnerOnly(dir);
        OwnerOnlyFiles.requireOwnerOnly(dir.resolve(STATE));
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(dir.resolve(STATE), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        MailTable t = new MailTable(dir, identity, p);
        if (Files.exists(dir.resolve(JOURNAL))) {
            t.rebuild();
        }
        return t;
    }

    // ---------------------------------------------------------------- what the table is

    public boolean isHost() {
        return "host".equals(state.getProperty("role"));
    }

    public GameKind game() {
        return GameKind.byCommand(state.getProperty("game"));
    }

    public String me() {
        return state.getProperty("me");
    }

    public int seat() {
        return terms == null ? (isHost() ? 0 : -1) : terms.seat();
    }

    public boolean hasStarted() {
        return terms != null;
    }

    public boolean isFinished() {
        return node != null && node.isFinished() && (guest == null || guest.echoed == guest.said.size());
    }

    /** The user's decision is awaited: what the seat sees and may play; or null. */
    public String prompt() {
        return person == null ? null : person.prompt;
    }

    public TableConfig config() {
        return config;
    }

    public TableNode node() {
        return node;
    }

    /** What the table awaits from whom, in words. */
    public String awaiting() {
        if (terms == null) {
            if (isHost()) {
                int missing = Integer.parseInt(state.getProperty("players")) - seats().size();
                return missing + " more player(s) to join (their join texts, to " + me() + ")";
            }
            return "the host " + state.getProperty("host") + " to seat every player and deal";
        }
        if (prompt() != null) {
            return "your move";
        }
        if (isFinished()) {
            return "nothing: the game is over";
        }
        String awaited = node.isFinished() ? "the host's relay of your last message" : node.awaiting();
        String host = terms.names().get(0);
        return isHost() || awaited.startsWith(host + " ") || awaited.startsWith(host + "'s ") || awaited.contains("host")
                ? awaited : awaited + ", relayed by the host " + host;
    }

    public List<String> names() {
        return terms == null ? seats().stream().map(s -> s.split(":")[0]).toList() : terms.names();
    }

    // ---------------------------------------------------------------- taking texts in

    /**
     * Takes in pasted texts: joins (the host, before the game), or the relay's messages. Returns what to send.
     *
     * @throws Refused when a text cannot be taken (another table's, not signed by its sender, a gap): nothing
     *     changed
     * @throws ProtocolViolation when a message breaks the game: nothing changed; the game cannot go on
     */
    public Step receive(List<Envelope> texts) throws IOException, Refused, ProtocolViolation {
        byte[] table = HexFormat.of().parseHex(state.getProperty("table"));
        for (Envelope e : texts) {
            if (!Arrays.equals(e.session(), table)) {
                throw new Refused("a text of another table (" + hex(e.session()).substring(0, 16) + "), not of this one ("
                        + hex(table).substring(0, 16) + "); nothing was changed");
            }
        }
        if (isHost()) {
            return hostReceives(texts);
        }
        return guestReceives(texts);
    }

    private Step hostReceives(List<Envelope> texts) throws IOException, Refused, ProtocolViolation {
        List<SeatLog.Frame> fresh = new ArrayList<>();
        List<String> seats = new ArrayList<>(seats());
        int[] theirs = terms == null ? new int[0] : saidCounts();
        for (Envelope e : texts) {
            if (JOIN.equals(e.type())) {
                join(e, seats);
            } else if (SAID.equals(e.type())) {
                if (terms == null) {
                    throw new Refused("a seat's messages before every player has joined");
                }
                int from = e.sender();
                if (from < 1 || from >= terms.names().size() || !e.isSignedBy(terms.keys().get(from))) {
                    throw new Refused("a text claiming seat " + from + " but not signed by that seat's player");
                }
                Said said = said(e, terms.names().get(from));
                List<byte[]> frames = said.frames();
                int first = said.first();
                if (first > theirs[from]) {
                    throw new Refused(terms.names().get(from) + "'s messages from #" + first + " when #" + theirs[from]
                            + " is the next: paste " + terms.names().get(from) + "'s earlier text first");
                }
                for (int i = theirs[from] - first; i < frames.size(); i++) {
                    fresh.add(new SeatLog.Frame(from, frames.get(i)));
                    theirs[from]++;
                }
            } else {
                throw new Refused("a " + e.type() + " text, which the host of a table does not take");
            }
        }
        if (terms == null) {
            state.setProperty("seats", String.join(",", seats));
            if (seats.size() < Integer.parseInt(state.getProperty("players"))) {
                save();
                return new Step(List.of(), "", lines);
            }
            begin(seats);
        }
        List<SeatLog.Frame> queued = new ArrayList<>(pending); // those waiting for the person's decision first
        queued.addAll(fresh);
        process(queued);
        return hostStep();
    }

    /** A join, signed by the key it names, while seats are free. */
    private void join(Envelope e, List<String> seats) throws Refused {
        if (terms != null) {
            throw new Refused("a join after the table was full");
        }
        String name;
        VerifyingKey key;
        try {
            WireReader r = new WireReader(e.body());
            name = r.string(32, "the name");
            key = VerifyingKey.fromBytes(r.fixed(32, "the key"));
            r.end();
        } catch (MalformedMessageException | IllegalArgumentException x) {
            throw new Refused("an unreadable join: " + x.getMessage());
        }
        if (!e.isSignedBy(key)) {
            throw new Refused(name + "'s join is not signed by the key it names");
        }
        if (!name.matches("[\\p{L}\\p{N}_-]{1,32}")) {
            throw new Refused("a player's name must be one word of letters and digits, not '" + name + "'");
        }
        String seat = name + ":" + hex(key.toBytes());
        for (String taken : seats) {
            if (taken.endsWith(":" + hex(key.toBytes()))) {
                lines.add(name + " (key " + Fingerprint.of(key) + ") had joined already.");
                return;
            }
        }
        if (seats.size() >= Integer.parseInt(state.getProperty("players"))) {
            throw new Refused("the table is full: " + name + " cannot join");
        }
        seats.add(seat);
        lines.add(name + " joined with key " + Fingerprint.of(key) + ": compare it with theirs by another channel.");
    }

    /** Every seat taken: the host fixes the terms, starts its journal and deals. */
    private void begin(List<String> seats) throws IOException {
        List<String> names = new ArrayList<>();
        List<VerifyingKey> keys = new ArrayList<>();
        for (String s : seats) {
            String[] w = s.split(":");
            names.add(w[0]);
            keys.add(VerifyingKey.fromBytes(HexFormat.of().parseHex(w[1])));
        }
        NetworkTable.Terms fixed = new NetworkTable.Terms(state.getProperty("table"), game(),
                Integer.parseInt(state.getProperty("rounds")),
                Integer.parseInt(state.getProperty("stack")), Boolean.parseBoolean(state.getProperty("patent")), 0,
                NetworkTable.distinct(names), keys);
        try (SeatLog fresh = SeatLog.open(dir.resolve(JOURNAL), identity)) {
            fresh.begin(new SeatLog.Header(fixed, bot(), new byte[0]));
        }
        lines.add("Every seat is taken: " + String.join(", ", fixed.names()) + ". Dealing.");
        rebuild();
    }

    /** A relay text's contents: the terms, the position of its first message, and the placed messages. */
    private record Relay(String termsLine, int first, List<byte[]> frames) {}

    /**
     * A guest takes the host's relay texts. Everything is checked before anything is written: every text's type,
     * signature and framing, the terms (on the first text: that they are the invitation's, with this guest's key at
     * a seat, and playable), positions already held (which must be the very same messages) and gaps.
     */
    private Step guestReceives(List<Envelope> texts) throws IOException, Refused, ProtocolViolation {
        String host = state.getProperty("host");
        VerifyingKey hostKey = VerifyingKey.fromBytes(HexFormat.of().parseHex(state.getProperty("host-key")));
        List<Relay> relays = new ArrayList<>();
        for (Envelope e : texts) {
            if (!PLACED.equals(e.type()) || e.sender() != 0) {
                throw new Refused("a " + e.type() + " text from seat " + e.sender() + ": a guest takes the host's relay only");
            }
            if (!e.isSignedBy(hostKey)) {
                throw new Refused("a text not signed by the host " + host);
            }
            try {
                WireReader r = new WireReader(e.body());
                Relay relay = new Relay(r.string(1 << 16, "the terms"), r.count(Integer.MAX_VALUE - MAX_FRAMES,
                        "the first position"), blobs(r));
                r.end();
                relays.add(relay);
            } catch (MalformedMessageException x) {
                throw new Refused("an unreadable relay text: " + x.getMessage());
            }
        }
        NetworkTable.Terms offered = null;
        if (terms == null && !relays.isEmpty()) {
            offered = offered(relays.get(0).termsLine(), hostKey);
        }
        String ours = terms != null ? terms.withSeat(0).line() : offered == null ? "" : offered.withSeat(0).line();
        for (Relay relay : relays) {
            if (!relay.termsLine().equals(ours)) {
                throw new ProtocolViolation(0, host, "sent relay texts under other terms: " + relay.termsLine());
            }
        }
        List<RelayChain.Placed> known = guest == null ? List.of() : guest.chain.placed();
        List<SeatLog.Frame> queued = new ArrayList<>(pending); // positions known.size() on, not yet taken
        int next = known.size() + queued.size();
        int taking = queued.size();
        for (Relay relay : relays) {
            if (relay.first() > next) {
                throw new Refused("the host's relay from position " + relay.first() + " when " + next
                        + " is the next: paste the host's earlier text first");
            }
            for (int i = 0; i < relay.frames().size(); i++) {
                int position = relay.first() + i;
                byte[] frame = relay.frames().get(i);
                if (position < known.size()) {
                    sameAs(frame, known.get(position).toBytes(), position, host);
                } else if (position < next) {
                    sameAs(frame, queued.get(position - known.size()).bytes(), position, host);
                } else {
                    queued.add(new SeatLog.Frame(0, frame));
                    next++;
                }
            }
        }
        if (offered != null) {
            seat(offered);
        }
        if (guest == null) {
            return new Step(List.of(), "", lines);
        }
        process(queued);
        return guestStep();
    }

    /** A position pasted twice must hold the same message: two signed heads at one position are a fork. */
    private static void sameAs(byte[] frame, byte[] held, int position, String host) throws ProtocolViolation, Refused {
        if (Arrays.equals(frame, held)) {
            return;
        }
        byte[] again;
        byte[] before;
        try {
            again = RelayChain.Placed.fromBytes(frame).head();
            before = RelayChain.Placed.fromBytes(held).head();
        } catch (MalformedMessageException x) {
            throw new ProtocolViolation(0, host, "sent position " + position + " again, unreadable: " + x.getMessage());
        }
        if (!Arrays.equals(again, before)) {
            throw new ProtocolViolation(0, host, "equivocated: it sent two different messages at position " + position
                    + ", heads " + hex(before) + " and " + hex(again));
        }
        throw new ProtocolViolation(0, host, "sent position " + position + " again, altered");
    }

    /**
     * The terms of the host's first relay text, checked before the guest takes a seat: the invitation's game,
     * players, hands, stacks and protocol; the host's key at seat 0 and this guest's at another; playable.
     */
    private NetworkTable.Terms offered(String termsLine, VerifyingKey hostKey) throws ProtocolViolation {
        String host = state.getProperty("host");
        NetworkTable.Terms offered;
        try {
            offered = NetworkTable.Terms.parse(termsLine);
            new TableConfig(offered.game(), offered.names(), offered.rounds(), offered.stack(), offered.patent(), null);
        } catch (IOException | IllegalArgumentException e) {
            throw new ProtocolViolation(0, host, "dealt under terms that cannot be played: " + e.getMessage());
        }
        int seat = offered.keys().indexOf(identity.verifyingKey());
        boolean asInvited = offered.game() == game() && offered.table().equals(state.getProperty("table"))
                && offered.names().size() == Integer.parseInt(state.getProperty("players"))
                && offered.rounds() == Integer.parseInt(state.getProperty("rounds"))
                && offered.stack() == Integer.parseInt(state.getProperty("stack"))
                && offered.patent() == Boolean.parseBoolean(state.getProperty("patent"));
        if (!asInvited || offered.keys().isEmpty() || !offered.keys().get(0).equals(hostKey) || seat < 1) {
            throw new ProtocolViolation(0, host, "dealt under terms other than its invitation's, or without your key: "
                    + termsLine);
        }
        return offered.withSeat(seat);
    }

    /** Takes the seat the terms give: the journal begins with them. */
    private void seat(NetworkTable.Terms mine) throws IOException {
        try (SeatLog fresh = SeatLog.open(dir.resolve(JOURNAL), identity)) {
            fresh.begin(new SeatLog.Header(mine, bot(), new byte[0]));
        }
        lines.add("Seated at " + String.join(", ", mine.names()) + ": you are " + mine.names().get(mine.seat())
                + ", seat " + mine.seat() + ".");
        rebuild();
    }

    // ---------------------------------------------------------------- moves

    /**
     * Plays the user's decision where the seat awaits it, and goes on with the messages that waited for it.
     *
     * @throws IllegalStateException when no decision is awaited, IllegalArgumentException for an illegal one:
     *     nothing changed
     */
    public Step move(String words) throws IOException, ProtocolViolation {
        if (prompt() == null) {
            throw new IllegalStateException("it is not your move: awaiting " + awaiting());
        }
        person.move = words.strip();
        List<TableMessage> answer = node.resume(); // an illegal move throws here, before anything is written
        if (person.move != null) {
            throw new IllegalStateException("the seat did not ask for a move; awaiting " + awaiting());
        }
        journal.flush(); // the decision is on disk before anything it makes leaves
        if (isHost()) {
            for (TableMessage m : answer) {
                hostChain.place(0, m.toBytes(), new byte[0], identity);
            }
        } else {
            guest.say(answer);
        }
        process(pending);
        return isHost() ? hostStep() : guestStep();
    }

    /**
     * Everything the others may still lack, again: the host's relay from the oldest position a guest's last
     * acknowledgement had not seen, or a guest's messages the host has not placed back. For a text that was lost,
     * or never printed because the command that made it died.
     */
    public Step resend() throws IOException {
        if (terms == null) {
            throw new IllegalStateException("nothing to send again before the game starts: awaiting " + awaiting());
        }
        if (isHost()) {
            state.setProperty("relayed", Integer.toString(Math.min(hostChain.size(), oldestSeen())));
        } else {
            state.setProperty("said-sent", Integer.toString(guest.echoed));
        }
        Step step = isHost() ? hostStep() : guestStep();
        if (step.toSend().isEmpty()) {
            save();
        }
        return step;
    }

    // ---------------------------------------------------------------- the seat

    /** Builds the seat from the terms and replays its journal; secrets and decisions come back recorded. */
    private void rebuild() throws IOException {
        if (journal != null) {
            journal.close();
        }
        journal = SeatLog.open(dir.resolve(JOURNAL), identity);
        SeatLog.Header header = journal.header().orElseThrow(() -> new IOException(dir.resolve(JOURNAL) + " is empty"));
        terms = header.terms();
        int seat = terms.seat();
        config = new TableConfig(terms.game(), terms.names(), terms.rounds(), terms.stack(), terms.patent(), null);
        RandomGenerator secrets = journal.secrets(new SecureRandom());
        boolean bot = header.bot();
        person = bot ? null : new MailPlayer(seat, terms.names());
        if (config.game() == GameKind.DOMINOES) {
            node = config.dominoSeat(seat, journal.dominoes(bot ? DominoPlayer.bot() : person), identity, secrets);
        } else {
            node = config.pokerSeat(seat, journal.poker(bot ? config.pokerBot(seat) : person), identity, secrets);
        }
        try {
            if (isHost()) {
                hostChain = new RelayChain(terms);
                for (var m : node.start()) {
                    hostChain.place(0, m.toBytes(), new byte[0], identity);
                }
                for (SeatLog.Frame f : journal.frames()) {
                    NetworkTable.consume(node, hostChain, terms.keys(), identity, f.from(), f.bytes());
                }
            } else {
                guest = new NetworkTable.Guest(node, terms, identity, journal);
                guest.say(node.start());
                for (SeatLog.Frame f : journal.frames()) {
                    guest.take(f.bytes(), terms.keys());
                }
            }
        } catch (ProtocolViolation e) {
            throw new IOException(dir.resolve(JOURNAL) + " does not replay: " + e.getMessage());
        }
        journal.checkReplayed();
        journal.flush();
        // Messages consumed after the waiting ones were last written down (a crash before the state was saved)
        // are in the journal already: they must not be taken twice.
        List<SeatLog.Frame> waiting = readPending();
        int consumedSince = journal.frames().size() - Integer.parseInt(state.getProperty("pending-base", "0"));
        pending = consumedSince <= 0 ? waiting
                : List.copyOf(waiting.subList(Math.min(consumedSince, waiting.size()), waiting.size()));
    }

    /**
     * Feeds frames to the seat, each on disk before anything said in answer is sent. Stops where the seat's person
     * must decide: that frame and the rest wait for the move.
     */
    private void process(List<SeatLog.Frame> frames) throws IOException, ProtocolViolation {
        List<SeatLog.Frame> waiting = new ArrayList<>();
        ProtocolViolation refused = null;
        for (int i = 0; i < frames.size(); i++) {
            if (prompt() != null) {
                // The person's decision comes first: taking more messages now would put it elsewhere in the
                // order than a replay of the journal puts it.
                waiting.addAll(frames.subList(i, frames.size()));
                break;
            }
            SeatLog.Frame f = frames.get(i);
            try {
                if (isHost()) {
                    NetworkTable.consume(node, hostChain, terms.keys(), identity, f.from(), f.bytes());
                } else {
                    guest.take(f.bytes(), terms.keys());
                }
            } catch (ProtocolViolation v) {
                // The messages before it stand (they are in the journal); it and those after it are not taken.
                refused = v;
                break;
            }
            journal.consumed(f.from(), f.bytes());
            if (isHost()) {
                noteSeen(f.from(), f.bytes()); // only what was taken moves the next relay text on
            }
        }
        pending = waiting;
        state.setProperty("pending", encodePending(waiting));
        state.setProperty("pending-base", Integer.toString(journal.frames().size()));
        save();
        if (refused != null) {
            throw refused;
        }
    }

    /**
     * The host's relay text, if anything was placed since the last one (counted in the state, so that what a crash
     * kept from being sent goes with the next command).
     */
    private Step hostStep() throws IOException {
        int relayed = Integer.parseInt(state.getProperty("relayed", "0"));
        if (hostChain.size() <= relayed) {
            save();
            return new Step(List.of(), "", lines);
        }
        // From the oldest position a guest may lack (what its last acknowledgement had seen): a lost text is
        // covered by the next one, and what a guest has already is skipped.
        int from = Math.min(relayed, oldestSeen());
        WireWriter w = new WireWriter().string(terms.withSeat(0).line()).u32(from).u32(hostChain.size() - from);
        for (RelayChain.Placed p : hostChain.placed().subList(from, hostChain.size())) {
            w.blob(p.toBytes());
        }
        Envelope text = sign(0, PLACED, w.toBytes());
        state.setProperty("relayed", Integer.toString(hostChain.size()));
        save();
        return new Step(List.of(text), "every other player", lines);
    }

    /** The fewest positions any guest's last acknowledgement had seen. */
    private int oldestSeen() {
        int oldest = Integer.MAX_VALUE;
        for (int g = 1; g < terms.names().size(); g++) {
            oldest = Math.min(oldest, Integer.parseInt(state.getProperty("seen." + g, "0")));
        }
        return oldest;
    }

    /** A guest's text to the host, if it said anything since the last one (counted in the state, as above). */
    private Step guestStep() throws IOException {
        int sent = Integer.parseInt(state.getProperty("said-sent", "0"));
        if (guest.said.size() <= sent) {
            save();
            return new Step(List.of(), "", lines);
        }
        // Everything the host has not yet placed back: it skips what it already has.
        int from = guest.echoed;
        WireWriter w = new WireWriter().u32(from).u32(guest.said.size() - from);
        for (byte[] frame : guest.said.subList(from, guest.said.size())) {
            w.blob(frame);
        }
        Envelope text = sign(terms.seat(), SAID, w.toBytes());
        state.setProperty("said-sent", Integer.toString(guest.said.size()));
        save();
        return new Step(List.of(text), terms.names().get(0) + " (the host) only", lines);
    }

    /** How many of each guest's messages the host has: placed, or waiting for its own move. */
    private int[] saidCounts() {
        int[] counts = new int[terms.names().size()];
        for (RelayChain.Placed p : hostChain.placed()) {
            counts[p.from()]++;
        }
        for (SeatLog.Frame f : pending) {
            counts[f.from()]++;
        }
        return counts;
    }

    // ---------------------------------------------------------------- texts and files

    private Envelope sign(int sender, String type, byte[] body) {
        long seq = Long.parseLong(state.getProperty("sent"));
        state.setProperty("sent", Long.toString(seq + 1));
        return Envelope.sign(identity, HexFormat.of().parseHex(state.getProperty("table")), seq, NO_PREV, sender, 0,
                type, body);
    }

    /** A guest text's contents: the index of its first message among all the guest said, and the messages. */
    private record Said(int first, List<byte[]> frames) {}

    private static Said said(Envelope e, String who) throws Refused {
        try {
            WireReader r = new WireReader(e.body());
            Said said = new Said(r.count(Integer.MAX_VALUE - MAX_FRAMES, "the first message"), blobs(r));
            r.end();
            return said;
        } catch (MalformedMessageException x) {
            throw new Refused("unreadable messages of " + who + ": " + x.getMessage());
        }
    }

    private static List<byte[]> blobs(WireReader r) throws MalformedMessageException {
        long count = r.u32();
        if (count > MAX_FRAMES) {
            throw new MalformedMessageException(count + " messages in one text");
        }
        List<byte[]> out = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            out.add(r.blob(1 << 24, "a message"));
        }
        return out;
    }

    private List<String> seats() {
        String s = state.getProperty("seats", "");
        return s.isEmpty() ? List.of() : List.of(s.split(","));
    }

    private boolean bot() {
        return Boolean.parseBoolean(state.getProperty("bot"));
    }

    private List<SeatLog.Frame> readPending() throws IOException {
        String s = state.getProperty("pending", "");
        List<SeatLog.Frame> frames = new ArrayList<>();
        for (String item : s.isEmpty() ? new String[0] : s.split(",")) {
            String[] w = item.split(":");
            frames.add(new SeatLog.Frame(Integer.parseInt(w[0]), Base64.getDecoder().decode(w[1])));
        }
        return frames;
    }

    private static String encodePending(List<SeatLog.Frame> frames) {
        List<String> items = new ArrayList<>();
        for (SeatLog.Frame f : frames) {
            items.add(f.from() + ":" + Base64.getEncoder().encodeToString(f.bytes()));
        }
        return String.join(",", items);
    }

    /** Notes the positions a guest's messages acknowledge, so that the next relay text starts where it may lack. */
    void noteSeen(int from, byte[] saidFrame) {
        try {
            RelayChain.Said said = RelayChain.Said.fromBytes(saidFrame);
            int seen = RelayChain.Ack.fromBytes(said.ack()).seen();
            int before = Integer.parseInt(state.getProperty("seen." + from, "0"));
            state.setProperty("seen." + from, Integer.toString(Math.max(before, Math.min(seen, hostChain.size()))));
        } catch (MalformedMessageException e) {
            // refused by the seat itself when consumed
        }
    }

    /** The verdict of the finished game's audit, kept for the listing. */
    public void finished(String verdict) throws IOException {
        state.setProperty("verdict", verdict);
        save();
    }

    /** Writes the state atomically and forces it to disk, and the summary {@code fairtable status} lists. */
    private void save() throws IOException {
        int messages = hostChain != null ? hostChain.size() : guest != null ? guest.chain.size() : 0;
        new GameStatus(dir, "table/" + game().command(), me(), Math.max(seat(), 0), names(), messages, awaiting(),
                isFinished(), prompt() != null, Instant.now(), state.getProperty("verdict", "")).save();
        StringWriter text = new StringWriter();
        state.store(text, "fairtable card table by mail (the journal is authoritative for the game)");
        CorrespondenceGame.writeAtomically(dir.resolve(STATE), text.toString());
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    /** Closes the journal. */
    @Override
    public void close() throws IOException {
        if (journal != null) {
            journal.close();
        }
    }
}
